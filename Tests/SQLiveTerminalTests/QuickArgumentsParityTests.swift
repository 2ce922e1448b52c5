import Testing
@testable import SQLiveKit
@testable import SQLiveTerminal
import SQLiveTestSupport

/// `QuickArguments` reads a command line only as ArgumentParser reads it: on argument lists
/// made from every option of the grammar (values, missing values, `--`, sqlite3's `-cmd`
/// spellings, file names starting with a dash, unknown options), whenever the quick reader
/// takes a list, `SQLive.parseAsRoot` takes it too and fills the same options. Lists it
/// leaves alone go to ArgumentParser, which accepts or refuses them by itself.
@Suite struct QuickArgumentsParityTests {
    /// The pieces of the quick reader's grammar: its flags, `-c` with a value, positionals.
    static let quickPieces: [[String]] = [
        ["--bail"], ["--echo"], ["--readonly"], ["--safe"], ["-q"], ["--quiet"], ["--batch"], ["--interactive"],
        ["--no-init"], ["-c", "select 1"], ["--command", "select 2"], ["-c", ""], ["db.sqlite"], ["select 1;"],
        ["a b"], [""], ["café.db"], ["x=1"], ["--headers"], ["--no-headers"], ["--mode", "csv"], ["--mode", "box"],
    ]

    /// Every other piece: ArgumentParser's options, values that start with a dash, missing
    /// values, sqlite3's spellings, `--`, unknown options.
    static let otherPieces: [[String]] = [
        ["--follow"], ["--until-change"], ["--sqlite-version"], ["--mode", "CSV"], ["--mode"], ["--mode", "--headers"],
        ["-c", "-- note"], ["-c"], ["--command"], ["-f", "x.sql"], ["--file", "-x.sql"], ["--init", "rc"],
        ["--mode", "csv"], ["--mode", "nosuch"], ["--cmd", ".mode csv"], ["-cmd", ".headers on"], ["--nullvalue", "-"],
        ["--separator", ","], ["--newline", "\n"], ["--interval", "1"], ["--count", "2"], ["--count", "-1"],
        ["--load", "ext"], ["--replica", "file:///r"], ["--litestream-vfs", "vfs"], ["-csv"], ["-header"], ["-bail"],
        ["-nullvalue", "x"], ["-version"], ["--"], ["-"], ["-dash.db"], ["--x"], ["--nosuch"], ["-z"], ["-nosuch"],
        ["-qc", "select 1"], ["--command=select 3"], ["-1"],
    ]

    /// What a command line asks for, as text, so that two readings compare whole.
    static func reading(_ options: LaunchOptions) -> String {
        String(reflecting: options)
    }

    /// ArgumentParser's reading, as the entry point makes it; nil when it refuses.
    static func argumentParserReading(_ arguments: [String]) -> String? {
        guard let rewritten = try? SQLite3Options.rewrite(arguments),
              let command = try? SQLive.parseAsRoot(rewritten) as? SQLive else { return nil }
        return reading(command.launchOptions)
    }

    /// Counts the lists the quick reader took, and checks each against ArgumentParser.
    static func compare(_ lists: [[String]]) -> Int {
        var taken = 0
        for arguments in lists {
            guard let quick = QuickArguments.parse(arguments) else { continue }
            taken += 1
            let parsed = argumentParserReading(arguments)
            #expect(parsed == reading(quick), "sqlive \(arguments): ArgumentParser reads \(parsed ?? "a refusal")")
        }
        return taken
    }

    @Test func every_list_of_up_to_two_pieces() {
        var lists: [[String]] = [[]]
        let pieces = Self.quickPieces + Self.otherPieces
        for first in pieces {
            lists.append(first)
            for second in pieces { lists.append(first + second) }
        }
        #expect(Self.compare(lists) > 150)
    }

    /// sqlite3's one-dash spellings of the quick flags, which the entry point rewrites
    /// (`-batch` → `--batch`) and then reads quickly too.
    @Test func sqlite3_spellings_rewritten_then_read_quickly() {
        let spellings: [[String]] = [["-batch"], ["-bail"], ["-echo"], ["-readonly"], ["-safe"], ["-interactive"],
                                     ["-header"], ["-noheader"], ["-csv"], ["-json"], ["-line"], ["-box"], ["-tabs"]]
        let pieces = spellings + Self.quickPieces + Self.otherPieces
        var taken = 0
        for first in spellings {
            for second in pieces {
                for arguments in [first + second, second + first] {
                    guard let rewritten = try? SQLite3Options.rewrite(arguments),
                          let quick = QuickArguments.parse(rewritten) else { continue }
                    taken += 1
                    let parsed = Self.argumentParserReading(arguments)
                    #expect(parsed == Self.reading(quick), "sqlive \(arguments): ArgumentParser reads \(parsed ?? "a refusal")")
                }
            }
        }
        #expect(taken > 100)
    }

    @Test func random_longer_lists() {
        let seed = SeededRandom.seed(from: "QUICK_ARGUMENTS_SEED")
        var random = SeededRandom(seed: seed)
        let lists = (0..<3000).map { _ in
            (0..<Int.random(in: 3...7, using: &random)).flatMap { _ in
                (Int.random(in: 0..<10, using: &random) == 0 ? Self.otherPieces : Self.quickPieces).randomElement(using: &random) ?? []
            }
        }
        #expect(Self.compare(lists) > 500, "seed \(seed) (QUICK_ARGUMENTS_SEED replays it)")
    }
}
