import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import SQLiveTestSupport
#endif

/// `.migrate` in the built binary: the examples from the command line, the exit status of a
/// failure, the folder set by an init file, and a process killed in the middle of a migration.
@Suite struct MigrateEndToEndTests {
    /// A database someone sent holding a `sqlive_migration_checksums` table of its own, with
    /// NULL, numbers or blobs where sqlive keeps text: reading it stopped the process
    /// (SIGILL, GRDB's decoding in a `try!`) at `.migrate`, `.migrate --status` and
    /// `.migrations`. Now the values are read as text and the command answers.
    @Test(arguments: ["NULL, 'a', 'b'", "1, 'a', 'b'", "x'41', 1, 2", "'0001_a', 5, 7.5", "'0001_a', 'c', x'ff'"])
    func a_crafted_checksum_table_stops_no_command(_ values: String) throws {
        let folder = try Scratch()
        let database = folder.path("sent.db")
        try folder.write("migrations/0001_a.sql", "CREATE TABLE a(x);\n")
        _ = try BinaryRunner.sqlite3([database, """
            CREATE TABLE sqlive_migration_checksums(identifier, checksum, applied_at);
            INSERT INTO sqlive_migration_checksums VALUES (\(values));
            """])
        for command in [".migrate --status", ".migrations", ".migrate"] {
            let result = try BinaryRunner.sqlive([database, command], directory: folder.root)
            #expect(result.status < 128, "\(command): \(result)")
            #expect(!result.stderr.contains("Fatal error"), "\(command): \(result)")
        }
    }

    @Test func the_examples_migrate_a_new_database_from_the_command_line() throws {
        let folder = try Scratch()
        let database = folder.path("library.db")
        let examples = Self.repositoryRoot.appendingPathComponent("examples/migrations").path
        let result = try BinaryRunner.sqlive([database, ".migrate \(examples)"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let stdout = result.stdout.replacingOccurrences(of: #"\((\d+ ms|\d+\.\d\d s)\)"#, with: "(…)", options: .regularExpression)
        #expect(stdout == """
            applied 0001_create_tables (…)
            applied 0002_add_book_copies (…)
            applied 0003_index_books (…)
            applied 0004_create_loans (…)
            applied 0005_backfill_loan_due_dates (…)
            applied 0006_rebuild_book (…)
            the database is at 0006_rebuild_book, 0 pending

            """)
        let check = try BinaryRunner.sqlite3([database, "PRAGMA integrity_check; PRAGMA foreign_key_check; SELECT count(*) FROM book_on_loan;"])
        #expect(check.stdout == "ok\n3\n")
    }

    @Test func a_failing_migration_exits_with_status_1_and_names_the_file_and_line() throws {
        let folder = try Scratch()
        try folder.write("migrations/1_items.sql", "CREATE TABLE item (name TEXT UNIQUE);\nINSERT INTO item VALUES ('pen');\n")
        try folder.write("migrations/2_dup.sql", "INSERT INTO item VALUES ('ink');\nINSERT INTO item VALUES ('pen');\n")
        let result = try BinaryRunner.sqlive(["shop.db", ".migrate", ".migrations"], directory: folder.root)
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: migrations/2_dup.sql:2: migration 2_dup failed and was rolled back: UNIQUE constraint failed: item.name
              INSERT INTO item VALUES ('pen');
              ^
              the database stays at 1_items; fix migrations/2_dup.sql and run .migrate again

            """)
        #expect(try BinaryRunner.sqlite3([folder.path("shop.db"), "SELECT name FROM item;"]).stdout == "pen\n")
    }

    @Test func an_init_file_sets_the_migrations_folder() throws {
        let folder = try Scratch()
        try folder.write("db/schema/1_items.sql", "CREATE TABLE item (name TEXT);\n")
        try folder.write("replrc", ".migrations-dir db/schema\n")
        let result = try BinaryRunner.sqlive(["--init", "replrc", "shop.db", ".migrations"], directory: folder.root)
        #expect(result.stdout == """
            migrations in db/schema/; no migration applied yet
              pending  1_items
            1 pending

            """)
        #expect(result.stderr == "")
    }

    /// SQLite's rollback journal makes a migration atomic even against `kill -9`: the next
    /// connection rolls the half-done transaction back, and GRDB's record of it goes with it.
    @Test func a_migration_killed_halfway_leaves_the_database_at_the_previous_one() throws {
        let folder = try Scratch()
        try folder.write("migrations/0001_create.sql", """
            CREATE TABLE item (name TEXT, qty INTEGER);
            INSERT INTO item VALUES ('pen', 1), ('ink', 2), ('nib', 3);

            """)
        // Changes existing rows first (so their old pages go to the journal), then writes
        // far more than SQLite's page cache holds, so uncommitted pages reach the file.
        try folder.write("migrations/0002_long.sql", """
            UPDATE item SET qty = qty * 100;
            CREATE TABLE big (x INTEGER, y BLOB);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000)
            INSERT INTO big SELECT x, randomblob(64) FROM c;

            """)
        let database = folder.path("shop.db")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.sqlivePath)
        process.arguments = [database, ".migrate \(folder.path("migrations"))"]
        process.environment = ["HOME": folder.root, "NO_COLOR": "1"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()

        var printed = ""
        while !printed.contains("applied 0001_create") {
            let data = stdout.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        #expect(printed.hasPrefix("applied 0001_create"))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning, "0002_long finished before it could be killed: make it longer")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(FileManager.default.fileExists(atPath: database + "-journal"), "a hot journal: killed mid-transaction")
        let sizeWhenKilled = try Self.size(of: database)

        let check = try BinaryRunner.sqlite3([database, """
            PRAGMA integrity_check;
            SELECT identifier FROM grdb_migrations;
            SELECT group_concat(name || '=' || qty) FROM item;
            SELECT count(*) FROM sqlite_schema WHERE name = 'big';
            """])
        #expect(check.stdout == "ok\n0001_create\npen=1,ink=2,nib=3\n0\n")
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"), "the journal was rolled back")
        #expect(try Self.size(of: database) < sizeWhenKilled, "uncommitted pages had reached the file, and were undone")

        let status = try BinaryRunner.sqlive([database, ".migrations migrations"], directory: folder.root)
        #expect(status.stdout.contains("  pending  0002_long\n1 applied, 1 pending\n"), "\(status)")
    }

    static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// A temporary folder for one test, removed afterwards.
private final class Scratch {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { root + "/" + name }

    /// Writes a file, creating its folders.
    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}
