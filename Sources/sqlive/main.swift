import ArgumentParser
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

// The usual short command lines skip ArgumentParser's reflection, most of the start-up, and
// the sqlite3 spellings (which they never use).
if let options = QuickArguments.parse(Array(CommandLine.arguments.dropFirst())) {
    Glibc.exit(Launcher(options: options).run())
}

// Wrong options exit with status 2 (sqlite3's convention and the shell's), not
// ArgumentParser's 64; help and version still exit 0.
let arguments: [String]
do {
    arguments = try SQLite3Options.rewrite(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandleWriter.standardError("error: \(error.message)\nTry 'sqlive --help' for the options.\n")
    Glibc.exit(2)
}

do {
    var command = try SQLive.parseAsRoot(arguments)
    try command.run()
} catch let exit as ExitCode {
    Glibc.exit(exit.rawValue)
} catch {
    let code = SQLive.exitCode(for: error)
    if code == .success {
        SQLive.exit(withError: error)
    }
    let message = SQLive.message(for: error)
    FileHandleWriter.standardError("error: \(message)\nTry 'sqlive --help' for the options.\n")
    Glibc.exit(2)
}
