import Foundation
import GRDB
@testable import SQLiveKit

/// Runs a ``PaneWorkload`` in a ``TestSession`` and, after every step that leaves no
/// transaction open (on WAL after every step: a transaction never keeps the panes from
/// reading there), compares every pane with its query run fresh on the latest committed
/// state, and the last block the script printed for the pane with what `.pane ID` prints now
/// (a script must not leave a stale block as a pane's last word).
///
/// Each pane's first difference is described so it can be replayed; a pane found wrong once
/// is not reported again (it would stay wrong), and the run stops after ``reportLimit``
/// differences.
///
/// The fresh run uses a connection of its own on a file database (so it sees exactly what
/// was committed), and the session's connection on an in-memory one (outside a transaction
/// that connection sees just the committed state too).
final class PaneWorkloadRunner {
    /// Every pane keeps up to this many rows (`.pin --rows 1000`): all rows of the workload.
    static let rowLimit = 1000
    /// Differences reported per run, at most (`SQLIVE_DIFF_REPORTS`, default 4): a broken
    /// engine gets a few readable reports, a survey by hand can ask for all of them.
    static let reportLimit = ProcessInfo.processInfo.environment["SQLIVE_DIFF_REPORTS"].flatMap(Int.init) ?? 4

    /// `SQLIVE_DIFF_TRACE=1`: every step on stderr before it runs.
    static let traces = ProcessInfo.processInfo.environment["SQLIVE_DIFF_TRACE"] == "1"

    let workload: PaneWorkload
    let files: PaneWorkloadFiles
    let test: TestSession
    private var oracle: PaneWorkloadOracle
    private var freshConnection: DatabaseQueue?
    private var writers: [PaneWorkloadDatabase: DatabaseQueue] = [:]
    /// The reproduction script: every input so far, paths written out.
    private(set) var script: [String] = []
    /// The body of the last block each pane printed (its rows or error), by pane id.
    private var lastBlocks: [Int: [String]] = [:]

    init(_ workload: PaneWorkload) throws {
        self.workload = workload
        files = try PaneWorkloadFiles()
        if workload.storage == .wal {
            let queue = try DatabaseQueue(path: files.main)
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            try queue.close()
        }
        // Both ways frames run: in the thread that waits for them, as sqlive runs a script
        // (even seeds, and the fixed scenarios), and on the lanes' own threads, as at the
        // prompt with `.layout inline` (odd seeds).
        var environment = SessionEnvironment()
        environment.panesRefreshWhenWaitedFor = (workload.seed ?? 0) % 2 == 0
        test = try TestSession(path: workload.storage.isFile ? files.main : ":memory:", environment: environment)
        test.board.clock = { PaneFixtures.time }
        oracle = PaneWorkloadOracle(session: test.session)
    }

    /// The panes already reported, by id.
    private var reported: Set<Int> = []
    private var mismatches: [PaneMismatch] = []

    /// Runs the setup then every step; the differences found (empty when every pane was
    /// right after every step).
    func run() throws -> [PaneMismatch] {
        for input in workload.setup {
            try perform(.session(input))
        }
        try check(step: nil)
        for (index, step) in workload.steps.enumerated() where mismatches.count < Self.reportLimit {
            if Self.traces {
                // Each step on stderr as it starts: what replays a crash of the engine.
                let line = "\(workload.storage) seed \(workload.seed.map(String.init) ?? "-") step \(index): \(step.scriptLine)\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
            try perform(step)
            try check(step: index)
        }
        return mismatches
    }

    // MARK: - Steps

    private func perform(_ step: PaneWorkload.Step) throws {
        switch step {
        case .session(let input):
            let resolved = files.resolve(input)
            script.append(resolved)
            oracle.note(resolved)
            noteBlocks(test.run(resolved))
        case .external(let database, let sql), .externalForTheWatcher(let database, let sql, _):
            // Another connection cannot commit while the session holds a write transaction.
            guard !isInsideTransaction else {
                script.append("-- (skipped while a transaction is open) another connection writes \(database): \(sql)")
                return
            }
            script.append(step.scriptLine)
            do {
                try writer(for: database).writeWithoutTransaction { try $0.execute(sql: sql) }
            } catch let error as DatabaseError {
                script.append("-- which failed: \(error.message ?? error.description)")
            }
            switch step {
            case .externalForTheWatcher(_, _, let input):
                if let input { noteBlocks(test.run(input)) }
                try waitForTheWatcher()
            default:
                noteBlocks(test.run(".notify all"))
            }
        }
    }

    /// Drains and prints what the external watcher delivers, as an inline front-end would,
    /// until every pane equals its query run fresh: the evidence that the commit was seen.
    /// Gives up after `timeout` seconds (a bound for an engine that never delivers, not a
    /// guess at how long it takes: 2 s was too short beside two CPU hogs and the other
    /// suites, and a pane caught mid-refresh was reported); the check that follows then
    /// reports the panes.
    private func waitForTheWatcher(timeout: Double = 30) throws {
        let woken = DispatchSemaphore(value: 0)
        test.board.waker = { woken.signal() }
        defer { test.board.waker = nil }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Frames left for a waiting thread run as a script's next statement would run them.
            _ = test.board.waitUntilSettled()
            let events = test.board.drainEvents()
            if !events.isEmpty {
                test.output.reset()
                test.session.printPaneUpdates(events)
                test.session.output.flush()
                noteBlocks(test.output.text)
            }
            let panes = test.board.panes
            let fresh = try freshSnapshots(of: panes.map(\.query))
            if zip(panes, fresh).allSatisfy({ PaneSnapshot(shownBy: $0) == $1 }) || Date() > deadline { return }
            _ = woken.wait(timeout: .now() + 0.1)
        }
    }

