import Foundation
import Testing
import SQLiveTestSupport

/// sqlive never leaves a file worse than sqlite3 would: it closes the database on every way
/// out (a WAL database checkpointed, its `-wal` and `-shm` files gone), rolls back and says so
/// when the input ends inside a transaction, and `.open --new` deletes and creates the file,
/// never emptying it in place and never while another process holds it.
@Suite struct DataKeptWholeTests {
    @Test(arguments: ["select count(*) from t;\n", "select count(*) from t;\n.quit\n"])
    func the_end_of_input_closes_a_wal_database_as_sqlite3_does(_ ending: String) throws {
        let folder = try TemporaryFolder()
        for shell in ["sqlite3", "sqlive"] {
            let database = folder.path + "/\(shell).db"
            let script = "PRAGMA journal_mode = WAL;\nCREATE TABLE t(x);\nINSERT INTO t VALUES (1);\n" + ending
            let result = shell == "sqlite3"
                ? try BinaryRunner.sqlite3([database], input: script)
                : try BinaryRunner.sqlive([database], input: script)
            #expect(result == ProcessResult(stdout: "wal\n1\n", stderr: "", status: 0), "\(shell)")
            #expect(!FileManager.default.fileExists(atPath: database + "-wal"), "\(shell)")
            #expect(!FileManager.default.fileExists(atPath: database + "-shm"), "\(shell)")
        }
    }

    @Test func a_script_ending_inside_a_transaction_rolls_it_back_and_says_so() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/t.db"
        let result = try BinaryRunner.sqlive([database], input: "create table t(x);\nbegin;\ninsert into t values (1);\n")
        #expect(result == ProcessResult(
            stdout: "",
            stderr: "warning: the input ended inside a transaction: it was rolled back (end it with COMMIT to keep its changes)\n",
            status: 0))
        #expect(try BinaryRunner.sqlite3([database, "select count(*) from t"]).stdout == "0\n")
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
    }

    @Test func open_new_starts_an_empty_database_like_sqlite3() throws {
        let folder = try TemporaryFolder()
        var outputs: [String] = []
        for shell in ["sqlite3", "sqlive"] {
            let database = folder.path + "/\(shell).db"
            _ = try BinaryRunner.sqlite3([database, "create table old(x); insert into old values (1);"])
            let script = ".open --new \(database)\n.tables\ncreate table fresh(y);\n.tables\n"
            let result = shell == "sqlite3"
                ? try BinaryRunner.sqlite3([database], input: script)
                : try BinaryRunner.sqlive([database], input: script)
            #expect(result.status == 0, "\(result)")
            outputs.append(result.stdout)
            #expect(try BinaryRunner.sqlite3([database, ".tables"]).stdout == "fresh\n")
        }
        #expect(outputs == ["fresh\n", "fresh\n"])
    }

    @Test func open_new_deletes_the_file_instead_of_emptying_it_in_place() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/t.db"
        _ = try BinaryRunner.sqlite3([database, "create table old(x);"])
        // A second name for the old file: emptied in place, it would be emptied too.
        let otherName = folder.path + "/hard-link.db"
        #expect(link(database, otherName) == 0)
        let result = try BinaryRunner.sqlive([], input: ".open --new \(database)\ncreate table fresh(y);\n")
        #expect(result == ProcessResult(stdout: "", stderr: "", status: 0))
        #expect(try BinaryRunner.sqlite3([otherName, ".tables"]).stdout == "old\n")
        #expect(try BinaryRunner.sqlite3([database, ".tables"]).stdout == "fresh\n")
    }

    @Test func open_new_refuses_a_file_another_process_holds_and_touches_nothing() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/held.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(x); insert into t values ('kept');"])
        let holder = try #require(try TransactionHolder(database, "begin immediate; insert into t values ('pending');"))
        // Evidence that the lock is held: another writer is refused at once.
        let probe = try BinaryRunner.sqlite3([database, "begin immediate"])
        #expect(probe.stderr.contains("database is locked"), "\(probe)")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let result = try BinaryRunner.sqlive([], input: ".open --new \(database)\nselect 'after';\n")
        #expect(result.stdout == "after\n")
        #expect(result.stderr.hasPrefix("error: stdin:1: cannot replace \(database): process "), "\(result)")
        #expect(result.stderr.hasSuffix(" has it open and locked\n  close the other connection first, or choose another file\n"), "\(result)")
        #expect(result.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)

        #expect(holder.end())
        #expect(try BinaryRunner.sqlite3([database, "select x from t"]).stdout == "kept\npending\n")
    }

    @Test func open_new_refuses_a_wal_database_another_process_has_open() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/wal.db"
        _ = try BinaryRunner.sqlite3([database, "pragma journal_mode = wal; create table t(x); insert into t values ('kept');"])
        let holder = try RunningProcess("/usr/bin/sqlite3", [database])
        defer { holder.kill() }
        // An idle WAL connection: it holds a shared lock on the WAL index, no transaction.
        holder.send("select count(*) from t;\n.print open\n")
        #expect(holder.waitForLine("open", timeout: 10))
        #expect(FileLocks.holders(of: database + "-shm").contains(holder.processIdentifier))

        let result = try BinaryRunner.sqlive([], input: ".open --new \(database)\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("process \(holder.processIdentifier) has it open and locked"), "\(result)")
        #expect(try BinaryRunner.sqlite3([database, "select x from t"]).stdout == "kept\n")
    }
}

