import Foundation
import Testing
import SQLiveTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A migration runs in one transaction, and says truly what happened to it: SQLite decides
/// what ends a transaction (never the statement's first word), every file of the folder is
/// applied or named, the session's connection settings outlive no failed migration, and a
/// migration that met another connection's lock is not told to "fix" its file.
@Suite struct MigrationTransactionTests {
    static let spellings = [
        "COMMIT/**/;", "COMMIT--x\n;", "END/**/;", "\u{FEFF}COMMIT;", "commit/*x*/transaction;", "end transaction;",
        "/* c */ rollback;", "ROLLBACK TRANSACTION;", "begin immediate;", "BEGIN/**/EXCLUSIVE;",
    ]

    @Test(arguments: spellings)
    func a_transaction_statement_in_any_spelling_is_refused_before_anything_runs(_ statement: String) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        folder.write("migrations/0001_a.sql", "CREATE TABLE a(x);\nINSERT INTO a VALUES(1);\n\(statement)\nINSERT INTO a VALUES(2);\n")

        let result = try BinaryRunner.sqlive(["app.db", ".migrate migrations"], directory: folder.path)

        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: migrations/0001_a.sql:3: "), "\(result)")
        #expect(result.stderr.contains(" cannot run inside a migration: "), "\(result)")
        let tables = try BinaryRunner.sqlite3([folder.path + "/app.db", ".tables"])
        #expect(tables.stdout == "", "\(tables)")
    }

    @Test func savepoints_stay_inside_the_migration() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        folder.write("migrations/0001_a.sql", "CREATE TABLE a(x);\nSAVEPOINT s;\nINSERT INTO a VALUES(1);\nROLLBACK TO s;\nRELEASE s;\nINSERT INTO a VALUES(2);\n")

        let result = try BinaryRunner.sqlive(["app.db", ".migrate migrations", "select * from a"], directory: folder.path)

        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout.hasSuffix("the database is at 0001_a, 0 pending\n2\n"), "\(result)")
    }

    @Test func a_file_whose_name_is_not_utf8_is_named_in_an_error() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        folder.write("migrations/0001_a.sql", "CREATE TABLE a(x);\n")
        folder.write("migrations/0003_c.sql", "CREATE TABLE c(x);\n")
        let latin1 = Array((folder.path + "/migrations/0002_caf").utf8) + [0xE9] + Array(".sql".utf8)
        let descriptor = (latin1 + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer {
            open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        _ = "CREATE TABLE b(x);\n".withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)

        let result = try BinaryRunner.sqlive(["app.db", ".migrate migrations"], directory: folder.path)

        #expect(result == ProcessResult(stdout: "", stderr: """
            error: argument:1: the migration file name 0002_caf\\xE9.sql in migrations/ is not UTF-8, so it cannot be applied or recorded
              rename it with a UTF-8 name (NNNN_name.sql)

            """, status: 1))
    }

    @Test func a_migration_that_is_a_fifo_is_refused_not_read_for_ever() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        #expect(mkfifo(folder.path + "/migrations/0001_a.sql", 0o600) == 0)

        let result = try BinaryRunner.sqlive(["app.db", ".migrate migrations"], directory: folder.path)

        #expect(result == ProcessResult(stdout: "", stderr: """
            error: argument:1: migration migrations/0001_a.sql is not a regular file
              a migration is a text file of SQL

            """, status: 1))
    }

    @Test func a_failed_migration_leaves_no_pragma_on_for_the_session() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        folder.write("migrations/0001_a.sql", "PRAGMA locking_mode=EXCLUSIVE;\nPRAGMA query_only=1;\nINSERT INTO missing VALUES(1);\n")

        let result = try BinaryRunner.sqlive(["app.db"], input: ".migrate migrations\npragma query_only;\npragma locking_mode;\ncreate table ok(x);\n",
                                             directory: folder.path)

        #expect(result.stdout == "0\nnormal\n", "\(result)")
        // GRDB made its table before the migration, which was rolled back.
        #expect(try BinaryRunner.sqlite3([folder.path + "/app.db", "select name from sqlite_schema where type = 'table' order by name"]).stdout == "grdb_migrations\nok\n")
    }

    /// A migration that succeeds leaves the session's settings as they were too (found by the
    /// session-19 attacker: `writable_schema`, `cache_spill`, `threads`, `analysis_limit` and
    /// `max_page_count` stayed as a migrations folder set them).
    @Test func a_migration_leaves_the_sessions_settings_as_they_were() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        let settings = ["writable_schema", "cache_spill", "threads", "analysis_limit", "max_page_count", "secure_delete"]
        folder.write("migrations/0001_a.sql", """
            CREATE TABLE a(x);
            PRAGMA writable_schema = 1; PRAGMA cache_spill = 7; PRAGMA threads = 3;
            PRAGMA analysis_limit = 99; PRAGMA max_page_count = 123456; PRAGMA secure_delete = 1;

            """)
        let read = settings.map { "pragma \($0);\n" }.joined()
        let result = try BinaryRunner.sqlive(["app.db"], input: read + ".migrate migrations\n" + read, directory: folder.path)

        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let before = lines.prefix(settings.count), after = lines.suffix(settings.count + 1).dropLast()
        #expect(Array(before) == Array(after), "\(result)")
        #expect(result.stdout.contains("0001_a"), "\(result)")
    }

    /// A database a migration attaches stayed attached for the rest of the session (found by
    /// the session-20 attacker); one the user attached before `.migrate` stays.
    @Test func a_migration_leaves_no_database_attached() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        folder.write("migrations/0001_a.sql", "ATTACH 'other.db' AS other;\nCREATE TABLE other.o(x);\nCREATE TABLE a(x);\n")

        let result = try BinaryRunner.sqlive(["app.db"], input: "attach 'mine.db' as mine;\n.migrate migrations\nselect name from pragma_database_list order by seq;\n",
                                             directory: folder.path)

        #expect(result.stdout.hasSuffix("main\nmine\n"), "\(result)")
        #expect(result.stdout.contains("applied 0001_a"), "\(result)")
    }

    @Test func a_migration_that_meets_a_lock_is_not_told_to_fix_its_file() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/migrations", withIntermediateDirectories: false)
        folder.write("migrations/0001_a.sql", "CREATE TABLE a(x);\n")
        let database = folder.path + "/app.db"
        _ = try BinaryRunner.sqlite3([database, "create table other(x);"])
        let holder = try #require(try TransactionHolder(database, "begin immediate; insert into other values (1);"))
        defer { holder.end() }

        let result = try BinaryRunner.sqlive(["--cmd", ".timeout 0", "app.db", ".migrate migrations"], directory: folder.path)

        #expect(result == ProcessResult(stdout: "", stderr: """
            error: argument:1: migration 0001_a (migrations/0001_a.sql) failed and was rolled back: database is locked
              the database stays as it was, with no migration applied; another connection holds the database locked: run .migrate again once it is done

            """, status: 1))
    }

    @Test func restoring_from_a_file_that_is_no_database_changes_nothing() throws {
        let folder = try TemporaryFolder()
        folder.write("empty.db", "")
        folder.write("notes.db", "hello\n")
        _ = try BinaryRunner.sqlite3([folder.path + "/app.db", "create table kept(x); insert into kept values (1);"])

        let result = try BinaryRunner.sqlive(["app.db"], input: ".restore empty.db\n.restore notes.db\nselect * from kept;\n", directory: folder.path)

        #expect(result == ProcessResult(stdout: "1\n", stderr: """
            error: stdin:1: cannot restore from empty.db: the file is empty, not a database
              nothing was changed; give a database file (.backup writes one)
            error: stdin:2: cannot restore from notes.db: file is not a database
              nothing was changed; give a database file (.backup writes one)

            """, status: 1))
    }
}
