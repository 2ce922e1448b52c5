import Foundation
import Testing
@testable import SQLiveTerminal
import SQLiveTestSupport

/// The history file, in-process: what a session reads at start and what each entry leaves
/// in the file.
@Suite struct CommandHistoryTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The entries of the file, oldest first (entries without spaces read as they are:
    /// libedit encodes a space as `\040`).
    private func entries(in path: String) throws -> [String] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "_HiStOrY_V2_")
        return Array(lines.dropFirst())
    }

    /// `: > ~/.sqlive_history` (or `touch`) left a file libedit refuses: every session warned
    /// "not a readable sqlive history file" and saved nothing.
    @Test func an_empty_file_is_an_empty_history() throws {
        let path = folder.path("history")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        var warnings: [String] = []
        let history = try #require(CommandHistory(path: path, warn: { warnings.append($0) }))
        history.add("one;")
        #expect(warnings.isEmpty)
        #expect(try entries(in: path) == ["one;"])
    }

    /// Each session wrote its whole history over the file: the entries another session
    /// saved in the meantime were lost.
    @Test func an_entry_is_added_to_what_the_file_holds_now() throws {
        let path = folder.path("history")
        let first = try #require(CommandHistory(path: path, warn: { _ in }))
        let second = try #require(CommandHistory(path: path, warn: { _ in }))
        first.add("one;")
        second.add("two;")
        first.add("three;")
        #expect(try entries(in: path) == ["one;", "two;", "three;"])
    }
}
