import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import Testing
@testable import SQLiveKit

/// What one request did: the SQL it ran (as SQLite saw it, `?` placeholders and arguments
/// written in) and what came back, or the error SQLite refused it with.
struct ParityOutcome: Equatable, CustomStringConvertible {
    var sql: String
    var expandedSQL: String
    var result: ParityResult
    /// The region observed for a read, as SQLite and GRDB declare it before observation
    /// canonicalizes it; nil for mutations and errors.
    var region: DatabaseRegion? = nil

    var description: String { "\(expandedSQL)\n  → \(result)" }
}

enum ParityResult: Equatable, CustomStringConvertible {
    /// Column names and rows, each value as SQLite returned it.
    case rows([String], [[DatabaseValue]])
    /// Distinct rows, in no order (`fetchSet`).
    case rowSet([String], Set<[DatabaseValue]>)
    /// One value (`isEmpty`).
    case value(DatabaseValue)
    case count(Int)
    /// The rows changed, and the changed table's content after the change.
    case changes(Int, [[DatabaseValue]])
    case error(String)

    var description: String {
        switch self {
        case .rows(let columns, let rows): "\(rows.count) rows of \(columns)" + (rows.first.map { ", first \($0)" } ?? "")
        case .rowSet(let columns, let rows): "\(rows.count) distinct rows of \(columns)"
        case .value(let value): "value \(value)"
        case .count(let count): "count \(count)"
        case .changes(let count, let rows): "\(count) changes, \(rows.count) rows left"
        case .error(let message): "error: \(message)"
        }
    }
}

/// What a Swift program does with a GRDB request: fetch its rows (`fetchAll`, `fetchOne`,
/// `fetchSet`), count them (`fetchCount`), test them (`isEmpty`), delete or update them
/// (`deleteAll`, `updateAll`).
enum SwiftRequest {
    case fetch(QueryInterfaceRequest<Row>)
    /// Any other request fetched whole: `select(_:as:)`, `SQLRequest("SELECT \(r.exists())")`.
    case fetchRequest(any FetchRequest)
    case fetchOne(QueryInterfaceRequest<Row>)
    case fetchSet(QueryInterfaceRequest<Row>)
    case isEmpty(QueryInterfaceRequest<Row>)
    case count(QueryInterfaceRequest<Row>)
    case deleteAll(QueryInterfaceRequest<Row>, table: String)
    case updateAll(QueryInterfaceRequest<Row>, [ColumnAssignment], table: String)

    /// The table a mutation changes, whose content is compared afterwards.
    var mutatedTable: String? {
        switch self {
        case .fetch, .fetchRequest, .fetchOne, .fetchSet, .isEmpty, .count: nil
        case .deleteAll(_, let table), .updateAll(_, _, let table): table
        }
    }

    /// The fetch a `ValueObservation` of this request runs, whose region GRDB observes.
    var observedFetch: (@Sendable (Database) throws -> Void)? {
        switch self {
        case .fetch(let request): { _ = try Row.fetchAll($0, request) }
        case .fetchRequest(let request): { _ = try Row.fetchAll($0, request) }
        case .fetchOne(let request): { _ = try Row.fetchOne($0, request) }
        case .fetchSet(let request): { _ = try Row.fetchSet($0, request) }
        case .isEmpty(let request): { _ = try request.isEmpty($0) }
        case .count(let request): { _ = try request.fetchCount($0) }
        case .deleteAll, .updateAll: nil
        }
    }
}

