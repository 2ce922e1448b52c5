/// The on/off settings: `.headers`, `.echo`, `.bail`, `.timer`, `.changes`. Each is its own
/// small command type; they share how an on/off argument is read and shown.
protocol ToggleCommand: MetaCommand where Scope == SettingsScope {
    var setting: WritableKeyPath<Settings, Bool> { get }
}

extension ToggleCommand {
    var usage: String { "on|off" }
    var needsDatabase: Bool { false }

    func completions(after arguments: [String], prefix: String, in scope: SettingsScope) -> [String] {
        arguments.isEmpty ? BooleanArgument.completions : []
    }

    /// As in sqlite3, exactly one argument: `.bail` alone is a usage error (scripts that
    /// rely on its status see the same), which also says what the setting is now.
    func run(_ arguments: [String], in scope: SettingsScope) throws(Diagnostic) {
        guard arguments.count == 1 else {
            let now = scope.settings[keyPath: setting] ? "on" : "off"
            throw Diagnostic(".\(name): expected on or off", hint: "usage: \(usageLine) (now \(now); .show lists every setting)")
        }
        scope.settings[keyPath: setting] = BooleanArgument.lenient(arguments[0], for: self, in: scope)
    }
}

struct HeadersCommand: ToggleCommand {
    let name = "headers"
    let summary = "show column names above results"
    var setting: WritableKeyPath<Settings, Bool> { \.showHeaders }
}

struct EchoCommand: ToggleCommand {
    let name = "echo"
    let summary = "print each command and statement before running it"
    var setting: WritableKeyPath<Settings, Bool> { \.echo }
}

struct BailCommand: ToggleCommand {
    let name = "bail"
    let summary = "stop a script at the first error"
    var setting: WritableKeyPath<Settings, Bool> { \.bail }
}

struct TimerCommand: ToggleCommand {
    let name = "timer"
    let summary = "print the time each statement took (real, user, sys)"
    var setting: WritableKeyPath<Settings, Bool> { \.timer }
}

struct ChangesCommand: ToggleCommand {
    let name = "changes"
    let summary = "print the number of rows each statement changed"
    var setting: WritableKeyPath<Settings, Bool> { \.changes }
}
