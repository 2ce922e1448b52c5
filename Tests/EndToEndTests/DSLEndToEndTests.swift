import Foundation
import Testing
import SQLiveTestSupport

/// The built `sqlive` on DSL queries: each prints what sqlite3 prints for the SQL a person
/// would write by hand, on the example shop and on a schema with two foreign keys to one
/// table. `.explain` matches sqlite3's `EXPLAIN QUERY PLAN` of the SQL that `.sql` shows.
@Suite struct DSLEndToEndTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A library: people write and translate books, which readers review.
    static let librarySchema = """
        CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER,
                          authorId INTEGER NOT NULL REFERENCES person(id),
                          translatorId INTEGER REFERENCES person(id));
        CREATE TABLE review(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), stars INTEGER);
        INSERT INTO person VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy'), (4, 'Dee');
        INSERT INTO book VALUES (1, 'Tide', 1998, 1, 2), (2, 'Stone', 2004, 1, NULL), (3, 'Reed', 2011, 3, 2), (4, 'Moss', NULL, 4, 1);
        INSERT INTO review VALUES (1, 1, 5), (2, 1, 4), (3, 3, 2), (4, 3, 5), (5, 3, 3);
        """

    /// A folder with `shop.db` and `library.db`, built by sqlite3.
    final class Databases: Sendable {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-dsl-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let shop = try String(contentsOf: repositoryRoot.appendingPathComponent("examples/shop.sql"), encoding: .utf8)
            for (name, script) in [("shop.db", shop), ("library.db", DSLEndToEndTests.librarySchema)] {
                let result = try BinaryRunner.sqlite3([path(name)], input: script)
                guard result.status == 0, result.stderr.isEmpty else { throw SetupError(result: result) }
            }
        }

        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        /// A copy of a database, for tests that change it.
        func copy(_ name: String) throws -> String {
            let copy = folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
            try FileManager.default.copyItem(atPath: path(name), toPath: copy.path)
            return copy.path
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    struct SetupError: Error, CustomStringConvertible {
        var result: ProcessResult
        var description: String { "building a test database failed: \(result)" }
    }

    let databases: Databases

    init() throws {
        databases = try Databases()
    }

    static let shopPairs: [(dsl: String, sql: String)] = [
        ("product", "select * from product;"),
        ("product.filter(price > 100).order(name)", "select * from product where price > 100 order by name;"),
        (#"customer.filter(city == "Oslo").select(name, email).order(name.desc)"#,
         "select name, email from customer where city = 'Oslo' order by name desc;"),
        ("customer.filter(email == nil).select(name).order(name).limit(3, offset: 1)",
         "select name from customer where email is null order by name limit 3 offset 1;"),
        ("product.filter((10...20).contains(price) && stock != nil).select(name, price).order(price)",
         "select name, price from product where price between 10 and 20 and stock is not null order by price;"),
        (#"product.filter(name.like("%(LP)%")).select(name)"#, "select name from product where name like '%(LP)%';"),
        (#"customer.filter(["Oslo", "Lima"].contains(city)).select(name, city).order(city, name)"#,
         "select name, city from customer where city in ('Oslo', 'Lima') order by city, name;"),
        ("product.select(categoryId, count(*), average(price), max(price)).group(categoryId).having(count(*) > 4)",
         "select categoryId, count(*), avg(price), max(price) from product group by categoryId having count(*) > 4;"),
        ("product.select(name, stock ?? 0, abs(price - 50), length(name), cast(price, as: .integer)).limit(5)",
         "select name, ifnull(stock, 0), abs(price - 50), length(name), cast(price as integer) from product limit 5;"),
        ("customer.select(city).distinct().order(city)", "select distinct city from customer order by city;"),
        ("product.filter(stock == nil).count", "select count(*) from product where stock is null;"),
        ("customer.select(city).distinct().count", "select count(distinct city) from customer;"),
        (#"order.including(required: customer).filter(status == "paid").order(placedOn, id).limit(5)"#,
         #"select "order".*, customer.* from "order" join customer on customer.id = "order".customerId where status = 'paid' order by placedOn, "order".id limit 5;"#),
        ("order_item.joining(required: product.filter(price > 100)).select(orderId, quantity).order(id)",
         "select orderId, quantity from order_item join product on product.id = order_item.productId and product.price > 100 order by order_item.id;"),
        (#"order.joining(required: customer).filter(customer.city == "Oslo").select(id, placedOn).order(placedOn)"#,
         #"select "order".id, placedOn from "order" join customer on customer.id = "order".customerId where customer.city = 'Oslo' order by placedOn;"#),
        (#"customer.annotated(with: order.count.forKey("n")).order(n.desc, name).limit(5)"#,
         #"select customer.*, count(distinct "order".id) as n from customer left join "order" on "order".customerId = customer.id group by customer.id order by n desc, name limit 5;"#),
        ("category.annotated(with: product.average(price), product.min(price)).order(name)",
         "select category.*, avg(product.price), min(product.price) from category left join product on product.categoryId = category.id group by category.id order by category.name;"),
        ("customer.having(order.count >= 9).select(name)",
         #"select customer.name from customer left join "order" on "order".customerId = customer.id group by customer.id having count(distinct "order".id) >= 9;"#),
        ("customer.having(order.isEmpty).select(name)",
         #"select customer.name from customer left join "order" on "order".customerId = customer.id group by customer.id having count(distinct "order".id) = 0;"#),
        ("order_total.filter(total > 500).order(total.desc)", "select * from order_total where total > 500 order by total desc;"),
        ("product.filter(key: 3)", "select * from product where id = 3;"),
        (#"customer.filter(key: ["email": "ada.lovelace25@example.org"]).select(name)"#,
         "select name from customer where email = 'ada.lovelace25@example.org';"),
        // Fetch methods, keys of any type, subqueries, functions, CTEs, associations through another.
        ("product.order(price.desc).fetchOne()", "select * from product order by price desc limit 1;"),
        ("product.filter(stock == 0).fetchCount()", "select count(*) from product where stock = 0;"),
        ("product.filter(price > 1000).isEmpty()", "select not exists (select * from product where price > 1000);"),
        (#"product.filter(keys: ["1", 2]).select(name)"#, "select name from product where id in (1, 2);"),
        (#"product.filter(category.filter(name == "Games").select(id).contains(categoryId)).select(name).order(name)"#,
         "select name from product where categoryId in (select id from category where name = 'Games') order by name;"),
        ("product.filter(price > product.select(average(price))).select(name).order(name)",
         "select name from product where price > (select avg(price) from product) order by name;"),
        ("order.select(dateTime(placedOn, .startOfMonth, .month(1), .day(-1))).order(id).limit(3)",
         "select datetime(placedOn, 'start of month', '1 months', '-1 days') from \"order\" order by id limit 3;"),
        ("order_item.select(sum(quantity, filter: unitPrice > 50))", "select sum(quantity) filter (where unitPrice > 50) from order_item;"),
        (#"category.with(CommonTableExpression(recursive: true, named: "n", columns: ["i"], sql: "SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3")).filter(n.select(i).contains(id)).select(name)"#,
         "with recursive n(i) as (select 1 union all select i + 1 from n where i < 3) select name from category where id in (select i from n);"),
        ("customer.annotated(with: hasMany(order_item, through: order, using: order_item).sum(quantity).forKey(\"q\")).order(q.desc, name).limit(3)",
         #"select c.*, sum(i.quantity) as q from customer c left join "order" o on o.customerId = c.id left join order_item i on i.orderId = o.id group by c.id order by q desc, c.name limit 3;"#),
    ]

    static let libraryPairs: [(dsl: String, sql: String)] = [
        ("book.including(required: belongsTo(person, using: authorId)).order(title)",
         "select book.*, person.* from book join person on person.id = book.authorId order by book.title;"),
        (#"book.including(required: belongsTo(person, key: "author", using: authorId)).including(optional: belongsTo(person, key: "translator", using: translatorId)).order(id)"#,
         "select b.*, a.*, t.* from book b join person a on a.id = b.authorId left join person t on t.id = b.translatorId order by b.id;"),
        (#"person.annotated(with: hasMany(book, key: "written", using: authorId).count, hasMany(book, key: "translated", using: translatorId).count).order(id)"#,
         "select p.*, count(distinct w.id), count(distinct t.id) from person p left join book w on w.authorId = p.id left join book t on t.translatorId = p.id group by p.id order by p.id;"),
        ("book.annotated(with: review.average(stars).forKey(\"stars\")).having(review.count > 1).select(title)",
         "select book.title from book left join review on review.bookId = book.id group by book.id having count(distinct review.id) > 1;"),
        ("book.filter(year == nil || year < 2000).select(title)", "select title from book where year is null or year < 2000;"),
    ]

    private func expectSameOutput(_ pair: (dsl: String, sql: String), database: String) throws {
        let dsl = try BinaryRunner.sqlive([databases.path(database)], input: pair.dsl + "\n")
        let sql = try BinaryRunner.sqlite3([databases.path(database)], input: pair.sql + "\n")
        #expect(dsl.stderr == "", "\(pair.dsl)")
        #expect(dsl.status == 0)
        #expect(!dsl.stdout.isEmpty, "\(pair.dsl) printed nothing")
        #expect(dsl.stdout == sql.stdout, "\(pair.dsl)")
    }

    @Test(arguments: shopPairs.indices)
    func shop_query_prints_what_sqlite3_prints_for_its_sql(_ index: Int) throws {
        try expectSameOutput(Self.shopPairs[index], database: "shop.db")
    }

    @Test(arguments: libraryPairs.indices)
    func library_query_prints_what_sqlite3_prints_for_its_sql(_ index: Int) throws {
        try expectSameOutput(Self.libraryPairs[index], database: "library.db")
    }

    @Test func headers_and_csv_follow_the_settings() throws {
        let dsl = try BinaryRunner.sqlive(["--mode", "csv", "--headers", databases.path("shop.db")],
                                          input: "product.select(name, price).filter(price > 100)\n")
        let sql = try BinaryRunner.sqlite3(["-csv", "-header", databases.path("shop.db")],
                                           input: "select name, price from product where price > 100;\n")
        #expect(dsl.stdout == sql.stdout)
        #expect(dsl.stdout.hasPrefix("name,price\n"))
    }

    @Test func mutations_change_and_report_like_sql() throws {
        let dsl = try BinaryRunner.sqlive([databases.copy("shop.db")], input: """
            .changes on
            order.filter(status == "cancelled").deleteAll()
            product.filter(categoryId == 2).updateAll(price *= 2, stock -= 1)
            order.count
            product.filter(categoryId == 2).select(name, price, stock)

            """)
        let sql = try BinaryRunner.sqlite3([databases.copy("shop.db")], input: """
            .changes on
            delete from "order" where status = 'cancelled';
            update product set price = price * 2, stock = stock - 1 where categoryId = 2;
            select count(*) from "order";
            select name, price, stock from product where categoryId = 2;

            """)
        #expect(dsl.stderr == "")
        #expect(dsl.stdout == sql.stdout)
    }

    @Test(arguments: [
        "order_item.including(required: product).filter(quantity > 2)",
        #"customer.annotated(with: order.count).having(order.count > 3)"#,
        #"order.joining(required: customer.filter(city == "Oslo")).order(placedOn)"#,
        "product.filter(key: 3)",
        "order.filter(status == \"cancelled\").deleteAll()",
    ])
    func explain_matches_sqlite3_explain_query_plan_of_the_generated_sql(_ query: String) throws {
        let database = databases.path("shop.db")
        let sql = try BinaryRunner.sqlive([database], input: ".sql \(query)\n")
        #expect(sql.stderr == "")
        let explain = try BinaryRunner.sqlive([database], input: ".explain \(query)\n")
        let oracle = try BinaryRunner.sqlite3([database], input: "EXPLAIN QUERY PLAN \(sql.stdout)")
        #expect(explain.stderr == "")
        #expect(explain.stdout == oracle.stdout)
        #expect(explain.stdout.hasPrefix("QUERY PLAN\n"))
    }

    @Test func errors_in_scripts_name_the_file_and_line_and_set_the_exit_status() throws {
        let script = databases.folder.appendingPathComponent("queries.txt")
        try """
            product.count
            product.filter(
                pric > 10
            )
            category.count

            """.write(to: script, atomically: true, encoding: .utf8)
        let result = try BinaryRunner.sqlive([databases.path("shop.db")], input: ".read \(script.path)\n")
        #expect(result.stdout == "26\n5\n")
        #expect(result.stderr == """
            error: \(script.path):2: no such column: pric — did you mean price?
                  pric > 10
                  ^
              product has columns id, categoryId, name, price, stock

            """)
        #expect(result.status == 1)
    }
}
