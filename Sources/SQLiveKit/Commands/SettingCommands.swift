/// The on/off settings: `.headers`, `.echo`, `.bail`, `.timer`, `.changes`. Each is its own
/// small command type; they share how an on/off argument is read and shown.
protocol ToggleCommand: MetaCommand {
    var setting: WritableKeyPath<Settings, Bool> { get }
}

extension ToggleCommand {
    var usage: String { "on|off" }
    var needsDatabase: Bool { false }

    func completions(after arguments: [String], prefix: String, in session: Session) -> [String] {
        arguments.isEmpty ? BooleanArgument.completions : []
    }

    func run(_ arguments: [String], in session: Session) throws(Diagnostic) {
        try expect(arguments, count: 0...1)
        guard let value = arguments.first else {
            session.output.append("\(name): \(session.settings[keyPath: setting] ? "on" : "off")\n")
            return
        }
        session.settings[keyPath: setting] = try BooleanArgument.parse(value, for: self)
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
