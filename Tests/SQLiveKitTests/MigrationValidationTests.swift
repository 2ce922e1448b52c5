import Foundation
import Testing
@testable import SQLiveKit

/// `.migrate` refusing to run when the folder and the database disagree about the past, and
/// answering GRDB's fatal misuses (duplicates, unknown or past targets) with errors.
@Suite struct MigrationValidationTests {
    static let files = [
        "0001_create_item.sql": "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n",
        "0002_add_price.sql": "ALTER TABLE item ADD COLUMN price REAL;\n",
    ]

    /// A fixture where both files are applied.
    private func migrated() throws -> MigrationFixture {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate")
        #expect(fixture.errors == "")
        return fixture
    }

    @Test func a_changed_file_is_refused_with_the_statement_that_accepts_it() throws {
        let fixture = try migrated()
        let edited = "ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;\n"
        try fixture.write("0002_add_price.sql", edited)
        try fixture.write("0003_index.sql", "CREATE INDEX item_name ON item(name);\n")
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: the database's migrations do not match migrations/; nothing was run:
              changed  0002_add_price: migrations/0002_add_price.sql differs from the file applied on YYYY-MM-DD hh:mm:ss.
                  Restore it as it was (git checkout) and put the change in a new migration. If the
                  database already matches the edited file, accept it by hand:
                  UPDATE sqlive_migration_checksums SET checksum = '\(SHA256.hex(of: Array(edited.utf8)))' WHERE identifier = '0002_add_price';
              applied migrations must stay as they ran; .help migrate says how to recover

            """)
        #expect(try fixture.values("SELECT count(*) FROM sqlite_schema WHERE name = 'item_name'") == ["0"])
    }

    @Test func the_printed_update_is_all_it_takes_to_accept_a_changed_file() throws {
        let fixture = try migrated()
        let edited = "-- price added here\nALTER TABLE item ADD COLUMN price REAL;\n"
        try fixture.write("0002_add_price.sql", edited)
        fixture.run("UPDATE sqlive_migration_checksums SET checksum = '\(SHA256.hex(of: Array(edited.utf8)))' WHERE identifier = '0002_add_price';")
        #expect(fixture.run(".migrate") == "nothing to apply: the database is at 0002_add_price, 0 pending\n")
        #expect(fixture.errors == "")
    }

    @Test func a_missing_file_is_refused() throws {
        let fixture = try migrated()
        try fixture.remove("0002_add_price.sql")
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: the database's migrations do not match migrations/; nothing was run:
              missing  0002_add_price: applied on YYYY-MM-DD hh:mm:ss, but its file is gone from migrations/.
                  Restore the file as it was applied. If it was removed on purpose, forget it by hand:
                  DELETE FROM grdb_migrations WHERE identifier = '0002_add_price'; DELETE FROM sqlive_migration_checksums WHERE identifier = '0002_add_price';
              applied migrations must stay as they ran; .help migrate says how to recover

            """)
    }

    @Test func a_migration_applied_by_another_tool_is_refused() throws {
        let fixture = try migrated()
        fixture.run("INSERT INTO grdb_migrations VALUES ('v1');")
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: the database's migrations do not match migrations/; nothing was run:
              unknown  v1: applied to this database, but migrations/ has no such file.
                  The database was migrated by another tool or from another folder: is migrations/ the right one?
              applied migrations must stay as they ran; .help migrate says how to recover

            """)
    }

    @Test func a_new_file_numbered_before_an_applied_one_is_refused() throws {
        let fixture = try migrated()
        try fixture.write("0000_late.sql", "CREATE TABLE late (x);\n")
        fixture.run(".migrate")
        #expect(fixture.errors == """
            error: test.sql:1: the database's migrations do not match migrations/; nothing was run:
              pending  0000_late: pending, but 0001_create_item, after it, is already applied.
                  Migrations run in order: renumber the file so it comes after the last applied one.
              applied migrations must stay as they ran; .help migrate says how to recover

            """)
        #expect(try fixture.values("SELECT count(*) FROM sqlite_schema WHERE name = 'late'") == ["0"])
    }

    @Test func two_files_with_one_identifier_are_an_error_not_a_crash() throws {
        let fixture = try MigrationFixture(Self.files)
        try fixture.write("0001_create_item.SQL", "CREATE TABLE other (x);\n")
        fixture.run(".migrate")
        #expect(fixture.errors == """
            error: test.sql:1: two files in migrations/ are migration 0001_create_item: 0001_create_item.SQL and 0001_create_item.sql
              a migration's identifier is its file name without .sql: rename or remove one

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
    }

    @Test func a_target_the_database_is_past_is_an_error_not_a_crash() throws {
        let fixture = try migrated()
        fixture.run(".migrate --to 0001_create_item")
        #expect(fixture.errors == """
            error: test.sql:1: the database is already past 0001_create_item: it is at 0002_add_price
              migrations only run forward; sqlive never undoes one (write a new migration that reverts it)

            """)
    }

    @Test func an_unknown_target_is_an_error_with_a_suggestion() throws {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate --to 0002_add_prise\n.migrate --to 7")
        #expect(fixture.errors == """
            error: test.sql:1: no migration 0002_add_prise in migrations/
              did you mean 0002_add_price? (.migrate --status lists them)
            error: test.sql:2: no migration 7 in migrations/
              .migrate --status lists the migrations

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
    }

    @Test func transaction_statements_meta_commands_and_unfinished_statements_are_refused_before_running() throws {
        let fixture = try MigrationFixture(["1_a.sql": "CREATE TABLE a (x);\n"])
        let cases = [
            "BEGIN TRANSACTION;\nCREATE TABLE b (x);\nCOMMIT;\n",
            "CREATE TABLE b (x);\n-- done\ncommit;\n",
            "CREATE TABLE b (x);\n.read other.sql\n",
            "CREATE TABLE b (x);\nCREATE TABLE c (x, 'y)\n",
        ]
        var errors = ""
        for text in cases {
            try fixture.write("2_b.sql", text)
            fixture.run(".migrate")
            errors += fixture.errors
        }
        #expect(errors == """
            error: migrations/2_b.sql:1: BEGIN cannot run inside a migration: BEGIN TRANSACTION;
              each migration already runs in its own transaction: remove BEGIN, COMMIT, END and ROLLBACK
            error: migrations/2_b.sql:3: COMMIT cannot run inside a migration: commit;
              each migration already runs in its own transaction: remove BEGIN, COMMIT, END and ROLLBACK
            error: migrations/2_b.sql:2: meta-commands cannot run inside a migration: .read other.sql
              a migration file holds SQL only; run meta-commands from a script instead
            error: migrations/2_b.sql:2: the file ends inside a statement: CREATE TABLE c (x, 'y)
              end the statement with ;

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [], "not even 1_a ran")
    }

    @Test func savepoints_inside_a_migration_are_allowed() throws {
        let fixture = try MigrationFixture([
            "1_a.sql": "CREATE TABLE a (x);\nSAVEPOINT s;\nINSERT INTO a VALUES (1);\nROLLBACK TO s;\nRELEASE s;\nINSERT INTO a VALUES (2);\n",
        ])
        fixture.run(".migrate")
        #expect(fixture.errors == "")
        #expect(try fixture.values("SELECT x FROM a") == ["2"])
    }

    @Test func sql_files_not_named_like_migrations_are_named_in_a_warning() throws {
        let fixture = try MigrationFixture(Self.files)
        try fixture.write("seed.sql", "INSERT INTO item VALUES (1, 'x');\n")
        try fixture.write("README.md", "notes\n")
        fixture.run(".migrate")
        #expect(fixture.errors == "warning: migrations/seed.sql is not run: migration files are named NNNN_name.sql\n")
        #expect(try fixture.values("SELECT count(*) FROM item") == ["0"])
    }

    @Test func a_missing_folder_says_how_to_name_one() throws {
        let fixture = try MigrationFixture()
        fixture.run(".migrate \(fixture.folder)/nowhere")
        #expect(fixture.errors == """
            error: test.sql:1: no migrations folder at migrations/nowhere
              name the folder (.migrate DIR) or set it once with .migrations-dir DIR

            """)
    }
}
