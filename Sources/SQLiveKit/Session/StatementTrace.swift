import Foundation
import GRDB
import GRDBSQLite

/// sqlite3's `.trace`: the SQL of every statement SQLite starts, the session's and the
/// ones sqlive runs for it, one per line and ended with `;`, written to standard output,
/// standard error or a file.
///
///     .trace stdout
///     select 1;        -- prints "select 1;" then "1"
///
/// It is SQLite's own trace hook (`sqlite3_trace_v2`), not GRDB's `Database.trace`, whose
/// statements come trimmed: sqlite3 keeps what precedes the final `;` (a comment, a line
/// break), and so must the trace. The hook's context is this object, unretained: the
/// statement runner keeps it (``StatementRunner/statementTrace``) for as long as it is installed.
final class StatementTrace {
    enum Destination {
        /// The session's output, in order with the results.
        case output(OutputBuffer)
        /// Standard error, or a file. `showsControlCharacters` for standard error on a
        /// terminal: a trigger's SQL, which the trace prints, comes from the file.
        case target(any OutputTarget, showsControlCharacters: Bool)
    }

    let destination: Destination
    /// `--expanded`: bound parameters shown as their values.
    let expandsParameters: Bool
    /// The connection's mute: set when the trace is installed on it.
    fileprivate var mute: TraceMute?

    init(destination: Destination, expandsParameters: Bool) {
        self.destination = destination
        self.expandsParameters = expandsParameters
    }

    /// Writes the line for one statement, as sqlite3 does: its SQL from its first
    /// non-blank character (the input splitter keeps the blanks between statements of a
    /// line; sqlite3 skips them before compiling) without trailing `;`s, then `;` and a
    /// newline.
    ///
    /// `text` is what SQLite hands the hook: the statement's SQL, or for what runs inside
    /// another statement (a trigger, a table-valued pragma) a `-- ` comment, which sqlite3
    /// prints as is (`-- TRIGGER audit`, then `-- INSERT INTO log …`).
    fileprivate func write(_ statement: OpaquePointer, text: UnsafePointer<CChar>?) {
        if mute?.isMuted == true { return }
        var sql: String
        if let text, strncmp(text, "-- ", 3) == 0 {
            sql = String(cString: text)
        } else if expandsParameters {
            guard let expanded = sqlite3_expanded_sql(statement) else { return }
            defer { sqlite3_free(expanded) }
            sql = String(cString: expanded)
        } else {
            guard let text = sqlite3_sql(statement) else { return }
            sql = String(cString: text)
        }
        while sql.last == ";" { sql.removeLast() }
        if let start = sql.firstIndex(where: { !$0.isWhitespace }) { sql = String(sql[start...]) }
        let line = sql + ";\n"
        switch destination {
        case .output(let output):
            output.append(line)
        case .target(let target, let showsControlCharacters):
            var line = showsControlCharacters ? VisibleControlCharacters.of(line) : line
            line.withUTF8 { bytes in try? target.write(UnsafeRawBufferPointer(bytes)) }
        }
    }
}

extension StatementRunner {
    /// Installs ``statementTrace`` on the connection, or removes the hook when it is nil
    /// (`.trace`, and again after `.open`).
    func installStatementTrace() {
        statementTrace?.mute = connection.traceMute
        let context = statementTrace.map { Unmanaged.passUnretained($0).toOpaque() }
        try? withDatabase { db in
            guard let context else {
                sqlite3_trace_v2(db.sqliteConnection, 0, nil, nil)
                return
            }
            sqlite3_trace_v2(db.sqliteConnection, UInt32(SQLITE_TRACE_STMT), { _, context, statement, text in
                guard let context, let statement else { return 0 }
                Unmanaged<StatementTrace>.fromOpaque(context).takeUnretainedValue()
                    .write(OpaquePointer(statement), text: text?.assumingMemoryBound(to: CChar.self))
                return 0
            }, context)
        }
    }
}
