import GRDB

/// Associations through another: `hasMany(table, through: pivot, using: target)` and
/// `hasOne(table, through: pivot, using: target)`, as GRDB's `hasMany(_:through:using:)` and
/// `hasOne(_:through:using:)`. The pivot is an association of the request's table; the target
/// an association of the pivot's table.
///
///     customer.including(required: hasMany(order_item, through: order, using: order_item))
///     order_item.including(optional: hasOne(customer, through: order, using: customer))
extension DSLCompiler {
    func throughAssociation(_ call: DSLCall, isToMany: Bool, in scope: DSLRelation) throws(Diagnostic) -> DSLValue {
        let function = isToMany ? "hasMany" : "hasOne"
        let usage = "\(function)(table, through: association, using: association)"
        let shapes: [[String?]] = [[nil, "through", "using"], [nil, "through", "using", "key"]]
        guard shapes.contains(call.labels) else { throw wrongArguments(call, usage: usage, expected: [nil, "through", "using"]) }
        let nodes = call.arguments.map(\.value)
        guard let name = nodes[0].spelledName(as: .table), let destination = try schema.writableTable(named: name) else {
            throw error("expected a table name", at: nodes[0])
        }
        let pivot = try linkedAssociation(nodes[1], from: scope)
        let target = try linkedAssociation(nodes[2], from: pivot)
        // GRDB stops the process on some joins behind a pivot (a required one behind an
        // optional path): joins go on the association through, after it.
        for (node, association) in [(nodes[1], pivot), (nodes[2], target)] where !association.joins.isEmpty {
            throw error("\(function)(…, through:, using:) takes associations without joins", at: node,
                        hint: "join after it: \(function)(…).including(…)")
        }
        guard target.table.isSameName(as: destination) else {
            throw error("using: leads to \(target.table), not to \(destination)", at: nodes[2])
        }
        guard isToMany || (!(pivot.link?.isToMany ?? false) && !(target.link?.isToMany ?? false)) else {
            throw error("hasOne(…, through:, using:) needs two to-one associations: write hasMany for a to-many path", at: call.name)
        }
        let key = nodes.count == 4 ? try typedName(nodes[3], in: scope, expecting: "a key in double quotes") : nil
        guard let base = Self.through(pivot.base, target.base, from: scope.table, key: key, isToMany: isToMany),
              let pivotLink = pivot.link, let targetLink = target.link else {
            throw error("\(function)(…, through:, using:) takes associations", at: nodes[1])
        }
        // GRDB keys the association after its target unless told otherwise.
        let link = DSLLink(key: key ?? targetLink.key, isToMany: isToMany, identity: "through \(pivotLink.identity) \(targetLink.identity)")
        return .relation(DSLRelation(table: destination, base: base, link: link))
    }

    /// An association of a relation's table, named by the node (`order`, `belongsTo(…)`).
    private func linkedAssociation(_ node: DSLNode, from relation: DSLRelation) throws(Diagnostic) -> DSLRelation {
        let value = try value(node, in: relation, preferring: .association)
        guard case .relation(let association) = value, association.link != nil else {
            if case .identifier(let name) = node.kind {
                _ = try self.association(named: name, at: node, from: relation, required: true)
            }
            throw error("expected an association of \(relation.table), found \(value.kindDescription)", at: node)
        }
        return association
    }

    /// GRDB's association through a pivot, for each kind of pivot and target.
    private static func through(_ pivot: DSLRelation.Base, _ target: DSLRelation.Base, from origin: String, key: String?,
                                isToMany: Bool) -> DSLRelation.Base? {
        let table = Table<Row>(origin)
        if !isToMany {
            // GRDB's hasOne(through:) takes to-one associations only.
            guard case .toOne(let pivot) = pivot, case .toOne(let target) = target else { return nil }
            return .toOneThrough(table.hasOne(Row.self, through: pivot, using: target, key: key))
        }
        switch pivot {
        case .toOne(let pivot): return hasMany(table, through: pivot, target, key: key)
        case .toMany(let pivot): return hasMany(table, through: pivot, target, key: key)
        case .request, .join, .toManyThrough, .toOneThrough: return nil
        }
    }

    private static func hasMany<Pivot: Association>(_ table: Table<Row>, through pivot: Pivot, _ target: DSLRelation.Base,
                                                    key: String?) -> DSLRelation.Base?
    where Pivot.OriginRowDecoder == Row, Pivot.RowDecoder == Row {
        switch target {
        case .toOne(let target): .toManyThrough(table.hasMany(Row.self, through: pivot, using: target, key: key))
        case .toMany(let target): .toManyThrough(table.hasMany(Row.self, through: pivot, using: target, key: key))
        case .request, .join, .toManyThrough, .toOneThrough: nil
        }
    }
}
