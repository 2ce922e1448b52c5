import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

// Wrong options exit with status 2 (sqlite3's convention and the shell's), not
// ArgumentParser's 64; help and version still exit 0.
do {
    var command = try SQLive.parseAsRoot()
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
