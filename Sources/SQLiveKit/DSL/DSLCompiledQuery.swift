import GRDB

/// A compiled DSL query: a GRDB request and what to do with it. GRDB writes the SQL.
///
///     let query = try DSLCompiler.compile("player.filter(score > 10).count", in: db)
///     try query.makeStatement(db).sql   // SELECT COUNT(*) FROM "player" WHERE "score" > ?
struct DSLCompiledQuery {
    enum Action {
        /// Fetch the request's rows (`fetchAll()`, or no fetch method).
        case fetch
        /// `fetchOne()`: at most one row, with the `LIMIT 1` GRDB adds unless the filter is
        /// on a unique key.
        case fetchOne
        /// `fetchSet()`: the distinct rows GRDB keeps in a Swift `Set`.
        case fetchSet
        /// Count them, as GRDB's `fetchCount` does (see ``DSLCountShape``).
        case count(DSLCountShape)
        /// `exists()`: `SELECT EXISTS (request)`; `isEmpty()`: `SELECT NOT EXISTS (request)`
        /// (GRDB's `isEmpty` runs `SELECT EXISTS` and negates the answer in Swift).
        case exists(negated: Bool)
        case deleteAll
        case updateAll([ColumnAssignment])

        /// True for the actions that read, whose region a pane observes.
        var reads: Bool {
            switch self {
            case .fetch, .fetchOne, .fetchSet, .count, .exists: true
            case .deleteAll, .updateAll: false
            }
        }
    }

    /// Where the statement's region comes from (see ``DSLKeyValues``).
    indirect enum RegionSource {
        /// GRDB's own (mutations, whose region nothing observes).
        case grdb
        /// The same query with the keys compared to a rowid converted as SQLite compares them.
        case convertedKeys(DSLCompiledQuery)
        /// SQLite's, not narrowed to rowids.
        case unnarrowed
    }

    let request: QueryInterfaceRequest<Row>
    let action: Action
    /// The table a mutation changes.
    var table: String = ""
    /// True after `limit(…)`: mutations take GRDB's `DELETE … ORDER BY … LIMIT` form, and
    /// `fetchSet()` the distinct rows among the limited ones.
    var isLimited = false
    /// Names given with `forKey` that a later `select(…)` dropped from the selection.
    var replacedAliases: [String] = []
    var regionSource = RegionSource.grdb

    /// Why SQLite refused the SQL, when the query named a name its selection no longer has.
    func hint(for error: DatabaseError) -> String? {
        let prefix = "no such column: "
        guard let message = error.message, message.hasPrefix(prefix) else { return nil }
        let name = String(message.dropFirst(prefix.count))
        guard replacedAliases.contains(where: { $0.isSameName(as: name) }) else { return nil }
        return "\(name) was named with forKey in a selection that a later select(…) replaced"
    }

    /// The statement GRDB generates, its arguments bound, ready to step. It is prepared
    /// without SQLite's double-quoted-string fallback, as in a Swift app (``DSLStrictNames``).
    func makeStatement(_ db: Database) throws -> Statement {
        try DSLStrictNames.preparing(in: db) {
            let statement = try makeGRDBStatement(db)
            switch regionSource {
            case .grdb:
                return statement
            case .convertedKeys(let twin):
                // The same SQL text (values are bound as arguments), with GRDB's arguments:
                // GRDB's query, observing the rows SQLite's comparisons can match.
                let converted = try twin.makeGRDBStatement(db)
                guard converted.sql == statement.sql else { return try Self.unnarrowed(statement, db) }
                try converted.setArguments(statement.arguments)
                return converted
            case .unnarrowed:
                return try Self.unnarrowed(statement, db)
            }
        }
    }

    /// The statement prepared again from its SQL: SQLite's region, which GRDB did not narrow.
    private static func unnarrowed(_ statement: Statement, _ db: Database) throws -> Statement {
        let unnarrowed = try db.makeStatement(sql: statement.sql)
        try unnarrowed.setArguments(statement.arguments)
        return unnarrowed
    }

