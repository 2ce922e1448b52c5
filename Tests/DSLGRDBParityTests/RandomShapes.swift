import Foundation
import GRDB
import SQLiveTestSupport

// Random request shapes for RandomParityTests: one tree, rendered twice, as the DSL text a
// person types and as the GRDB request a Swift program builds (an interpreter over the tree).
// Every shape is one Swift compiles and GRDB runs without a fatal error: one side of each
// operator is not a literal (the DSL computes literal-only parts as Swift would), range
// bounds are ordered, keys go to tables with a one-column primary key.

/// A Chinook table as the generator knows it: its columns by kind, its associations.
struct RandomTable: Sendable {
    enum Kind: Sendable { case integer, real, text, date }
    var name: String
    var primaryKey: [String]
    var columns: [(name: String, kind: Kind)]
    var belongsTo: [String]
    var hasMany: [String]

    static let all: [RandomTable] = [
        RandomTable(name: "Album", primaryKey: ["AlbumId"],
                    columns: [("AlbumId", .integer), ("Title", .text), ("ArtistId", .integer)],
                    belongsTo: ["Artist"], hasMany: ["Track"]),
        RandomTable(name: "Artist", primaryKey: ["ArtistId"], columns: [("ArtistId", .integer), ("Name", .text)],
                    belongsTo: [], hasMany: ["Album"]),
        RandomTable(name: "Customer", primaryKey: ["CustomerId"],
                    columns: [("CustomerId", .integer), ("FirstName", .text), ("LastName", .text), ("Company", .text),
                              ("City", .text), ("State", .text), ("Country", .text), ("Email", .text), ("SupportRepId", .integer)],
                    belongsTo: ["Employee"], hasMany: ["Invoice"]),
        RandomTable(name: "Employee", primaryKey: ["EmployeeId"],
                    columns: [("EmployeeId", .integer), ("LastName", .text), ("Title", .text), ("ReportsTo", .integer),
                              ("BirthDate", .date), ("City", .text)],
                    belongsTo: [], hasMany: ["Customer"]),
        RandomTable(name: "Genre", primaryKey: ["GenreId"], columns: [("GenreId", .integer), ("Name", .text)],
                    belongsTo: [], hasMany: ["Track"]),
        RandomTable(name: "Invoice", primaryKey: ["InvoiceId"],
                    columns: [("InvoiceId", .integer), ("CustomerId", .integer), ("InvoiceDate", .date),
                              ("BillingCity", .text), ("BillingState", .text), ("BillingCountry", .text), ("Total", .real)],
                    belongsTo: ["Customer"], hasMany: ["InvoiceLine"]),
        RandomTable(name: "InvoiceLine", primaryKey: ["InvoiceLineId"],
                    columns: [("InvoiceLineId", .integer), ("InvoiceId", .integer), ("TrackId", .integer),
                              ("UnitPrice", .real), ("Quantity", .integer)],
                    belongsTo: ["Invoice", "Track"], hasMany: []),
        RandomTable(name: "MediaType", primaryKey: ["MediaTypeId"], columns: [("MediaTypeId", .integer), ("Name", .text)],
                    belongsTo: [], hasMany: ["Track"]),
        RandomTable(name: "Playlist", primaryKey: ["PlaylistId"], columns: [("PlaylistId", .integer), ("Name", .text)],
                    belongsTo: [], hasMany: ["PlaylistTrack"]),
        RandomTable(name: "PlaylistTrack", primaryKey: ["PlaylistId", "TrackId"],
                    columns: [("PlaylistId", .integer), ("TrackId", .integer)],
                    belongsTo: ["Playlist", "Track"], hasMany: []),
        RandomTable(name: "Track", primaryKey: ["TrackId"],
                    columns: [("TrackId", .integer), ("Name", .text), ("AlbumId", .integer), ("MediaTypeId", .integer),
                              ("GenreId", .integer), ("Composer", .text), ("Milliseconds", .integer), ("Bytes", .integer),
                              ("UnitPrice", .real)],
                    belongsTo: ["Album", "Genre", "MediaType"], hasMany: ["InvoiceLine", "PlaylistTrack"]),
    ]

    static func named(_ name: String) -> RandomTable { all.first { $0.name == name }! }
}

/// A literal as Swift types it: the DSL writes its text, GRDB gets its value.
enum RandomLiteral: Sendable, Equatable {
    case integer(Int, String)
    case real(Double, String)
    case string(String)
    case null
    case boolean(Bool)

    var dsl: String {
        switch self {
        case .integer(_, let text), .real(_, let text): text
        case .string(let value):
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .null: "nil"
        case .boolean(let value): value ? "true" : "false"
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let value, _): value.databaseValue
        case .real(let value, _): value.databaseValue
        case .string(let value): value.databaseValue
        case .null: .null
        case .boolean(let value): value.databaseValue
        }
    }

    var isNegativeNumber: Bool { dsl.hasPrefix("-") }

    /// As Swift types the elements of one array literal or the bounds of one range: integers
    /// beside a real become reals. `[1, 2.5].contains(x)` is the exception: an array of
    /// `any SQLExpressible` (GRDB's overload), unless a `nil` makes it `[Double?]`.
    static func unified(_ literals: [RandomLiteral], existentialUnlessNil: Bool = false) -> [RandomLiteral] {
        if existentialUnlessNil, !literals.contains(.null) { return literals }
        let hasReal = literals.contains { if case .real = $0 { true } else { false } }
        let onlyNumbers = literals.allSatisfy {
            switch $0 { case .integer, .real, .null: true; default: false }
        }
        guard hasReal, onlyNumbers else { return literals }
        return literals.map { if case .integer(let value, let text) = $0 { .real(Double(value), text) } else { $0 } }
    }
}

