import Foundation
import Synchronization
import GRDB
import SQLiveTestSupport
import Testing
@testable import SQLiveKit

/// Looking at a database file without a lock must never drop the locks this process holds on
/// it: closing any descriptor of a file releases all the process's POSIX locks on it.
@Suite struct HeldFileReaderTests {
    @Test func reading_headers_keeps_the_process_locks_on_the_file() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("locked.db")
        let mine = try DatabaseQueue(path: path)
        try mine.write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        try mine.inDatabase { db in
            try db.execute(sql: "BEGIN")
            // A read: this connection holds a SHARED lock until the transaction ends.
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM t")
            for _ in 0..<3 {
                #expect(DatabaseFileHeader.read(path: path) != nil)
                #expect(FileFingerprint.take([path]) != nil)
            }
            // The SHARED lock still stands: another process cannot commit a write. (Had a
            // descriptor of the file been closed, its write would go through.)
            let write = try BinaryRunner.sqlite3([path], input: "INSERT INTO t VALUES (2);")
            #expect(write.stderr.contains("database is locked"), "\(write)")
            try db.execute(sql: "COMMIT")
        }
        #expect(try BinaryRunner.sqlite3([path], input: "INSERT INTO t VALUES (2); SELECT count(*) FROM t;").stdout == "2\n")
    }

    /// A database replaced by a FIFO (or a FIFO where a file was expected): the look gives
    /// nothing, at once. It used to block in `open` until a writer came, holding the
    /// watcher's lock, so that neither Ctrl-C nor SIGTERM could end sqlive.
    @Test func a_fifo_at_the_path_is_not_read_and_does_not_block() throws {
        let directory = try TemporaryFolder()
        let path = directory.path("app.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x)") }
        // Read once: the reader holds a descriptor of the real file.
        #expect(FileFingerprint.take([path]) != nil)
        let fifo = directory.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(rename(fifo, path) == 0)
        #expect(Self.returnsPromptly(unblocking: path) { DatabaseFileHeader.read(path: path) == nil })
        #expect(Self.returnsPromptly(unblocking: path) { FileFingerprint.take([path]) == nil })
        // A `-shm` file that is a FIFO, beside a WAL database.
        let wal = directory.path("wal.db")
        try DatabaseQueue(path: wal).writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode=WAL") }
        unlink(wal + "-shm")
        #expect(mkfifo(wal + "-shm", 0o600) == 0)
        #expect(Self.returnsPromptly(unblocking: wal + "-shm") { FileFingerprint.take([wal]) == nil })
    }

    /// Runs `look` on another thread; true when it returned true within 10 seconds. A look
    /// still blocked then is let go by opening the FIFO for writing, and the test fails.
    private static func returnsPromptly(unblocking fifo: String, _ look: @escaping @Sendable () -> Bool) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex(false)
        Thread.detachNewThread {
            let result = look()
            answer.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else {
            let writer = open(fifo, O_RDWR | O_NONBLOCK)
            _ = done.wait(timeout: .now() + 10)
            if writer >= 0 { close(writer) }
            return false
        }
        return answer.withLock { $0 }
    }
}
