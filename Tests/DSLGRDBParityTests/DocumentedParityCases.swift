import GRDB

/// The documented associations and mutations, in Swift.
extension DocumentedParityTests {
    private static var ordersOfCustomer: HasManyAssociation<Row, Row> { Shop.customer.hasMany(Shop.order) }
    private static var productsOfCategory: HasManyAssociation<Row, Row> { Shop.category.hasMany(Shop.product) }

    static let associations: [ParityCase] = [
        ParityCase("order.including(required: customer)") { _ in .fetch(Shop.order.including(required: Shop.order.belongsTo(Shop.customer))) },
        ParityCase("order.including(optional: customer.select(name))") { _ in
            .fetch(Shop.order.including(optional: Shop.order.belongsTo(Shop.customer).select(Column("name"))))
        },
        ParityCase("order_item.joining(required: product.filter(price > 100))") { _ in
            .fetch(Shop.orderItem.joining(required: Shop.orderItem.belongsTo(Shop.product).filter(Column("price") > 100)))
        },
        ParityCase("order_item.including(required: order.including(required: customer)).including(required: product).limit(3)") { _ in
            .fetch(Shop.orderItem.including(required: Shop.orderItem.belongsTo(Shop.order).including(required: Shop.order.belongsTo(Shop.customer)))
                .including(required: Shop.orderItem.belongsTo(Shop.product)).limit(3))
        },
        ParityCase(#"order.joining(required: customer).filter(customer.city == "Paris")"#) { _ in
            let customer = TableAlias()
            return .fetch(Shop.order.joining(required: Shop.order.belongsTo(Shop.customer).aliased(customer)).filter(customer[Column("city")] == "Paris"))
        },
        ParityCase("customer.annotated(with: order.count)") { _ in .fetch(Shop.customer.annotated(with: ordersOfCustomer.count)) },
        ParityCase(#"category.annotated(with: product.average(price).forKey("averagePrice"), product.max(price))"#) { _ in
            .fetch(Shop.category.annotated(with: productsOfCategory.average(Column("price")).forKey("averagePrice"), productsOfCategory.max(Column("price"))))
        },
        ParityCase("category.annotated(with: product.sum(stock), product.total(stock), product.min(price))") { _ in
            .fetch(Shop.category.annotated(with: productsOfCategory.sum(Column("stock")), productsOfCategory.total(Column("stock")),
                                           productsOfCategory.min(Column("price"))))
        },
        ParityCase("category.annotated(with: product.sum(price * stock))") { _ in
            .fetch(Shop.category.annotated(with: productsOfCategory.sum(Column("price") * Column("stock"))))
        },
        ParityCase("customer.having(order.count >= 12)") { _ in .fetch(Shop.customer.having(ordersOfCustomer.count >= 12)) },
        ParityCase("customer.having(order.isEmpty)") { _ in .fetch(Shop.customer.having(ordersOfCustomer.isEmpty)) },
        ParityCase("customer.annotated(with: order.count).order(orderCount.desc).limit(3)") { _ in
            .fetch(Shop.customer.annotated(with: ordersOfCustomer.count).order(Column("orderCount").detached.desc).limit(3))
        },
        ParityCase(#"customer.annotated(with: order.count.forKey("orders")).order(orders.desc).limit(3)"#) { _ in
            .fetch(Shop.customer.annotated(with: ordersOfCustomer.count.forKey("orders")).order(Column("orders").detached.desc).limit(3))
        },
        ParityCase(#"customer.select(name).annotated(with: order.count.forKey("orders")).select(name, orders)"#) { _ in
            .fetch(Shop.customer.select(Column("name")).annotated(with: ordersOfCustomer.count.forKey("orders"))
                .select(Column("name"), Column("orders").detached))
        },
        ParityCase(#"referral.including(required: belongsTo(customer, key: "referrer", using: referrerId)).including(required: belongsTo(customer, key: "referee", using: refereeId))"#) { _ in
            .fetch(Shop.referral.including(required: Shop.referral.belongsTo(Shop.customer, key: "referrer", using: ForeignKey(["referrerId"])))
                .including(required: Shop.referral.belongsTo(Shop.customer, key: "referee", using: ForeignKey(["refereeId"]))))
        },
        ParityCase(#"referral.joining(required: belongsTo(customer, key: "referrer", using: referrerId)).filter(referrer.city == "Oslo")"#) { _ in
            let referrer = TableAlias()
            return .fetch(Shop.referral.joining(required: Shop.referral.belongsTo(Shop.customer, key: "referrer", using: ForeignKey(["referrerId"])).aliased(referrer))
                .filter(referrer[Column("city")] == "Oslo"))
        },
        ParityCase(#"customer.annotated(with: hasMany(referral, key: "referral", using: referrerId).count)"#) { _ in
            .fetch(Shop.customer.annotated(with: Shop.customer.hasMany(Shop.referral, key: "referral", using: ForeignKey(["referrerId"])).count))
        },
    ]

    static let mutations: [ParityCase] = [
        ParityCase(#"order.filter(status == "cancelled").deleteAll()"#) { _ in .deleteAll(Shop.order.filter(Column("status") == "cancelled"), table: "order") },
        ParityCase("product.filter(stock == nil).updateAll(stock.set(to: 0))") { _ in
            .updateAll(Shop.product.filter(Column("stock") == nil), [Column("stock").set(to: 0)], table: "product")
        },
        ParityCase("product.filter(categoryId == 2).updateAll(price *= 1.1, stock -= 1)") { _ in
            .updateAll(Shop.product.filter(Column("categoryId") == 2), [Column("price") *= 1.1, Column("stock") -= 1], table: "product")
        },
        ParityCase("product.order(price.desc).limit(3).updateAll(price *= 0.9)") { _ in
            .updateAll(Shop.product.order(Column("price").desc).limit(3), [Column("price") *= 0.9], table: "product")
        },
    ]
}
