import Foundation
import Testing
import SQLiveTestSupport

/// docs/COMMANDS.md documents every meta-command: each one `.help` lists has a section.
@Suite struct DataDocsTests {
    static let commandsDocument = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/COMMANDS.md")

    @Test func every_command_in_help_has_a_section_in_commands_md() throws {
        let document = try String(contentsOf: Self.commandsDocument, encoding: .utf8)
        let help = try BinaryRunner.sqlive(["-c", ".help"])
        // Command lines start with the dot; wrapped summaries and headings do not.
        let names = help.stdout.split(separator: "\n").filter { $0.hasPrefix(".") }.compactMap { line in
            line.split(separator: " ").first.map(String.init)
        }
        #expect(names.count > 20)
        let missing = names.filter { !document.contains("\n### `\($0)") }
        #expect(missing.isEmpty, "not documented in docs/COMMANDS.md: \(missing)")
    }
}
