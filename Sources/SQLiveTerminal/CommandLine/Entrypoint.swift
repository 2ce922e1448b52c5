import ArgumentParser
import Foundation
import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// The whole `sqlive` command, for the executable's `main.swift` to call: parses the
/// arguments, runs, and exits with the status.
///
///     SQLiveEntrypoint.main()
///
/// Wrong options exit with status 2 (sqlite3's convention and the shell's), not
/// ArgumentParser's 64; help and version still exit 0.
public enum SQLiveEntrypoint {
    public static func main() -> Never {
        // The usual short command lines skip ArgumentParser's reflection, most of the
        // start-up, and the sqlite3 spellings (which they never use).
        let given = arguments
        if let options = QuickArguments.parse(given) {
            Launcher(options: options).runAndExit()
        }
        let arguments: [String]
        do {
            arguments = try SQLite3Options.rewrite(given)
        } catch {
            failWithUsage(error.message)
        }
        // sqlite3's spellings of the same flags (`sqlive -batch db < script`, as scripts
        // written for sqlite3 run it): ArgumentParser's reflection cost 11M instructions,
        // three times the rest of the start-up.
        if let options = QuickArguments.parse(arguments) {
            Launcher(options: options).runAndExit()
        }

        do {
            var command = try SQLive.parseAsRoot(arguments)
            try command.run()
            Glibc.exit(0)
        } catch let exit as ExitCode {
            Glibc.exit(exit.rawValue)
        } catch {
            let code = SQLive.exitCode(for: error)
            if code == .success {
                SQLive.exit(withError: error)
            }
            failWithUsage(SQLive.message(for: error))
        }
    }

    /// The arguments after the program's name, with the bytes that are not UTF-8 kept
    /// (``RawBytes``): `CommandLine.arguments` makes each U+FFFD, and a file named
    /// `caf\xe9.db` would be another file.
    static var arguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            let length = strlen(argument)
            return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
                RawBytes.text(from: UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }

    /// Wrong options: the one printer's usage error, and status 2.
    private static func failWithUsage(_ message: String) -> Never {
        let facts = TerminalFacts.probe(environment: SessionEnvironment.processVariables)
        FileHandleWriter.standardError(facts.diagnosticPrinter.render(.commandLineUsage(message)))
        Glibc.exit(2)
    }
}
