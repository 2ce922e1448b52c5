import Foundation
import Testing
import SQLiveTestSupport

/// Three processes write one database file at random while a fourth, a `sqlive` session with
/// 20 pinned panes, watches it: every write succeeds (busy waits, no "database is locked"),
/// the session answers every command within a bound (no deadlock between the panes and the
/// prompt), and at the end every pane shows exactly what a fresh query of its SQL returns.
///
/// CI runs 1,500 writes per journal mode at 300 writes a second. By hand:
/// `SQLIVE_SOAK_WRITES=10000 swift test --filter ConcurrencySoakTests` (`SQLIVE_SOAK_RATE`
/// sets the writes per second). A failure prints its seed; `SQLIVE_SOAK_SEED=N` replays the
/// same writes (their timing differs from run to run).
@Suite(.serialized) struct ConcurrencySoakTests {
    /// How long one command may take before the session counts as stuck.
    static let answerBound = 15.0

    @Test(arguments: ["delete", "wal"])
    func random_writes_from_three_processes_leave_every_pane_equal_to_a_fresh_query(journal: String) throws {
        let writes = SeededRandom.count(from: "SQLIVE_SOAK_WRITES", fallback: 1_500)
        let rate = Double(SeededRandom.count(from: "SQLIVE_SOAK_RATE", fallback: 300))
        let seed = SeededRandom.seed(from: "SQLIVE_SOAK_SEED")
        let replay = Comment(rawValue: "seed \(seed): replay with SQLIVE_SOAK_SEED=\(seed) SQLIVE_SOAK_WRITES=\(writes)")
        var random = SeededRandom(seed: seed)
        let folder = try Self.memoryBackedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/soak.db"
        let setup = try BinaryRunner.sqlite3([database], input: "PRAGMA journal_mode = \(journal);\n"
                                             + SoakWorkload.schema + SoakWorkload.seedRows(using: &random))
        #expect(setup.stderr == "", replay)

        let watcher = try RunningProcess(BinaryRunner.sqlivePath, [database])
        defer { if watcher.isRunning { watcher.kill() } }
        watcher.send(".external 100ms\n")
        for (index, pane) in SoakWorkload.panes.enumerated() {
            watcher.send(".pin --name \(pane.name) \(pane.text)\n")
            #expect(watcher.waitForLine("-- pane \(index + 1) (\(pane.name)): pinned", timeout: Self.answerBound), replay)
        }

        let scripts = SoakWorkload.writerScripts(writes: writes, using: &random)
        let writers = [
            try RunningProcess(BinaryRunner.sqlivePath, [database]),
            try RunningProcess(BinaryRunner.sqlivePath, [database]),
            try RunningProcess("/usr/bin/sqlite3", [database]),
        ]
        defer { for writer in writers where writer.isRunning { writer.kill() } }
        let started = Date()
        let feeding = DispatchGroup()
        for (writer, script) in zip(writers, scripts) {
            feeding.enter()
            Thread.detachNewThread {
                Self.feed(script, to: writer, writesPerSecond: rate / 3, from: started)
                feeding.leave()
            }
        }

        // While the writers run, the session answers a probe every 100 ms; one in five
        // is a transaction of its own, so its commits meet the other processes' too.
        var probes = 0, maxLatency = 0.0
        while writers.contains(where: \.isRunning) {
            probes += 1
            let mark = watcher.outputLength, sent = Date()
            if probes % 5 == 0 {
                watcher.send("BEGIN;\nINSERT INTO event(kind, accountId, amount) VALUES ('probe', 1, \(probes));\nCOMMIT;\n")
            }
            watcher.send("SELECT '@@probe \(probes)';\n")
            let answered = watcher.waitForLine("@@probe \(probes)", after: mark, timeout: Self.answerBound)
            try #require(answered, "probe \(probes) got no answer in \(Self.answerBound) s: the session is stuck; \(replay)")
            maxLatency = max(maxLatency, Date().timeIntervalSince(sent))
            Thread.sleep(forTimeInterval: 0.1)
        }
        let duration = Date().timeIntervalSince(started)
        feeding.wait()
        for (index, writer) in writers.enumerated() {
            #expect(writer.waitForExit() == 0, "writer \(index): \(writer.errorOutput) \(replay)")
            #expect(writer.errorOutput == "", "writer \(index) \(replay)")
        }

        // What each pane must end on: its query run fresh, now that nothing writes.
        let fresh = try SoakWorkload.panes.map { pane in
            pane.isDSL
                ? try BinaryRunner.sqlive([database, pane.text]).stdout
                : try BinaryRunner.sqlite3([database, pane.text + ";"]).stdout
        }
        // The external-change watcher checks every 100 ms: wait for the evidence that it saw
        // the last commits (every pane's last block equal to its fresh query), a statement at
        // a time, paced by each answer, within the bound for one command.
        let syncStart = Date()
        var rounds = 0
        repeat {
            rounds += 1
            let mark = watcher.outputLength
            watcher.send("SELECT '@@sync \(rounds)';\n")
            try #require(watcher.waitForLine("@@sync \(rounds)", after: mark, timeout: Self.answerBound), replay)
            let printed = SoakReport(output: watcher.output).lastPrinted
            if fresh.indices.allSatisfy({ printed[$0 + 1] == fresh[$0] }) { break }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date().timeIntervalSince(syncStart) < Self.answerBound
        for index in SoakWorkload.panes.indices {
            watcher.send("SELECT '@@pane \(index + 1)';\n.pane \(index + 1)\n")
        }
        watcher.send("SELECT '@@panes';\n.panes\n")
        watcher.closeInput()
        #expect(watcher.waitForExit() == 0, replay)
        #expect(watcher.errorOutput == "", replay)

        if let log = ProcessInfo.processInfo.environment["SQLIVE_SOAK_LOG"] {
            try watcher.output.write(toFile: "\(log).\(journal)", atomically: true, encoding: .utf8)
        }
        let report = SoakReport(output: watcher.output)
        for (index, pane) in SoakWorkload.panes.enumerated() {
            #expect(report.lastPrinted[index + 1] == fresh[index], "pane \(index + 1) (\(pane.name)) as last printed; \(replay)")
            #expect(report.dotPane[index + 1] == fresh[index], "pane \(index + 1) (\(pane.name)) by .pane; \(replay)")
        }
        #expect(report.refreshes.count == SoakWorkload.panes.count, replay)
        let integrity = try BinaryRunner.sqlite3([database, "PRAGMA integrity_check;"])
        #expect(integrity.stdout == "ok\n", replay)

        print("""
            soak (\(journal)): seed \(seed), \(writes) writes from 3 processes + \(probes / 5) by the pane session, \
            \(SoakWorkload.panes.count) panes, \(String(format: "%.1f", duration)) s, \
            \(report.refreshes.reduce(0, +)) pane refreshes, \(probes) probes, \
            max command latency \(Int(maxLatency * 1000)) ms, panes caught up after \(rounds) statement(s)
            """)
    }

    /// A new folder in `/dev/shm` (memory) when there is one, else in the temporary folder.
    ///
    /// The soak is about locks and observation, not the disk: where an `fsync` costs 20 ms,
    /// as on CI's virtual disks, a rollback-journal file takes some 50 commits a second, and
    /// three writers asking for more only queue up until their busy timeout runs out.
    /// `SQLIVE_SOAK_DIR` chooses another place (the crash tests use the disk).
    static func memoryBackedFolder() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["SQLIVE_SOAK_DIR"]
            ?? (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path)
        let folder = base + "/sqlive-soak-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Sends a writer its script a line at a time, `writesPerSecond` writes a second (the
    /// lines between writes go at once), then ends its input so that it exits.
    static func feed(_ script: [SoakWorkload.ScriptLine], to writer: RunningProcess, writesPerSecond: Double, from start: Date) {
        var written = 0
        for line in script {
            if line.isWrite {
                written += 1
                let wait = start.addingTimeInterval(Double(written) / writesPerSecond).timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
            writer.send(line.text + "\n")
        }
        writer.closeInput()
    }
}
