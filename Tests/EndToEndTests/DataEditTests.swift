import Foundation
import Testing
import SQLiveTestSupport

/// `.edit` with a scripted editor: it gets the last statement in a file, and what it saves
/// is run.
@Suite struct DataEditTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlive-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// An editor that records the file it was given, then replaces its text (or exits
    /// with `status`). It runs as `sh SCRIPT`: a script just written can't always be
    /// executed directly while other tests start processes ("Text file busy").
    private func editor(named name: String, writes text: String, status: Int = 0) throws -> String {
        let script = folder.appendingPathComponent(name).path
        let log = folder.appendingPathComponent("\(name).log").path
        try """
            #!/bin/sh
            cat "$1" > '\(log)'
            printf '%s\\n' '\(text.replacingOccurrences(of: "'", with: "'\\''"))' > "$1"
            exit \(status)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        return "sh \(script)"
    }

    private func log(_ name: String) throws -> String {
        try String(contentsOfFile: folder.appendingPathComponent("\(name).log").path, encoding: .utf8)
    }

    @Test func the_editor_gets_the_last_statement_and_its_text_runs() throws {
        let script = try editor(named: "ed", writes: "SELECT 40 + 2;\n.print printed")
        let result = try BinaryRunner.sqlive([], input: "SELECT 1;\nSELECT 2;\n.edit\n", environment: ["EDITOR": script])
        #expect(result.stdout == "1\n2\n42\nprinted\n")
        #expect(result.stderr == "")
        #expect(try log("ed") == "SELECT 2;\n")
    }

    @Test func visual_wins_over_editor_and_a_second_edit_reopens_what_was_run() throws {
        let visual = try editor(named: "visual", writes: "SELECT 'from visual';")
        let plain = try editor(named: "plain", writes: "SELECT 'from editor';")
        let result = try BinaryRunner.sqlive([], input: ".edit\n.edit\n", environment: ["VISUAL": visual, "EDITOR": plain])
        #expect(result.stdout == "from visual\nfrom visual\n")
        #expect(try log("visual") == "SELECT 'from visual';\n")
    }

    @Test func an_editor_that_fails_runs_nothing() throws {
        let failing = try editor(named: "failing", writes: "SELECT 'never';", status: 3)
        let result = try BinaryRunner.sqlive([], input: "SELECT 1;\n.edit\n", environment: ["EDITOR": failing])
        #expect(result.stdout == "1\n")
        #expect(result.status == 1)
        #expect(result.stderr == "error: stdin:2: the editor (\(failing)) exited with status 3; nothing was run\n  set $VISUAL or $EDITOR to the editor to use\n")
    }
}
