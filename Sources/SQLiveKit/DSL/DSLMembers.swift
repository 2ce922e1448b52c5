/// The vocabulary of the DSL: the members of each kind of value, and the global functions.
///
/// These lists are the one place names are declared: the compiler dispatches on them,
/// "did you mean" suggests from them, and tab completion offers them.

/// Methods and properties of a table request (`player.…`) or an association
/// (`including(required: team.…)`).
enum DSLRequestMember: String, CaseIterable, Sendable {
    case filter, select, annotated, order, reversed, unordered, orderByPrimaryKey, limit, group, having
    case distinct, matching, including, joining, count, deleteAll, updateAll
    /// `all()`: the request itself, as GRDB's `Table.all()` and `Record.all()`.
    case all
    // Fetch methods, as spelled in Swift: they end a query.
    case fetchAll, fetchOne, fetchCount, fetchSet
    // Subqueries: `exists()` ends a query or tests a subquery, `contains` tests membership.
    case exists, contains
    // Common table expressions.
    case with
    // Association aggregates and keys (`isEmpty()` on a table request is a fetch method).
    case isEmpty, sum, total, average, min, max, forKey

    /// How the member is written, for messages and completion.
    var usage: String {
        switch self {
        case .all: "all()"
        case .filter: "filter(expression)"
        case .select: "select(expression, …)"
        case .annotated: "annotated(with: expression, …)"
        case .order: "order(ordering, …)"
        case .reversed: "reversed()"
        case .unordered: "unordered()"
        case .orderByPrimaryKey: "orderByPrimaryKey()"
        case .limit: "limit(n, offset: m)"
        case .group: "group(expression, …)"
        case .having: "having(expression)"
        case .distinct: "distinct()"
        case .matching: "matching(\"full-text pattern\")"
        case .including: "including(required: association)"
        case .joining: "joining(required: association)"
        case .count: "count"
        case .deleteAll: "deleteAll()"
        case .updateAll: "updateAll(column.set(to: value), …)"
        case .fetchAll, .fetchOne, .fetchCount, .fetchSet, .exists: "\(rawValue)()"
        case .contains: "contains(expression)"
        case .with: "with(CommonTableExpression(named: \"name\", request: request))"
        case .isEmpty: "isEmpty (an association) or isEmpty() (a request)"
        case .sum: "sum(expression)"
        case .total: "total(expression)"
        case .average: "average(expression)"
        case .min: "min(expression)"
        case .max: "max(expression)"
        case .forKey: "forKey(\"key\")"
        }
    }

    /// Properties are written without parentheses, as in Swift.
    var isProperty: Bool { self == .count || self == .isEmpty }

    /// Members that only make sense on a table request, not on an association (GRDB's
    /// associations have no `all()`).
    var isRequestOnly: Bool {
        [.all, .limit, .group, .having, .distinct, .deleteAll, .updateAll, .fetchAll, .fetchOne, .fetchCount, .fetchSet].contains(self)
    }

    /// Members that only make sense on an association (its aggregates and key).
    var isAssociationOnly: Bool {
        [.sum, .total, .average, .min, .max, .forKey].contains(self)
    }
}

/// Methods and properties of an expression: `score.desc`, `name.like("A%")`.
enum DSLExpressionMember: String, CaseIterable, Sendable {
    case asc, desc, ascNullsLast, descNullsFirst, forKey, like, collating, lowercased, uppercased, set
    case capitalized, localizedCapitalized, localizedLowercased, localizedUppercased

    var usage: String {
        switch self {
        case .asc, .desc, .ascNullsLast, .descNullsFirst, .lowercased, .uppercased, .capitalized, .localizedCapitalized,
             .localizedLowercased, .localizedUppercased: rawValue
        case .forKey: "forKey(\"alias\")"
        case .like: "like(\"pattern\")"
        case .collating: "collating(.nocase)"
        case .set: "set(to: value)"
        }
    }

    var isProperty: Bool {
        switch self {
        case .asc, .desc, .ascNullsLast, .descNullsFirst, .lowercased, .uppercased, .capitalized, .localizedCapitalized,
             .localizedLowercased, .localizedUppercased: true
        case .forKey, .like, .collating, .set: false
        }
    }
}

/// Global functions: SQL functions as GRDB spells them, and the explicit associations.
enum DSLFunction: String, CaseIterable, Sendable {
    case count, sum, total, average, min, max, abs, length, coalesce, cast, dateTime, julianDay, belongsTo, hasMany
    case commonTableExpression = "CommonTableExpression", association, hasOne

    var usage: String {
        switch self {
        case .count: "count(expression), count(distinct: expression) or count(*)"
        case .sum, .total, .average, .min, .max: "\(rawValue)(expression) or \(rawValue)(expression, filter: condition)"
        case .abs, .length: "\(rawValue)(expression)"
        case .dateTime, .julianDay: "\(rawValue)(expression, .startOfDay, .day(1), …)"
        case .coalesce: "coalesce([expression, …])"
        case .cast: "cast(expression, as: .integer)"
        case .belongsTo: "belongsTo(table, key: \"key\", using: column)"
        case .hasMany: "hasMany(table, key: \"key\", using: column) or hasMany(table, through: association, using: association)"
        case .hasOne: "hasOne(table, through: association, using: association)"
        case .commonTableExpression:
            "CommonTableExpression(recursive: false, named: \"name\", columns: [\"column\"], request: request) or (…, sql: \"SELECT …\")"
        case .association: "association(to: commonTable, on: condition)"
        }
    }
}

/// The names that may follow a lone `.`: collations and storage classes.
enum DSLImplicitMember {
    static let collations = ["nocase", "binary", "rtrim"]
    static let storageClasses = ["integer", "real", "text", "blob"]
    /// The types of `select(_:as:)`: those GRDB decodes database values as.
    static let decodedTypes = ["String", "Int", "Int64", "Double", "Bool", "Data", "Date", "DatabaseValue"]
    /// GRDB's `SQLDateModifier`s: those that take a number, then the others.
    static let countedDateModifiers = ["second", "minute", "hour", "day", "month", "year", "weekday"]
    static let dateModifiers = countedDateModifiers + ["startOfDay", "startOfMonth", "startOfYear", "unixEpoch", "localTime", "utc"]
}
