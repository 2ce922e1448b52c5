import ArgumentParser
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

// Wrong options exit with status 2 (sqlite3's convention and the shell's), not
// ArgumentParser's 64; help and version still exit 0.
let arguments: [String]
do {
    arguments = try SQLite3Options.rewrite(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandleWriter.standardError("error: \(error.message)\nTry 'sqlive --help' for the options.\n")
    Glibc.exit(2)
}

// The usual short command lines skip ArgumentParser's reflection: most of the start-up.
if let options = QuickArguments.parse(arguments) {
    Glibc.exit(Launcher(options: options).run())
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
