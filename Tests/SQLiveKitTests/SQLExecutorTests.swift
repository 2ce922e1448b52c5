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
