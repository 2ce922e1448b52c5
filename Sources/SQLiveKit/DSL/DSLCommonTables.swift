import GRDB

/// The common table expressions a DSL query declared with `with(…)`, by name: later methods
/// name them as tables (`cheap.select(id).contains(id)`), and join them with
/// `association(to:on:)`.
///
/// A reference shared by the schema for the duration of one compilation: `with(…)` compiles
/// before the methods that follow it, so they find what it declared. One compilation runs on
/// one thread.
final class DSLCommonTables {
    struct Entry {
        var name: String
        var expression: CommonTableExpression<Row>
        var columns: [String]
    }

    private(set) var entries: [Entry] = []

    func declare(_ entry: Entry) {
        entries.removeAll { $0.name.isSameName(as: entry.name) }
        entries.append(entry)
    }

    func entry(named typed: String) -> Entry? {
        entries.first { $0.name.isSameName(as: typed) }
    }
}