/// One DSL query and the same request written in Swift with GRDB.
struct ParityCase: Sendable, CustomTestStringConvertible {
    /// Runs the case through GRDB and through the DSL and compares what they ran and returned.
    static func check(_ parityCase: ParityCase, on database: Result<ParityDatabase, any Error>) throws {
        for difference in try differences(parityCase, on: database) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    /// What differs between the case run through GRDB and through the DSL: nothing when they
    /// ran the same SQL with the same arguments and returned the same rows and region.
    static func differences(_ parityCase: ParityCase, on database: Result<ParityDatabase, any Error>) throws -> [String] {
        var differences: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { differences.append(message()) }
        }
        let database = try database.get()
        let (swift, dsl) = try database.exclusively {
            var swift = try database.runSwift(parityCase)
            let request = try database.swiftApp.read { try parityCase.swift($0) }
            if case .error = swift.result {} else {
                swift.region = database.observedRegion(of: request)
            }
            return (swift, try database.runDSL(parityCase.dsl, beside: request))
        }
        if case .error = dsl.result, dsl.sql.isEmpty {
            // The DSL refused the request before generating SQL; GRDB's SQL must fail too.
            expect(dsl.result == swift.result, "\(parityCase.dsl): DSL \(dsl.result), Swift \(swift)")
            return differences
        }
        expect(dsl.sql == swift.sql, "SQL differs for \(parityCase.dsl):\n  DSL:   \(dsl.sql)\n  Swift: \(swift.sql)")
        expect(dsl.expandedSQL == swift.expandedSQL, "arguments differ for \(parityCase.dsl):\n  DSL:   \(dsl.expandedSQL)\n  Swift: \(swift.expandedSQL)")
        expect(dsl.result == swift.result, "results differ for \(parityCase.dsl):\n  DSL:   \(dsl)\n  Swift: \(swift)")
        guard let dslRegion = dsl.region, let swiftRegion = swift.region else {
            expect(dsl.region == nil && swift.region == nil, "one side observes no region for \(parityCase.dsl)")
            return differences
        }
        // What `.region` prints for the DSL query beside what GRDB observes for the request.
        // It reads the schema: one case at a time, as the cases' savepoints would lock it out.
        let dslTracked = try database.exclusively {
            try database.sqlive.inDatabase { db in
                try QueryRegion.trackedRegion(of: dslRegion, rowIDCandidates: RowIDCandidates.named(in: parityCase.dsl, db: db), db: db)
            }
        }
        let dslObserved = dslTracked.description
        let swiftObserved = swiftRegion.description
        guard let widerRegion = parityCase.widerRegion else {
            if parityCase.regionMayBeWider, dslObserved != swiftObserved {
                // A text or real key: the DSL's region may be wider than GRDB's, never narrower.
                expect(dslTracked.union(swiftRegion) == dslTracked, "\(dslObserved) does not contain GRDB's \(swiftObserved) for \(parityCase.dsl)")
                return differences
            }
            expect(dslObserved == swiftObserved, "regions differ for \(parityCase.dsl): DSL \(dslObserved), Swift \(swiftObserved)")
            return differences
        }
        // GRDB narrows this region more than SQLite's comparison: the DSL's is wider, never narrower.
        expect(dslObserved == widerRegion, "region of \(parityCase.dsl)")
        expect(dslObserved != swiftObserved, "GRDB now observes \(swiftObserved) for \(parityCase.dsl): drop widerRegion")
        expect(dslTracked.union(swiftRegion) == dslTracked, "\(dslObserved) does not contain GRDB's \(swiftObserved)")
        return differences
    }

    var dsl: String
    var swift: @Sendable (Database) throws -> SwiftRequest
    /// The region the DSL observes where GRDB's is narrower than what SQLite's comparisons
    /// can match (GRDB narrows rowids on integer keys only).
    var widerRegion: String?
    /// The region the DSL observes may be wider than GRDB's without saying which (random
    /// requests that compare text or real literals, where a key may stand).
    var regionMayBeWider = false

