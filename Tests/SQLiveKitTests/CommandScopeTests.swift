import Foundation
import Testing
@testable import SQLiveKit

/// The parts of a session and the scopes commands run in: each command's type names what it
/// touches, a scope is a view whose changes are the session's, and the statement runner
/// keeps the state of running statements.
@Suite struct CommandScopeTests {
    /// The scope a command declares, by name.
    private func scopeName<Command: MetaCommand>(of command: Command) -> String {
        String(describing: Command.Scope.self)
    }

    private func commands(taking scope: String) -> Set<String> {
        Set(CommandRegistry.standard.commands.filter { scopeName(of: $0) == scope }.map(\.name))
    }

    @Test func only_the_commands_that_coordinate_the_session_take_it_whole() {
        // Adding one here is a decision: most commands need a narrower view.
        #expect(commands(taking: "Session") == [
            "edit", "help", "import", "log", "migrate", "migrations", "open", "query", "quit", "read", "shell", "show", "trace",
        ])
    }

    @Test func each_command_takes_the_view_of_what_it_touches() {
        #expect(commands(taking: "SettingsScope").isSuperset(of: ["headers", "mode", "print", "width", "migrations-dir"]))
        #expect(commands(taking: "DatabaseScope").isSuperset(of: ["dump", "schema", "parameter", "sql", "backup", "sha3sum"]))
        #expect(commands(taking: "PaneScope").isSuperset(of: ["pin", "unpin", "why", "notify", "external"]))
        #expect(commands(taking: "OutputScope") == ["output", "once", "export"])
        let known: Set = ["SettingsScope", "DatabaseScope", "PaneScope", "OutputScope", "Session"]
        for command in CommandRegistry.standard.commands {
            #expect(known.contains(scopeName(of: command)), ".\(command.name)")
        }
    }

    @Test func a_scope_changes_and_writes_to_the_session_it_views() throws {
        let test = try TestSession()
        let scope = SettingsScope.scope(of: test.session)
        scope.settings.showHeaders = true
        #expect(test.session.settings.showHeaders)
        scope.output.append("x\n")
        scope.warn("careful")
        #expect(test.output.text == "x\n")
        #expect(test.errorText.contains("careful"))
        #expect(test.session.errorCount == 0)
    }

    @Test func an_output_scope_redirects_the_results_of_the_session() throws {
        let test = try TestSession()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scope-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try OutputScope.scope(of: test.session).outputs.redirect(to: path, once: false)
        #expect(test.run("select 7;") == "")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "7\n")
    }

    @Test func the_statement_runner_says_when_a_parameter_changes_and_forgets_a_deferred_open() throws {
        let runner = StatementRunner(connection: try DatabaseConnection(OpenOptions(path: ":memory:")))
        var changes: [Int] = []
        runner.parametersDidChange = { changes.append($0.sortedEntries.count) }
        runner.parameters.set(":x", to: 1.databaseValue)
        runner.parameters.set(":y", to: 2.databaseValue)
        #expect(changes == [1, 2])

        runner.deferredOpen = OpenOptions(path: "locked.db")
        runner.replaceConnection(try DatabaseConnection(OpenOptions(path: ":memory:")))
        #expect(runner.deferredOpen == nil)
    }
}
