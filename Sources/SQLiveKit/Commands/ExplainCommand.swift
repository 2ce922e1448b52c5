import GRDB
import GRDBSQLite

/// `.explain QUERY`: the query plan of a query, SQL or DSL, drawn as sqlite3 draws
/// `EXPLAIN QUERY PLAN`. `.explain on|off|auto` (or `.explain` alone, which is `on`) is
/// sqlite3's setting instead: whether `EXPLAIN QUERY PLAN` statements draw that tree.
///
///     sqlite> .explain product.filter(key: 3)
///     QUERY PLAN
///     `--SEARCH product USING INTEGER PRIMARY KEY (rowid=?)
struct ExplainCommand: RawTextCommand {
    let name = "explain"
    let usage = "QUERY|on|off|auto"
    let summary = "show the query plan of a query (SQL or DSL)"
    let details = """
        .explain QUERY prints SQLite's plan for QUERY (EXPLAIN QUERY PLAN) as a tree, the way
        sqlite3 prints it, without running the query. QUERY is SQL or a DSL query:
          .explain order_item.including(required: product)
        .explain on|off|auto is sqlite3's setting: with on or auto (the default), EXPLAIN
        QUERY PLAN statements draw the tree; with off they print their rows in the current
        mode. .explain alone means on.
        """

    /// A setting, or the query whose plan to draw.
    enum Arguments {
        /// The setting, and the words as typed (sqlite3 ignores all but the first).
        case setting(ExplainSetting, words: [String])
        /// A quoted argument is no query: sqlite3 reads it as a setting it does not know.
        case quotedSetting(ToggleArguments)
        case query(String)
    }

    func parse(text: String) throws(Diagnostic) -> Arguments {
        let words = CommandLineTokenizer.words(text)
        if let setting = Self.setting(text) { return .setting(setting, words: words) }
        if words.count == 1, let first = text.first, first == "'" || first == "\"" {
            return .quotedSetting(ToggleArguments(words[0]))
        }
        return .query(text)
    }

    func run(_ arguments: Arguments, in scope: DatabaseScope) throws(Diagnostic) {
        let query: String
        switch arguments {
        case .setting(let setting, let words):
            scope.settings.explain = setting
            ignoreExtra(words, keeping: 1, in: scope)
            return
        case .quotedSetting(let toggle):
            scope.settings.explain = toggle.value(for: self, in: scope) ? .on : .off
            return
        case .query(let text):
            query = text
        }
        let steps = try scope.withStatement(of: query) { statement, db in
            let explain = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + statement.sql)
            explain.setUncheckedArguments(statement.arguments)
            // Stepped with SQLite's C API, not GRDB's: GRDB takes `EXPLAIN QUERY PLAN COMMIT`
            // for the COMMIT it describes and ends, for its observers, a transaction that
            // goes on (an assertion in GRDB stopped the process).
            let handle = explain.sqliteStatement
            defer { sqlite3_reset(handle) }
            var steps: [QueryPlanTree.Step] = []
            while sqlite3_step(handle) == SQLITE_ROW {
                steps.append(QueryPlanTree.Step(id: Int(sqlite3_column_int64(handle, 0)), parent: Int(sqlite3_column_int64(handle, 1)),
                                                detail: sqlite3_column_text(handle, 3).map { String(cString: $0) } ?? ""))
            }
            return steps
        }
        scope.output.append(QueryPlanTree(steps: steps).rendered)
    }

    /// The setting an argument names, as sqlite3 reads it (`on`, `yes`, `1`, `auto`, …;
    /// nothing means on); nil when the argument is a query.
    static func setting(_ text: String) -> ExplainSetting? {
        let words = CommandLineTokenizer.words(text)
        guard let word = words.first?.lowercased() else { return .on }
        // `.explain off extra` is sqlite3's setting (it ignores the rest); a query with
        // several words never starts with one of these words alone.
        switch word {
        case "auto": return .auto
        case "on", "yes", "true": return .on
        case "off", "no", "false": return .off
        default: return Int(word).map { $0 == 0 ? .off : .on }
        }
    }
}
