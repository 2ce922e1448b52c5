import Testing
@testable import SQLiveKit
@testable import SQLiveTerminal

/// The short command lines read without ArgumentParser (for start-up time) mean what
/// ArgumentParser would make of them; every other command line is left to ArgumentParser.
/// `QuickArgumentsParityTests` (SQLiveTerminalTests, which can reach ArgumentParser) compares
/// the two readers on generated command lines.
@Suite struct QuickArgumentsTests {
    @Test func the_usual_command_lines_are_read_as_argumentparser_reads_them() throws {
        let run = try #require(QuickArguments.parse(["-c", "select 1"]))
        #expect(run.database == nil && run.command == ["select 1"] && run.sql.isEmpty)

        let file = try #require(QuickArguments.parse(["shop.db", "select 1;", "--bail", "--command", "select 2", "-q"]))
        #expect(file.database == "shop.db" && file.sql == ["select 1;"] && file.command == ["select 2"])
        #expect(file.bail && file.quiet && !file.echo && !file.readonly && !file.safe && !file.batch && !file.noInit)

        let flags = try #require(QuickArguments.parse(["--readonly", "--safe", "--echo", "--batch", "--no-init", "db", "a", "b"]))
        #expect(flags.readonly && flags.safe && flags.echo && flags.batch && flags.noInit)
        #expect(flags.database == "db" && flags.sql == ["a", "b"])

        // `sqlite3 -header -csv db 'select …'`, as the entry point rewrites it.
        let csv = try #require(QuickArguments.parse(["--headers", "--mode", "csv", "db", "select 1"]))
        #expect(csv.headers == true && csv.mode == .csv && csv.database == "db" && csv.sql == ["select 1"])

        let empty = try #require(QuickArguments.parse([]))
        #expect(empty.database == nil && empty.sql.isEmpty && empty.mode == nil && empty.headers == nil)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--mode", "nosuch"], ["--mode"], ["--headers", "--no-headers"],
        ["--mode", "csv", "--mode", "box"], ["-f", "x.sql"], ["--init", "rc"],
        ["-c"], ["-c", "-- a comment"], ["--", "db"], ["-"], ["-qc", "select 1"], ["--bail", "--bail"], ["-q", "--quiet"],
        ["--command=select 1"], ["--sqlite-version"], ["db", "--cmd", ".mode csv"],
    ])
    func anything_else_is_left_to_argumentparser(_ arguments: [String]) {
        #expect(QuickArguments.parse(arguments) == nil)
    }
}