    private func makeGRDBStatement(_ db: Database) throws -> Statement {
        switch action {
        case .fetch:
            return try request.makePreparedRequest(db, forSingleResult: false).statement
        case .fetchOne:
            return try request.makePreparedRequest(db, forSingleResult: true).statement
        case .fetchSet:
            // GRDB fetches the rows, then keeps the distinct ones in a Swift Set; SQLite's
            // DISTINCT keeps the same rows. After a limit, DISTINCT in the request would apply
            // before the limit (other rows): it applies to a subquery of the limited rows.
            guard isLimited else { return try request.distinct().makePreparedRequest(db).statement }
            return try SQLRequest<Row>(literal: "SELECT DISTINCT * FROM (\(request))").makePreparedRequest(db).statement
        case .count(let shape):
            return try shape.statement(counting: request, db)
        case .exists(let negated):
            let exists = request.exists()
            return try SQLRequest<Row>(literal: "SELECT \(negated ? !exists : exists)").makePreparedRequest(db).statement
        case .deleteAll:
            let returning = { try request.deleteAndFetchStatement(db, selection: [Self.returningMarker]) }
            guard isLimited else { return try Self.mutation(db, returning) }
            return try Self.limitedMutation(db, returning, arguments: try whereAndOrderArguments(db))
        case .updateAll(let assignments):
            let returning = { try request.updateAndFetchStatement(db, assignments, selection: [Self.returningMarker]) }
            guard isLimited else { return try Self.mutation(db, returning) }
            // UPDATE … SET assignments WHERE … ORDER BY … LIMIT: the assignments' arguments first.
            let assignmentArguments = try Table<Row>(table).all()
                .updateAndFetchStatement(db, assignments, selection: [Self.returningMarker]).arguments
            return try Self.limitedMutation(db, returning, arguments: assignmentArguments + (try whereAndOrderArguments(db)))
        }
    }

    /// What to tell whoever compares a count with the rows of its request: GRDB counts a
    /// distinct column with `COUNT(DISTINCT …)`, which leaves NULL out. Nil when nothing
    /// was left out (or for other queries).
    func nullSkippedByCount(_ db: Database) -> String? {
        guard case .count(let shape) = action, (try? shape.skipsNull(db)) == true else { return nil }
        return "NULL is not counted: GRDB's fetchCount counts a distinct column with COUNT(DISTINCT …), "
            + "which skips NULL, and the distinct rows of this request include a NULL"
    }

    /// `COUNT(*)`, which GRDB's public API has no function for.
    static let countAll = SQL("COUNT(*)").sqlExpression

    private static let returningMarker = SQL("1").sqlExpression
    private static let returningClause = " RETURNING 1"

    /// The statement of GRDB's `deleteAll` or `updateAll`.
    ///
    /// Those run at once; only their `RETURNING` variants hand out a statement. We ask for
    /// `RETURNING 1` and prepare GRDB's SQL again without the clause it appended at our
    /// request, so the SQL is otherwise GRDB's own.
    private static func mutation(_ db: Database, _ makeReturningStatement: () throws -> Statement) throws -> Statement {
        let statement = try makeReturningStatement()
        guard statement.sql.hasSuffix(returningClause) else {
            throw Diagnostic("unexpected SQL from GRDB for a mutation: \(statement.sql)")
        }
        let mutation = try db.makeStatement(sql: String(statement.sql.dropLast(returningClause.count)))
        try mutation.setArguments(statement.arguments)
        return mutation
    }

    /// The statement of GRDB's `deleteAll` or `updateAll` after `limit`: GRDB writes
    /// `… ORDER BY … LIMIT n`, and appends `RETURNING 1` after it, where SQLite refuses it (it
    /// wants the clause before ORDER BY). SQLite's refusal carries GRDB's SQL; the arguments
    /// are those of the same request's WHERE and ORDER BY (and of the assignments before them).
    private static func limitedMutation(_ db: Database, _ makeReturningStatement: () throws -> Statement,
                                        arguments: StatementArguments) throws -> Statement {
        let sql: String
        do {
            sql = try makeReturningStatement().sql
        } catch let error as DatabaseError {
            guard let refused = error.sql else { throw error }
            sql = refused
        }
        guard sql.hasSuffix(returningClause) else {
            throw Diagnostic("unexpected SQL from GRDB for a mutation: \(sql)")
        }
        let mutation = try db.makeStatement(sql: String(sql.dropLast(returningClause.count)))
        // GRDB refuses arguments that do not fill the statement's parameters exactly.
        try mutation.setArguments(arguments)
        return mutation
    }

    /// The arguments of the request's WHERE and ORDER BY clauses, in that order: those of
    /// `SELECT 1 FROM … WHERE … ORDER BY … LIMIT n`, the same clauses GRDB's mutation writes.
    private func whereAndOrderArguments(_ db: Database) throws -> StatementArguments {
        try request.select(Self.returningMarker).makePreparedRequest(db).statement.arguments
    }
}
