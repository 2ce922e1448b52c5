import Foundation
import GRDB
import Testing
@testable import SQLiveKit
import SQLiveTestSupport

/// An app that deletes its database and makes it again (a reset) while sqlive still has the
/// old file open: the new file's journal has the old file's journal name. SQLite asked the
/// old file whether a writer held it, nobody did, so it took the app's journal for a hot
/// journal of its own: it rolled it back into the old file and deleted it, and the app's
/// COMMIT then failed with "disk I/O error" (a crash of the app in between would have left
/// its database corrupt).
@Suite struct ReplacedDatabaseTests {
    @Test func a_database_deleted_and_made_again_keeps_the_new_files_journal() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("app.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        let test = try TestSession(path: path)
        #expect(test.run("SELECT count(*) FROM t;") == "1\n")

        // The app resets its database and writes a transaction big enough to spill into the
        // file before its COMMIT: its journal is on disk, and it holds the lock on the new file.
        try FileManager.default.removeItem(atPath: path)
        let app = try SQLite3Process(path: path)
        defer { app.end() }
        try app.send("""
            PRAGMA cache_size = 1;
            CREATE TABLE t(x); CREATE TABLE big(y);
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO big SELECT randomblob(300) FROM n;
            SELECT 'ready';
            """, until: "ready\n")
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))

        // sqlive reads on: the old file, and the new file's journal stays the app's.
        #expect(test.run("SELECT count(*) FROM t;") == "1\n")
        #expect(test.errorText == "warning: \(DeleteGuard.movedDatabaseWarning)\n")
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))

        // The app's COMMIT works (it failed with "disk I/O error", and the marker never came).
        try app.send("COMMIT; SELECT 'committed', count(*) FROM big;", until: "committed|2000\n")
        #expect(app.errors == "")
        #expect(test.run(".open \(path)\nSELECT count(*) FROM big; PRAGMA integrity_check;") == "2000\nok\n")
    }
}

/// The sqlite3 shell as another process: statements sent to it, its output read until an
/// expected end.
final class SQLite3Process {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorPipe = Pipe()
    private var received = ""

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-batch", path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
    }

    /// Sends statements, then reads the output until it ends with `end`; throws when the shell
    /// says nothing more for 30 s (a statement failed: its error went to stderr) or exits.
    func send(_ statements: String, until end: String) throws {
        input.fileHandleForWriting.write(Data((statements + "\n").utf8))
        let handle = output.fileHandleForReading
        while !received.hasSuffix(end) {
            var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 30_000) == 1 else { throw SQLite3ProcessError.noAnswer(received) }
            let data = handle.availableData
            guard !data.isEmpty else { throw SQLite3ProcessError.noAnswer(received) }
            received += String(decoding: data, as: UTF8.self)
        }
    }

    /// What the shell wrote on stderr, once it ended.
    var errors: String {
        end()
        return String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func end() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

enum SQLite3ProcessError: Error {
    case noAnswer(String)
}

/// The same reset seen by a session that follows other processes' commits (`.external`):
/// its panes read the old file, which nothing changes any more, and nothing said so. The
/// watcher notices the file moved and says it, once; `--follow` opens the file again
/// (`PaneFollowTests`), the prompt and a script warn.
@Suite struct ReplacedDatabaseWarningTests {
    @Test func a_watched_database_replaced_by_another_file_is_said_once() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("app.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        let test = try TestSession(path: path)
        #expect(test.run(".external 10ms\n.pin SELECT count(*) FROM t") == "-- pane 1 (t): pinned\n1\n")
        let aside = folder.path("aside.db")
        try DatabaseQueue(path: aside).write { try $0.execute(sql: "CREATE TABLE t(x)") }
        #expect(rename(aside, path) == 0)
        // The evidence: the watcher's event, waited for (10 s at most).
        let deadline = Date().addingTimeInterval(10)
        var events: [PaneEvent] = []
        while !events.contains(.databaseReplaced), Date() < deadline {
            events += test.board.drainEvents()
            usleep(5_000)
        }
        #expect(events.contains(.databaseReplaced))
        test.session.printTrace(events)
        #expect(test.errorText == "warning: \(path) was deleted or replaced since it was opened: the panes show the old file; .open it again to follow the new one\n")
        // Said once: the next looks at the moved file say nothing more.
        #expect(test.run(".pane 1") == "-- pane 1 (t): pinned\n1\n")
        #expect(test.errorText == "")
    }

    /// An attached file replaced the same way: the pane on it froze on the old file's rows,
    /// and nothing said so.
    @Test func an_attached_database_replaced_by_another_file_is_said_once() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("app.db")
        let attached = folder.path("aux.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x)") }
        try DatabaseQueue(path: attached).write { try $0.execute(sql: "CREATE TABLE a(x); INSERT INTO a VALUES (1)") }
        let test = try TestSession(path: path)
        #expect(test.run("ATTACH '\(attached)' AS aux;\n.external 10ms\n.pin SELECT count(*) FROM aux.a") == "-- pane 1 (a): pinned\n1\n")
        let aside = folder.path("aside.db")
        try DatabaseQueue(path: aside).write { try $0.execute(sql: "CREATE TABLE a(x)") }
        #expect(rename(aside, attached) == 0)
        let replaced = PaneEvent.attachedDatabaseReplaced(name: "aux", file: attached)
        let deadline = Date().addingTimeInterval(10)
        var events: [PaneEvent] = []
        while !events.contains(replaced), Date() < deadline {
            events += test.board.drainEvents()
            usleep(5_000)
        }
        #expect(events == [replaced])
        test.session.printTrace(events)
        #expect(test.errorText == "warning: \(attached) (attached as aux) was deleted or replaced since it was attached: the panes show the old file; DETACH and ATTACH it again to follow the new one\n")
        #expect(test.run(".pane 1") == "-- pane 1 (a): pinned\n1\n")
        #expect(test.errorText == "")
    }

    /// A write to the replaced file failed with SQLite's bare "attempt to write a readonly
    /// database", which does not say why a file opened read-write became read-only.
    @Test func a_write_to_a_replaced_database_says_why_it_is_read_only() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("app.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x)") }
        let test = try TestSession(path: path)
        #expect(test.run("INSERT INTO t VALUES (1);") == "")
        let aside = folder.path("aside.db")
        try DatabaseQueue(path: aside).write { try $0.execute(sql: "CREATE TABLE t(x)") }
        #expect(rename(aside, path) == 0)
        #expect(test.run("INSERT INTO t VALUES (2);") == "")
        #expect(test.errorText == """
            error: test.sql:1: attempt to write a readonly database
              the database file was deleted or replaced since it was opened: .open it again to use the new one

            """)
    }
}
