import Foundation
import GRDB
import GRDBSQLite
import Testing
@testable import SQLiveKit

/// What one request did: the SQL it ran (as SQLite saw it, `?` placeholders and arguments
/// written in) and what came back, or the error SQLite refused it with.
struct ParityOutcome: Equatable, CustomStringConvertible {
    var sql: String
    var expandedSQL: String
    var result: ParityResult

    var description: String { "\(expandedSQL)\n  → \(result)" }
}

enum ParityResult: Equatable, CustomStringConvertible {
    /// Column names and rows, each value as SQLite returned it.
    case rows([String], [[DatabaseValue]])
    case count(Int)
    /// The rows changed, and the changed table's content after the change.
    case changes(Int, [[DatabaseValue]])
    case error(String)

    var description: String {
        switch self {
        case .rows(let columns, let rows): "\(rows.count) rows of \(columns)" + (rows.first.map { ", first \($0)" } ?? "")
        case .count(let count): "count \(count)"
        case .changes(let count, let rows): "\(count) changes, \(rows.count) rows left"
        case .error(let message): "error: \(message)"
        }
    }
}

/// What a Swift program does with a GRDB request: fetch its rows, count them
/// (`fetchCount`), delete or update them (`deleteAll`, `updateAll`).
enum SwiftRequest {
    case fetch(QueryInterfaceRequest<Row>)
    case count(QueryInterfaceRequest<Row>)
    case deleteAll(QueryInterfaceRequest<Row>, table: String)
    case updateAll(QueryInterfaceRequest<Row>, [ColumnAssignment], table: String)

    /// The table a mutation changes, whose content is compared afterwards.
    var mutatedTable: String? {
        switch self {
        case .fetch, .count: nil
        case .deleteAll(_, let table), .updateAll(_, _, let table): table
        }
    }
}

/// One DSL query and the same request written in Swift with GRDB.
struct ParityCase: Sendable, CustomTestStringConvertible {
    /// Runs the case through GRDB and through the DSL and compares what they ran and returned.
    static func check(_ parityCase: ParityCase, on database: Result<ParityDatabase, any Error>) throws {
        let database = try database.get()
        let (swift, dsl) = try database.exclusively {
            let swift = try database.runSwift(parityCase)
            let table = try database.swiftApp.read { try parityCase.swift($0).mutatedTable }
            return (swift, try database.runDSL(parityCase.dsl, mutating: table))
        }
        if case .error = dsl.result, dsl.sql.isEmpty {
            // The DSL refused the request before generating SQL; GRDB's SQL must fail too.
            #expect(dsl.result == swift.result, "\(parityCase.dsl): DSL \(dsl.result), Swift \(swift)")
            return
        }
        #expect(dsl.sql == swift.sql, "SQL differs for \(parityCase.dsl)")
        #expect(dsl.expandedSQL == swift.expandedSQL, "arguments differ for \(parityCase.dsl)")
        #expect(dsl.result == swift.result, "results differ for \(parityCase.dsl):\n  DSL:   \(dsl)\n  Swift: \(swift)")
    }

    var dsl: String
    var swift: @Sendable (Database) throws -> SwiftRequest

    init(_ dsl: String, _ swift: @escaping @Sendable (Database) throws -> SwiftRequest) {
        self.dsl = dsl
        self.swift = swift
    }

    var testDescription: String { dsl }
}

