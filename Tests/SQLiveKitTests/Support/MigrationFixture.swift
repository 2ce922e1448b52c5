import Foundation
import GRDB
@testable import SQLiveKit
import SQLiveTestSupport

/// A database file and a folder of migration files in a temporary folder, and a session on
/// the database, for the migration tests.
///
/// Outputs are compared whole after ``clean(_:)``: the temporary folder reads `migrations/`
/// and the times that change from run to run read `(… ms)` and `YYYY-MM-DD hh:mm:ss`.
final class MigrationFixture {
    let directory: TemporaryFolder
    let test: TestSession
    let databasePath: String
    /// The migrations folder, an absolute path inside ``directory``.
    let folder: String

    init(_ files: [String: String] = [:], environment: SessionEnvironment = SessionEnvironment()) throws {
        directory = try TemporaryFolder()
        folder = directory.path("migrations")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        databasePath = directory.path("test.db")
        test = try TestSession(path: databasePath, environment: environment)
        test.session.settings.migrationsDirectory = folder
        for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: folder + "/" + name)
    }

    /// Runs a script; returns stdout, cleaned. ``errors`` holds stderr, cleaned.
    @discardableResult
    func run(_ script: String) -> String {
        clean(test.run(script))
    }

    var errors: String { clean(test.errorText) }

    /// The first column of a query's rows, as text (for checks on the database itself).
    func values(_ sql: String) throws -> [String] {
        try test.session.connection.queue.inDatabase { db in
            try String.fetchAll(db, sql: sql)
        }
    }

    func clean(_ text: String) -> String {
        var text = text.replacingOccurrences(of: folder, with: "migrations")
        text = text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\(\d+\.\d\d s\)"#, with: "(… ms)", options: .regularExpression)
        return text.replacingOccurrences(of: #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"#, with: "YYYY-MM-DD hh:mm:ss",
                                         options: .regularExpression)
    }
}

/// The repository's root, from this file's place in it.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var exampleMigrations: String { root.appendingPathComponent("examples/migrations").path }
}
