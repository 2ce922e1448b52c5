import Foundation
import GRDB
import GRDBSQLite

extension SQLExecutor {
    /// Runs one SQL statement: compiles it, renders its rows in the current mode if it has
    /// any (or with `makeRenderer`, for `.chart`), and prints the timer and change counts
    /// when they are on.
    ///
    /// While no GRDB observer watches the connection, the statement runs directly through
    /// SQLite (``DirectStatement`` says why); otherwise through GRDB, like DSL queries.
    func runSQL(_ sql: String, makeRenderer: ((RenderContext) -> any ResultRenderer)? = nil) throws(Diagnostic) {
        // sqlite3 compiles a statement from its first non-blank character (the splitter keeps
        // the blanks after the `;` before it): SQLite's error log and trace quote that text.
        // Its first byte decides: its first Character would cost a grapheme break a statement.
        let startsWithSpace = sql.utf8.first.map { $0 == 0x20 || (0x09...0x0D).contains($0) } == true
        let trimmed = startsWithSpace ? String(sql.drop(while: \.isSQLiteSpace)) : sql
        // In an in-memory session (the memdb VFS), ATTACH 'file' must still open the file.
        let sql = statements.connection.memoryName == nil ? trimmed : AttachTarget.rewritten(trimmed)
        try SafeStatementCheck.check(sql, safe: statements.connection.options.isSafe)
        do {
            // EXPLAIN changes nothing, so observers need not see it, and GRDB must not: it
            // takes `EXPLAIN COMMIT` for a COMMIT and ends a transaction that goes on.
            guard !observers.observesConnection || StatementImpact.verb(of: sql) == "EXPLAIN" else {
                // GRDB takes a String: bytes that are not UTF-8 reach it as U+FFFD.
                let sql = RawBytes.validText(sql)
                try runStatement(makeRenderer: makeRenderer) { db in try statements.compileSQL(sql, in: db) }
                return
            }
            try withStatementReport { db throws(Diagnostic) in
                guard let handle = db.sqliteConnection else { throw Diagnostic("the database is closed") }
                guard let statement = try DirectStatement(sql: sql, connection: handle) else { return }
                statements.clearGRDBChangeLogIfNeeded(db)
                try execute(statement, db: db, makeRenderer: makeRenderer)
            }
        } catch {
            throw explained(error, sql: sql)
        }
    }

    /// Runs the statement `compile` makes (from SQL or a DSL query) through GRDB.
    func runStatement(makeRenderer: ((RenderContext) -> any ResultRenderer)? = nil,
                      _ compile: (Database) throws -> Statement?) throws(Diagnostic) {
        try withStatementReport { db in
            guard let statement = try compile(db) else { return }
            try execute(statement, db: db, makeRenderer: makeRenderer)
        }
    }

    /// Runs `body` in the database, then reports what `.timer` and `.changes` ask for, and
    /// turns errors into diagnostics.
    private func withStatementReport(_ body: (Database) throws -> Void) throws(Diagnostic) {
        // sqlite3 reports once a chunk: after its last statement, or the one that failed.
        let clock = settings.timer && reportsTimerAndChanges ? (chunkClock ?? ResourceClock()) : nil
        chunkClock = nil
        var succeeded = false
        var timeReported = false
        defer {
            if let clock, !timeReported {
                if unitEndsChunk || !succeeded { outputs.writeTimerLine(clock.report()) } else { chunkClock = clock }
            }
        }
        try statements.withDatabase { db in
            try body(db)
            // sqlite3 stops its timer before it prints the changes: the time comes first.
            if let clock, unitEndsChunk {
                outputs.writeTimerLine(clock.report())
                timeReported = true
            }
            if settings.changes && unitEndsChunk && reportsTimerAndChanges {
                let changes = sqlite3_changes64(db.sqliteConnection)
                let total = sqlite3_total_changes64(db.sqliteConnection)
                outputs.results.append("changes: \(changes)   total_changes: \(total)\n")
            }
        }
        succeeded = true
    }

