import GRDB

/// The rowids a query's region may be narrowed to: the keys its text names.
///
/// GRDB narrows a region to rowids only for a request of its query interface filtered on
/// literal keys (`player.filter(key: 7)`, `filter(keys: [1, "2"])`, `filter(id == 3)`), and a
/// region cannot list them (``RowIDProbe``). The keys are in the query's text: every number
/// and string literal of it, each taken as SQLite compares it with a rowid (`"7"` → 7,
/// `"1e1"` → 10), and each number negated too (the DSL reads `-5` as minus 5). Literals that
/// are not keys are candidates no region holds, which costs nothing.
///
///     try RowIDCandidates.named(in: #"track.filter(keys: ["1", 2]).limit(5)"#, db: db)   // [1, -1, 2, -2, 5, -5]
enum RowIDCandidates {
    static func named(in text: String, db: Database) throws -> Set<Int64> {
        // SQL text that the DSL's lexer does not read names no key GRDB narrows on.
        guard let tokens = try? DSLLexer.tokens(in: DSLSwiftSpelling.withoutSwiftPrefix(text)) else { return [] }
        var candidates: Set<Int64> = []
        for token in tokens {
            let key: Int64?
            switch token.kind {
            case .integer(let value): key = value
            case .real(let value): key = try rowIDKey(comparing: value.databaseValue, db: db)
            case .string(let value): key = try rowIDKey(comparing: value.databaseValue, db: db)
            case .identifier("true"): key = 1
            case .identifier("false"): key = 0
            case .identifier, .symbol, .end: key = nil
            }
            guard let key else { continue }
            candidates.insert(key)
            if key != .min { candidates.insert(-key) }
        }
        return candidates
    }

    /// The integer SQLite compares `value` as when it meets a rowid, or nil when it matches no
    /// integer (`'7.5'`, `'abc'`). A CAST to INTEGER has INTEGER affinity, as a rowid has:
    /// SQLite applies numeric affinity to the other operand, as it does when the rowid is compared.
    static func rowIDKey(comparing value: DatabaseValue, db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT CAST(CAST(?1 AS NUMERIC) AS INTEGER) WHERE CAST(CAST(CAST(?1 AS NUMERIC) AS INTEGER) AS INTEGER) = ?1
            """, arguments: [value])
    }
}
