import Foundation
import Testing
@testable import SQLiveKit

/// Migration files that are not what they seem: a NUL byte (SQLite reads a statement only up
/// to it, so what follows was silently dropped and the migration still recorded as applied),
/// two files with one number, and a UTF-8 byte order mark.
@Suite struct MigrationHardeningTests {
    @Test func a_nul_byte_refuses_the_file_with_its_name_and_offset() throws {
        let fixture = try MigrationFixture()
        let bytes = Array("CREATE TABLE a(x);\n".utf8) + [0] + Array("CREATE TABLE b(x);\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.folder + "/0001_tables.sql"))
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: migration migrations/0001_tables.sql holds a NUL byte at byte offset 19: it is not a text file of SQL
              remove the NUL bytes (SQLite would ignore everything after the first one)

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
    }

    /// The deprecated pragma renames result columns (`sql` became `sqlite_schema.sql`), which
    /// sqlive and GRDB read by name: the `.schema` after such a migration stopped the process.
    @Test func a_column_naming_pragma_refuses_the_file_before_anything_runs() throws {
        let fixture = try MigrationFixture(["0001_names.sql": "CREATE TABLE a(x);\nPRAGMA full_column_names = 1;\n"])
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors.contains("0001_names.sql:2: PRAGMA full_column_names = 1 is refused"), "\(fixture.errors)")
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
        #expect(fixture.run(".schema") == "")
    }

    @Test func two_files_with_one_number_are_an_error() throws {
        let fixture = try MigrationFixture([
            "1_a.sql": "CREATE TABLE one(x);\n",
            "01_a.sql": "CREATE TABLE two(x);\n",
        ])
        #expect(fixture.run(".migrate") == "")
        #expect(fixture.errors == """
            error: test.sql:1: two files in migrations/ have migration number 1: 01_a.sql and 1_a.sql
              a migration's number comes first in its file name and must be unique: renumber one

            """)
        #expect(try fixture.values("SELECT name FROM sqlite_schema") == [])
    }

    @Test func a_number_used_by_two_names_is_an_error_too() throws {
        let fixture = try MigrationFixture([
            "0003_add.sql": "CREATE TABLE one(x);\n",
            "3_drop.sql": "CREATE TABLE two(x);\n",
        ])
        #expect(fixture.run(".migrations") == "")
        #expect(fixture.errors.hasPrefix("error: test.sql:1: two files in migrations/ have migration number 3: 0003_add.sql and 3_drop.sql\n"))
    }

    @Test func a_byte_order_mark_is_skipped_and_kept_in_the_checksum() throws {
        let fixture = try MigrationFixture()
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("CREATE TABLE item(x);\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.folder + "/0001_item.sql"))
        fixture.run(".migrate")
        #expect(fixture.errors == "")
        #expect(try fixture.values("SELECT name FROM sqlite_schema WHERE name = 'item'") == ["item"])
        #expect(try fixture.values("SELECT checksum FROM sqlive_migration_checksums") == [SHA256.hex(of: bytes)])
    }
}