    /// Steps a freshly compiled statement to its end, rendering its rows if it returns any.
    ///
    /// `.parameter` values are bound to the statement's parameters; those never set are NULL,
    /// as in sqlite3. A fresh statement needs no reset, so it is stepped through
    /// ``StepCursor`` directly (GRDB's `execute()` would reset it first, a measurable cost on
    /// scripts of many small statements).
    private func execute(_ statement: Statement, db: Database,
                         makeRenderer: ((RenderContext) -> any ResultRenderer)?) throws {
        statements.bindParameters(to: statement)
        var listedRows = 0
        if settings.eqp != .off, sqlite3_stmt_isexplain(statement.sqliteStatement) == 0 {
            listedRows = showPlan(of: statement.sql, db: db)
        }
        let columnCount = statement.columnCount
        let cursor = StepCursor(statement: statement)
        observers.stepping(statement.sqliteStatement)
        defer { observers.stepping(nil) }
        guard columnCount > 0 else {
            try cursor.forEach { _ in }
            reportChanges(of: statement.sql, in: db)
            return
        }
        let renderer = makeRenderer?(renderContext)
            ?? resultRenderer(explainKind: sqlite3_stmt_isexplain(statement.sqliteStatement), sql: statement.sql, rowsCountedBefore: listedRows)
        renderer.begin(columns: statement.columnNames)
        var sawRow = false
        defer { if sawRow && makeRenderer == nil { noteColumns(columnCount, renderedBy: renderer) } }
        do {
            try cursor.forEach { sqliteStatement in
                sawRow = true
                renderer.write(row: StatementRow(statement: sqliteStatement, columnCount: columnCount))
            }
        } catch {
            // Rows already shown stay shown, and the renderer closes what it opened.
            renderer.finishAfterError()
            throw error
        }
        renderer.finish()
    }

    /// Steps a statement compiled directly with SQLite (no pane observes the connection).
    private func execute(_ statement: borrowing DirectStatement, db: Database,
                         makeRenderer: ((RenderContext) -> any ResultRenderer)?) throws(Diagnostic) {
        defer {
            if statement.mayChangeSchema { db.clearSchemaCache() }
        }
        statement.bindParameters(statements.parameters)
        var listedRows = 0
        if settings.eqp != .off, statement.explainKind == 0 {
            listedRows = showPlan(of: statement.sql, db: db)
        }
        let columnCount = statement.columnCount
        guard columnCount > 0 else {
            try statement.step { _ in }
            reportChanges(of: statement.sql, in: db)
            return
        }
        let renderer = makeRenderer?(renderContext)
            ?? resultRenderer(explainKind: statement.explainKind, sql: statement.sql, rowsCountedBefore: listedRows)
        renderer.begin(columns: statement.columnNames)
        var sawRow = false
        defer { if sawRow && makeRenderer == nil { noteColumns(columnCount, renderedBy: renderer) } }
        do {
            try statement.step {
                sawRow = true
                renderer.write(row: $0)
            }
        } catch {
            renderer.finishAfterError()
            throw error
        }
        renderer.finish()
    }

    /// A result in a mode that sizes its columns gives `.width` a 0 for each column it has
    /// no width for, as sqlite3 does: `.show` then says `width: 0 0` after a two-column box.
    /// Only once a row came, as in sqlite3, which sizes nothing for an empty result.
    private func noteColumns(_ count: Int, renderedBy renderer: any ResultRenderer) {
        guard settings.mode.sizesColumns, !(renderer is ExplainRenderer), !(renderer is QueryPlanRenderer),
              settings.columnWidths.count < count else { return }
        store.current.columnWidths += Array(repeating: 0, count: count - settings.columnWidths.count)
    }

