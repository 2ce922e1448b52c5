import Foundation
import GRDB
import Testing

/// The shop's tables, as a Swift program names them.
enum Shop {
    static let category = Table<Row>("category")
    static let customer = Table<Row>("customer")
    static let order = Table<Row>("order")
    static let orderItem = Table<Row>("order_item")
    static let product = Table<Row>("product")
    static let productSearch = Table<Row>("product_search")
    static let referral = Table<Row>("referral")
}

/// Every query of docs/DSL.md that runs is here with the same request written in Swift:
/// the SQL GRDB generates for it is the SQL the DSL runs (and DSLDocumentationTests checks
/// that the page shows that SQL), and the rows are the same.
@Suite struct DocumentedParityTests {
    @Test func every_documented_query_has_its_swift_twin() throws {
        let page = try String(contentsOf: ParityDatabases.docsPage, encoding: .utf8)
        let documented = DocumentedExamples.examples(of: page).filter { $0.next == "sql" }.map(\.text)
        #expect(documented.count >= 60)
        let twins = Set(Self.cases.map(\.dsl))
        for query in documented {
            #expect(twins.contains(query), "docs/DSL.md shows \(query) without a Swift twin in DocumentedParityTests")
        }
    }

    @Test(arguments: cases)
    func documented_query(_ parityCase: ParityCase) throws {
        try ParityCase.check(parityCase, on: ParityDatabases.shop)
    }
}

extension DocumentedParityTests {
    static let countAll = SQL("COUNT(*)").sqlExpression

    static let cases = requests + expressions + associations + mutations + dailyForms

    static let requests: [ParityCase] = [
        ParityCase("product.filter(price > 100).order(name)") { _ in .fetch(Shop.product.filter(Column("price") > 100).order(Column("name"))) },
        ParityCase("product") { _ in .fetch(Shop.product.all()) },
        ParityCase("product.all()") { _ in .fetch(Shop.product.all()) },
        ParityCase(#"Table("product").filter(Column("price") > 100).order(Column("name"))"#) { _ in
            .fetch(Shop.product.filter(Column("price") > 100).order(Column("name")))
        },
        ParityCase("product.filter(price > 100)") { _ in .fetch(Shop.product.filter(Column("price") > 100)) },
        ParityCase("product.filter(categoryId == 1).filter(stock == 0)") { _ in
            .fetch(Shop.product.filter(Column("categoryId") == 1).filter(Column("stock") == 0))
        },
        ParityCase("product.filter(key: 3)") { _ in .fetch(Shop.product.filter(key: 3)) },
        ParityCase("product.filter(keys: [1, 2, 3])") { _ in .fetch(Shop.product.filter(keys: [1, 2, 3])) },
        ParityCase(#"customer.filter(key: ["email": "ada.lovelace25@example.org"])"#) { _ in
            .fetch(Shop.customer.filter(key: ["email": "ada.lovelace25@example.org"]))
        },
        ParityCase("product.select(name, price)") { _ in .fetch(Shop.product.select(Column("name"), Column("price"))) },
        ParityCase(#"product.select(name, (price * 1.2).forKey("priceWithTax"))"#) { _ in
            .fetch(Shop.product.select(Column("name"), (Column("price") * 1.2).forKey("priceWithTax")))
        },
        ParityCase(#"order_item.annotated(with: (quantity * unitPrice).forKey("amount"))"#) { _ in
            .fetch(Shop.orderItem.annotated(with: (Column("quantity") * Column("unitPrice")).forKey("amount")))
        },
        ParityCase("product.order(price.desc, name)") { _ in .fetch(Shop.product.order(Column("price").desc, Column("name"))) },
        ParityCase("product.order(stock.ascNullsLast)") { _ in .fetch(Shop.product.order(Column("stock").ascNullsLast)) },
        ParityCase("product.order(stock.descNullsFirst, name.asc)") { _ in .fetch(Shop.product.order(Column("stock").descNullsFirst, Column("name").asc)) },
        ParityCase("product.order(price).reversed()") { _ in .fetch(Shop.product.order(Column("price")).reversed()) },
        ParityCase("product.order(name).unordered()") { _ in .fetch(Shop.product.order(Column("name")).unordered()) },
        ParityCase("product.orderByPrimaryKey()") { _ in .fetch(Shop.product.orderByPrimaryKey()) },
        ParityCase(#"product.select(name, (price * 1.2).forKey("priceWithTax")).order(priceWithTax.desc)"#) { _ in
            .fetch(Shop.product.select(Column("name"), (Column("price") * 1.2).forKey("priceWithTax")).order(Column("priceWithTax").detached.desc))
        },
        ParityCase("product.limit(5)") { _ in .fetch(Shop.product.limit(5)) },
        ParityCase("product.limit(5, offset: 10)") { _ in .fetch(Shop.product.limit(5, offset: 10)) },
        ParityCase(#"product.select(categoryId, count(*).forKey("n")).group(categoryId).having(count(*) > 4)"#) { _ in
            .fetch(Shop.product.select(Column("categoryId"), countAll.forKey("n")).group(Column("categoryId")).having(countAll > 4))
        },
        ParityCase("customer.select(city).distinct()") { _ in .fetch(Shop.customer.select(Column("city")).distinct()) },
        ParityCase("product.filter(stock == 0).count") { _ in .count(Shop.product.filter(Column("stock") == 0)) },
        ParityCase("product.select(name, price * 2).count") { _ in .count(Shop.product.select(Column("name"), Column("price") * 2)) },
        ParityCase("product.select(stock).distinct().count") { _ in .count(Shop.product.select(Column("stock")).distinct()) },
        ParityCase("product.limit(5).count") { _ in .count(Shop.product.limit(5)) },
        ParityCase(#"product_search.matching("garden OR tea")"#) { db in
            .fetch(Shop.productSearch.all().matching(try db.makeFTS5Pattern(rawPattern: "garden OR tea", forTable: "product_search")))
        },
    ]