/// Two connections to one database file: one configured as a Swift app configures GRDB (its
/// defaults, double-quoted string literals refused), one as sqlive configures its own
/// (sqlite3's fallback on, for the SQL scripts type). Foreign keys are off in both, as in
/// sqlive, so that mutations compare alike.
final class ParityDatabase: @unchecked Sendable {
    let swiftApp: DatabaseQueue
    let sqlive: DatabaseQueue
    /// One case at a time: a case's savepoint on one connection would lock the other out.
    private let gate = NSLock()

    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        gate.lock()
        defer { gate.unlock() }
        return try body()
    }

    init(loading script: String) throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("dsl-parity-\(getpid())-\(UUID().uuidString).sqlite").path
        var appConfiguration = Configuration()
        appConfiguration.foreignKeysEnabled = false
        swiftApp = try DatabaseQueue(path: path, configuration: appConfiguration)
        try swiftApp.writeWithoutTransaction { db in
            try db.execute(sql: script)
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
        }
        var sqliveConfiguration = Configuration()
        sqliveConfiguration.foreignKeysEnabled = false
        sqliveConfiguration.acceptsDoubleQuotedStringLiterals = true
        sqlive = try DatabaseQueue(path: path, configuration: sqliveConfiguration)
    }

    /// What GRDB runs for the Swift request, seen through SQLite's trace.
    func runSwift(_ parityCase: ParityCase) throws -> ParityOutcome {
        try swiftApp.inDatabase { db in
            let request = try parityCase.swift(db)
            var traced: [(sql: String, expanded: String)] = []
            db.trace { event in
                if case .statement(let statement) = event { traced.append((statement.sql, statement.expandedSQL)) }
            }
            defer { db.trace(options: []) }
            // A statement SQLite refuses to prepare is never traced: its error holds it.
            var refusedSQL: String?
            let result = try Self.rollingBack(db) { () throws -> ParityResult in
                do {
                    switch request {
                    case .fetch(let request):
                        // The statement's rows, as the shell shows them (GRDB's row adapters
                        // would hide the columns of included associations).
                        let statement = try request.makePreparedRequest(db).statement
                        return .rows(statement.columnNames, try Row.fetchAll(statement).map { Array($0.databaseValues) })
                    case .count(let request):
                        return .count(try request.fetchCount(db))
                    case .deleteAll(let request, let table):
                        try request.deleteAll(db)
                        return .changes(db.changesCount, try Self.content(of: table, db))
                    case .updateAll(let request, let assignments, let table):
                        try request.updateAll(db, assignments)
                        return .changes(db.changesCount, try Self.content(of: table, db))
                    }
                } catch let error as DatabaseError {
                    refusedSQL = error.sql
                    return .error(error.message ?? "\(error)")
                }
            }
            if let refusedSQL, traced.allSatisfy({ Self.isBookkeeping($0.sql) }) {
                return ParityOutcome(sql: refusedSQL, expandedSQL: refusedSQL, result: result)
            }
            // GRDB's statement is the first that is neither a schema read of GRDB's nor our
            // savepoint (the content reads of mutations come after it).
            let first = traced.first { !Self.isBookkeeping($0.sql) } ?? ("", "")
            return ParityOutcome(sql: first.sql, expandedSQL: first.expanded, result: result)
        }
    }

    /// What sqlive runs for the DSL query, on a connection set up as sqlive's.
    func runDSL(_ query: String, mutating table: String?) throws -> ParityOutcome {
        try sqlive.inDatabase { db in
            let compiled: DSLCompiledQuery
            let statement: Statement
            do {
                compiled = try DSLCompiler.compile(query, in: db)
                statement = try compiled.makeStatement(db)
            } catch let error as DatabaseError {
                return ParityOutcome(sql: error.sql ?? "", expandedSQL: error.sql ?? "", result: .error(error.message ?? "\(error)"))
            } catch let diagnostic as Diagnostic {
                // Refused before any SQL: only the error can compare.
                return ParityOutcome(sql: "", expandedSQL: "", result: .error(diagnostic.message))
            }
            let expanded = sqlite3_expanded_sql(statement.sqliteStatement).map { pointer in
                defer { sqlite3_free(pointer) }
                return String(cString: pointer)
            } ?? ""
            let result = try Self.rollingBack(db) { () throws -> ParityResult in
                do {
                    switch compiled.action {
                    case .fetch:
                        return .rows(statement.columnNames, try Row.fetchAll(statement).map { Array($0.databaseValues) })
                    case .count:
                        return .count(try Int.fetchOne(statement) ?? -1)
                    case .deleteAll, .updateAll:
                        try statement.execute()
                        return .changes(db.changesCount, try Self.content(of: table ?? "", db))
                    }
                } catch let error as DatabaseError {
                    return .error(error.message ?? "\(error)")
                }
            }
            return ParityOutcome(sql: statement.sql, expandedSQL: expanded, result: result)
        }
    }

    /// Runs `body` in a savepoint rolled back afterwards: mutations compare on the same data.
    private static func rollingBack<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.execute(sql: "SAVEPOINT parity")
        defer {
            try? db.execute(sql: "ROLLBACK TO parity")
            try? db.execute(sql: "RELEASE parity")
        }
        return try body()
    }

    private static func isBookkeeping(_ sql: String) -> Bool {
        ["PRAGMA", "SAVEPOINT", "RELEASE", "ROLLBACK"].contains { sql.hasPrefix($0) } || sql.contains("sqlite_master")
    }

    private static func content(of table: String, _ db: Database) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid").map { Array($0.databaseValues) }
    }
}

/// The databases of the parity suites, loaded once.
enum ParityDatabases {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Chinook, from the shared data folder beside the repository.
    static let chinookScript = repositoryRoot.appendingPathComponent("../shared/data/chinook.sql").standardized

    static let chinook: Result<ParityDatabase, any Error> = Result {
        try ParityDatabase(loading: String(contentsOf: chinookScript, encoding: .utf8))
    }

    static let docsPage = repositoryRoot.appendingPathComponent("docs/DSL.md")

    /// The example shop, with the tables docs/DSL.md adds in its `sql schema` blocks.
    static let shop: Result<ParityDatabase, any Error> = Result {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent("examples/shop.sql"), encoding: .utf8)
        let schemaBlocks = try DocumentedExamples.blocks(of: String(contentsOf: docsPage, encoding: .utf8), info: "sql schema")
        return try ParityDatabase(loading: script + "\n" + schemaBlocks.joined(separator: "\n"))
    }
}
