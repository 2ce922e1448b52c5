import GRDB
import Testing
@testable import SQLiveKit

/// The board reads an in-memory database's schema cookie from its image after every statement
/// (``DatabaseFileHeader/schemaCookie(ofImage:connection:)``): it must read what
/// `PRAGMA schema_version` reads, after every kind of statement that moves it.
@Suite struct MemorySchemaCookieTests {
    @Test func the_image_s_cookie_is_what_pragma_schema_version_reads() throws {
        var configuration = Configuration()
        configuration.label = "cookie"
        let queue = try DatabaseQueue(path: "file:/sqlive-cookie-test-\(UInt32.random(in: 0...UInt32.max))?vfs=memdb",
                                      configuration: configuration)
        let steps = [
            "SELECT 1",  // an image still empty
            "CREATE TABLE t(id INTEGER PRIMARY KEY, x)",
            "INSERT INTO t(x) VALUES (1)",
            "CREATE INDEX tx ON t(x)",
            "BEGIN; CREATE TABLE u(y); ROLLBACK",
            "ALTER TABLE t ADD COLUMN z",
            "DROP INDEX tx",
            "PRAGMA schema_version = 1000",
            "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = sql WHERE name = 't'; PRAGMA writable_schema = OFF",
            "VACUUM",
        ]
        var seen: [Int] = []
        try queue.inDatabase { db in
            for sql in steps {
                try db.execute(sql: sql)
                let expected = try Int.fetchOne(db, sql: "PRAGMA main.schema_version")
                let read = db.sqliteConnection.flatMap { DatabaseFileHeader.schemaCookie(ofImage: "main", connection: $0) }
                #expect(read.map(Int.init) == expected, "after \(sql)")
                seen.append(expected ?? -1)
            }
        }
        // The cookie did move along the way (the test would prove nothing otherwise).
        #expect(Set(seen).count >= 6, "\(seen)")
    }
}