    /// `.eqp on`: the plan of a statement, drawn before it runs (nothing for a statement
    /// without one, such as INSERT … VALUES); `.eqp full` adds its EXPLAIN listing. The
    /// statement's parameters are left unbound: a plan does not depend on their values.
    /// What `.eqp` shows before a statement the session runs for a command (`.dump`'s reads
    /// of each table, which sqlite3 runs as it runs typed SQL): nothing while it is off.
    func showPlanIfAsked(of sql: String, db: Database) {
        guard settings.eqp != .off else { return }
        showPlan(of: sql, db: db)
    }

    /// Returns the rows of the EXPLAIN listing (`.eqp full`), which sqlite3 counts as rows of
    /// the statement's result (``RenderContext/rowsCountedBefore``).
    @discardableResult
    private func showPlan(of sql: String, db: Database) -> Int {
        let listings: [(prefix: String, makeRenderer: (RenderContext) -> any ResultRenderer)] =
            [("EXPLAIN QUERY PLAN ", QueryPlanRenderer.init)]
            + (settings.eqp == .full ? [("EXPLAIN ", ExplainRenderer.init)] : [])
        // Compiled and stepped with SQLite's C API, not GRDB: GRDB takes `EXPLAIN … COMMIT`
        // for the COMMIT it describes, and its transaction observers then end a
        // transaction that never ended (an assertion in GRDB stopped the process).
        var listedRows = 0
        for listing in listings {
            var explain: SQLiteStatement?
            defer { sqlite3_finalize(explain) }
            guard sqlite3_prepare_v2(db.sqliteConnection, listing.prefix + sql, -1, &explain, nil) == SQLITE_OK,
                  let explain else { continue }
            let columnCount = Int(sqlite3_column_count(explain))
            let renderer = listing.makeRenderer(renderContext)
            renderer.begin(columns: (0..<columnCount).map { String(cString: sqlite3_column_name(explain, Int32($0))) })
            var rows = 0
            while sqlite3_step(explain) == SQLITE_ROW {
                renderer.write(row: StatementRow(statement: explain, columnCount: columnCount))
                rows += 1
            }
            renderer.finish()
            if listing.prefix == "EXPLAIN " { listedRows = rows }
        }
        return listedRows
    }

    /// The renderer of a statement's rows, as sqlite3 chooses it by `.explain`: under
    /// `auto` (the default) `EXPLAIN` gets sqlite3's listing layout and `EXPLAIN QUERY PLAN`
    /// its tree; under `on` every result gets the listing layout; under `off`, none.
    /// `explainKind` is `sqlite3_stmt_isexplain`'s answer: 1 for EXPLAIN, 2 for the plan.
    /// As sqlite3 decides it, an EXPLAIN gets the listing only when its text starts with the
    /// word (`/* why */ EXPLAIN …` is shown in the current mode).
    private func resultRenderer(explainKind: Int32, sql: @autoclosure () -> String, rowsCountedBefore: Int) -> any ResultRenderer {
        let explainKind = explainKind == 1 && !sql().drop(while: \.isSQLiteSpace).prefix(7).uppercased().hasPrefix("EXPLAIN") ? 0 : explainKind
        var context = renderContext
        context.rowsCountedBefore = rowsCountedBefore
        return switch (settings.explain, explainKind) {
        case (.on, _), (.auto, 1): ExplainRenderer(context)
        case (.auto, 2): QueryPlanRenderer(context)
        default: settings.mode.makeRenderer(context)
        }
    }

