import GRDB
import Testing
@testable import SQLiveKit

/// Random input never crashes the lexer, the parser or the compiler (GRDB stops the process
/// on requests it can't build, so the compiler must refuse them first): every input yields a
/// statement or a diagnostic. The generator is seeded, so a failure replays.
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

    /// Compiles and runs a query the way the session does, and says which way it went.
    private enum Outcome { case statement, diagnostic }

    private func outcome(of query: String, in session: Session) -> Outcome {
        session.connection.queue.inDatabase { db in
            do {
                let statement = try session.compileDSL(query, in: db)
                // Running may fail (SQLite errors are fine); it happens in a savepoint so
                // mutations leave the data as it was.
                try? db.inSavepoint {
                    if statement.columnCount > 0 {
                        _ = try Row.fetchAll(statement)
                    } else {
                        try statement.execute()
                    }
                    return .rollback
                }
                return .statement
            } catch {
                return .diagnostic
            }
        }
    }

    private func makeSession() throws -> TestSession {
        let session = try TestSession()
        session.run(DSLTestDatabase.schema)
        #expect(session.errorText == "")
        return session
    }

    @Test func random_token_sequences() throws {
        let session = try makeSession()
        var random = SeededGenerator(state: 1)
        let vocabulary = Self.tables + Self.columns + Self.methods + Self.functions + Self.labels + Self.literals + Self.symbols
        var outcomes: [Outcome] = []
        for _ in 0..<3000 {
            let count = Int.random(in: 1...24, using: &random)
            let tokens = (0..<count).map { _ in vocabulary.randomElement(using: &random) ?? "" }
            outcomes.append(outcome(of: tokens.joined(separator: Bool.random(using: &random) ? " " : ""), in: session.session))
        }
        #expect(outcomes.contains(.diagnostic))
    }

    @Test func random_well_formed_queries() throws {
        let session = try makeSession()
        var random = SeededGenerator(state: 2)
        var outcomes: [Outcome] = []
        for _ in 0..<3000 {
            outcomes.append(outcome(of: request(depth: 3, using: &random), in: session.session))
        }
        #expect(outcomes.contains(.statement))
        #expect(outcomes.contains(.diagnostic))
    }

    @Test func random_bytes() throws {
        let session = try makeSession()
        var random = SeededGenerator(state: 3)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = outcome(of: String(decoding: bytes, as: UTF8.self), in: session.session)
        }
    }

    @Test func small_edits_of_valid_queries() throws {
        let session = try makeSession()
        var random = SeededGenerator(state: 4)
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
            _ = outcome(of: String(query), in: session.session)
        }
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
