import Foundation
import Testing
import SQLiveTestSupport

/// Database names as users give them, on the command line, to `.open` and to ATTACH: `file:`
/// URIs with parameters and percent-encoding, names of one character, names that are not
/// UTF-8 (the file system gets the bytes typed), and `--safe` refusing all of it.
@Suite struct FileNameTests {
    /// `caf\xE9.db`: a Latin-1 name, as an older system writes it.
    static let latin1Name = Data([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x64, 0x62])

    @Test func a_database_named_with_one_character_is_created_and_opened() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "1"] {
            let result = try BinaryRunner.sqlive([name, "select 1"], directory: folder.path)
            #expect(result == ProcessResult(stdout: "1\n", stderr: "", status: 0))
            let again = try BinaryRunner.sqlive([name], input: "create table t(x);\n.tables\n", directory: folder.path)
            #expect(again == ProcessResult(stdout: "t\n", stderr: "", status: 0))
        }
    }

    @Test func a_name_that_is_not_utf8_opens_the_existing_file_from_the_command_line_and_open() throws {
        let folder = try TemporaryFolder()
        // sqlite3 creates the file with the bytes as given.
        let create = try BinaryRunner.run("/bin/sh", ["-c", "sqlite3 \"$(printf 'caf\\351.db')\" 'create table t(x); insert into t values(42)'"],
                                          input: Data(), directory: folder.path)
        #expect(create.status == 0)
        let onCommandLine = try BinaryRunner.run("/bin/sh", ["-c", "\"$0\" \"$(printf 'caf\\351.db')\" 'select x from t'", BinaryRunner.sqlivePath],
                                                 input: Data(), directory: folder.path)
        #expect(onCommandLine == ProcessResult(stdout: "42\n", stderr: "", status: 0))
        let script = Data(".open ".utf8) + Self.latin1Name + Data("\nselect x from t;\n".utf8)
        let opened = try BinaryRunner.run(BinaryRunner.sqlivePath, [], input: script, directory: folder.path)
        #expect(opened == ProcessResult(stdout: "42\n", stderr: "", status: 0))
        // Nothing else was created: the one file is still the only one.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }

    @Test func uris_open_with_their_parameters_and_percent_encoding_everywhere() throws {
        let folder = try TemporaryFolder()
        #expect(try BinaryRunner.sqlite3([folder.path + "/my data.db"], input: "create table t(x); insert into t values('kept');").status == 0)
        let uri = "file:my%20data.db?mode=ro"
        let onCommandLine = try BinaryRunner.sqlive([uri, "select x from t", "insert into t values(1)"], directory: folder.path)
        #expect(onCommandLine.stdout == "kept\n")
        #expect(onCommandLine.stderr.contains("attempt to write a readonly database"))
        let readonly = try BinaryRunner.sqlive(["--readonly", uri, "select x from t"], directory: folder.path)
        #expect(readonly == ProcessResult(stdout: "kept\n", stderr: "", status: 0))
        let script = try BinaryRunner.sqlive([], input: """
            .open --readonly 'file:my%20data.db'
            select x from t;
            .open 'file:my%20data.db?mode=ro'
            select x from t;
            .open
            attach 'file:my%20data.db?mode=ro' as other;
            select x from other.t;
            .databases

            """, directory: folder.path)
        #expect(script.stdout == "kept\nkept\nkept\nmain: \"\" r/w\nother: \(folder.path)/my data.db r/o\n")
        #expect(script.stderr == "")
    }

    @Test func open_new_with_a_uri_empties_the_file_the_uri_names() throws {
        let folder = try TemporaryFolder()
        #expect(try BinaryRunner.sqlite3([folder.path + "/old data.db"], input: "create table t(x);").status == 0)
        let result = try BinaryRunner.sqlive([], input: ".open --new 'file:old%20data.db?cache=private'\n.tables\ncreate table fresh(y);\n",
                                             directory: folder.path)
        #expect(result == ProcessResult(stdout: "", stderr: "", status: 0))
        #expect(try BinaryRunner.sqlite3([folder.path + "/old data.db", ".tables"]).stdout == "fresh\n")
    }

    @Test func a_uri_whose_file_is_missing_says_so_plainly() throws {
        let folder = try TemporaryFolder()
        let result = try BinaryRunner.sqlive(["--readonly", "file:none.db?cache=private", "select 1"], directory: folder.path)
        #expect(result == ProcessResult(stdout: "", stderr: "error: cannot open file:none.db?cache=private: no such file (and --readonly does not create one)\n", status: 1))
        let folderMissing = try BinaryRunner.sqlive(["file:nowhere/x.db", "select 1"], directory: folder.path)
        #expect(folderMissing.stderr == "error: cannot open file:nowhere/x.db: the folder nowhere does not exist\n")
    }

    @Test func safe_mode_refuses_uris_extensions_and_replicas() throws {
        let folder = try TemporaryFolder()
        let attach = try BinaryRunner.sqlive(["--safe", "-c", "attach 'file:x.db' as x"], directory: folder.path)
        #expect(attach.status == 1)
        #expect(attach.stderr.contains("safe mode"))
        for option in [["--load", "x.so"], ["--replica", "file:///tmp/r"]] {
            let refused = try BinaryRunner.sqlive(["--safe"] + option + ["-c", "select 1"], directory: folder.path)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("--safe loads no extension: drop --load and --replica"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
