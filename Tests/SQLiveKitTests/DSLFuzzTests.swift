import GRDB
import Testing
@testable import SQLiveKit

/// Random input never crashes the lexer, the parser or the compiler (GRDB stops the process
/// on requests it can't build, so the compiler must refuse them first): every input yields a
/// statement that answers as SQLite answers its SQL on a plain connection, or a diagnostic as
/// the DSL documents them. The generator is seeded, so a failure replays.
@Suite struct DSLFuzzTests {
    /// SplitMix64: small, fast, and the same sequence on every machine.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let tables = ["player", "team", "person", "book", "membership", "badge", "`Order Line`", "document", "note", "ranking", "nosuch"]
    static let columns = ["id", "teamId", "name", "score", "isActive", "email", "title", "authorId", "translatorId", "managerId",
                          "playerId", "clubId", "role", "body", "color", "rowid", "nosuch"]
    static let methods = DSLRequestMember.allCases.map(\.rawValue) + DSLExpressionMember.allCases.map(\.rawValue) + ["contains", "filtr"]
    static let functions = DSLFunction.allCases.map(\.rawValue)
    static let labels = ["key", "keys", "required", "optional", "all", "with", "offset", "to", "distinct", "as", "using", "escape", "x",
                         "through", "on", "named", "request", "sql", "recursive", "columns", "filter"]
    static let literals = ["0", "1", "-1", "2.5", "1e400", "\"a\"", "\"\"", "\"%x%\"", "nil", "true", "false", ".nocase", ".integer",
                           ".nope", "*", "[]", "[:]", "[1, 2]", "[\"id\": 1]", "[\"playerId\": 1, \"clubId\": 2]",
                           ".startOfDay", ".day(1)", ".second(1.5)", "String.self", "[\"1\", 2]", "\"SELECT 1\"", "\"7\"",
                           "CommonTableExpression(named: \"c\", request: player)", "CommonTableExpression(named: \"c\", sql: \"SELECT 1 AS id\")"]
    static let symbols = DSLSymbol.allCases.map(\.rawValue)

    /// Which way a query went: a statement whose answer SQLite confirmed, or a diagnostic.
    private enum Outcome { case statement, diagnostic }

    /// What running a statement gives: its rows, the rows it changed, or SQLite's refusal.
    private enum Answer: Equatable {
        case rows([[DatabaseValue]])
        case changes(Int)
        case failed(ResultCode, String)
    }

    /// The session and a plain GRDB connection to the same schema and rows: SQLite alone
    /// answers there, the oracle for what the DSL's statements do in the session.
    private struct Fixture {
        var session: TestSession
        var plain: DatabaseQueue
    }

    /// Compiles and runs a query the way the session does, and checks the outcome: a
    /// statement answers as its SQL does on the plain connection; a refusal is the DSL's
    /// own diagnostic (pointing into the query) or SQLite's, for SQL that SQLite refuses on
    /// the plain connection too, with the same code and message.
    private func outcome(of query: String, in fixture: Fixture) -> Outcome {
        fixture.session.session.connection.queue.inDatabase { db in
            let statement: Statement
            do throws(Diagnostic) {
                statement = try fixture.session.session.statements.compileDSL(query, in: db)
            } catch {
                expectDocumented(error, of: query, db: db, plain: fixture.plain)
                return .diagnostic
            }
            // Both run in a savepoint rolled back afterwards: mutations leave the data as it was.
            let answer = Self.answer(db) { statement }
            let oracle = fixture.plain.inDatabase { plainDB in
                Self.answer(plainDB) {
                    let plainStatement = try plainDB.makeStatement(sql: statement.sql)
                    plainStatement.arguments = statement.arguments
                    return plainStatement
                }
            }
            #expect(answer == oracle, "\(query) ran as \(statement.sql)")
            return .statement
        }
    }

    private static func answer(_ db: Database, of statement: () throws -> Statement) -> Answer {
        do {
            var answer = Answer.changes(0)
            try db.inSavepoint {
                let statement = try statement()
                if statement.columnCount > 0 {
                    answer = .rows(try Row.fetchAll(statement).map { Array($0.databaseValues) })
                } else {
                    try statement.execute()
                    answer = .changes(db.changesCount)
                }
                return .rollback
            }
            return answer
        } catch let error as DatabaseError {
            return .failed(error.resultCode, error.message ?? "")
        } catch {
            return .failed(.SQLITE_ERROR, "\(error)")
        }
    }