    /// Adds what sqlive knows and SQLite doesn't say to an execution error: in safe mode
    /// the limit of attached databases is 0, and SQLite's "too many attached databases"
    /// does not say why; an unknown table, column or function gets the closest known name.
    private func explained(_ diagnostic: Diagnostic, sql: String) -> Diagnostic {
        var diagnostic = diagnostic
        if statements.connection.options.isSafe, case .sqlite = diagnostic.kind, StatementImpact.verb(of: sql) == "ATTACH" {
            diagnostic.hint = "ATTACH is disabled in safe mode (--safe)"
        }
        if case .sqlite(let code) = diagnostic.kind, code == .SQLITE_READONLY_DBMOVED, diagnostic.hint == nil {
            // SQLite's message says nothing of why a file opened read-write became read-only.
            diagnostic.hint = "the database file was deleted or replaced since it was opened: .open it again to use the new one"
        }
        var unexplained = diagnostic.hint == nil
        if case .sqlite = diagnostic.kind {} else { unexplained = false }
        let message = diagnostic.message
        let hint = try? statements.withDatabase { db -> String? in
            // A function refused inside an FTS4 table's own statements fails them with a bare
            // "SQL logic error": the refusal says why (taken in any case, so it never lingers).
            let refusal = db.sqliteConnection.flatMap(CheckConstraintGuard.takeRefusal)
            guard unexplained else { return nil }
            if let refusal, message == "SQL logic error" { return refusal }
            if message.hasPrefix("unsafe use of virtual table") { return Self.untrustedSchemaHint }
            if let hint = Self.misspeltKeywordHint(message: message, sql: sql) { return hint }
            return UnknownNameHint.hint(for: message, in: db)
        }
        if unexplained { diagnostic.hint = hint ?? nil }
        return diagnostic
    }

    /// The keyword a statement's misspelt first word stands for (`selct * from t` fails with
    /// `near "selct": syntax error`), as the DSL says it for a line it was given.
    static func misspeltKeywordHint(message: String, sql: String) -> String? {
        let prefix = "near \"", suffix = "\": syntax error"
        guard message.hasPrefix(prefix), message.hasSuffix(suffix) else { return nil }
        let near = message.dropFirst(prefix.count).dropLast(suffix.count)
        let first = sql.drop { $0.isWhitespace }.prefix { $0.isLetter || $0 == "_" }
        guard !near.isEmpty, near.lowercased() == first.lowercased(),
              !SQLKeywords.statementStarters.contains(first.uppercased()) else { return nil }
        return SQLKeywords.misspeltStarterHint(String(first))
    }

    /// Why a trigger or view may not use a virtual table here when sqlite3 lets it (an FTS
    /// table kept in sync by triggers, say): sqlive opens every database with
    /// `trusted_schema` off (docs/SECURITY.md), which allows virtual tables in the schema only
    /// when their module says they are harmless; FTS's do not.
    static let untrustedSchemaHint = "sqlive runs a database's triggers and views with PRAGMA trusted_schema off: "
        + "they may not use virtual tables; for a database you trust, PRAGMA trusted_schema=1 allows it"

    /// What renderers need, taken fresh for each result (the terminal may have been resized).
    var renderContext: RenderContext {
        RenderContext(settings: settings, outputs: outputs, environment: environment)
    }
}

/// Steps a statement through GRDB (which keeps its transaction and observation bookkeeping)
/// and hands each row's raw `sqlite3_stmt` to the caller, without building `Row` values.
final class StepCursor: DatabaseCursor {
    typealias Element = SQLiteStatement
    let _statement: Statement
    var _isDone = false

    init(statement: Statement) {
        _statement = statement
    }

    func _element(sqliteStatement: SQLiteStatement) -> SQLiteStatement {
        sqliteStatement
    }
}

extension Diagnostic {
    /// A statement SQLite refused to compile, with a caret where SQLite says the error is.
    static func compilation(_ error: DatabaseError, sql: String, connection: SQLiteConnection?) -> Diagnostic {
        var diagnostic = Diagnostic(converting: error)
        if let connection {
            let offset = Int(sqlite3_error_offset(connection))
            if offset >= 0 {
                diagnostic.excerpt = Excerpt(text: sql, offset: offset)
            }
        }
        return diagnostic
    }
}

extension Character {
    /// C's `isspace`, which sqlite3 skips before a statement: space, tab, line feed, vertical
    /// tab, form feed, carriage return (and CR LF, one Character in Swift).
    var isSQLiteSpace: Bool {
        switch self {
        case " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\r\n": true
        default: false
        }
    }
}