    /// Keeps the last block of each pane a script printed.
    private func noteBlocks(_ output: String) {
        for block in PaneScriptBlock.all(in: output) { lastBlocks[block.paneID] = block.body }
    }

    private func writer(for database: PaneWorkloadDatabase) throws -> DatabaseQueue {
        if let writer = writers[database] { return writer }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let writer = try DatabaseQueue(path: database == .main ? files.main : files.aux, configuration: configuration)
        writers[database] = writer
        return writer
    }

    // MARK: - Checks

    var isInsideTransaction: Bool {
        onSessionConnection { $0.isInsideTransaction }
    }

    /// Compares every pane with a fresh run of its query, unless a transaction is open where
    /// it may keep the panes from reading (a rollback journal, memory): on WAL the panes show
    /// the committed state whatever the user's transaction did, its schema changes included
    /// (a pane pinned after an uncommitted DROP TABLE showed "no such table").
    private func check(step: Int?) throws {
        guard workload.storage == .wal || !isInsideTransaction else { return }
        let panes = test.board.panes
        let expected = try freshSnapshots(of: panes.map(\.query))
        for (pane, fresh) in zip(panes, expected) where !reported.contains(pane.id) {
            let shown = PaneSnapshot(shownBy: pane)
            guard shown != .paused else { continue }
            if shown != fresh {
                report(pane, step: step, expected: "\(fresh)", shown: "\(shown)", aspect: "shows")
                continue
            }
            // `.pane ID` prints the pane's block; blocks of other panes may follow it.
            var blocks = PaneScriptBlock.all(in: test.run(".pane \(pane.id)"))
            let current = blocks.isEmpty ? [] : blocks.removeFirst().body
            for block in blocks { lastBlocks[block.paneID] = block.body }
            if lastBlocks[pane.id] != current {
                report(pane, step: step, expected: current.joined(separator: "\n"),
                       shown: lastBlocks[pane.id]?.joined(separator: "\n") ?? "(never printed)",
                       aspect: "printed last in the script")
            }
        }
    }

    private func report(_ pane: Pane, step: Int?, expected: String, shown: String, aspect: String) {
        reported.insert(pane.id)
        mismatches.append(PaneMismatch(workload: workload, step: step, pane: pane.label, query: pane.query,
                                       aspect: aspect, expected: expected, shown: shown, script: script))
    }

    /// Each query run fresh, all from one read of the committed state.
    private func freshSnapshots(of queries: [String]) throws -> [PaneSnapshot] {
        let oracle = oracle
        guard workload.storage.isFile else {
            return onSessionConnection { db in queries.map { oracle.fresh($0, in: db) } }
        }
        let connection = try freshConnection ?? openFreshConnection()
        // Attach or detach `aux` as the session did (`DETACH aux`, `ATTACH … AS aux`).
        let sessionHasAux = onSessionConnection(Self.hasAux)
        if connection.inDatabase(Self.hasAux) != sessionHasAux {
            try connection.inDatabase { db in
                try db.execute(sql: sessionHasAux ? "ATTACH DATABASE ? AS aux" : "DETACH DATABASE aux",
                               arguments: sessionHasAux ? [files.aux] : [])
            }
        }
        return try connection.read { db in
            // The session changed the schema behind this connection's back: the DSL compiler
            // must not read GRDB's cached view of it.
            db.clearSchemaCache()
            return queries.map { oracle.fresh($0, in: db) }
        }
    }

    static func hasAux(_ db: Database) -> Bool {
        (try? String.fetchAll(db, sql: "SELECT name FROM pragma_database_list").contains("aux")) ?? false
    }

    /// A database access on the session's own connection: the one place the tester reaches
    /// it, to ask whether a transaction is open and, in memory, to run queries fresh.
    private func onSessionConnection<T>(_ body: (Database) -> T) -> T {
        test.session.connection.queue.inDatabase(body)
    }

    private func openFreshConnection() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.readonly = true
        configuration.prepareDatabase { [aux = files.aux] db in
            try db.execute(sql: "ATTACH DATABASE ? AS aux", arguments: [aux])
        }
        let connection = try DatabaseQueue(path: files.main, configuration: configuration)
        freshConnection = connection
        return connection
    }
}
