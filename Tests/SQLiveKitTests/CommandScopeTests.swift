import Foundation
import Testing
@testable import SQLiveKit

/// The parts of a session and the scopes commands run in: each command's type names what it
/// can touch, a scope holds the session's parts (never the session) and its changes are the
/// session's, and the statement runner keeps the state of running statements.
@Suite struct CommandScopeTests {
    /// The scope a command declares, by name.
    private func scopeName<Command: MetaCommand>(of command: Command) -> String {
        String(describing: Command.Scope.self)
    }

    private func commands(taking scope: String) -> Set<String> {
        Set(CommandRegistry.standard.commands.filter { scopeName(of: $0) == scope }.map(\.name))
    }

    /// Every registered command and the scope it declares: adding a command, or moving one to
    /// a wider scope, is a decision this list records.
    static let scopes: [String: String] = [
        "backup": "DatabaseScope", "bail": "SettingsScope", "changes": "SettingsScope", "chart": "DatabaseScope",
        "clone": "DatabaseScope", "databases": "DatabaseScope", "dump": "DatabaseScope", "echo": "SettingsScope",
        "edit": "SessionControl", "eqp": "SettingsScope", "events": "PaneScope", "explain": "DatabaseScope",
        "export": "OutputScope", "external": "PaneScope", "fullschema": "DatabaseScope", "headers": "SettingsScope",
        "help": "HelpScope", "impact": "PaneScope", "import": "TaskScope", "indexes": "DatabaseScope",
        "layout": "PaneScope", "lint": "DatabaseScope", "load": "DatabaseScope", "log": "TraceScope",
        "migrate": "TaskScope", "migrations": "TaskScope", "migrations-dir": "SettingsScope", "mode": "SettingsScope",
        "notify": "PaneScope", "nullvalue": "SettingsScope", "once": "OutputScope", "open": "SessionControl",
        "output": "OutputScope", "pager": "SettingsScope", "pane": "PaneScope", "panes": "PaneScope",
        "parameter": "DatabaseScope", "pause": "PaneScope", "pin": "PaneScope", "print": "SettingsScope",
        "prompt": "SettingsScope", "query": "SessionControl", "quit": "SessionControl", "read": "SessionControl",
        "refresh": "PaneScope", "region": "PaneScope", "restore": "DatabaseScope", "resume": "PaneScope",
        "schema": "DatabaseScope", "separator": "SettingsScope", "sha3sum": "DatabaseScope", "shell": "SessionControl",
        "show": "StatusScope", "sql": "DatabaseScope", "stats": "SettingsScope", "tables": "DatabaseScope",
        "timeout": "DatabaseScope", "timer": "SettingsScope", "trace": "TraceScope", "unpin": "PaneScope",
        "why": "PaneScope", "width": "SettingsScope",
    ]

    /// What each scope lets its commands touch.
    static let capabilities: [String: [Capability]] = [
        "SettingsScope": [.diagnostics, .output, .readSettings, .settings],
        "StatusScope": [.diagnostics, .output, .readSettings],
        "HelpScope": [.commandList, .diagnostics, .output],
        "TraceScope": [.diagnostics, .files, .output, .tracing],
        "PaneScope": [.diagnostics, .output, .panes],
        "DatabaseScope": [.database, .diagnostics, .output, .readSettings, .settings],
        "TaskScope": [.database, .diagnostics, .output, .progress, .readSettings, .settings],
        "OutputScope": [.database, .diagnostics, .files, .output, .readSettings, .redirection, .settings],
        "SessionControl": [.database, .diagnostics, .files, .output, .readSettings, .sessionControl, .settings],
    ]

    private func capabilities<Command: MetaCommand>(of command: Command) -> [Capability] {
        Command.Scope.capabilities.sorted()
    }

    @Test func each_registered_command_takes_the_scope_listed_for_it() {
        let actual = Dictionary(uniqueKeysWithValues: CommandRegistry.standard.commands.map { ($0.name, scopeName(of: $0)) })
        #expect(actual == Self.scopes)
    }

