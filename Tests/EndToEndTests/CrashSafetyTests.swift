import Foundation
import Testing
import SQLiveTestSupport

/// `kill -9` at random points while sqlive writes, imports and migrates, on rollback-journal
/// and WAL databases. After each kill, sqlite3 finds the file intact (`PRAGMA
/// integrity_check`), everything committed before the kill is there, and the unit of work
/// the kill interrupted is there whole or not at all:
/// - writes: every batch up to the last `committed K` marker printed (or one more, whose
///   commit landed before its marker), each with all its rows, and no row of a later one;
/// - `.import`: all the file's rows or none (it runs in one transaction);
/// - `.migrate`: each migration applied with its ledger and checksum rows, or not at all,
///   and a second `.migrate` applies the rest.
///
/// Each kill waits for evidence that the unit of work it must interrupt is under way: a
/// `committed K` marker for writes; for an import and a migration, SQLite's statement trace
/// (`.trace stderr`), written as each statement starts: the import's K-th row, a
/// migration's first statement. Then the kill must find the process still running.
///
/// CI runs 6 kill points (each kind on both journal modes). By hand: `SQLIVE_KILL_POINTS=50 swift test --filter
/// CrashSafetyTests`. Point I is a write for I % 3 == 0, an import for 1, a migration for 2,
/// on a rollback-journal database for (I / 3) even, WAL for odd. `SQLIVE_KILL_SEED=N`
/// replays the points of a failure (their timing varies a little from run to run).
@Suite(.serialized) struct CrashSafetyTests {
    static let seed = SeededRandom.seed(from: "SQLIVE_KILL_SEED")
    static let killPoints = SeededRandom.count(from: "SQLIVE_KILL_POINTS", fallback: 6)

    static func points(ofKind kind: Int) -> [Int] { Array(stride(from: kind, to: killPoints, by: 3)) }
    static func journal(of point: Int) -> String { (point / 3) % 2 == 0 ? "delete" : "wal" }
    static func random(for point: Int) -> SeededRandom { SeededRandom(seed: seed &+ UInt64(point) &* 7_919) }
    static func replay(_ point: Int) -> Comment {
        Comment(rawValue: "kill point \(point) (\(journal(of: point))): replay with SQLIVE_KILL_SEED=\(seed) SQLIVE_KILL_POINTS=\(killPoints)")
    }

    @Test func killed_writes_keep_every_committed_batch_whole() throws {
        var batches: [String] = []
        for point in Self.points(ofKind: 0) {
            var random = Self.random(for: point)
            let folder = try TemporaryFolder()
            let database = folder.path + "/writes.db"
            let setup = try BinaryRunner.sqlite3([database], input: "PRAGMA journal_mode = \(Self.journal(of: point));\n" + CrashWorkloads.Writes.schema)
            #expect(setup.stderr == "", Self.replay(point))
            let workload = CrashWorkloads.Writes(batches: 40, using: &random)
            let killAfter = Int.random(in: 1...12, using: &random)
            let delay = Double.random(in: 0...0.04, using: &random)

            let writer = try RunningProcess(BinaryRunner.sqlivePath, [database], input: .file(folder.write("writes.sql", workload.script)))
            try #require(writer.waitForLine("committed \(killAfter)", timeout: 60), Self.replay(point))
            Thread.sleep(forTimeInterval: delay)
            writer.kill()
            writer.waitForExit()
            #expect(writer.wasKilled, Self.replay(point))

            let printed = writer.output.split(separator: "\n").filter { $0.hasPrefix("committed ") }.count
            let check = try BinaryRunner.sqlite3([database], input: CrashWorkloads.Writes.checks)
            let committed = Int(check.stdout.split(separator: "\n").dropFirst().first?.split(separator: "|").first ?? "") ?? -1
            #expect(committed == printed || committed == printed + 1, "\(printed) commits printed, \(committed) in the file; \(Self.replay(point))")
            #expect(check.stdout == workload.expected(committed: committed), Self.replay(point))
            batches.append("\(Self.journal(of: point)) \(printed)/\(committed)")
        }
        print("crash (writes): seed \(Self.seed), \(batches.count) kill points, batches printed/in the file: \(batches.joined(separator: ", "))")
    }

