import GRDB
import GRDBSQLite

/// The state of one import while it runs: counts, the progress bar, the statement.
struct ImportRun {
    let scope: TaskScope
    let options: ImportOptions
    let reader: DelimitedReader
    var outcome = CSVImporter.Outcome()
    var progress: ImportProgress?

    init(scope: TaskScope, options: ImportOptions, reader: DelimitedReader) {
        self.scope = scope
        self.options = options
        self.reader = reader
        if scope.environment.isInteractive {
            progress = ImportProgress(name: options.path, totalBytes: reader.fileSize,
                                      width: scope.environment.terminalWidth() ?? 80,
                                      delay: scope.environment.progressDelay)
        }
    }

    mutating func importRecords(_ db: Database, record: inout DelimitedRecord) throws {
        var columnCount = try db.importColumnCount(table: options.table, schema: options.schema)
        if columnCount == 0 {
            columnCount = try createTable(db, record: &record)
        }
        let placeholders = Array(repeating: "?", count: columnCount).joined(separator: ",")
        let statement = try db.makeStatement(sql: "INSERT INTO \(options.qualifiedTable) VALUES(\(placeholders))")
        statement.setUncheckedArguments(StatementArguments())
        var rowsSinceProgress = 0
        while try readRecord(&record) {
            if let problem = problem(with: record, columnCount: columnCount) {
                try badRow(record.line, problem)
                continue
            }
            // As in sqlite3, ascii mode skips a record whose first field is empty.
            if !reader.quoting && record.range(ofField: 0).isEmpty { continue }
            if record.fieldCount != columnCount {
                // As sqlite3: a short row (a blank line too) is filled with NULL, a long
                // one loses its extra fields, and either is said on stderr in its words.
                let remedy = record.fieldCount < columnCount ? "filling the rest with NULL" : "extras ignored"
                scope.warn("\(options.path):\(record.line): expected \(columnCount) columns but found \(record.fieldCount) - \(remedy)")
            }
            do {
                try insert(record, with: statement, columnCount: columnCount)
                outcome.importedRows += 1
            } catch let error as DatabaseError where error.resultCode != .SQLITE_INTERRUPT {
                try stopIfFatal(error, line: record.line, db: db)
                try badRow(record.line, Diagnostic(converting: error).message)
            }
            rowsSinceProgress += 1
            if rowsSinceProgress == CSVImporter.progressStride {
                rowsSinceProgress = 0
                // Ctrl-C between rows: no statement runs for sqlite3_interrupt to stop.
                if scope.stopRequest.reason != nil {
                    throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted")
                }
                let rows = outcome.importedRows, bytes = reader.bytesConsumed
                if let line = progress?.update(rows: rows, bytes: bytes) {
                    scope.showProgress(line)
                }
            }
        }
    }

    /// Creates the table from the header row; returns its column count.
    private mutating func createTable(_ db: Database, record: inout DelimitedRecord) throws -> Int {
        guard try readRecord(&record), !record.isBlankLine else {
            throw Diagnostic(".import: \(options.path) has no header row to name the columns of \(options.table)",
                             hint: "create the table first to import a file without a header")
        }
        if let problem = problem(with: record, columnCount: record.fieldCount) {
            throw Diagnostic("\(options.path):\(record.line): header row: \(problem)")
        }
        let table = ImportTable(header: record.fields)
        try db.execute(sql: table.createStatement(for: options.qualifiedTable))
        outcome.createdTable = true
        if !table.renamed.isEmpty {
            scope.warn("columns renamed by .import of \(options.path), as their names repeat: "
                         + table.renamed.map { "\"\($0.from)\" to \"\($0.to)\"" }.joined(separator: ", "))
        }
        return table.columns.count
    }

    /// Why a record can't be a row, or nil when it can. Blank lines are skipped silently
    /// when the table has more than one column (there, they can't be a row).
    private func problem(with record: DelimitedRecord, columnCount: Int) -> String? {
        if let line = record.unterminatedQuoteLine {
            return "a quoted field opened on line \(line) is never closed (it ran to the end of the file)"
        }
        return record.bytes.withUnsafeBufferPointer { bytes in
            for field in 0..<min(record.fieldCount, columnCount) {
                let range = record.range(ofField: field)
                if let offset = UTF8Check.firstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[range])) {
                    let byte = bytes[range.lowerBound + offset]
                    return "column \(field + 1) is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset))"
                }
            }
            return nil
        }
    }

    /// Stops the import at an error no later row can escape: the database refuses writes
    /// (read-only, full, an I/O error, corrupt, locked) or SQLite rolled the transaction
    /// back. Going on would report every remaining row of a large file as bad.
    private func stopIfFatal(_ error: DatabaseError, line: Int, db: Database) throws {
        let rowLevel: [ResultCode] = [.SQLITE_CONSTRAINT, .SQLITE_MISMATCH, .SQLITE_TOOBIG, .SQLITE_RANGE, .SQLITE_ERROR]
        guard !rowLevel.contains(error.resultCode) || !db.isInsideTransaction else { return }
        let message = Diagnostic(converting: error).message
        throw Diagnostic("\(options.path):\(line): \(message); the import stopped there and nothing was imported",
                         kind: .sqlite(error.extendedResultCode))
    }

    /// Reads the next record, warning in sqlite3's words about each quote it kept as text.
    private mutating func readRecord(_ record: inout DelimitedRecord) throws -> Bool {
        guard try reader.read(into: &record) else { return false }
        if !record.unescapedQuoteLines.isEmpty { eraseProgress() }
        for line in record.unescapedQuoteLines {
            scope.warn("\(options.path):\(line): unescaped \" character")
        }
        return true
    }

    /// Reports a bad row: stops the import with `.bail on`, else warns (the first few) and counts.
    private mutating func badRow(_ line: Int, _ problem: String) throws {
        if scope.settings.bail {
            throw Diagnostic("\(options.path):\(line): \(problem); nothing was imported (.bail is on)")
        }
        outcome.badRows += 1
        if outcome.badRows <= CSVImporter.reportedBadRows {
            eraseProgress()
            scope.warn("\(options.path):\(line): \(problem); row skipped")
        }
    }

    /// Binds the record's fields as text, straight from the reader's buffer, and inserts it.
    private func insert(_ record: DelimitedRecord, with statement: Statement, columnCount: Int) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for missing in record.fieldCount..<max(record.fieldCount, columnCount) {
            sqlite3_bind_null(handle, Int32(missing + 1))
        }
        try record.bytes.withUnsafeBufferPointer { bytes in
            for field in 0..<min(record.fieldCount, columnCount) {
                let range = record.range(ofField: field)
                let index = Int32(field + 1)
                guard let base = bytes.baseAddress, !range.isEmpty else {
                    sqlite3_bind_text(handle, index, "", 0, SQLiteDestructor.transient)
                    continue
                }
                let text = UnsafeRawPointer(base + range.lowerBound).assumingMemoryBound(to: CChar.self)
                sqlite3_bind_text(handle, index, text, Int32(range.count), SQLiteDestructor.static)
            }
            try statement.execute()
        }
    }

    mutating func eraseProgress() {
        if progress?.erase() == true {
            scope.showProgress(nil)
        }
    }
}

extension Database {
    /// The columns an INSERT without a column list fills (generated columns excluded), or 0
    /// when the table does not exist.
    fileprivate func importColumnCount(table: String, schema: String?) throws -> Int {
        try Int.fetchOne(self, sql: "SELECT count(*) FROM pragma_table_info(?, ?)", arguments: [table, schema ?? "main"]) ?? 0
    }
}
