import Foundation
import Testing
import SQLiveTestSupport

/// `--readonly`: writes fail with SQLite's clear error and change nothing, while panes keep
/// working, including on commits another process makes to the file.
@Suite struct ReadonlyModeTests {
    @Test func a_pane_follows_another_process_while_writes_are_refused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/shared.db"
        _ = try BinaryRunner.sqlite3([path, "create table t(a); insert into t values (1);"])

        let session = try RunningProcess(BinaryRunner.sqlivePath, ["--readonly", path])
        session.send(".external 50ms\n.pin --name total SELECT count(*) FROM t\ninsert into t values (99);\nselect 'ready';\n")
        #expect(session.waitForLine("ready", timeout: 10))

        _ = try BinaryRunner.sqlite3([path, "insert into t values (2), (3);"])
        // The script session applies what its watcher noticed before each statement: ask
        // until the pane has caught up with the other process's commit.
        var caughtUp = false
        for attempt in 0..<100 where !caughtUp {
            let mark = session.outputLength
            session.send("select 'probe \(attempt)';\n")
            #expect(session.waitForLine("probe \(attempt)", after: mark, timeout: 10))
            caughtUp = session.output.contains("-- pane 1 (total): external change\n3\n")
            if !caughtUp { usleep(50_000) }
        }
        session.closeInput()
        let status = session.waitForExit()

        #expect(caughtUp, "the pane never showed the other process's rows:\n\(session.output)")
        #expect(session.output.hasPrefix("-- pane 1 (total): pinned\n1\nready\n"))
        #expect(session.errorOutput == "error: stdin:3: attempt to write a readonly database\n")
        #expect(status == 1)
        #expect(try BinaryRunner.sqlite3([path, "select group_concat(a) from t"]).stdout == "1,2,3\n")
    }
}
