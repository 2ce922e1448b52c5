import GRDB
import GRDBSQLite

/// Runs one `.import`: reads the file record by record and inserts each into the table, in
/// one transaction with one prepared statement.
///
/// A table that does not exist is created from the header row (see ``ImportTable``); an
/// existing table takes every row as data. A bad row (wrong number of fields, invalid
/// UTF-8, a quote never closed, a row SQLite refuses) is reported with its line; with
/// `.bail on` it stops the import and nothing is imported, otherwise it is skipped and
/// counted. On a terminal, a progress bar shows once the import takes a second.
struct CSVImporter {
    let scope: TaskScope
    let options: ImportOptions

    /// Bad rows reported one by one; past this, only counted.
    static let reportedBadRows = 10
    /// How often (in rows) the progress bar is asked whether to redraw.
    static let progressStride = 4096

    /// What happened, for the summary line.
    struct Outcome {
        var importedRows = 0
        var badRows = 0
        var createdTable = false
    }

    func run() throws(Diagnostic) -> Outcome {
        let separators = try options.separators(settings: scope.settings)
        // sqlite3's ascii mode: quotes are data.
        let ascii = options.isASCII(settings: scope.settings)
        let reader = options.path.hasPrefix("|")
            ? try DelimitedReader(command: String(options.path.dropFirst()), separator: separators.field,
                                  recordSeparator: separators.record, quoting: !ascii)
            : try DelimitedReader(path: options.path, separator: separators.field, recordSeparator: separators.record, quoting: !ascii)
        var record = DelimitedRecord()
        for _ in 0..<options.skip {
            guard try reader.read(into: &record) else { break }
        }
        var run = ImportRun(scope: scope, options: options, reader: reader)
        defer { run.eraseProgress() }
        do {
            try scope.connection.queue.inDatabase { db in
                try db.inSavepoint {
                    try run.importRecords(db, record: &record)
                    return .commit
                }
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            var diagnostic = Diagnostic(converting: error)
            switch diagnostic.kind {
            case .interrupted: diagnostic.message = ".import \(options.path) interrupted; nothing was imported"
            case .sqlite: diagnostic.message = ".import \(options.path): \(diagnostic.message); nothing was imported"
            default: diagnostic = diagnostic.prefixed(".import \(options.path): ")
            }
            throw diagnostic
        }
        return run.outcome
    }
}