    /// A refusal as the DSL documents them: an error with one line of message, either its own
    /// with a caret in the query, or one from GRDB's making of the request: SQLite's for the
    /// SQL GRDB generated, which SQLite refuses with the same code and message on the plain
    /// connection, or GRDB's own before any SQL (a view has no primary key).
    private func expectDocumented(_ error: Diagnostic, of query: String, db: Database, plain: DatabaseQueue) {
        #expect(error.severity == .error && !error.message.isEmpty && !error.message.contains("\n"), "\(query): \(error)")
        guard case .sqlite(let code) = error.kind else {
            #expect(error.kind == .general || error.kind == .unknownName, "\(query): \(error)")
            if query.allSatisfy(\.isWhitespace) {
                #expect(error.excerpt == nil, "\(query): \(error)")
            } else {
                #expect(error.excerpt?.text == query && (0...query.utf8.count).contains(error.excerpt?.offset ?? -1),
                        "\(query): \(error)")
            }
            return
        }
        // The same request made again, for the SQL GRDB generated.
        do {
            _ = try DSLCompiler.compile(query, in: db).makeStatement(db)
            Issue.record("\(query) compiles the second time: \(error)")
        } catch let refusal as DatabaseError {
            #expect(refusal.resultCode == code.primaryResultCode && refusal.message == error.message, "\(query): \(error)")
            guard let sql = refusal.sql else { return }
            let oracle = plain.inDatabase { plainDB in Self.answer(plainDB) { try plainDB.makeStatement(sql: sql) } }
            #expect(oracle == .failed(code.primaryResultCode, error.message), "\(query) refused as \(sql): \(error.message)")
        } catch {
            Issue.record("\(query) refused with \(error) the second time, \(error) the first")
        }
    }

    private func makeFixture() throws -> Fixture {
        let session = try TestSession()
        session.run(DSLTestDatabase.schema)
        #expect(session.errorText == "")
        // sqlite3's defaults, which the session keeps: foreign keys are not enforced.
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let plain = try DatabaseQueue(configuration: configuration)
        try plain.inDatabase { db in try db.execute(sql: DSLTestDatabase.schema) }
        return Fixture(session: session, plain: plain)
    }

    @Test func random_token_sequences() throws {
        let fixture = try makeFixture()
        var random = SeededGenerator(state: 1)
        let vocabulary = Self.tables + Self.columns + Self.methods + Self.functions + Self.labels + Self.literals + Self.symbols
        var outcomes: [Outcome] = []
        for _ in 0..<3000 {
            let count = Int.random(in: 1...24, using: &random)
            let tokens = (0..<count).map { _ in vocabulary.randomElement(using: &random) ?? "" }
            outcomes.append(outcome(of: tokens.joined(separator: Bool.random(using: &random) ? " " : ""), in: fixture))
        }
        #expect(outcomes.contains(.diagnostic))
    }

    @Test func random_well_formed_queries() throws {
        let fixture = try makeFixture()
        var random = SeededGenerator(state: 2)
        var outcomes: [Outcome] = []
        for _ in 0..<3000 {
            outcomes.append(outcome(of: request(depth: 3, using: &random), in: fixture))
        }
        #expect(outcomes.contains(.statement))
        #expect(outcomes.contains(.diagnostic))
    }

    @Test func random_bytes() throws {
        let fixture = try makeFixture()
        var random = SeededGenerator(state: 3)
        var outcomes: [Outcome] = []
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            outcomes.append(outcome(of: String(decoding: bytes, as: UTF8.self), in: fixture))
        }
        #expect(outcomes.contains(.diagnostic))
    }

    @Test func small_edits_of_valid_queries() throws {
        let fixture = try makeFixture()
        var random = SeededGenerator(state: 4)
        var outcomes: [Outcome] = []
        let characters = Array("().,:[]\"*!=<>+-/?`\\ 0aZ_é")
        for _ in 0..<2000 {
            var query = Array(request(depth: 2, using: &random))
            for _ in 0..<Int.random(in: 1...3, using: &random) where !query.isEmpty {
                let index = Int.random(in: 0..<query.count, using: &random)
                switch Int.random(in: 0...2, using: &random) {
                case 0: query.remove(at: index)
                case 1: query.insert(characters.randomElement(using: &random) ?? " ", at: index)
                default: query[index] = characters.randomElement(using: &random) ?? " "
                }
            }
            outcomes.append(outcome(of: String(query), in: fixture))
        }
        #expect(outcomes.contains(.statement))
        #expect(outcomes.contains(.diagnostic))
    }

    // MARK: - A generator of plausible queries

    private func request(depth: Int, using random: inout SeededGenerator) -> String {
        var text = Self.tables.randomElement(using: &random) ?? "player"
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            text += "." + method(depth: depth, using: &random)
        }
        return text
    }

    private func method(depth: Int, using random: inout SeededGenerator) -> String {
        let name = (DSLRequestMember.allCases.randomElement(using: &random) ?? .filter).rawValue
        switch Int.random(in: 0...5, using: &random) {
        case 0: return name
        case 1: return name + "()"
        default:
            let count = Int.random(in: 1...3, using: &random)
            let arguments = (0..<count).map { _ -> String in
                let label = Int.random(in: 0...3, using: &random) == 0 ? (Self.labels.randomElement(using: &random) ?? "x") + ": " : ""
                return label + expression(depth: depth, using: &random)
            }
            return name + "(" + arguments.joined(separator: ", ") + ")"
        }
    }

    private func expression(depth: Int, using random: inout SeededGenerator) -> String {
        guard depth > 0 else {
            return Bool.random(using: &random) ? (Self.columns.randomElement(using: &random) ?? "id") : (Self.literals.randomElement(using: &random) ?? "1")
        }
        switch Int.random(in: 0...7, using: &random) {
        case 0:
            let op = ["==", "!=", "<", ">=", "&&", "||", "+", "*", "??", "...", "..<", "+=", "===", "="].randomElement(using: &random) ?? "=="
            return expression(depth: depth - 1, using: &random) + " \(op) " + expression(depth: depth - 1, using: &random)
        case 1:
            return "!" + expression(depth: depth - 1, using: &random)
        case 2:
            return "(" + expression(depth: depth - 1, using: &random) + ")." + method(depth: depth - 1, using: &random)
        case 3:
            let function = Self.functions.randomElement(using: &random) ?? "count"
            return function + "(" + expression(depth: depth - 1, using: &random) + ")"
        case 4:
            return request(depth: depth - 1, using: &random)
        case 5:
            return (Self.columns.randomElement(using: &random) ?? "id") + "." + ((DSLExpressionMember.allCases.randomElement(using: &random) ?? .desc).rawValue)
        case 6:
            return "[" + expression(depth: depth - 1, using: &random) + ", " + expression(depth: depth - 1, using: &random) + "].contains(" + expression(depth: depth - 1, using: &random) + ")"
        default:
            return Self.literals.randomElement(using: &random) ?? "1"
        }
    }
}
