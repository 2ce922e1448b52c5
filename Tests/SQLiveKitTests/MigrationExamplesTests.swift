import Foundation
import Testing
@testable import SQLiveKit

/// `examples/migrations`, the lending library of the README walkthrough: it applies cleanly
/// to an empty database and ends with the schema and data it promises.
@Suite struct MigrationExamplesTests {
    private func migrated() throws -> MigrationFixture {
        let fixture = try MigrationFixture()
        fixture.test.session.settings.migrationsDirectory = Repository.exampleMigrations
        #expect(fixture.clean(fixture.test.run(".migrate")) == """
            applied 0001_create_tables (… ms)
            applied 0002_add_book_copies (… ms)
            applied 0003_index_books (… ms)
            applied 0004_create_loans (… ms)
            applied 0005_backfill_loan_due_dates (… ms)
            applied 0006_rebuild_book (… ms)
            the database is at 0006_rebuild_book, 0 pending

            """)
        #expect(fixture.errors == "")
        return fixture
    }

    @Test func the_examples_apply_cleanly_to_an_empty_database() throws {
        let fixture = try migrated()
        #expect(try fixture.values("PRAGMA integrity_check") == ["ok"])
        #expect(try fixture.values("SELECT * FROM pragma_foreign_key_check") == [])
        #expect(fixture.run(".migrate") == "nothing to apply: the database is at 0006_rebuild_book, 0 pending\n")
    }

    @Test func the_end_schema_has_the_rebuilt_book_table_with_its_indexes_and_view() throws {
        let fixture = try migrated()
        #expect(try fixture.values("SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name") == [
            "table author", "table book", "index book_author", "index book_isbn", "view book_on_loan",
            "table grdb_migrations", "table loan", "index loan_book", "index loan_member", "table member",
            "table sqlive_migration_checksums",
        ])
        #expect(try fixture.values("SELECT sql FROM sqlite_schema WHERE tbl_name = 'book' ORDER BY name") == [
            """
            CREATE TABLE "book" (
              id       INTEGER PRIMARY KEY,
              authorId INTEGER NOT NULL REFERENCES author(id),
              title    TEXT NOT NULL COLLATE NOCASE,
              isbn     TEXT,
              year     INTEGER CHECK (year BETWEEN 1450 AND 2100),
              copies   INTEGER NOT NULL DEFAULT 1 CHECK (copies >= 0)
            )
            """,
            "CREATE INDEX book_author ON book(authorId)",
            "CREATE UNIQUE INDEX book_isbn ON book(isbn)",
        ])
        #expect(try fixture.values("SELECT name FROM pragma_table_info('loan')")
            == ["id", "bookId", "memberId", "borrowedOn", "returnedOn", "dueOn"])
        #expect(try fixture.values("SELECT \"table\" || '.' || \"from\" FROM pragma_foreign_key_list('loan') ORDER BY 1")
            == ["book.bookId", "member.memberId"])
    }

    @Test func the_data_survives_every_step_and_the_backfill_fills_every_row() throws {
        let fixture = try migrated()
        #expect(try fixture.values("SELECT title || ': ' || copies FROM book ORDER BY id") == [
            "A Wizard of Earthsea: 3", "The Dispossessed: 1", "Invisible Cities: 3",
            "If on a winter's night a traveler: 1", "Beloved: 1", "Solaris: 1", "The Cyberiad: 1",
        ])
        #expect(try fixture.values("SELECT borrowedOn || ' ' || dueOn FROM loan ORDER BY id") == [
            "2025-01-06 2025-01-27", "2025-02-03 2025-02-24", "2025-02-10 2025-03-03",
            "2025-02-14 2025-03-07", "2025-03-02 2025-03-23",
        ])
        #expect(try fixture.values("SELECT title || ' with ' || memberName FROM book_on_loan ORDER BY borrowedOn") == [
            "Invisible Cities with Ada Obi", "Beloved with Chiara Rossi", "A Wizard of Earthsea with Chiara Rossi",
        ])
    }

    @Test func the_rebuilt_table_enforces_its_new_constraints() throws {
        let fixture = try migrated()
        fixture.run("""
            UPDATE book SET copies = -1 WHERE id = 1;
            INSERT INTO book (authorId, title, year) VALUES (1, 'Lavinia', 30000);
            SELECT count(*) FROM book WHERE title = 'SOLARIS';
            """)
        #expect(fixture.errors == """
            error: test.sql:1: CHECK constraint failed: copies >= 0
            error: test.sql:2: CHECK constraint failed: year BETWEEN 1450 AND 2100

            """)
        #expect(fixture.test.output.text == "1\n")
    }

    @Test func stopping_partway_then_resuming_finishes_the_sequence() throws {
        let fixture = try MigrationFixture()
        fixture.test.session.settings.migrationsDirectory = Repository.exampleMigrations
        fixture.run(".migrate --to 0004_create_loans")
        #expect(fixture.run(".migrations") == """
            migrations in \(Repository.exampleMigrations)/; the database is at 0004_create_loans
              applied  0001_create_tables            YYYY-MM-DD hh:mm:ss
              applied  0002_add_book_copies          YYYY-MM-DD hh:mm:ss
              applied  0003_index_books              YYYY-MM-DD hh:mm:ss
              applied  0004_create_loans             YYYY-MM-DD hh:mm:ss
              pending  0005_backfill_loan_due_dates
              pending  0006_rebuild_book
            4 applied, 2 pending

            """)
        fixture.run(".migrate")
        #expect(try fixture.values("SELECT count(*) FROM loan WHERE dueOn IS NOT NULL") == ["5"])
        #expect(try fixture.values("SELECT sql FROM sqlite_schema WHERE name = 'book'").first?.contains("CHECK (copies >= 0)") == true)
    }
}
