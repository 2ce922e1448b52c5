import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// A hot rollback journal names a "super-journal" at its end, any path; after rolling the
/// journal back SQLite deletes that file (as the sqlite3 shell does). An untrusted database
/// shipped with a crafted `-journal` beside it deleted a file of the user's on its first read.
@Suite struct HotJournalTests {
    /// A database of one empty table with a hot journal beside it that restores nothing and
    /// names `victim` as its super-journal.
    static func databaseWithHostileJournal(in folder: TemporaryFolder, victim: String) throws -> String {
        let path = folder.path("evil.db")
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE t(a)") }
        try queue.close()
        let pageSize: UInt32 = 4096
        let pages = UInt32(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) / pageSize
        let magic: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
        func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        // Header: magic, no records, a checksum seed, the size to restore, sector and page sizes.
        var journal = magic + bigEndian(0) + bigEndian(0x1234) + bigEndian(pages) + bigEndian(512) + bigEndian(pageSize)
        journal += [UInt8](repeating: 0, count: 512 - journal.count)
        // Super-journal record: the lock-byte page's number, the name, its length and sum, magic.
        let name = Array(victim.utf8)
        journal += bigEndian(0x4000_0000 / pageSize + 1) + name
        journal += bigEndian(UInt32(name.count)) + bigEndian(name.reduce(0) { $0 &+ UInt32($1) }) + magic
        #expect(FileManager.default.createFile(atPath: path + "-journal", contents: Data(journal)))
        return path
    }

    @Test func a_hot_journal_cannot_delete_the_file_it_names() throws {
        #expect(DeleteGuard.isInstalled)
        let folder = try TemporaryFolder()
        let victim = folder.write("precious.txt", "precious\n")
        let test = try TestSession(path: try Self.databaseWithHostileJournal(in: folder, victim: victim))
        #expect(test.run("SELECT count(*) FROM t;") == "0\n")
        #expect(FileManager.default.contents(atPath: victim) == Data("precious\n".utf8))
        #expect(test.errorText == "warning: \(DeleteGuard.warning(refusing: victim))\n")
        // The journal was rolled back and is gone; the database works on.
        #expect(!FileManager.default.fileExists(atPath: folder.path("evil.db-journal")))
        #expect(test.run("INSERT INTO t VALUES (1); SELECT count(*) FROM t;") == "1\n")
        #expect(test.errorText == "")
    }

    /// A URI naming one of SQLite's unix VFSes (`vfs=unix-excl`, for a network file system)
    /// went around the guard, which wrapped only the default VFS: the victim was deleted
    /// (found by the session-20 attacker). Each is wrapped under its own name ("unix-dotfile"
    /// too; under its locking this journal is not taken for hot, so it is not in the list).
    @Test(arguments: ["unix", "unix-excl", "unix-none"])
    func a_hot_journal_cannot_delete_the_file_it_names_under_any_unix_vfs(_ vfs: String) throws {
        let folder = try TemporaryFolder()
        let victim = folder.write("precious.txt", "precious\n")
        let path = try Self.databaseWithHostileJournal(in: folder, victim: victim)
        let test = try TestSession(path: "file:\(path)?vfs=\(vfs)")
        #expect(test.run("SELECT count(*) FROM t;") == "0\n")
        #expect(FileManager.default.contents(atPath: victim) == Data("precious\n".utf8))
        #expect(test.errorText == "warning: \(DeleteGuard.warning(refusing: victim))\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("evil.db-journal")))
        #expect(test.run("INSERT INTO t VALUES (1); SELECT count(*) FROM t;") == "1\n")
    }

    /// The guard let SQLite delete the `-wal` or `-journal` of any database the process had
    /// opened, and a hot journal may name one as its super-journal: an app's database opened
    /// first (or followed), then a file someone sent, and the app's committed rows still in
    /// its `-wal` were gone (found by the session-19 attacker). A super-journal is deleted
    /// only when it is named as SQLite names super-journals.
    @Test(arguments: ["-wal", "-journal"])
    func a_hot_journal_cannot_delete_another_databases_journal(_ suffix: String) throws {
        let folder = try TemporaryFolder()
        let app = try DatabaseQueue(path: folder.path("app.db"))
        try app.writeWithoutTransaction { db in
            if suffix == "-wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
            } else {
                try db.execute(sql: "PRAGMA journal_mode = PERSIST")
            }
            try db.execute(sql: "CREATE TABLE orders(id INTEGER PRIMARY KEY); INSERT INTO orders DEFAULT VALUES")
        }
        let victim = folder.path("app.db") + suffix
        let before = try #require(FileManager.default.contents(atPath: victim))
        let test = try TestSession(path: try Self.databaseWithHostileJournal(in: folder, victim: victim))
        #expect(test.run("SELECT count(*) FROM t;") == "0\n")
        #expect(FileManager.default.contents(atPath: victim) == before)
        #expect(test.errorText == "warning: \(DeleteGuard.warning(refusing: victim))\n")
        #expect(try app.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM orders") } == 1)
        try app.close()
    }

    /// A crash in a commit to several databases leaves a super-journal named after the main
    /// one (`-mjHHHHHH9HH`); rolling a journal back still deletes it when no journal it lists
    /// is hot.
    @Test func a_super_journal_named_as_sqlite_names_them_is_still_deleted() throws {
        let folder = try TemporaryFolder()
        // It lists the journals of the commit, each name ended by a NUL; this one is gone.
        let superJournal = folder.write("evil.db-mj0A1B2C9D3", folder.path("other.db-journal") + "\u{0}")
        let test = try TestSession(path: try Self.databaseWithHostileJournal(in: folder, victim: superJournal))
        #expect(test.run("SELECT count(*) FROM t;") == "0\n")
        #expect(test.errorText == "")
        #expect(!FileManager.default.fileExists(atPath: superJournal))
    }

    /// A FIFO where SQLite expects a journal blocked `open()` for ever: `.open` and ATTACH of
    /// a database shipped with a `-journal` FIFO froze sqlive beyond the reach of signals.
    /// Run under `timeout`, so that a regression fails instead of hanging the tests.
    @Test func a_fifo_beside_a_database_is_never_opened() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("a.db")
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)") }
        try queue.close()
        #expect(mkfifo(path + "-journal", 0o600) == 0)
        for commands in [[".open \(path)", ".tables"], ["ATTACH '\(path)' AS x", "SELECT * FROM x.t"]] {
            let result = try BinaryRunner.run("/usr/bin/timeout", ["20", BinaryRunner.sqlivePath, ":memory:"] + commands, input: Data())
            // A failed SQL argument exits with SQLite's result code, as in sqlite3: SQLITE_CANTOPEN.
            #expect(result.status == (commands[0].hasPrefix(".") ? 1 : 14))
            #expect(result.stderr.hasSuffix("unable to open database file\n"))
        }
    }

    /// SQLite's own files are still deleted: the journal after each commit, and the
    /// super-journal of a commit to two databases.
    @Test func sqlite_still_deletes_its_own_journals() throws {
        let folder = try TemporaryFolder()
        let test = try TestSession(path: folder.path("main.db"))
        test.run("""
            ATTACH '\(folder.path("other.db"))' AS other;
            CREATE TABLE t(a); CREATE TABLE other.u(b);
            BEGIN; INSERT INTO t VALUES (1); INSERT INTO other.u VALUES (2); COMMIT;
            """)
        #expect(test.errorText == "")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["main.db", "other.db"])
        #expect(test.run("SELECT (SELECT count(*) FROM t) + (SELECT count(*) FROM other.u);") == "2\n")
    }
}
