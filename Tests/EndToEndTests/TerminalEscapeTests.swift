import Foundation
import Testing
import SQLiveTestSupport

/// An untrusted database can hold escape sequences in its values, table names and
/// anything an error message quotes. On a terminal sqlive shows them (`^[` for ESC), in
/// every mode and in `.tables`, `.schema`, `.dump` and errors, so they can't clear the
/// screen, move the cursor or set the window's title; into files and pipes the bytes go as
/// they are, as sqlite3 writes them.
@Suite struct TerminalEscapeTests {
    static let escape = "\u{1B}"
    /// A table whose name turns the terminal red, holding a value that sets the window title.
    static func hostileDatabase(in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/hostile.db"
        let name = "t\(escape)[31mred"
        let setup = "create table \"\(name)\"(a); insert into \"\(name)\" values ('x\(escape)]0;pwned\u{07}y\r');"
        #expect(try BinaryRunner.sqlite3([path, setup]).status == 0)
        return path
    }

    static let selectAll = "select * from \"t\(escape)[31mred\""

    /// Runs sqlive on a tmux terminal with `-c` commands and returns the screen once it ended.
    private func screen(_ arguments: [String]) throws -> String {
        let terminal = try TmuxTerminal(
            command: ["/bin/sh", "-c", "\"$@\"; echo '<end>'; sleep 30", "sh", BinaryRunner.sqlivePath] + arguments,
            environment: ["LANG": "C.UTF-8", "NO_COLOR": "1", "HOME": "/nonexistent"], width: 150, timeout: 15)
        defer { terminal.close() }
        return try terminal.waitForScreen("the end of the run") { $0.hasSuffix("<end>") }
    }

    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"),
          arguments: [("list", "x^[]0;pwned^Gy^M"), ("line", "    a = x^[]0;pwned^Gy^M"), ("csv", "\"x^[]0;pwned^Gy^M\""),
                      ("tabs", "x^[]0;pwned^Gy^M"), ("quote", "'x^[]0;pwned^Gy^M'"),
                      ("insert", "INSERT INTO \"table\" VALUES(replace('x^[]0;pwned^Gy\\r','\\r',char(13)));")])
    func values_and_names_are_shown_visibly_in_each_mode(mode: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let database = try Self.hostileDatabase(in: folder)
        let shown = try screen(["--no-init", "--mode", mode, database, "-c", Self.selectAll])
        #expect(shown == expected + "\n<end>", "\(shown)")
    }

    @Test(.enabled(if: TmuxTerminal.isAvailable, "tmux is not installed"))
    func tables_schema_dump_and_errors_show_control_characters() throws {
        let folder = try TemporaryFolder()
        let database = try Self.hostileDatabase(in: folder)
        let shown = try screen(["--no-init", "--safe", database, "-c", ".tables", "-c", ".schema", "-c", ".dump",
                                "-c", "select * from \"no\(Self.escape)[2Jsuch\""])
        #expect(shown == """
            t^[[31mred
            CREATE TABLE IF NOT EXISTS "t^[[31mred"(a);
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE IF NOT EXISTS "t^[[31mred"(a);
            INSERT INTO "t^[[31mred" VALUES(replace('x^[]0;pwned^Gy\\r','\\r',char(13)));
            COMMIT;
            error: -c:1: no such table: no^[[2Jsuch
            <end>
            """, "\(shown)")
    }

    /// Files and pipes get the bytes sqlite3 writes.
    @Test func pipes_get_the_raw_bytes_as_from_sqlite3() throws {
        let folder = try TemporaryFolder()
        let database = try Self.hostileDatabase(in: folder)
        for mode in ["list", "line", "csv", "quote", "insert"] {
            let sqlive = try BinaryRunner.sqlive(["--no-init", "--mode", mode, database, Self.selectAll])
            // sqlite3 has no -insert option; its -csv keeps "\n" between rows, as sqlive's --mode csv.
            let option = mode == "insert" ? ["-cmd", ".mode insert"] : ["-\(mode)"]
            let sqlite3 = try BinaryRunner.sqlite3(option + [database, Self.selectAll])
            #expect(sqlive.stdoutBytes == sqlite3.stdoutBytes, "\(mode)")
            #expect(sqlive.stdout.contains(Self.escape + "]0;pwned\u{07}"), "\(mode)")
        }
        let dump = try BinaryRunner.sqlive(["--no-init", database, ".dump"])
        #expect(dump.stdoutBytes == (try BinaryRunner.sqlite3([database, ".dump"])).stdoutBytes)
    }
}
