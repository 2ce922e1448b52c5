import Foundation
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
}
