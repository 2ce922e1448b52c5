import Foundation
import Testing
@testable import SQLiveKit

/// docs/SQLITE3.md covers every dot-command of sqlite3 3.40 (as `sqlite3 :memory: .help`
/// lists them) with "same", "different" or "absent", and agrees with the code: an absent
/// command is one sqlive lacks and ``SQLite3Commands`` explains, the others are sqlive's.
@Suite struct SQLite3DocsTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/SQLITE3.md")

    /// The rows of the table: command name (no dot) → what the row says.
    static func rows() throws -> [String: String] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `.") {
            let name = line.dropFirst(4).prefix { $0 != "`" }
            rows[String(name)] = String(line)
        }
        return rows
    }

    static func sqlite3Commands() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [":memory:", ".help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix(".") else { return nil }
            return String(line.dropFirst().prefix { $0 != " " })
        }
    }

    @Test func every_sqlite3_command_has_a_row_that_says_same_different_or_absent() throws {
        let commands = try Self.sqlite3Commands()
        #expect(commands.count >= 60, "sqlite3 .help listed \(commands)")
        let rows = try Self.rows()
        for command in commands {
            guard let row = rows[command] else {
                Issue.record("docs/SQLITE3.md has no row for .\(command)")
                continue
            }
            let verdict = row.split(separator: "|")[1]
            #expect(["same", "different", "absent"].contains { verdict.contains($0) }, "\(row)")
        }
        #expect(Set(rows.keys).subtracting(commands).isEmpty, "rows for commands sqlite3 does not have")
    }

    @Test func absent_commands_are_the_ones_sqlive_lacks_and_says_why() throws {
        let registry = CommandRegistry.standard
        let rows = try Self.rows()
        for (command, row) in rows {
            let absent = row.split(separator: "|")[1].contains("absent:")
            let inSqlive = registry.commands.contains { $0.name == command || $0.aliases.contains(command) }
            #expect(absent == !inSqlive, ".\(command): the document says \(absent ? "absent" : "present")")
            #expect(absent == (SQLite3Commands.absent[command] != nil), ".\(command): SQLite3Commands disagrees")
        }
    }
}
