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
        "schema": "TaskScope", "separator": "SettingsScope", "sha3sum": "DatabaseScope", "shell": "SessionControl",
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

    /// Every scope a command can run in, built from one session's parts.
    private static func allScopes(of parts: SessionParts) -> [any CommandScope] {
        [SettingsScope.scope(of: parts), StatusScope.scope(of: parts), HelpScope.scope(of: parts),
         TraceScope.scope(of: parts), PaneScope.scope(of: parts), DatabaseScope.scope(of: parts),
         TaskScope.scope(of: parts), OutputScope.scope(of: parts), SessionControl.scope(of: parts)]
    }

    /// What each scope holds, by the names of its stored parts.
    @Test func a_scope_holds_the_parts_of_its_capabilities() throws {
        let test = try TestSession()
        let expected: [String: [String]] = [
            "SettingsScope": ["output", "diagnostics", "store"],
            "StatusScope": ["settings", "outputName", "connection", "externalInterval", "paneLayout", "tracesEvents",
                            "isInteractive", "output", "diagnostics"],
            "HelpScope": ["commands", "output", "terminalWidth", "diagnostics"],
            "TraceScope": ["output", "thread", "files", "diagnostics", "stopRequest", "outputs", "statements"],
            "PaneScope": ["paneBoard", "output", "connection", "diagnostics", "printer", "environment"],
            "DatabaseScope": ["statements", "output", "diagnostics", "store", "executor"],
            "TaskScope": ["database", "stopRequest", "environment", "outputs"],
            "OutputScope": ["outputs", "diagnostics", "database", "files"],
            "SessionControl": ["database", "environment", "files", "stopRequest", "statements", "diagnostics", "coordinator"],
        ]
        for scope in Self.allScopes(of: test.session.parts) {
            let name = String(describing: type(of: scope))
            #expect(Mirror(reflecting: scope).children.map { $0.label ?? "" } == expected[name], "\(name)")
        }
    }

    /// Following every stored reference from each scope (into the executor, the statement
    /// runner, the pane board, the connection…), the session is reached once: from
    /// `SessionControl`'s coordinator. The query executor a `DatabaseScope` runs statements
    /// through is its own object, not the session.
    @Test func no_scope_reaches_the_session_but_session_control_through_its_coordinator() throws {
        let test = try TestSession()
        // The pane board and the executor exist once the session has run something.
        #expect(test.run("select 1;") == "1\n")
        var paths: [String] = []
        for scope in Self.allScopes(of: test.session.parts) {
            var visited: Set<ObjectIdentifier> = []
            paths += SessionReach.paths(to: test.session, from: scope, named: String(describing: type(of: scope)),
                                        visited: &visited)
        }
        #expect(paths == ["SessionControl.coordinator"])
        let executor = Mirror(reflecting: DatabaseScope.scope(of: test.session.parts)).children.first { $0.label == "executor" }
        #expect(executor?.value is SQLExecutor)
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

/// The paths of stored properties along which a value reaches an object.
private enum SessionReach {
    static func paths(to target: AnyObject, from value: Any, named path: String, visited: inout Set<ObjectIdentifier>,
                      depth: Int = 0) -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            let object = value as AnyObject
            if object === target { return [path] }
            guard visited.insert(ObjectIdentifier(object)).inserted else { return [] }
        }
        // Deep enough for the session's parts; GRDB's internals below them hold no session.
        guard depth < 12 else { return [] }
        var found: [String] = []
        var current: Mirror? = mirror
        while let level = current {
            for (index, child) in level.children.enumerated() {
                found += paths(to: target, from: child.value, named: "\(path).\(child.label ?? String(index))",
                               visited: &visited, depth: depth + 1)
            }
            current = level.superclassMirror
        }
        return found
    }
}
