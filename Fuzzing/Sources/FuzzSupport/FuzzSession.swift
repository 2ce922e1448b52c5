import Foundation
import GRDB
import GRDBSQLite
import SQLiveKit

/// A session on a private in-memory database whose output is captured, for targets that run
/// input the way sqlive does. It runs in `--safe` mode unless told otherwise, so no input can
/// write files, run programs or open other databases, and SQLite stops any statement after
/// a few million steps, so a query that never ends (a recursive CTE) is an error, not a hang.
///
///     let fuzz = try FuzzSession(schema: "CREATE TABLE t(a);")
///     fuzz.run(".mode csv\nselect * from t;")
///     fuzz.output.text   // ""
public final class FuzzSession {
    public let session: Session
    public let output = MemoryTarget()
    public let errors = MemoryTarget()
    private let budget = StepBudget()

    public init(schema: String = "", safe: Bool = true) throws {
        var settings = Settings()
        settings.safeMode = safe
        var environment = SessionEnvironment(homeDirectory: FileManager.default.temporaryDirectory.path)
        environment.variables = [:]
        let connection = try DatabaseConnection(OpenOptions(path: ":memory:", isSafe: safe))
        session = Session(connection: connection, settings: settings, environment: environment,
                          output: output, errorOutput: errors)
        let context = Unmanaged.passUnretained(budget).toOpaque()
        try connection.queue.inDatabase { db in
            sqlite3_progress_handler(db.sqliteConnection, StepBudget.stepsPerCall, { context in
                guard let context else { return 0 }
                return Unmanaged<StepBudget>.fromOpaque(context).takeUnretainedValue().spend()
            }, context)
            if !schema.isEmpty { try db.execute(sql: schema) }
        }
    }

    /// Runs a script as `sqlive` runs a file, with a fresh step budget.
    public func run(_ script: String, source: String = "fuzz.sql") {
        resetBudget()
        output.reset()
        errors.reset()
        var lines = StringLineSource(script)
        ScriptRunner(session: session).run(&lines, source: source)
        session.output.flush()
    }

    /// Runs `body` on the database with a fresh step budget.
    public func inDatabase<T>(_ body: (Database) throws -> T) rethrows -> T {
        try session.connection.queue.inDatabase { db in
            budget.reset()
            return try body(db)
        }
    }

    private func resetBudget() {
        session.connection.queue.inDatabase { _ in budget.reset() }
    }
}

/// How many SQLite virtual-machine steps the statements of one input may take.
///
/// Only touched inside the database queue's accesses (SQLite's progress handler, and the
/// resets): the queue serializes them, pane refreshes included.
private final class StepBudget {
    static let stepsPerCall: Int32 = 1000
    private static let callsPerInput = 5000
    private var remainingCalls = callsPerInput

    func reset() { remainingCalls = Self.callsPerInput }

    /// Nonzero interrupts the statement: the budget is spent.
    func spend() -> Int32 {
        remainingCalls -= 1
        return remainingCalls < 0 ? 1 : 0
    }
}
