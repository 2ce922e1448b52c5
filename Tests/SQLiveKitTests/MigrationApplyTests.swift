import Foundation
import Synchronization
import Testing
@testable import SQLiveKit

/// `.migrate` applying files: from empty, only what is pending, and what a failure leaves.
@Suite struct MigrationApplyTests {
    static let threeFiles = [
        "0001_create_item.sql": "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);\nINSERT INTO item (name) VALUES ('pen'), ('ink');\n",
        "0002_add_price.sql": "ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;\n",
        "0003_index_price.sql": "CREATE INDEX item_price ON item(price);\n",
    ]

    @Test func applies_every_migration_of_an_empty_database_in_order() throws {
        let fixture = try MigrationFixture(Self.threeFiles)
        #expect(fixture.run(".migrate") == """
            applied 0001_create_item (… ms)
            applied 0002_add_price (… ms)
            applied 0003_index_price (… ms)
            the database is at 0003_index_price, 0 pending

            """)
        #expect(fixture.errors == "")
        #expect(try fixture.values("SELECT name || ' ' || price FROM item ORDER BY id") == ["pen 0.0", "ink 0.0"])
        #expect(try fixture.values("SELECT identifier FROM grdb_migrations ORDER BY rowid")
            == ["0001_create_item", "0002_add_price", "0003_index_price"])
    }

    @Test func records_the_sha256_of_each_applied_file() throws {
        let fixture = try MigrationFixture(Self.threeFiles)
        fixture.run(".migrate")
        let recorded = try fixture.values("SELECT checksum FROM sqlive_migration_checksums ORDER BY identifier")
        let expected = Self.threeFiles.sorted { $0.key < $1.key }.map { SHA256.hex(of: Array($0.value.utf8)) }
        #expect(recorded == expected)
    }

    @Test func applies_only_the_pending_migrations() throws {
        let fixture = try MigrationFixture(Self.threeFiles.filter { $0.key != "0003_index_price.sql" })
        fixture.run(".migrate")
        try fixture.write("0003_index_price.sql", Self.threeFiles["0003_index_price.sql"] ?? "")
        #expect(fixture.run(".migrate") == """
            applied 0003_index_price (… ms)
            the database is at 0003_index_price, 0 pending

            """)
        #expect(fixture.run(".migrate") == "nothing to apply: the database is at 0003_index_price, 0 pending\n")
    }

    @Test func a_failing_migration_is_rolled_back_whole_and_names_its_file_and_line() throws {
        var files = Self.threeFiles
        files["0002_add_price.sql"] = """
            ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;
            CREATE TABLE audit (note TEXT);
            INSERT INTO audit VALUES ('priced');

            -- a second pen breaks the UNIQUE constraint
            INSERT INTO item (name)
              VALUES ('pen');

            """
        let fixture = try MigrationFixture(files)
        #expect(fixture.run(".migrate") == "applied 0001_create_item (… ms)\n")
        #expect(fixture.errors == """
            error: migrations/0002_add_price.sql:6: migration 0002_add_price failed and was rolled back: UNIQUE constraint failed: item.name
              INSERT INTO item (name)
              ^
              the database stays at 0001_create_item; fix migrations/0002_add_price.sql and run .migrate again

            """)
        // The database is exactly at 0001: its data, none of 0002's changes, 0003 not run.
        #expect(try fixture.values("SELECT name FROM item ORDER BY id") == ["pen", "ink"])
        #expect(try fixture.values("SELECT name FROM pragma_table_info('item')") == ["id", "name"])
        #expect(try fixture.values("SELECT name FROM sqlite_schema WHERE name IN ('audit', 'item_price')") == [])
        #expect(try fixture.values("SELECT identifier FROM grdb_migrations") == ["0001_create_item"])
        #expect(try fixture.values("SELECT identifier FROM sqlive_migration_checksums") == ["0001_create_item"])
        #expect(fixture.test.session.errorCount == 1)
    }

    @Test func a_syntax_error_points_at_the_token_sqlite_names() throws {
        let fixture = try MigrationFixture([
            "1_create.sql": "CREATE TABLE t (x);\n\nINSERT INTO t\n  VALUES (1),\n  (2,;\n",
        ])
        fixture.run(".migrate")
        #expect(fixture.errors == """
            error: migrations/1_create.sql:5: migration 1_create failed and was rolled back: near ";": syntax error
                (2,;
                   ^
              the database stays as it was, with no migration applied; fix migrations/1_create.sql and run .migrate again

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema WHERE name = 't'") == [])
    }

    @Test func a_migration_that_breaks_a_foreign_key_fails_its_check_before_commit() throws {
        let fixture = try MigrationFixture([
            "1_tables.sql": "CREATE TABLE shelf (id INTEGER PRIMARY KEY);\nCREATE TABLE book (shelfId INTEGER REFERENCES shelf(id));\n",
            "2_orphan.sql": "INSERT INTO book VALUES (7);\n",
        ])
        #expect(fixture.run(".migrate") == "applied 1_tables (… ms)\n")
        #expect(fixture.errors == """
            error: test.sql:1: migration 2_orphan (migrations/2_orphan.sql) failed and was rolled back: FOREIGN KEY constraint violation - from book(shelfId) to shelf(id), in [shelfId:7]
              the database stays at 1_tables; fix migrations/2_orphan.sql and run .migrate again

            """)
        #expect(try fixture.values("SELECT count(*) FROM book") == ["0"])
    }

    @Test func a_database_that_already_breaks_a_foreign_key_is_refused_before_anything_runs() throws {
        let fixture = try MigrationFixture(["1_more.sql": "CREATE TABLE more (x);\n"])
        fixture.run("CREATE TABLE shelf (id INTEGER PRIMARY KEY); CREATE TABLE book (shelfId REFERENCES shelf(id)); INSERT INTO book VALUES (3);")
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: the database already breaks a foreign key, so every migration would fail its check: FOREIGN KEY constraint violation - from book(shelfId) to shelf(id), in [shelfId:3]
              fix the rows PRAGMA foreign_key_check lists, then run .migrate again

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema WHERE name IN ('more', 'grdb_migrations')") == [])
    }

    @Test func rebuilding_a_parent_table_leaves_its_children_alone() throws {
        // Foreign keys are off inside a migration (GRDB's deferred checks), so DROP TABLE of
        // a parent does not delete or cascade to its children.
        let fixture = try MigrationFixture([
            "1_tables.sql": """
                CREATE TABLE shelf (id INTEGER PRIMARY KEY, label TEXT);
                CREATE TABLE book (shelfId INTEGER REFERENCES shelf(id) ON DELETE CASCADE);
                INSERT INTO shelf VALUES (1, 'a'); INSERT INTO book VALUES (1);
                """,
            "2_rebuild_shelf.sql": """
                CREATE TABLE new_shelf (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
                INSERT INTO new_shelf SELECT id, label FROM shelf;
                DROP TABLE shelf;
                ALTER TABLE new_shelf RENAME TO shelf;
                """,
        ])
        fixture.run(".migrate")
        #expect(fixture.errors == "")
        #expect(try fixture.values("SELECT count(*) FROM book") == ["1"])
        #expect(try fixture.values("PRAGMA foreign_keys") == ["0"], "the session's own setting comes back")
    }

    @Test func refuses_to_run_inside_an_open_transaction() throws {
        let fixture = try MigrationFixture(Self.threeFiles)
        fixture.run("BEGIN;")
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: cannot migrate inside a transaction: each migration commits on its own
              end the open transaction with COMMIT or ROLLBACK first

            """)
        fixture.run("ROLLBACK;")
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
    }

    @Test func refuses_a_read_only_database() throws {
        let fixture = try MigrationFixture(Self.threeFiles)
        let readonly = try TestSession(path: fixture.databasePath)
        readonly.session.replaceConnection(try DatabaseConnection(OpenOptions(path: fixture.databasePath, readonly: true)))
        readonly.run(".migrate \(fixture.folder)")
        #expect(fixture.clean(readonly.errorText) == """
            error: test.sql:1: cannot migrate \(fixture.databasePath): it is open read-only
              .open it without --readonly, or see what would run with .migrate --dry-run

            """)
    }

    @Test func panes_compile_again_once_after_applying_and_not_when_nothing_ran() throws {
        let fixture = try MigrationFixture(Self.threeFiles)
        // A query that reads no table refreshes on schema changes only.
        fixture.run(".pin --name one SELECT 1")
        fixture.run(".migrate")
        let board = fixture.test.session.paneBoard
        #expect(board.panes[0].history.map(\.cause) == [.pinned, .schemaChange])
        fixture.run(".migrate")
        fixture.run(".migrate --status")
        #expect(board.panes[0].history.map(\.cause) == [.pinned, .schemaChange])
    }

    @Test func on_a_terminal_a_quick_migration_draws_no_progress_line() throws {
        let fixture = try MigrationFixture(Self.threeFiles, environment: SessionEnvironment(isInteractive: true))
        #expect(fixture.run(".migrate").hasPrefix("applied 0001_create_item"))
        #expect(fixture.errors == "")
        #expect(try fixture.values("SELECT count(*) FROM grdb_migrations") == ["3"])
    }
}
