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
    /// rely on its status see the same).
    func parse(_ words: [String]) throws(Diagnostic) -> ToggleArguments {
        guard words.count == 1 else { throw Diagnostic(".\(name): expected on or off", hint: "usage: \(usageLine)") }
        return ToggleArguments(words[0])
    }

    /// The usage error also says what the setting is now.
    func explaining(_ usageError: Diagnostic, of words: [String], in scope: SettingsScope) -> Diagnostic {
        var diagnostic = usageError
        let now = scope.settings[keyPath: setting] ? "on" : "off"
        diagnostic.hint = "usage: \(usageLine) (now \(now); .show lists every setting)"
        return diagnostic
    }

    func run(_ arguments: ToggleArguments, in scope: SettingsScope) throws(Diagnostic) {
        scope.settings[keyPath: setting] = arguments.value(for: self, in: scope)
    }
}

/// An on/off word as sqlite3 reads a setting's argument: a number is on unless 0, `on`,
/// `yes`, `true` are on, `off`, `no`, `false` off, and anything else is off, with a warning
/// (not an error: sqlite3's scripts go on).
struct ToggleArguments: Equatable {
    let isOn: Bool
    /// The word when it was none of those: the command warns that it took it as off.
    let unreadable: String?

    init(_ word: String) {
        if let number = Int(word) {
            (isOn, unreadable) = (number != 0, nil)
            return
        }
        switch word.lowercased() {
        case "on", "yes", "true": (isOn, unreadable) = (true, nil)
        case "off", "no", "false": (isOn, unreadable) = (false, nil)
        default: (isOn, unreadable) = (false, word)
        }
    }

    /// The value, after warning about a word that was none of the above.
    func value(for command: some MetaCommand, in scope: some CommandScope) -> Bool {
        if let unreadable {
            scope.warn(".\(command.name): \(unreadable) is not on or off; taken as off, as sqlite3 takes it")
        }
        return isOn
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
