import Foundation
import Testing

/// One run through sqlite3 (the oracle) and sqlive, same arguments, input and folder: what
/// the compatibility suites check for each of their scripts.
public enum SQLite3Oracle {
    /// Expects the same stdout bytes from both, and both to succeed or both to fail (stderr
    /// is each program's own wording). Returns both results for further checks.
    @discardableResult
    public static func expectSameOutput(_ arguments: [String], input: Data, directory: String,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws -> (sqlite3: ProcessResult, sqlive: ProcessResult) {
        let expected = try BinaryRunner.run("/usr/bin/sqlite3", arguments, input: input, directory: directory)
        let actual = try BinaryRunner.run(BinaryRunner.sqlivePath, arguments, input: input, directory: directory)
        #expect(actual.stdout == expected.stdout, "--- sqlite3\n\(expected.stdout)--- sqlive\n\(actual.stdout)\(actual.stderr)",
                sourceLocation: sourceLocation)
        #expect((actual.status == 0) == (expected.status == 0), "sqlite3 \(expected.status), sqlive \(actual.status)",
                sourceLocation: sourceLocation)
        return (expected, actual)
    }
}
