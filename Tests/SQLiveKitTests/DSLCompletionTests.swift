import GRDB
import Testing
@testable import SQLiveKit

/// Tab completion of DSL queries: tables at the start, methods after a dot, columns of the
/// table in scope inside brackets.
@Suite struct DSLCompletionTests {
    let schema: DSLCompletionSchema

    init() throws {
        let dbQueue = try DatabaseQueue()
        let script = try ShopDatabase.script
        try dbQueue.writeWithoutTransaction { try $0.execute(sql: script) }
        schema = try dbQueue.read(DSLCompletionSchema.load)
    }

    /// Candidates with the cursor at the end of the line.
    private func complete(_ line: String) -> [String] {
        DSLCompletion.candidates(line: line, cursor: line.utf8.count, schema: schema)
    }

    @Test func the_schema_lists_tables_columns_and_associations() {
        #expect(schema.tables.map(\.name) == ["category", "customer", "order", "order_item", "order_total", "product"])
        #expect(schema.columns(of: "PRODUCT") == ["id", "categoryId", "name", "price", "stock"])
        #expect(schema.associations(of: "product") == ["category", "order_item"])
        #expect(schema.associations(of: "order_total") == [])
    }

    @Test func table_names_at_the_start() {
        #expect(complete("") == ["category", "customer", "order", "order_item", "order_total", "product"])
        #expect(complete("or") == ["order", "order_item", "order_total"])
        #expect(complete("  Cu") == ["customer"])
        #expect(complete("order") == ["order", "order_item", "order_total"])
    }

    /// A line typed as in Swift: after `try`, the table; after `try? product.`, its methods.
    @Test func a_try_before_the_query_completes_as_without_it() {
        #expect(complete("try or") == ["order", "order_item", "order_total"])
        #expect(complete("try! Cu") == ["customer"])
        #expect(complete("try? product.fil") == ["filter"])
    }

    @Test func request_methods_after_a_dot() {
        #expect(complete("product.fil") == ["filter"])
        #expect(complete("product.filter(price > 1).or") == ["order", "orderByPrimaryKey"])
        #expect(complete("product.in") == ["including"])
        #expect(complete("product.fetch") == ["fetchAll", "fetchCount", "fetchOne", "fetchSet"])
        #expect(complete("product.is") == ["isEmpty"])
        #expect(!complete("product.").contains("contains"))
        #expect(complete("product.").contains("deleteAll"))
    }

    @Test func columns_of_the_table_in_scope_inside_brackets() {
        #expect(complete("product.filter(pr") == ["price"])
        #expect(complete("product.filter(price > 1 && st") == ["stock"])
        #expect(complete("order.filter(st") == ["status"])
        #expect(complete("order_item.including(required: product.filter(na") == ["name"])
        #expect(complete("order_item.including(required: product.filter(price > 1)).filter(q") == ["quantity"])
        #expect(complete("order_item.select(quantity, unit") == ["unitPrice"])
        #expect(complete("customer.annotated(with: or") == ["order"])
        #expect(complete("product.select(co") == ["CommonTableExpression", "coalesce", "count"])
    }

    @Test func members_of_expressions_and_associations() {
        #expect(complete("product.order(price.de") == ["desc", "descNullsFirst"])
        #expect(complete("customer.annotated(with: order.co") == ["contains", "count"])
        #expect(complete("order.joining(required: customer).filter(customer.ci") == ["city"])
        #expect(complete("customer.having(order.is") == ["isEmpty"])
        #expect(complete("customer.filter(name.collating(.no") == ["nocase"])
        #expect(complete("order.select(dateTime(placedOn, .start") == ["startOfDay", "startOfMonth", "startOfYear"])
        #expect(complete("order.select(julianDay(placedOn, .da") == ["day"])
        #expect(complete("customer.including(required: has") == ["hasMany", "hasOne"])
        #expect(complete("product.with(Comm") == ["CommonTableExpression"])
        #expect(complete("product.filter(category.select(id).con") == ["contains"])
        #expect(complete("product.filter(category.ex") == ["exists"])
        #expect(complete("product.select(cast(price, as: .int") == ["integer"])
        #expect(complete("product.filter((1...5).con") == ["contains"])
    }

    @Test func nothing_inside_strings_or_after_a_complete_name() {
        #expect(complete(#"product.filter(name == "pr"#) == [])
        #expect(complete("product fil") == [])
    }

    @Test func the_cursor_may_be_inside_the_line() {
        let line = "product.fil.order(name)"
        #expect(DSLCompletion.candidates(line: line, cursor: 11, schema: schema) == ["filter"])
    }

    @Test func the_prompt_completes_dsl_queries_through_the_standard_provider() throws {
        let shop = try ShopDatabase.session()
        func complete(_ line: String, pending: String = "") -> Completion {
            CompletionProvider.standard.completion(for: CompletionRequest(pendingText: pending, line: line), in: shop.session)
        }
        #expect(complete("product.fil") == Completion(word: "fil", candidates: ["filter"]))
        #expect(complete("pr").candidates.contains("product"))
        #expect(complete("pr").candidates.contains("pragma"))
        #expect(complete("  price > 1 && st", pending: "product.filter(") == Completion(word: "st", candidates: ["stock"]))
        #expect(complete(".sql product.filter(pr") == Completion(word: "pr", candidates: ["price"]))
        #expect(complete(".explain order.inc") == Completion(word: "inc", candidates: ["including"]))
        #expect(complete("select * from pro") == Completion(word: "pro", candidates: ["product"]))
    }
}
