import Testing
@testable import SQLiveKit

/// DSL queries in a session: they run and render like SQL, `.sql` and `.explain` show what
/// they compile to, mutations report changes like SQL, and errors leave the data intact.
@Suite struct DSLSessionTests {
    @Test func a_dsl_query_renders_like_its_sql() throws {
        let shop = try ShopDatabase.session()
        let settings = ".headers on\n"
        let dsl = shop.run(settings + "product.filter(price > 100).order(name).select(name, price)")
        let sql = shop.run(settings + "select name, price from product where price > 100 order by name;")
        #expect(dsl == sql)
        #expect(dsl == """
            name|price
            Copper Watering Can|113.93
            Pruning Shears|117.25

            """)
    }

    /// GRDB writes names in double quotes without doubling a `"` in them: a primary key named
    /// `name" = "name" OR "name` (from a file someone sent) made `filter(key: 2).deleteAll()`
    /// delete every row, and a foreign key, a `forKey` or a CTE name could do the same. Such
    /// names are refused with the rest of the query; other tables keep working.
    @Test func names_holding_a_double_quote_are_refused_not_written_into_sql() throws {
        let session = try TestSession()
        _ = session.run("""
            create table account("name"" = ""name"" OR ""name" integer primary key, name text);
            insert into account values (1, 'alice'), (2, 'bob'), (3, 'carol');
            create table parent(id integer primary key);
            create table child(id integer primary key, "p"" OR 1 OR ""x" references parent);
            insert into parent values (1); insert into child values (1, 1);

            """)
        let refused = [
            "account.filter(key: 2).deleteAll()", "account.deleteAll()", "account.fetchOne()",
            "account.filter(name == \"bob\").updateAll(name.set(to: \"x\"))", "child.including(required: parent)", "parent.having(child.count > 0)",
            "child.joining(required: parent)", "parent.annotated(with: child.count)", "Table(\"account\").count",
            "parent.select(id.forKey(\"a\\\" OR 1 OR \\\"b\"))",
            "parent.with(CommonTableExpression(named: \"c\\\"\", sql: \"SELECT 1\")).count",
        ]
        for query in refused {
            session.errors.reset()
            _ = session.run(query)
            #expect(session.errorText.contains("holds a double quote, which the DSL cannot write safely"), "\(query): \(session.errorText)")
        }
        #expect(session.run("select count(*) from account; select name from account where rowid = 2;") == "3\nbob\n")
        #expect(session.run("parent.count") == "1\n")
    }

    @Test func a_query_spans_lines_while_a_bracket_is_open() throws {
        let shop = try ShopDatabase.session()
        let output = shop.run("""
            customer.filter(
                city == "Oslo"
            ).count
            customer.filter(city == "Oslo").count;
            """)
        #expect(shop.errorText == "")
        #expect(output == "5\n5\n")
    }

    @Test func count_prints_the_number_of_rows() throws {
        let shop = try ShopDatabase.session()
        #expect(shop.run("customer.filter(city == \"Oslo\").count") == shop.run("select count(*) from customer where city = 'Oslo';"))
    }

    /// GRDB's fetchCount counts a distinct column with COUNT(DISTINCT …): one less than the
    /// distinct rows when they include NULL, which sqlive says.
    @Test func a_distinct_count_that_skips_null_says_so() throws {
        let shop = try ShopDatabase.session()
        #expect(shop.run("product.select(stock).distinct().count") == "4\n")
        #expect(shop.errorText.hasPrefix("warning: NULL is not counted: GRDB's fetchCount counts a distinct column with COUNT(DISTINCT …)"))
        #expect(shop.run("select count(*) from (select distinct stock from product);") == "5\n")
        let quiet = try ShopDatabase.session()
        #expect(quiet.run("customer.select(city).distinct().count") == "8\n")
        #expect(quiet.errorText == "")
    }

    /// A DSL query never relies on SQLite's double-quoted-string fallback, which SQL typed in
    /// the same session keeps (as in sqlite3).
    @Test func a_name_gone_from_the_selection_is_an_error_not_a_string() throws {
        let shop = try ShopDatabase.session()
        let output = shop.run(#"customer.select(name).annotated(with: order.count.forKey("orders")).select(name, orders).limit(1)"#)
        #expect(output == "")
        #expect(shop.errorText.contains("no such column: orders"))
        #expect(shop.errorText.contains("orders was named with forKey in a selection that a later select(…) replaced"))
        let sql = try ShopDatabase.session()
        #expect(sql.run(#"select "orders" from customer limit 1;"#) == "orders\n")
        #expect(sql.errorText == "")
        // The fallback is back on after the DSL query, for the SQL that follows it.
        #expect(shop.run(#"select "orders" from customer limit 1;"#) == "orders\n")
    }

    @Test func constants_are_computed_as_swift_computes_them() throws {
        let shop = try ShopDatabase.session()
        #expect(shop.run(#".sql customer.filter(name == "Ada " + "Lovelace").select(7 / 2, 7 / 2 + 0.5, -(2 * 3), 1 < 2)"#)
                == #"SELECT 3, 4.0, -6, 1 FROM "customer" WHERE "name" = 'Ada Lovelace';"# + "\n")
        for (query, message) in [
            (#"customer.filter(name == "a" + 1)"#, "+ can't combine a String and an Int (Swift refuses it too)"),
            ("product.filter(stock > 1 / 0)", "division by zero, which Swift refuses"),
            ("product.filter(stock > 9223372036854775807 + 1)", "9223372036854775807 + 1 overflows Int, as in Swift"),
            // Negating Int.min stopped the process (found by RandomParityTests' Int.min literals).
            ("product.filter(stock > -(-9223372036854775807 - 1))", "-(-9223372036854775808) overflows Int, as in Swift"),
            (#"product.filter(stock > 1 && "x" < 2)"#, "< can't compare a String and an Int (Swift refuses it too)"),
        ] {
            let session = try ShopDatabase.session()
            session.run(query, source: "")
            #expect(session.errorText.hasPrefix("error: " + message), "\(query): \(session.errorText)")
        }
    }

    @Test func sql_shows_the_generated_sql_with_arguments_inlined() throws {
        let shop = try ShopDatabase.session()
        #expect(shop.run(#".sql customer.filter(name == "O'Hara" && id > 2.5).limit(1)"#) == """
            SELECT * FROM "customer" WHERE ("name" = 'O''Hara') AND ("id" > 2.5) LIMIT 1;

            """)
        #expect(shop.run(".sql   select 1 ;  ") == "select 1;\n")
        #expect(shop.run(".sql select * from product where name = ?") == "select * from product where name = NULL;\n")
    }

    /// What `.sql` prints runs as the query does: SQL gets the `.parameter` values (it showed
    /// NULL for each), and a double keeps every digit (SQLite's expansion wrote 0.1 + 0.2 as
    /// `0.3`, another value, and an infinity as `Inf`, a column name).
    @Test func sql_inlines_the_values_the_query_runs_with() throws {
        let shop = try ShopDatabase.session()
        shop.run(".parameter set :sum 0.1+0.2\n.parameter set :bytes x'00ff'\n.parameter set :minus -5")
        #expect(shop.run(".sql SELECT :sum, :bytes, :unset, -:minus, 'it''s'") == """
            SELECT 0.30000000000000004, X'00FF', NULL, - -5, 'it''s';

            """)
        #expect(shop.run(".sql product.filter(price == 0.30000000000000004 || price > 1e999 || price < -1e999)") == """
            SELECT * FROM "product" WHERE ("price" = 0.30000000000000004) OR ("price" > 9.0e+999) OR ("price" < -9.0e+999);

            """)
        #expect(shop.errorText == "")
    }

    @Test func sql_and_explain_need_a_query() throws {
        let shop = try ShopDatabase.session()
        shop.run(".sql")
        #expect(shop.errorText == "error: test.sql:1: .sql: missing query\n  usage: .sql QUERY\n")
        shop.run(".explain nosuch.count")
        #expect(shop.errorText == """
            error: test.sql:1: no such table: nosuch
              nosuch.count
              ^

            """)
    }

    @Test func explain_draws_the_query_plan_tree() throws {
        let shop = try ShopDatabase.session()
        #expect(shop.run(".explain order_item.including(required: product).filter(quantity > 2)") == """
            QUERY PLAN
            |--SCAN order_item
            `--SEARCH product USING INTEGER PRIMARY KEY (rowid=?)

            """)
        #expect(shop.run(".explain select * from customer where id in (select customerId from \"order\") order by name") == """
            QUERY PLAN
            |--SEARCH customer USING INTEGER PRIMARY KEY (rowid=?)
            |--LIST SUBQUERY 1
            |  `--SCAN order USING COVERING INDEX order_customer
            `--USE TEMP B-TREE FOR ORDER BY

            """)
    }

    @Test func mutations_report_changes_like_sql() throws {
        let dsl = try ShopDatabase.session()
        let sql = try ShopDatabase.session()
        let dslOutput = dsl.run("""
            .changes on
            product.filter(stock == nil).updateAll(stock.set(to: 0))
            order.filter(status == "cancelled").deleteAll()
            product.filter(stock == nil).count
            """)
        let sqlOutput = sql.run("""
            .changes on
            update product set stock = 0 where stock is null;
            delete from "order" where status = 'cancelled';
            select count(*) from product where stock is null;
            """)
        #expect(dslOutput == sqlOutput)
        #expect(dslOutput.hasPrefix("changes: 3   total_changes: "))
        #expect(dsl.errorText == "")
    }

    @Test func a_failing_mutation_leaves_the_data_intact() throws {
        let shop = try ShopDatabase.session()
        let before = shop.run("product.count")
        shop.run("product.filter(price > 0).deleteAll()")
        #expect(shop.errorText == "error: test.sql:1: FOREIGN KEY constraint failed\n")
        #expect(shop.run("product.count") == before)
    }

    @Test func errors_name_the_script_and_line() throws {
        let shop = try ShopDatabase.session()
        shop.run("product\nproduct.filtr(price > 1)", source: "demo.sql")
        #expect(shop.errorText == """
            error: demo.sql:2: no such method: filtr — did you mean filter?
              product.filtr(price > 1)
                      ^

            """)
    }

    @Test func compile_query_takes_sql_and_dsl_alike() throws {
        let shop = try ShopDatabase.session()
        let session = shop.session
        let (dsl, sql) = try session.connection.queue.inDatabase { db in
            (try session.compileQuery("product.filter(price > 100)", in: db)?.sql,
             try session.compileQuery("select * from product where price > 100;", in: db)?.sql)
        }
        #expect(dsl == #"SELECT * FROM "product" WHERE "price" > ?"#)
        #expect(sql == "select * from product where price > 100")
    }

    @Test func a_dsl_query_pins_like_its_sql() throws {
        let dsl = try ShopDatabase.session()
        let sql = try ShopDatabase.session()
        let dslOutput = dsl.run("""
            .pin product.filter(price > 100).select(name, price)
            product.filter(key: 12).updateAll(price += 1)
            """)
        let sqlOutput = sql.run("""
            .pin select name, price from product where price > 100
            update product set price = price + 1 where id = 12;
            """)
        #expect(dsl.errorText == "")
        #expect(dslOutput == sqlOutput)
        #expect(dslOutput.contains("Copper Watering Can|114.93"))
    }
}