    static let expressions: [ParityCase] = [
        ParityCase("product.filter(price >= 10 && price < 20 || stock == nil)") { _ in
            .fetch(Shop.product.filter(Column("price") >= 10 && Column("price") < 20 || Column("stock") == nil))
        },
        ParityCase("product.filter(!(stock > 0))") { _ in .fetch(Shop.product.filter(!(Column("stock") > 0))) },
        ParityCase("order_item.select(quantity * unitPrice - 1.5)") { _ in .fetch(Shop.orderItem.select(Column("quantity") * Column("unitPrice") - 1.5)) },
        ParityCase(#"customer.filter(name == "Ada " + "Lovelace")"#) { _ in .fetch(Shop.customer.filter(Column("name") == "Ada " + "Lovelace")) },
        ParityCase("order_item.filter(quantity * unitPrice > 60 * 1000 * 10)") { _ in
            .fetch(Shop.orderItem.filter(Column("quantity") * Column("unitPrice") > 60 * 1000 * 10))
        },
        ParityCase(#"customer.filter(email.like("%@example.org") == false)"#) { _ in
            .fetch(Shop.customer.filter(Column("email").like("%@example.org") == false))
        },
        ParityCase("product.filter(stock !== 0)") { _ in .fetch(Shop.product.filter(Column("stock") !== 0)) },
        ParityCase("customer.filter(email == nil)") { _ in .fetch(Shop.customer.filter(Column("email") == nil)) },
        ParityCase("customer.filter(email != nil)") { _ in .fetch(Shop.customer.filter(Column("email") != nil)) },
        ParityCase("product.select(name, stock ?? 0)") { _ in .fetch(Shop.product.select(Column("name"), Column("stock") ?? 0)) },
        ParityCase(#"customer.filter(name.like("A%"))"#) { _ in .fetch(Shop.customer.filter(Column("name").like("A%"))) },
        ParityCase(#"customer.filter(city.collating(.nocase) == "paris")"#) { _ in .fetch(Shop.customer.filter(Column("city").collating(.nocase) == "paris")) },
        ParityCase(#"customer.filter(["Paris", "Lyon"].contains(city))"#) { _ in .fetch(Shop.customer.filter(["Paris", "Lyon"].contains(Column("city")))) },
        ParityCase("product.filter((10...20).contains(price))") { _ in .fetch(Shop.product.filter((10...20).contains(Column("price")))) },
        ParityCase("product.filter((10..<20).contains(price))") { _ in .fetch(Shop.product.filter((10..<20).contains(Column("price")))) },
        ParityCase("product.select(count(*), count(stock), count(distinct: categoryId), sum(stock), total(stock), average(price), min(price), max(price))") { _ in
            .fetch(Shop.product.select(countAll, count(Column("stock")), count(distinct: Column("categoryId")), sum(Column("stock")),
                                       total(Column("stock")), average(Column("price")), min(Column("price")), max(Column("price"))))
        },
        ParityCase("product.select(abs(price - 50), length(name), coalesce([stock, 0]), cast(price, as: .integer))") { _ in
            .fetch(Shop.product.select(abs(Column("price") - 50), length(Column("name")),
                                       coalesce([Column("stock"), 0.databaseValue] as [any SQLSpecificExpressible]), cast(Column("price"), as: .integer)))
        },
        ParityCase("customer.select(name.uppercased, city.lowercased)") { _ in .fetch(Shop.customer.select(Column("name").uppercased, Column("city").lowercased)) },
    ]
}
