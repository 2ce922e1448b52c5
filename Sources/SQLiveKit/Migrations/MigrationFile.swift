import Foundation

/// One migration file, `NNNN_name.sql`, read and split into statements.
///
/// The identifier GRDB records is the file's stem (`0003_add_index`); files sort by their
/// number (any count of digits, compared as a number), then by name.
///
///     let file = try MigrationFile(path: "migrations/0003_add_index.sql")
///     file.identifier   // "0003_add_index"
///     file.checksum     // the SHA-256 of the file's bytes, as `sha256sum` prints it
public struct MigrationFile: Sendable, Equatable {
    /// The file's stem: what `grdb_migrations` and the checksum table record.
    public let identifier: String
    /// The path as it will appear in messages (`migrations/0003_add_index.sql`).
    public let path: String
    public let order: MigrationOrder
    public let checksum: String
    /// The statements to run, each with the line where it starts.
    public let statements: [MigrationStatement]

    /// Reads and splits the file; a file that could not run whole is refused here, before
    /// any migration runs: unreadable, not UTF-8, a NUL byte (SQLite reads a statement only
    /// up to it, so the rest would silently not run), meta-commands, transaction
    /// statements, or a statement left unfinished at the end. A UTF-8 byte order mark at the
    /// start is skipped (editors on Windows write one); the checksum covers every byte.
    public init(path: String, order: MigrationOrder) throws(Diagnostic) {
        self.path = path
        self.order = order
        self.identifier = order.identifier
        // A FIFO or a device named like a migration would be read for ever.
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Diagnostic("migration \(path) is not a regular file", hint: "a migration is a text file of SQL")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic("cannot read migration \(path)")
        }
        let bytes = [UInt8](data)
        if let offset = bytes.firstIndex(of: 0) {
            throw Diagnostic("migration \(path) holds a NUL byte at byte offset \(offset): it is not a text file of SQL",
                             hint: "remove the NUL bytes (SQLite would ignore everything after the first one)")
        }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let textBytes = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
        guard let text = String(validating: textBytes, as: UTF8.self) else {
            throw Diagnostic("migration \(path) is not UTF-8 text", hint: "save it as UTF-8 and try again")
        }
        checksum = SHA256.hex(of: bytes)
        statements = try Self.split(text, path: path)
    }

    /// The statements of the file, as the input splitter sees a script.
    static func split(_ text: String, path: String) throws(Diagnostic) -> [MigrationStatement] {
        var splitter = InputSplitter(source: path)
        var units: [InputUnit] = []
        var lines = StringLineSource(text)
        while let line = lines.nextLine() {
            units += splitter.feed(line)
        }
        units += splitter.finish()
        return try units.map { unit throws(Diagnostic) in
            switch unit.kind {
            case .command:
                throw Diagnostic("meta-commands cannot run inside a migration: \(unit.text.firstLineSummary)",
                                 location: unit.location,
                                 hint: "a migration file holds SQL only; run meta-commands from a script instead")
            case .incompleteSQL:
                throw Diagnostic("the file ends inside a statement: \(unit.text.firstLineSummary)",
                                 location: unit.location, hint: "end the statement with ;")
            case .dsl:
                throw Diagnostic("not an SQL statement: \(unit.text.firstLineSummary)",
                                 location: unit.location,
                                 hint: "a migration file holds SQL only, and SQL statements start with a keyword such as CREATE")
            case .sql:
                if let action = TransactionStatement.action(of: unit.text) {
                    throw Diagnostic("\(action) cannot run inside a migration: \(unit.text.firstLineSummary)",
                                     location: unit.location,
                                     hint: "each migration already runs in its own transaction: remove BEGIN, COMMIT, END and ROLLBACK")
                }
                do throws(Diagnostic) {
                    try SafeStatementCheck.check(unit.text, safe: false)
                } catch {
                    throw Diagnostic(error.message, location: unit.location, hint: error.hint)
                }
                return MigrationStatement(sql: unit.text, line: unit.location.line)
            }
        }
    }
}