extension DataKeptWholeTests {
    @Test func a_database_locked_by_another_process_is_opened_when_a_statement_needs_it() throws {
        let folder = try TemporaryFolder()
        let database = folder.path + "/busy.db"
        _ = try BinaryRunner.sqlite3([database, "create table t(x); insert into t values (1);"])
        let holder = try RunningProcess("/usr/bin/sqlite3", [database])
        defer { holder.kill() }
        holder.send("begin exclusive;\n.print held\n")
        #expect(holder.waitForLine("held", timeout: 10))
        // Evidence that the lock keeps readers out: sqlite3 can't read at all.
        let probe = try BinaryRunner.sqlite3([database, "select count(*) from t"])
        #expect(probe.stderr.contains("database is locked"), "\(probe)")

        // Settings and help run at once; the statement waits for the lock, then says so.
        let locked = try BinaryRunner.sqlive([database, ".mode csv", ".print settings-ran", ".timeout 0", "select count(*) from t"])
        #expect(locked.stdout == "settings-ran\n")
        #expect(locked.stderr.hasSuffix("database is locked\n"), "\(locked)")
        // A failed SQL argument exits with SQLite's result code, as in sqlite3: SQLITE_BUSY.
        #expect(locked.status == 5)
        let help = try BinaryRunner.sqlive([database, ".help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains(".tables"))

        // Once the lock is gone, the same session reads the file (not an empty stand-in).
        let reader = try RunningProcess(BinaryRunner.sqlivePath, [database])
        reader.send(".print started\n")
        #expect(reader.waitForLine("started", timeout: 10))
        holder.send("commit;\n.print released\n")
        #expect(holder.waitForLine("released", timeout: 10))
        reader.send("select count(*) from t;\n.databases\n")
        reader.closeInput()
        #expect(reader.waitForExit() == 0)
        #expect(reader.waitForLine("1", timeout: 10))
        #expect(reader.waitForLine("main: \(database) r/w", timeout: 10))
    }
}

/// The processes `/proc/locks` names as holding a lock on a file.
enum FileLocks {
    static func holders(of path: String) -> [Int32] {
        var info = stat()
        guard stat(path, &info) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        let inode = ":\(info.st_ino) "
        return table.split(separator: "\n").filter { $0.contains(inode) }.compactMap { line in
            line.split(separator: " ").dropFirst(4).first.flatMap { Int32($0) }
        }
    }
}