    @Test func a_killed_import_leaves_all_of_the_file_or_none_of_it() throws {
        let points = Self.points(ofKind: 1)
        guard !points.isEmpty else { return }
        var random = SeededRandom(seed: Self.seed)
        let rows = 30_000
        let files = try TemporaryFolder()
        let csv = files.write("big.csv", CrashWorkloads.csv(rows: rows, using: &random))

        // One import to the end, timed, for the record.
        let started = Date()
        let full = try BinaryRunner.sqlive([files.path + "/full.db", ".import --csv \(csv) big"])
        let duration = Date().timeIntervalSince(started)
        #expect(full.status == 0 && full.stderr == "", "\(full)")

        var outcomes: [String] = []
        for point in points {
            var random = Self.random(for: point)
            let folder = try TemporaryFolder()
            let database = folder.path + "/import.db"
            // Half the points append to a table with rows of its own; the others create it.
            let appends = Bool.random(using: &random)
            let before = appends ? 10 : 0
            let setup = try BinaryRunner.sqlite3([database], input: """
                PRAGMA journal_mode = \(Self.journal(of: point));
                CREATE TABLE keep(x);
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) INSERT INTO keep SELECT x FROM c;
                \(appends ? "CREATE TABLE big(id, name, amount, note); INSERT INTO big SELECT x, 'old', 0, '' FROM keep WHERE x <= 10;" : "")

                """)
            #expect(setup.stderr == "", Self.replay(point))
            // Killed once the trace shows the insert of row K, in the first third of the file:
            // inside the import's transaction, never before or after it.
            let killAt = Int.random(in: 1...(rows / 3), using: &random)
            let importer = try RunningProcess(BinaryRunner.sqlivePath, [
                database, ".trace --expanded stderr", ".import --csv \(appends ? "--skip 1 " : "")\(csv) big",
            ])
            try #require(importer.waitForErrorText("'name \(killAt)'", timeout: 60), Self.replay(point))
            let wasRunning = importer.isRunning
            importer.kill()
            importer.waitForExit()
            #expect(wasRunning, "the import ended before the kill; \(Self.replay(point))")
            #expect(!importer.errorOutput.contains("COMMIT"), "killed mid-import; \(Self.replay(point))")

            let check = try BinaryRunner.sqlite3([database], input: """
                PRAGMA integrity_check;
                SELECT count(*) FROM keep;
                SELECT count(*) FROM sqlite_schema WHERE name = 'big';

                """)
            let big = try BinaryRunner.sqlite3([database, "SELECT count(*) FROM big;"])
            let count = Int(big.stdout.dropLast()) ?? 0
            let exists = appends || check.stdout.hasSuffix("1\n")
            #expect(check.stdout == "ok\n100\n\(exists ? 1 : 0)\n", Self.replay(point))
            #expect(count == before, "\(count) rows in big after a kill mid-import; \(Self.replay(point))")
            if !exists { #expect(big.stderr.contains("no such table"), Self.replay(point)) }
            outcomes.append("\(Self.journal(of: point)) \(appends ? "append" : "new") killed at row \(killAt): \(count == before ? "none" : "\(count) rows")")
        }
        print("crash (import): seed \(Self.seed), \(rows) rows in \(String(format: "%.1f", duration)) s, \(outcomes.count) kill points: \(outcomes.joined(separator: "; "))")
    }

    @Test func a_killed_migration_leaves_the_ledger_and_the_schema_in_step() throws {
        let points = Self.points(ofKind: 2)
        guard !points.isEmpty else { return }
        let files = try TemporaryFolder()
        for migration in CrashWorkloads.migrations {
            try FileManager.default.createDirectory(atPath: files.path + "/migrations", withIntermediateDirectories: true)
            files.write("migrations/\(migration.name).sql", migration.sql)
        }
        let migrations = files.path + "/migrations"

        var outcomes: [String] = []
        for point in points {
            var random = Self.random(for: point)
            let folder = try TemporaryFolder()
            let database = folder.path + "/migrate.db"
            #expect(try BinaryRunner.sqlite3([database, "PRAGMA journal_mode = \(Self.journal(of: point));"]).stderr == "")
            // Killed once the trace shows the first statement of migration `after` (its bulk
            // insert of 60,000 rows is still to run), after a short random delay.
            let after = Int.random(in: 0...4, using: &random)
            let delay = Double.random(in: 0...0.03, using: &random)
            let firstStatement = CrashWorkloads.migrations[after].sql.prefix { $0 != "\n" }

            let migrator = try RunningProcess(BinaryRunner.sqlivePath, [database, "-cmd", ".trace stderr", ".migrate \(migrations)"])
            try #require(migrator.waitForErrorText(String(firstStatement), timeout: 60), Self.replay(point))
            Thread.sleep(forTimeInterval: delay)
            let wasRunning = migrator.isRunning
            migrator.kill()
            migrator.waitForExit()
            #expect(wasRunning, "the migrations ended before the kill; \(Self.replay(point))")

            let printed = migrator.output.split(separator: "\n").filter { $0.hasPrefix("applied ") }.count
            let state = try CrashWorkloads.MigrationState(reading: database)
            let applied = state.ledger.count
            #expect(applied == printed || applied == printed + 1, "\(printed) printed, \(applied) in the ledger; \(Self.replay(point))")
            #expect(state == CrashWorkloads.MigrationState(applied: applied), Self.replay(point))
            #expect(try BinaryRunner.sqlite3([database, "PRAGMA integrity_check;"]).stdout == "ok\n", Self.replay(point))

            let again = try BinaryRunner.sqlive([database, ".migrate \(migrations)"])
            #expect(again.status == 0 && again.stderr == "", "\(again) \(Self.replay(point))")
            #expect(try CrashWorkloads.MigrationState(reading: database) == CrashWorkloads.MigrationState(applied: 5), Self.replay(point))
            #expect(try BinaryRunner.sqlite3([database, "PRAGMA integrity_check;"]).stdout == "ok\n", Self.replay(point))
            outcomes.append("\(Self.journal(of: point)) killed in \(CrashWorkloads.migrations[after].name): \(applied)/5 applied")
        }
        print("crash (migrate): seed \(Self.seed), \(outcomes.count) kill points: \(outcomes.joined(separator: ", "))")
    }
}