    init(_ dsl: String, widerRegion: String? = nil, _ swift: @escaping @Sendable (Database) throws -> SwiftRequest) {
        self.dsl = dsl
        self.widerRegion = widerRegion
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
            // What the DSL runs instead of GRDB's statement, where docs/DSL.md says so.
            var expectedSQL: (String) -> String = { $0 }
            var expectedExpandedSQL: ((String) -> String)?
            let result = try Self.rollingBack(db) { () throws -> ParityResult in
                do {
                    switch request {
                    case .fetch(let request):
                        // The statement's rows, as the shell shows them (GRDB's row adapters
                        // would hide the columns of included associations).
                        let statement = try request.makePreparedRequest(db).statement
                        return .rows(statement.columnNames, try Row.fetchAll(statement).map { Array($0.databaseValues) })
                    case .fetchRequest(let request):
                        let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
                        return .rows(statement.columnNames, try Row.fetchAll(statement).map { Array($0.databaseValues) })
                    case .fetchOne(let request):
                        // GRDB keeps the request's LIMIT n and steps one row; sqlive runs LIMIT 1
                        // (the offset kept), so that the statement itself returns that one row.
                        expectedSQL = Self.limitedToOneRow
                        let columns = try request.makePreparedRequest(db, forSingleResult: true).statement.columnNames
                        let row = try Row.fetchOne(db, request)
                        return .rows(columns, row.map { [Array($0.unadapted.databaseValues)] } ?? [])
                    case .fetchSet(let request):
                        // sqlive asks SQLite for the distinct rows GRDB keeps in its Set: with
                        // DISTINCT, or after a limit from a subquery of the limited rows (DISTINCT
                        // in the request would apply before the limit).
                        let plainSQL: String
                        do {
                            plainSQL = try request.makePreparedRequest(db).statement.sql
                        } catch let error as DatabaseError {
                            // SQLite refuses the request: sqlive's DISTINCT form of it is refused alike.
                            let sql = error.sql ?? ""
                            let distinct = sql.contains(/LIMIT -?\d+( OFFSET -?\d+)?$/) ? "SELECT DISTINCT * FROM (\(sql))"
                                : sql.hasPrefix("SELECT DISTINCT ") ? sql : "SELECT DISTINCT " + sql.dropFirst("SELECT ".count)
                            expectedSQL = { _ in distinct }
                            throw error
                        }
                        let isLimited = plainSQL.contains(/LIMIT -?\d+( OFFSET -?\d+)?$/)
                        let distinctSQL = try (isLimited ? SQLRequest<Row>(literal: "SELECT DISTINCT * FROM (\(request))").makePreparedRequest(db)
                                                         : request.distinct().makePreparedRequest(db)).statement
                        // The arguments written in, as sqlive's statement has them.
                        let distinctExpanded = sqlite3_expanded_sql(distinctSQL.sqliteStatement).map { pointer in
                            defer { sqlite3_free(pointer) }
                            return String(cString: pointer)
                        } ?? distinctSQL.sql
                        expectedSQL = { _ in distinctSQL.sql }
                        expectedExpandedSQL = { _ in distinctExpanded }
                        let rows = try Row.fetchSet(db, request)
                        return .rowSet(distinctSQL.columnNames, Set(rows.map { Array($0.unadapted.databaseValues) }))
                    case .isEmpty(let request):
                        // GRDB runs SELECT EXISTS (…) and negates in Swift; sqlive runs SELECT NOT EXISTS (…).
                        expectedSQL = { "SELECT NOT " + $0.dropFirst("SELECT ".count) }
                        return .value(try request.isEmpty(db).databaseValue)
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
                // What the DSL would have run instead (`SELECT NOT EXISTS` for isEmpty()).
                return ParityOutcome(sql: expectedSQL(refusedSQL), expandedSQL: expectedSQL(refusedSQL), result: result)
            }
            // GRDB's statement is the first that is neither a schema read of GRDB's nor our
            // savepoint (the content reads of mutations come after it).
            let first = traced.first { !Self.isBookkeeping($0.sql) } ?? ("", "")
            return ParityOutcome(sql: expectedSQL(first.sql), expandedSQL: (expectedExpandedSQL ?? expectedSQL)(first.expanded), result: result)
        }
    }

    /// What sqlive runs for the DSL query, on a connection set up as sqlive's.
    func runDSL(_ query: String, beside swiftRequest: SwiftRequest) throws -> ParityOutcome {
        let table = swiftRequest.mutatedTable
        return try sqlive.inDatabase { db in
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
                    case .fetchSet:
                        return .rowSet(statement.columnNames, Set(try Row.fetchAll(statement).map { Array($0.databaseValues) }))
                    case .fetch, .fetchOne:
                        return .rows(statement.columnNames, try Row.fetchAll(statement).map { Array($0.databaseValues) })
                    case .exists(negated: true):
                        return .value(try DatabaseValue.fetchOne(statement) ?? .null)
                    case .exists(negated: false):
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
            let region: DatabaseRegion? = compiled.action.reads ? statement.databaseRegion : nil
            if case .error = result {
                return ParityOutcome(sql: statement.sql, expandedSQL: expanded, result: result)
            }
            return ParityOutcome(sql: statement.sql, expandedSQL: expanded, result: result, region: region)
        }
    }

    /// The region GRDB observes for the Swift request: a `ValueObservation` of its fetch
    /// starts, and says which region it tracks (GRDB narrows a request's own to the rowids it
    /// filters on).
    func observedRegion(of request: SwiftRequest) -> DatabaseRegion? {
        guard let fetch = request.observedFetch else { return nil }
        let tracked = Mutex<DatabaseRegion?>(nil)
        let cancellable = ValueObservation
            .tracking { db in try fetch(db) }
            .handleEvents(willTrackRegion: { region in tracked.withLock { $0 = region } })
            .start(in: swiftApp, scheduling: FirstValueNow(), onError: { _ in }, onChange: { _ in })
        cancellable.cancel()
        return tracked.withLock { $0 }
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

    /// GRDB's SQL with its final `LIMIT n [OFFSET m]` made `LIMIT 1 [OFFSET m]` (`LIMIT 0` kept):
    /// what the DSL runs for `fetchOne()` of a request with a limit.
    static func limitedToOneRow(_ sql: String) -> String {
        guard let match = sql.firstMatch(of: /LIMIT (-?\d+)( OFFSET -?\d+)?$/), match.output.1 != "0" else { return sql }
        return String(sql[..<match.range.lowerBound]) + "LIMIT 1" + (match.output.2 ?? "")
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

/// Delivers an observation's first value on the thread that starts it, before `start`
/// returns, as `.region` does.
private struct FirstValueNow: ValueObservationScheduler {
    func immediateInitialValue() -> Bool { true }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }
}
