import GRDB
import GRDBSQLite

/// The values of `.parameter set`, looked up by the names statements use.
///
/// Keys are kept as typed, like sqlite3 keeps them in `temp.sqlite_parameters`: `:id` binds
/// `:id` only, `?2` binds the second parameter. A key typed without a prefix (`id`) binds
/// `:id`, `@id` and `$id` alike, unless one of those was set on its own.
///
///     var store = ParameterStore()
///     store.set("id", to: 42.databaseValue)
///     store.value(forParameterNamed: "@id")   // 42
///     store.value(forParameterNamed: ":other") // nil: bound as NULL
struct ParameterStore {
    private var values: [String: DatabaseValue] = [:]

    /// The prefixes SQLite accepts before a parameter name.
    static let namePrefixes: Set<Character> = [":", "@", "$"]

    var isEmpty: Bool { values.isEmpty }

    mutating func set(_ key: String, to value: DatabaseValue) {
        values[key] = value
    }

    /// Removes a key, if it is there.
    mutating func remove(_ key: String) {
        values.removeValue(forKey: key)
    }

    mutating func removeAll() {
        values.removeAll()
    }

    /// The value for a parameter as `sqlite3_bind_parameter_name` spells it (`:id`, `?3`).
    func value(forParameterNamed name: String) -> DatabaseValue? {
        if let value = values[name] { return value }
        guard let first = name.first, Self.namePrefixes.contains(first) else { return nil }
        return values[String(name.dropFirst())]
    }

    /// One value per parameter of a compiled statement, in order, as sqlite3 binds them: by
    /// the name SQLite reports (`?N` for a bare `?`), NULL for names never set.
    func values(for statement: SQLiteStatement) -> [DatabaseValue] {
        let count = Int(sqlite3_bind_parameter_count(statement))
        guard count > 0 else { return [] }
        return (1...count).map { index in
            let name = sqlite3_bind_parameter_name(statement, Int32(index)).map { String(cString: $0) } ?? "?\(index)"
            return value(forParameterNamed: name) ?? .null
        }
    }

    /// Binds ``values(for:)`` to a statement compiled outside GRDB.
    func bind(to statement: SQLiteStatement) {
        for (index, value) in values(for: statement).enumerated() {
            _ = value.bind(to: statement, at: Int32(index + 1))
        }
    }

    /// Every key and value, ordered by key as sqlite3 lists them (byte order).
    var sortedEntries: [(key: String, value: DatabaseValue)] {
        values.map { (key: $0.key, value: $0.value) }
            .sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
    }

    /// Named arguments for GRDB requests, keyed without prefix as GRDB expects.
    var namedArguments: StatementArguments {
        var named: [String: DatabaseValue] = [:]
        for (key, value) in values {
            if let first = key.first, Self.namePrefixes.contains(first) {
                named[String(key.dropFirst())] = value
            } else if !key.hasPrefix("?") && named[key] == nil {
                named[key] = value
            }
        }
        return StatementArguments(named)
    }
}
