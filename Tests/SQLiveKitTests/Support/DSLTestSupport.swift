import GRDB
@testable import SQLiveKit

extension DSLNode {
    /// The tree as an S-expression, for tests: `(call (. player filter) (> score 10))`.
    var sexp: String {
        switch kind {
        case .identifier(let name): return name
        case .literal(let literal): return literal.sexp
        case .implicitMember(let name): return "." + name.text
        case .member(let base, let name): return "(. \(base.sexp) \(name.text))"
        case .call(let callee, let arguments):
            let rendered = arguments.map { argument in (argument.label.map { "\($0.text): " } ?? "") + argument.value.sexp }
            return "(call \(([callee.sexp] + rendered).joined(separator: " ")))"
        case .prefix(let op, let operand): return "(\(op.rawValue) \(operand.sexp))"
        case .binary(let op, let lhs, let rhs): return "(\(op.rawValue) \(lhs.sexp) \(rhs.sexp))"
        case .array(let elements): return "[" + elements.map(\.sexp).joined(separator: " ") + "]"
        case .dictionary(let entries): return "[" + entries.map { "\($0.key.sexp): \($0.value.sexp)" }.joined(separator: ", ") + "]"
        case .wildcard: return "*"
        }
    }
}

extension DSLLiteral {
    var sexp: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .boolean(let value): String(value)
        case .null: "nil"
        }
    }
}

/// A diagnostic as the user reads it on stderr (no location: typed at the prompt).
func rendered(_ diagnostic: Diagnostic) -> String {
    DiagnosticPrinter().render(diagnostic)
}

/// A database for compiler tests: tables linked by foreign keys, two of them to one table,
/// a self-reference, a composite key, full-text tables and a view.
enum DSLTestDatabase {
    static let schema = """
        CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT NOT NULL, color TEXT);
        CREATE TABLE player(id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), name TEXT NOT NULL,
                            score INTEGER, isActive BOOLEAN NOT NULL DEFAULT 1, email TEXT UNIQUE);
        CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, managerId INTEGER REFERENCES person(id));
        CREATE TABLE book(id INTEGER PRIMARY KEY, title TEXT, authorId INTEGER REFERENCES person(id),
                          translatorId INTEGER REFERENCES person(id));
        CREATE TABLE membership(playerId INTEGER REFERENCES player(id), clubId INTEGER, role TEXT,
                                PRIMARY KEY(playerId, clubId)) WITHOUT ROWID;
        CREATE TABLE badge(id INTEGER PRIMARY KEY, playerId INTEGER, clubId INTEGER,
                           FOREIGN KEY(playerId, clubId) REFERENCES membership(playerId, clubId));
        CREATE TABLE "Order Line"(id INTEGER PRIMARY KEY, playerId INTEGER REFERENCES player(id), "unit price" REAL);
        CREATE VIRTUAL TABLE document USING fts5(title, body);
        CREATE VIRTUAL TABLE note USING fts4(body);
        CREATE VIEW ranking AS SELECT name, score FROM player ORDER BY score DESC;
        INSERT INTO team VALUES (1, 'Reds', 'red'), (2, 'Blues', 'blue'), (3, 'Empty', NULL);
        INSERT INTO player VALUES (1, 1, 'Arthur', 100, 1, 'arthur@example.com'), (2, 1, 'Barbara', 80, 1, NULL),
                                  (3, 2, 'Craig', NULL, 0, 'craig@example.com'), (4, NULL, 'Dora', 12, 1, NULL);
        INSERT INTO person VALUES (1, 'Ann', NULL), (2, 'Bob', 1), (3, 'Cy', 1);
        INSERT INTO book VALUES (1, 'B1', 1, 2), (2, 'B2', 2, NULL), (3, 'B3', 1, 3);
        INSERT INTO document VALUES ('SQLite', 'a small database'), ('GRDB', 'a Swift toolkit for SQLite');
        INSERT INTO note VALUES ('hello world'), ('goodbye');
        """

    static func make() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: schema) }
        return dbQueue
    }

    /// The SQL a DSL query compiles to, arguments inlined, as `.sql` prints it.
    static func sql(_ query: String, in dbQueue: DatabaseQueue) throws -> String {
        try dbQueue.inDatabase { db in
            try DSLCompiler.compile(query, in: db).makeStatement(db).sqlWithInlinedArguments(db)
        }
    }

    /// The error a DSL query fails to compile with, as printed; nil when it compiles.
    static func error(_ query: String, in dbQueue: DatabaseQueue) throws -> String? {
        try dbQueue.inDatabase { db -> String? in
            do {
                _ = try DSLCompiler.compile(query, in: db)
                return nil
            } catch let diagnostic as Diagnostic {
                return rendered(diagnostic)
            }
        }
    }
}

/// The compiler on ``DSLTestDatabase``: the SQL a query compiles to, or its error as printed.
struct DSLCompilerProbe {
    let dbQueue: DatabaseQueue

    init() throws {
        dbQueue = try DSLTestDatabase.make()
    }

    func sql(_ query: String) throws -> String {
        try DSLTestDatabase.sql(query, in: dbQueue)
    }

    func error(_ query: String) throws -> String {
        try DSLTestDatabase.error(query, in: dbQueue) ?? "no error"
    }
}
