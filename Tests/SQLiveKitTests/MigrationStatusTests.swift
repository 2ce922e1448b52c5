import Foundation
import Testing
@testable import SQLiveKit

/// `.migrate --status`, `.migrations`, `--dry-run` and `--to`: what they print, and that the
/// read-only ones write nothing.
@Suite struct MigrationStatusTests {
    static let files = [
        "0001_create_item.sql": "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n",
        "0002_add_price.sql": "ALTER TABLE item ADD COLUMN price REAL;\n",
        "0003_index_name.sql": "CREATE INDEX item_name ON item(name);\n",
        "0004_seed.sql": "INSERT INTO item (name) VALUES ('pen');\n",
    ]

    @Test func status_lists_every_kind_of_migration_in_full() throws {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate --to 2")
        try fixture.write("0002_add_price.sql", "ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;\n")
        try fixture.write("0005_gone.sql", "CREATE TABLE gone (x);\n")
        try fixture.write("0006_by_app.sql", "CREATE TABLE by_app (x);\n")
        // 0005 applied by sqlive then deleted; 0006 and v1 applied by another tool.
        fixture.run("""
            INSERT INTO grdb_migrations VALUES ('0005_gone');
            INSERT INTO sqlive_migration_checksums VALUES ('0005_gone', 'abc', '2025-01-01 00:00:00');
            INSERT INTO grdb_migrations VALUES ('0006_by_app');
            INSERT INTO grdb_migrations VALUES ('v1');
            """)
        try fixture.remove("0005_gone.sql")
        #expect(fixture.run(".migrate --status") == """
            migrations in migrations/; the database is at 0006_by_app
              applied  0001_create_item  YYYY-MM-DD hh:mm:ss
              changed  0002_add_price    YYYY-MM-DD hh:mm:ss  the file differs from the one applied
              pending  0003_index_name                        out of order: 0005_gone, after it, is already applied
              pending  0004_seed                              out of order: 0005_gone, after it, is already applied
              missing  0005_gone         YYYY-MM-DD hh:mm:ss  the file is gone
              applied  0006_by_app                            not verified: applied without a checksum
              unknown  v1                                     not in the folder: applied by another tool?
            2 applied, 1 changed, 2 pending, 1 missing, 1 unknown
            .migrate refuses to run until the changed, missing, unknown and out-of-order migrations are resolved (.migrate says how)

            """)
        #expect(fixture.errors == "")
    }

    @Test func status_of_a_database_in_step_with_its_folder() throws {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate --to 0002_add_price")
        #expect(fixture.run(".migrations") == """
            migrations in migrations/; the database is at 0002_add_price
              applied  0001_create_item  YYYY-MM-DD hh:mm:ss
              applied  0002_add_price    YYYY-MM-DD hh:mm:ss
              pending  0003_index_name
              pending  0004_seed
            2 applied, 2 pending

            """)
        #expect(fixture.run(".migrations") == fixture.run(".migrate --status"))
    }

    @Test func status_and_dry_run_write_nothing_to_a_database_without_migrations() throws {
        let fixture = try MigrationFixture(Self.files)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath))
        #expect(fixture.run(".migrate --status") == """
            migrations in migrations/; no migration applied yet
              pending  0001_create_item
              pending  0002_add_price
              pending  0003_index_name
              pending  0004_seed
            4 pending

            """)
        #expect(fixture.run(".migrate --dry-run") == """
            would apply 0001_create_item
            would apply 0002_add_price
            would apply 0003_index_name
            would apply 0004_seed
            dry run: nothing was changed; the database would be at 0004_seed, 0 pending

            """)
        fixture.run(".migrations\n.migrate --dry-run --to 3")
        #expect(fixture.errors == "")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)) == before)
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
    }

    @Test func to_stops_after_the_target_given_by_identifier_or_number() throws {
        let fixture = try MigrationFixture(Self.files)
        #expect(fixture.run(".migrate --to 0002_add_price") == """
            applied 0001_create_item (… ms)
            applied 0002_add_price (… ms)
            the database is at 0002_add_price, 2 pending

            """)
        #expect(fixture.run(".migrate --to=3") == """
            applied 0003_index_name (… ms)
            the database is at 0003_index_name, 1 pending

            """)
        #expect(fixture.run(".migrate --to 0003") == "nothing to apply: the database is at 0003_index_name, 1 pending\n")
        #expect(try fixture.values("SELECT identifier FROM grdb_migrations ORDER BY rowid")
            == ["0001_create_item", "0002_add_price", "0003_index_name"])
    }

    @Test func dry_run_with_to_previews_part_of_the_way() throws {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate --to 1")
        #expect(fixture.run(".migrate --dry-run --to 3") == """
            would apply 0002_add_price
            would apply 0003_index_name
            dry run: nothing was changed; the database would be at 0003_index_name, 1 pending

            """)
        #expect(try fixture.values("SELECT identifier FROM grdb_migrations") == ["0001_create_item"])
    }

    @Test func the_folder_comes_from_the_argument_then_the_setting() throws {
        let fixture = try MigrationFixture(Self.files)
        let other = fixture.directory.path("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("CREATE TABLE elsewhere (x);\n".utf8).write(to: URL(fileURLWithPath: other + "/1_elsewhere.sql"))
        #expect(fixture.run(".migrations-dir") == "migrations folder: migrations\n")
        fixture.run(".migrations-dir \(other)")
        #expect(fixture.test.session.settings.migrationsDirectory == other)
        #expect(fixture.run(".migrations").hasPrefix("migrations in \(other)/;"))
        #expect(fixture.run(".migrate \(fixture.folder) --to 1") == """
            applied 0001_create_item (… ms)
            the database is at 0001_create_item, 3 pending

            """)
    }

    @Test func without_a_setting_the_folder_is_migrations_in_the_current_folder() throws {
        var settings = Settings()
        settings.migrationsDirectory = nil
        let test = try TestSession(settings: settings)
        #expect(test.run(".migrations-dir") == "migrations folder: migrations (the default)\n")
        let scope = TaskScope.scope(of: test.session.parts)
        #expect(scope.migrationsFolderPath(nil) == "migrations")
        #expect(scope.migrationsFolderPath("~/db/migrations") == (test.session.environment.homeDirectory ?? "?") + "/db/migrations")
    }

    @Test func wrong_arguments_are_usage_errors() throws {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate --status --to 2\n.migrate --to\n.migrate --dryrun\n.migrate a b\n.migrations a b")
        #expect(fixture.errors == """
            error: test.sql:1: .migrate: --status cannot be combined with --dry-run or --to
              usage: .migrate ?--status|--dry-run|--to ID? ?DIR?
            error: test.sql:2: .migrate: --to needs a migration identifier
              usage: .migrate ?--status|--dry-run|--to ID? ?DIR?
            error: test.sql:3: .migrate: unknown option --dryrun (did you mean --dry-run?)
              usage: .migrate ?--status|--dry-run|--to ID? ?DIR?
            error: test.sql:4: .migrate: too many arguments
              usage: .migrate ?--status|--dry-run|--to ID? ?DIR?
            error: test.sql:5: .migrations: too many arguments
              usage: .migrations ?DIR?

            """)
    }

    @Test func completion_offers_the_options_and_the_pending_migrations_after_to() throws {
        let fixture = try MigrationFixture(Self.files)
        fixture.run(".migrate --to 2")
        let command = try #require(fixture.test.session.commands.command(named: "migrate"))
        // Then the folders of the current directory, for DIR (CompletionArgumentTests).
        #expect(command.completions(after: [], prefix: "--", from: fixture.test.session.parts).prefix(3) == ["--status", "--dry-run", "--to"])
        #expect(command.completions(after: ["--to"], prefix: "", from: fixture.test.session.parts) == ["0003_index_name", "0004_seed"])
    }
}