enum RandomOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case identical = "===", notIdentical = "!=="
    case and = "&&", or = "||", coalesce = "??"

    /// Swift's precedence groups.
    var precedence: Int {
        switch self {
        case .multiply, .divide: 150
        case .add, .subtract: 140
        case .coalesce: 131
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .identical, .notIdentical: 130
        case .and: 120
        case .or: 110
        }
    }

    enum Associativity { case left, right, none }
    var associativity: Associativity {
        switch precedence {
        case 131: .right
        case 130: .none
        default: .left
        }
    }

    static let comparisons: [RandomOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .identical, .notIdentical]
    static let arithmetic: [RandomOperator] = [.add, .subtract, .multiply, .divide]
}

enum RandomFunction: String, Sendable {
    case abs, length, uppercased, lowercased
    case count, countDistinct, sum, total, min, max, average
    var isAggregate: Bool { ![.abs, .length, .uppercased, .lowercased].contains(self) }
}

enum RandomAssociationAggregate: String, Sendable, CaseIterable {
    case count, isEmpty, sum, total, average, min, max
}

/// A column of the table in scope, or of a joined association (`Genre.Name`).
struct RandomColumn: Sendable, Equatable {
    var association: String?
    var name: String
    /// How the DSL text spells it: as the schema does, in another case, or `Column("…")`.
    enum Spelling: Sendable { case schema, lowercased, uppercased, columnCall }
    var spelling: Spelling
}

indirect enum RandomExpression: Sendable {
    case column(RandomColumn)
    /// A name given with `forKey`, as Swift writes it: `Column("name").detached`.
    case alias(String)
    case literal(RandomLiteral)
    case binary(RandomOperator, RandomExpression, RandomExpression)
    case not(RandomExpression)
    case negate(RandomExpression)
    case like(RandomExpression, String)
    case inArray([RandomLiteral], RandomExpression)
    case range(RandomLiteral, RandomLiteral, closed: Bool, RandomExpression)
    case function(RandomFunction, RandomExpression)
    case countAll
    /// `Track.count`, `Track.sum(Milliseconds)` on a to-many association of the request's table.
    case associationAggregate(String, RandomAssociationAggregate, String?, key: String?)
    /// `expression.forKey("name")`, only at the top of a selection.
    case keyed(RandomExpression, String)
    /// `(x)`: parentheses Swift does not need.
    case parenthesized(RandomExpression)
    /// `x.collating(.nocase)`.
    case collated(RandomExpression, String)
    /// `cast(x, as: .text)`.
    case cast(RandomExpression, String)
    /// `coalesce([a, b, …])`.
    case coalesce([RandomExpression])
    /// `sum(x, filter: condition)`, and `total`, `average`, `min`, `max`.
    case filteredAggregate(RandomFunction, RandomExpression, filter: RandomExpression)
    /// `Genre.filter(…).select(GenreId).contains(x)`.
    case subqueryContains(RandomSubquery, RandomExpression)
    /// `Track.filter(…).exists()`.
    case subqueryExists(RandomSubquery)
    /// A request that selects one value, as a value: `Track.select(max(Milliseconds))`.
    case subqueryValue(RandomSubquery)

    var isLiteral: Bool { if case .literal = self { true } else { false } }
}

/// A request inside brackets: a table, a filter on its columns, one selected value.
struct RandomSubquery: Sendable {
    var table: String
    var filter: RandomExpression?
    var selection: RandomExpression?
    var limit: Int?
}

/// `column.set(to: value)`, `column += value`, …
struct RandomAssignment: Sendable {
    var column: String
    var op: String
    var value: RandomLiteral
}

enum RandomOrdering: Sendable {
    case plain, asc, desc, ascNullsLast, descNullsFirst
}

struct RandomAssociation: Sendable {
    var name: String
    var isToMany: Bool
    var required: Bool
    var including: Bool
    var filter: RandomExpression?
    var select: [String]?
    var nested: [RandomAssociation]
    /// The DSL spelling of the name (its case may differ from the schema's).
    var spelling: String
}

enum RandomStep: Sendable {
    case filter(RandomExpression)
    case filterKey(RandomLiteral)
    case filterKeys([RandomLiteral])
    case order([(RandomExpression, RandomOrdering)])
    case reversed, unordered, orderByPrimaryKey
    case limit(Int, offset: Int?)
    case select([RandomExpression])
    case annotated([RandomExpression])
    case distinct
    case group([RandomExpression])
    case having(RandomExpression)
    case join(RandomAssociation)
}

enum RandomEnding: Sendable, CaseIterable {
    case none, fetchAll, fetchOne, fetchCount, count, isEmpty, fetchSet, deleteAll, updateAll, exists
}

struct RandomShape: Sendable {
    var table: RandomTable
    var tableSpelling: String
    var steps: [RandomStep]
    var ending: RandomEnding
    /// Written as a line pasted from Swift: `try …` and the fetch method's `db` argument.
    var pastedFromSwift = false
    /// The assignments of `updateAll(…)`.
    var assignments: [RandomAssignment] = []
    /// A text or real literal compared where SQLite compares it with a key: the DSL may
    /// observe a wider region than GRDB's (docs/DSL.md, "Keys need not be integers").
    var mayWidenRegion: Bool
}
