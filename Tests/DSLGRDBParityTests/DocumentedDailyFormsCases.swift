import GRDB

/// The documented fetch methods, keys, subqueries, functions, associations through another
/// and common table expressions, in Swift.
extension DocumentedParityTests {
    private static var ordersOfCustomer: HasManyAssociation<Row, Row> { Shop.customer.hasMany(Shop.order) }
    private static var orderItemsOfCustomer: HasManyThroughAssociation<Row, Row> {
        Shop.customer.hasMany(Row.self, through: ordersOfCustomer, using: Shop.order.hasMany(Shop.orderItem))
    }
    private static let allProductColumns = "product(categoryId,id,name,price,stock)"

    static let dailyForms: [ParityCase] = [
        ParityCase(#"product.filter(key: "3")"#, widerRegion: allProductColumns + "[3]") { _ in .fetch(Shop.product.filter(key: "3")) },
        ParityCase(#"product.filter(keys: ["1", 2])"#, widerRegion: allProductColumns + "[1,2]") { _ in
            .fetch(Shop.product.filter(keys: ["1".databaseValue, 2.databaseValue]))
        },
        ParityCase("product.order(price.desc).fetchOne()") { _ in .fetchOne(Shop.product.order(Column("price").desc)) },
        ParityCase("product.filter(key: 3).fetchOne()") { _ in .fetchOne(Shop.product.filter(key: 3)) },
        ParityCase("product.order(price.desc).limit(3, offset: 2).fetchOne()") { _ in
            .fetchOne(Shop.product.order(Column("price").desc).limit(3, offset: 2))
        },
        ParityCase("product.filter(stock == 0).fetchAll()") { _ in .fetch(Shop.product.filter(Column("stock") == 0)) },
        ParityCase("product.filter(stock == 0).fetchCount()") { _ in .count(Shop.product.filter(Column("stock") == 0)) },
        ParityCase("try product.filter(stock == 0).fetchCount(db)") { _ in .count(Shop.product.filter(Column("stock") == 0)) },
        ParityCase("let priciest = try product.order(price.desc).fetchOne(db)") { _ in .fetchOne(Shop.product.order(Column("price").desc)) },
        ParityCase("try Product.fetchOne(db, id: 3)") { _ in .fetchOne(Shop.product.filter(key: 3)) },
        ParityCase("try order_item.deleteAll(db, keys: [1, 2])") { _ in
            .deleteAll(Shop.orderItem.filter(keys: [1, 2]), table: "order_item")
        },
        ParityCase("customer.select(city).fetchSet()") { _ in .fetchSet(Shop.customer.select(Column("city"))) },
        ParityCase("customer.select(city).order(name).limit(5).fetchSet()") { _ in
            .fetchSet(Shop.customer.select(Column("city")).order(Column("name")).limit(5))
        },
        ParityCase("product.filter(price > 1000).isEmpty()") { _ in .isEmpty(Shop.product.filter(Column("price") > 1000)) },
        ParityCase(#"order.filter(status == "cancelled").exists()"#) { _ in
            .fetchRequest(SQLRequest<Row>(literal: "SELECT \(Shop.order.filter(Column("status") == "cancelled").exists())"))
        },
        ParityCase(#"product.filter(category.filter(name == "Games").select(id).contains(categoryId))"#) { _ in
            .fetch(Shop.product.filter(Shop.category.filter(Column("name") == "Games").select(Column("id")).contains(Column("categoryId"))))
        },
        ParityCase("product.filter(price > product.select(average(price)))") { _ in
            .fetch(Shop.product.filter(Column("price") > Shop.product.select(average(Column("price")))))
        },
        ParityCase(#"order_item.select(id, order_item.select(max(quantity)).forKey("mostItems")).limit(3)"#) { _ in
            .fetch(Shop.orderItem.select(Column("id"), Shop.orderItem.select(max(Column("quantity"))).forKey("mostItems")).limit(3))
        },
        ParityCase("category.filter(product.filter(price > 100).exists())") { _ in
            .fetch(Shop.category.filter(Shop.product.filter(Column("price") > 100).exists()))
        },
        ParityCase(#"order.select(placedOn, dateTime(placedOn, .startOfMonth, .month(1), .day(-1)).forKey("monthEnd")).limit(2)"#) { _ in
            .fetch(Shop.order.select(Column("placedOn"), dateTime(Column("placedOn"), .startOfMonth, .month(1), .day(-1)).forKey("monthEnd")).limit(2))
        },
        ParityCase(#"order.filter(julianDay(placedOn) - julianDay("2026-01-01") < 31)"#) { _ in
            .fetch(Shop.order.filter(julianDay(Column("placedOn")) - julianDay("2026-01-01".databaseValue) < 31))
        },
        ParityCase("order_item.select(sum(quantity, filter: unitPrice > 50), total(quantity * unitPrice, filter: quantity > 1))") { _ in
            .fetch(Shop.orderItem.select(sum(Column("quantity"), filter: Column("unitPrice") > 50),
                                         total(Column("quantity") * Column("unitPrice"), filter: Column("quantity") > 1)))
        },
        ParityCase("product.select(name, as: String.self)") { _ in .fetchRequest(Shop.product.select(Column("name"), as: String.self)) },
        ParityCase("product.select(length(cast(name, as: .blob)), stock ?? 0)") { _ in
            .fetch(Shop.product.select(length(cast(Column("name"), as: .blob)), Column("stock") ?? 0))
        },
        ParityCase("customer.select(name.capitalized, city.localizedUppercased)") { _ in
            .fetch(Shop.customer.select(Column("name").capitalized, Column("city").localizedUppercased))
        },
        ParityCase("customer.including(required: hasMany(order_item, through: order, using: order_item)).limit(3)") { _ in
            .fetch(Shop.customer.including(required: orderItemsOfCustomer).limit(3))
        },
        ParityCase("customer.annotated(with: hasMany(order_item, through: order, using: order_item).sum(quantity)).limit(3)") { _ in
            .fetch(Shop.customer.annotated(with: orderItemsOfCustomer.sum(Column("quantity"))).limit(3))
        },
        ParityCase("order_item.including(optional: hasOne(customer, through: order, using: customer).select(name)).limit(3)") { _ in
            .fetch(Shop.orderItem.including(optional: Shop.orderItem.hasOne(Row.self, through: Shop.orderItem.belongsTo(Shop.order),
                                                                            using: Shop.order.belongsTo(Shop.customer)).select(Column("name"))).limit(3))
        },
        ParityCase("customer.including(optional: order).limit(4)") { _ in .fetch(Shop.customer.including(optional: ordersOfCustomer).limit(4)) },
        ParityCase(#"category.with(CommonTableExpression(recursive: true, named: "counter", columns: ["n"], sql: "SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 3")).filter(counter.select(n).contains(id))"#) { _ in
            let counter = CommonTableExpression<Row>(recursive: true, named: "counter", columns: ["n"],
                                                     sql: "SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 3")
            return .fetch(Shop.category.with(counter).filter(counter.all().select(Column("n")).contains(Column("id"))))
        },
        ParityCase(#"order_item.with(CommonTableExpression(named: "expensive", request: product.filter(price > 100))).joining(required: association(to: expensive, on: productId == expensive.id)).select(orderId, quantity)"#) { _ in
            let expensive = CommonTableExpression<Row>(named: "expensive", request: Shop.product.filter(Column("price") > 100))
            return .fetch(Shop.orderItem.with(expensive)
                .joining(required: Shop.orderItem.association(to: expensive, on: { left, right in left[Column("productId")] == right[Column("id")] }))
                .select(Column("orderId"), Column("quantity")))
        },
        ParityCase(#"customer.with(CommonTableExpression(named: "spent", request: order_total.select(customerId, sum(total).forKey("amount")).group(customerId))).including(optional: association(to: spent, on: id == spent.customerId).select(amount)).limit(3)"#) { _ in
            let spent = CommonTableExpression<Row>(named: "spent", request: Table<Row>("order_total")
                .select(Column("customerId"), sum(Column("total")).forKey("amount")).group(Column("customerId")))
            return .fetch(Shop.customer.with(spent)
                .including(optional: Shop.customer.association(to: spent, on: { left, right in left[Column("id")] == right[Column("customerId")] })
                    .select(Column("amount")))
                .limit(3))
        },
    ]
}
