import Testing
@testable import SQLiveKit

/// Which files are migrations, and the order they run in: by number, then name.
@Suite struct MigrationOrderTests {
    @Test func numbers_compare_as_numbers_whatever_their_padding_then_names_break_ties() throws {
        let names = ["10_b", "9_z", "0010_a", "1_b", "01_b", "0001_a", "123456789012345678901234567890_big", "2_a"]
        let sorted = try names.map { try #require(MigrationOrder(identifier: $0)) }.sorted().map(\.identifier)
        #expect(sorted == ["0001_a", "01_b", "1_b", "2_a", "9_z", "0010_a", "10_b", "123456789012345678901234567890_big"])
    }

    @Test func migration_names_are_digits_an_underscore_and_a_name() {
        #expect(MigrationOrder(identifier: "0001_init") != nil)
        #expect(MigrationOrder(identifier: "0_zero") != nil)
        for name in ["init", "0001", "0001_", "_init", "0001-init", "v1", "١_arabic_digit"] {
            #expect(MigrationOrder(identifier: name) == nil, "\(name)")
        }
    }

    @Test func the_sql_extension_is_matched_in_any_case_and_other_files_are_not_migrations() {
        #expect(MigrationOrder.identifier(ofFileName: "0001_init.sql") == "0001_init")
        #expect(MigrationOrder.identifier(ofFileName: "0001_init.SQL") == "0001_init")
        #expect(MigrationOrder.identifier(ofFileName: "0001_init.sql.bak") == nil)
        #expect(MigrationOrder.identifier(ofFileName: "seed.sql") == nil)
        #expect(MigrationOrder.identifier(ofFileName: ".sql") == nil)
    }

    @Test func a_number_matches_with_or_without_its_leading_zeros() throws {
        let order = try #require(MigrationOrder(identifier: "0030_x"))
        #expect(order.hasNumber("30") && order.hasNumber("0030") && order.hasNumber("000030"))
        #expect(!order.hasNumber("3") && !order.hasNumber("300") && !order.hasNumber("") && !order.hasNumber("3O"))
        let zero = try #require(MigrationOrder(identifier: "000_zero"))
        #expect(zero.hasNumber("0"))
    }

    @Test func a_statements_line_in_its_file_counts_the_lines_before_its_first_word() {
        let statement = MigrationStatement(sql: "\n\n-- note\n/* a\n b */ INSERT INTO t\n  VALUES (1);", line: 3)
        #expect(statement.line(atOffset: statement.firstTokenOffset) == 5)
        let offset = statement.sql.utf8.count - 3
        #expect(statement.line(atOffset: offset) == 6)
    }
}
