import FuzzSupport
import SQLiveKit

/// Fuzzes meta-commands: the tokenizer, the registry's lookup by name, alias or prefix, and
/// each command's argument parsing and run, in a fresh `--safe` session per input (so no
/// input writes files, runs programs or opens databases). Every line of the input is made a
/// meta-command by a leading `.` if it has none.
///
/// Invariants: the tokenizer's words, quoted back, tokenize to the same words; a name the
/// registry resolves starts that command's name or one of its aliases (sqlite3 takes `.ex`
/// for `.exit`, an alias of `.quit`); and the
/// session survives every line, each failure reported on stderr.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).remainingText
    var script = ""
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        let line = String(Substring(line))
        checkTokenizer(line)
        script += line.drop { $0 == " " || $0 == "\t" }.hasPrefix(".") ? line : "." + line
        script += "\n"
    }
    let fuzz: FuzzSession
    do {
        fuzz = try FuzzSession(schema: FuzzSchema.sql)
    } catch {
        fuzzFail("cannot create the session: \(error)")
    }
    fuzz.run(script)
    fuzzCheck(fuzz.session.errorCount == 0 || !fuzz.errors.bytes.isEmpty, "a failure reported nothing")
    return 0
}

private func checkTokenizer(_ line: String) {
    let words = CommandLineTokenizer.words(line)
    let requoted = words.map(quoted).joined(separator: " ")
    fuzzCheck(CommandLineTokenizer.words(requoted) == words,
              "\(line.debugDescription) tokenizes to \(words), requoted \(requoted.debugDescription) to \(CommandLineTokenizer.words(requoted))")
    guard let first = words.first, first.hasPrefix(".") else { return }
    let typed = String(first.dropFirst()).lowercased()
    if let command = CommandRegistry.standard.command(named: typed) {
        fuzzCheck(([command.name] + command.aliases).contains { $0.hasPrefix(typed) },
                  ".\(typed) resolved to .\(command.name)")
    }
}

/// A word quoted so the tokenizer reads it back unchanged: '…' when it holds no `'`, else
/// "…" with `\` and `"` escaped.
private func quoted(_ word: String) -> String {
    // Scalars, not Characters: `'` and a combining mark after it are one Character.
    guard word.unicodeScalars.contains("'") else { return "'" + word + "'" }
    return "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
}
