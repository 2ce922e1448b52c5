import GRDB

/// A table request (`player.filter(…)`) or an association (`team.filter(…)` inside
/// `including(required:)`) being built by a DSL query: GRDB's value, and what the compiler
/// must remember about it to refuse what GRDB can't do (it stops the process on those).
struct DSLRelation {
    /// The GRDB value: a request, or an association between two tables of rows.
    enum Base {
        case request(QueryInterfaceRequest<Row>)
        case toOne(BelongsToAssociation<Row, Row>)
        case toMany(HasManyAssociation<Row, Row>)
        /// `association(to: cte, on: …)`: a join to a common table expression.
        case join(JoinAssociation<Row, Row>)
        /// `hasMany(…, through:, using:)` and `hasOne(…, through:, using:)`.
        case toManyThrough(HasManyThroughAssociation<Row, Row>)
        case toOneThrough(HasOneThroughAssociation<Row, Row>)
    }

    /// The table whose columns the relation's methods refer to.
    var table: String
    var base: Base
    /// For an association: its key and foreign key. Nil for a table request.
    var link: DSLLink?
    /// The methods applied so far.
    var applied: Set<DSLRequestMember> = []
    /// The last `limit(…)` of a table request.
    var limit: DSLLimit?
    /// Names given with `forKey` in `select` and `annotated`, which `order`, `having` and
    /// `filter` may refer to.
    var aliases: [String] = []
    /// The associations joined into this relation, at any depth.
    var joins: [DSLJoin] = []
    /// The associations joined by aggregates (`annotated(with: player.count)`).
    var aggregateJoins: [DSLJoinKey] = []
    /// Names given with `forKey` in a selection a later `select` replaced: GRDB's SQL may
    /// still name them, and SQLite then refuses it.
    var replacedAliases: [String] = []
    /// What `select` and `annotated` chose, which decides how `count` counts.
    var selection: [DSLSelectedItem] = [.allColumns]
    /// For a table request: the same request without `distinct()`, for the counts GRDB
    /// writes as `COUNT(DISTINCT column)`.
    var nonDistinct: QueryInterfaceRequest<Row>?
    /// For an association: the same refinements on a request of its table, for when it is
    /// used as a subquery (`category.filter(…).select(id).contains(categoryId)`). Nil once
    /// it joins another association.
    var subquery: QueryInterfaceRequest<Row>?
    /// The request-only method (`limit`, `distinct`…) that made an association a subquery,
    /// for the error when it is then joined.
    var madeSubqueryBy: DSLName?
    /// For a join to a common table expression: the aliases its condition names, the
    /// expression's and the request's.
    var alias: TableAlias<Void>?
    var originAlias: TableAlias<Void>?

    var isRoot: Bool { link == nil }

    /// True when a required join appears somewhere inside: GRDB can't nest those in an
    /// optional join.
    var containsRequiredJoin: Bool { joins.contains(where: \.isRequired) }

    static func table(_ name: String) -> DSLRelation {
        DSLRelation(table: name, base: .request(Table<Row>(name).all()), nonDistinct: Table<Row>(name).all())
    }

    /// The relation with one more refinement; `member` records which method it came from.
    func applying(_ operation: DSLOperation, as member: DSLRequestMember? = nil) -> DSLRelation {
        var relation = self
        if let member { relation.applied.insert(member) }
        switch base {
        case .request(let request):
            relation.base = .request(operation.apply(to: request))
            if case .distinct = operation {} else { relation.nonDistinct = nonDistinct.map(operation.apply) }
        case .toOne(let association): relation.base = .toOne(operation.apply(to: association))
        case .toMany(let association): relation.base = .toMany(operation.apply(to: association))
        case .join(let association): relation.base = .join(operation.apply(to: association))
        case .toManyThrough(let association): relation.base = .toManyThrough(operation.apply(to: association))
        case .toOneThrough(let association): relation.base = .toOneThrough(operation.apply(to: association))
        }
        if case .join = operation {
            relation.subquery = nil
        } else {
            relation.subquery = subquery.map(operation.apply)
        }
        return relation
    }

    /// The relation as a request of its own, for a subquery: itself for a table request, the
    /// same refinements on a request of its table for an association.
    var asSubquery: DSLRelation? {
        if isRoot { return self }
        guard let subquery else { return nil }
        return DSLRelation(table: table, base: .request(subquery), applied: applied, aliases: aliases, selection: selection,
                           nonDistinct: nil)
    }

    /// The association under another key (`forKey`).
    func rekeyed(_ key: String) -> DSLRelation {
        var relation = self
        relation.link?.key = key
        switch base {
        case .request: break
        case .toOne(let association): relation.base = .toOne(association.forKey(key))
        case .toMany(let association): relation.base = .toMany(association.forKey(key))
        case .join(let association): relation.base = .join(association.forKey(key))
        case .toManyThrough(let association): relation.base = .toManyThrough(association.forKey(key))
        case .toOneThrough(let association): relation.base = .toOneThrough(association.forKey(key))
        }
        return relation
    }

    /// The relation with a table alias, so expressions can name its columns.
    func aliased(_ alias: TableAlias<Void>) -> DSLRelation {
        applying(.aliased(alias))
    }
}

/// What identifies an association: two associations under one key must be the same one,
/// or GRDB can't merge them.
struct DSLLink: Equatable {
    var key: String
    var isToMany: Bool
    /// The origin table, the destination table and the foreign key's columns, lower-cased.
    var identity: String
}

/// An association joined into a relation: where (its path of keys), which one, whether it
/// is required, and the alias that lets filters name its columns (`team.name`).
struct DSLJoin {
    var path: [String]
    var link: DSLLink
    var table: String
    var alias: TableAlias<Void>
    var isRequired: Bool

    var key: DSLJoinKey { DSLJoinKey(path: path, link: link) }
}

/// Where an association is joined (its path of keys from the request) and which one it is.
struct DSLJoinKey {
    var path: [String]
    var link: DSLLink
}

/// How an association joins: `including` selects its columns, `joining` does not;
/// `required` drops rows without a match.
enum DSLJoinKind {
    case includingRequired, includingOptional, joiningRequired, joiningOptional

    var isRequired: Bool { self == .includingRequired || self == .joiningRequired }
}
