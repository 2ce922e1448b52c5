import CSQLiteShim
import Synchronization

/// sqlite3's `.log`: SQLite's error log, every error and warning SQLite reports through
/// `sqlite3_log` (a failed statement, an automatic index, a WAL file recovered), written as
/// `(CODE) MESSAGE` lines to standard output, standard error or a file.
///
///     .log stdout
///     select * from nosuch;   -- prints "(1) no such table: nosuch in "select * from nosuch;""
///
/// The log is one for the process (SQLite's `SQLITE_CONFIG_LOG`, installed by the C shim
/// when the process is loaded); ``shared`` says where it goes now.
final class SQLiteErrorLog: Sendable {
    /// Sendable by construction, not by type: a `.session` writer is called only on its
    /// session's thread (checked before each call), and a file is written under the lock.
    enum Destination: @unchecked Sendable {
        /// The session's results or its standard error, in order with what the session
        /// writes: messages from the session's own thread only, since the panes' connections
        /// log from theirs while the line editor has the screen.
        case session(write: (String) -> Void, thread: ThreadConfinement)
        /// A file: the messages from the session's own thread, like `.session`. sqlite3 logs
        /// its one connection; sqlive's panes read on connections of their own, on other
        /// threads, and their errors show in their blocks (a pane on a table not made yet
        /// logged "no such table" at every frame, and a reader reloading its schema
        /// "database schema has changed").
        case file(any OutputTarget, thread: ThreadConfinement)
    }

    static let shared = SQLiteErrorLog()

    private let destination = Mutex<Destination?>(nil)

    /// Sends the log to `destination` from now on; nil turns it off.
    func send(to destination: Destination?) {
        let isOn = destination != nil
        self.destination.withLock { $0 = destination }
        _ = sqlive_set_log_handler(isOn ? { code, message in
            SQLiteErrorLog.shared.write(code: code, message: message.map { String(cString: $0) } ?? "")
        } : nil)
    }

    /// Runs `body` with what SQLite logs on this thread left out of the log: for a
    /// statement compiled only to learn whether it compiles, and for what the panes run
    /// (their errors show in their blocks). Calls nest.
    static func muted<T>(_ body: () throws -> T) rethrows -> T {
        sqlive_mute_log_on_this_thread(1)
        defer { sqlive_mute_log_on_this_thread(0) }
        return try body()
    }

    private func write(code: Int32, message: String) {
        let line = "(\(code)) \(message)\n"
        destination.withLock { destination in
            switch destination {
            case .session(let write, let thread):
                if thread.isCurrentThread { write(line) }
            case .file(let target, let thread):
                guard thread.isCurrentThread else { return }
                var line = line
                line.withUTF8 { bytes in try? target.write(UnsafeRawBufferPointer(bytes)) }
            case nil:
                break
            }
        }
    }
}
