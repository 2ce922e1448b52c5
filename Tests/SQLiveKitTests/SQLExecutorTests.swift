import Testing
import GRDB
@testable import SQLiveKit

/// The statement path stands without a session: an ``SQLExecutor`` built from the parts it
/// holds runs SQL and DSL, renders in the current mode, reports `.changes` once a chunk and
/// tells the panes (here a recorder) of a schema changed by a command.
@Suite struct SQLExecutorTests {
    /// The pane board's two hooks, recorded.
    private final class RecordingObservers: StatementObservers {
        var observesConnection = false
        var schemaChanges = 0
        func schemaChangedLocally() { schemaChanges += 1 }
        func stepping(_ statement: SQLiteStatement?) {}
    }

    /// An executor on an in-memory database, its results and diagnostics captured.
    private struct Fixture {
        let executor: SQLExecutor
        let settings: SettingsStore
        let output = MemoryTarget()
        let errors = MemoryTarget()
        let observers = RecordingObservers()

        init() throws {
            let statements = StatementRunner(connection: try DatabaseConnection(OpenOptions(path: ":memory:")))
            let environment = SessionEnvironment()
            let stopRequest = StopRequest()
            let outputs = OutputRouter(output: output, errors: errors, environment: environment, stopRequest: stopRequest)
            let diagnostics = DiagnosticReporter(outputs: outputs, statements: statements, stopRequest: stopRequest,
                                                 printer: environment.diagnosticPrinter)
            settings = SettingsStore(Settings())
            executor = SQLExecutor(statements: statements, settings: settings, outputs: outputs, environment: environment,
                                   diagnostics: diagnostics, observers: observers)
        }

        /// Runs statements as units of one chunk, the last one ending it; returns the results.
        func run(_ statements: [String]) throws(Diagnostic) -> String {
            output.reset()
            for (index, sql) in statements.enumerated() {
                executor.unitWillRun(endsChunk: index == statements.count - 1, talksToPerson: false)
                try executor.runSQL(sql)
            }
            executor.outputs.results.flush()
            return output.text
        }
    }

    @Test func it_runs_and_renders_statements_in_the_current_mode_without_a_session() throws {
        let fixture = try Fixture()
        #expect(try fixture.run(["create table t(a, b);", "insert into t values (1, 'x'), (2, null);"]) == "")
        fixture.settings.current.showHeaders = true
        #expect(try fixture.run(["select * from t order by a;"]) == "a|b\n1|x\n2|\n")
        fixture.executor.unitWillRun(endsChunk: true, talksToPerson: false)
        try fixture.executor.runDSL("t.filter(a > 1).select(a)")
        fixture.executor.outputs.results.flush()
        #expect(fixture.output.text == "a|b\n1|x\n2|\na\n2\n")
    }

    /// The deprecated column naming pragmas rename result columns (`sql` became
    /// `sqlite_schema.sql`), which sqlive and GRDB read by name: a `.schema` after one stopped
    /// the process. Refused whenever a value would rename, however spelt; reading them, and
    /// values SQLite reads as the default, stay allowed, and SQLite agrees they left names alone.
    @Test func column_naming_pragmas_are_refused_when_they_would_rename_columns() throws {
        let fixture = try Fixture()
        let refused = [
            "PRAGMA full_column_names = 1", "pragma FULL_COLUMN_NAMES=TRUE", "PRAGMA main.'full_column_names'(on)",
            "PRAGMA [full_column_names] = \"yes\"", "explain pragma full_column_names = 1",
            "PRAGMA short_column_names = 0", "PRAGMA short_column_names = 256", "PRAGMA short_column_names = 0x1",
            "PRAGMA short_column_names = ''", "PRAGMA short_column_names = -1",
        ]
        for sql in refused {
            #expect(throws: Diagnostic.self, "\(sql)") { try fixture.run([sql]) }
        }
        let allowed = [
            "PRAGMA full_column_names", "PRAGMA full_column_names = 0", "PRAGMA full_column_names = off",
            "PRAGMA full_column_names = -1", "PRAGMA short_column_names = 1", "PRAGMA short_column_names('yes')",
            "select 'pragma full_column_names = 1'", "select 1 -- pragma full_column_names = 1",
        ]
        for sql in allowed {
            #expect(throws: Never.self, "\(sql)") { try fixture.run([sql]) }
        }
        #expect(try fixture.run(["PRAGMA full_column_names", "PRAGMA short_column_names"]).hasSuffix("0\n1\n"))
    }

    @Test func changes_are_reported_once_a_chunk_after_its_last_statement() throws {
        let fixture = try Fixture()
        _ = try fixture.run(["create table t(a);"])
        fixture.settings.current.changes = true
        #expect(try fixture.run(["insert into t values (1);", "insert into t values (2), (3);"])
            == "changes: 2   total_changes: 3\n")
        // Through GRDB, as when a pane observes the connection: the same report.
        fixture.observers.observesConnection = true
        #expect(try fixture.run(["delete from t;"]) == "changes: 3   total_changes: 6\n")
    }

    @Test func a_schema_changed_by_a_command_is_told_to_the_observers_and_errors_keep_their_hint() throws {
        let fixture = try Fixture()
        fixture.executor.schemaDidChange()
        #expect(fixture.observers.schemaChanges == 1)
        _ = try fixture.run(["create table player(name);"])
        do {
            _ = try fixture.run(["select nme from player;"])
            Issue.record("an unknown column ran")
        } catch {
            #expect(error.message == "no such column: nme")
            #expect(error.hint == "did you mean name?")
        }
    }
}