    @Test func each_command_can_touch_only_the_capabilities_of_its_scope() {
        for command in CommandRegistry.standard.commands {
            let scope = scopeName(of: command)
            #expect(capabilities(of: command) == Self.capabilities[scope], ".\(command.name) in \(scope)")
        }
        // Only the coordinating commands may replace the connection, run scripts or quit.
        let coordinating = CommandRegistry.standard.commands.filter { capabilities(of: $0).contains(.sessionControl) }
        #expect(Set(coordinating.map(\.name)) == ["edit", "open", "query", "quit", "read", "shell"])
        // A command that only changes settings cannot reach the database, the panes or the session.
        let settingsOnly = commands(taking: "SettingsScope").union(commands(taking: "StatusScope"))
        for command in CommandRegistry.standard.commands where settingsOnly.contains(command.name) {
            #expect(capabilities(of: command).allSatisfy { ![.database, .panes, .sessionControl].contains($0) }, ".\(command.name)")
        }
    }

    /// What each scope holds, by the names of its stored parts: none is the session, but for
    /// the two protocols through which a scope reaches what only the session does (running a
    /// query in the current mode; the coordination of `SessionControl`).
    @Test func a_scope_holds_the_parts_of_its_capabilities_and_not_the_session() throws {
        let test = try TestSession()
        let parts = test.session.parts
        let scopes: [(any CommandScope, [String])] = [
            (SettingsScope.scope(of: parts), ["output", "diagnostics", "store"]),
            (StatusScope.scope(of: parts), ["settings", "outputName", "connection", "externalInterval", "paneLayout",
                                            "tracesEvents", "isInteractive", "output", "diagnostics"]),
            (HelpScope.scope(of: parts), ["commands", "output", "terminalWidth", "diagnostics"]),
            (TraceScope.scope(of: parts), ["output", "thread", "files", "diagnostics", "outputs", "statements"]),
            (PaneScope.scope(of: parts), ["paneBoard", "output", "connection", "diagnostics", "printer", "environment"]),
            (DatabaseScope.scope(of: parts), ["statements", "output", "diagnostics", "store", "executor"]),
            (TaskScope.scope(of: parts), ["database", "stopRequest", "environment", "outputs"]),
            (OutputScope.scope(of: parts), ["outputs", "diagnostics", "database", "files"]),
            (SessionControl.scope(of: parts), ["database", "environment", "files", "statements", "diagnostics", "coordinator"]),
        ]
        let throughProtocols: Set = ["executor", "coordinator"]
        for (scope, expected) in scopes {
            let children = Mirror(reflecting: scope).children
            #expect(children.map { $0.label ?? "" } == expected, "\(type(of: scope))")
            for child in children where (child.value as AnyObject) === test.session {
                #expect(throughProtocols.contains(child.label ?? ""), "\(type(of: scope)).\(child.label ?? "")")
            }
        }
    }

    /// The commands, the importer, the migration runner and completion name no `Session`:
    /// what they touch is in their scope's type.
    @Test func no_command_importer_migration_runner_or_completion_source_names_the_session() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let allowed = "Commands/Scopes/SessionParts.swift"
        let mentionsSession = try Regex(#"\bSession\b(?!Control|Parts|Environment|Coordinator)|\bsession\.[a-z]"#)
        var offenders: [String] = []
        for folder in ["Commands", "Import", "Migrations", "Completion"] {
            let base = root.appendingPathComponent("Sources/SQLiveKit/\(folder)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(folder)")
            for file in files where "\(folder)/\(file)" != allowed {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Comments may speak of the session; code may not name it.
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    if code.contains(mentionsSession) { offenders.append("\(folder)/\(file):\(number + 1)") }
                }
            }
        }
        #expect(offenders == [])
    }

    @Test func a_scope_changes_and_writes_to_the_session_it_views() throws {
        let test = try TestSession()
        let scope = SettingsScope.scope(of: test.session.parts)
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
        try OutputScope.scope(of: test.session.parts).outputs.redirect(to: path, once: false)
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
