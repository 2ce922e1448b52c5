import GRDB

/// How sqlite3's `.tables`, `.indexes` and `.schema` see the schema: every database of the
/// connection (main, temp, then the attached ones, in `PRAGMA database_list` order), the
/// objects of the others named with their database (`temp.log`, `aux.item`).
enum SchemaListing {
    /// The names of the connection's databases, main first.
    static func databaseNames(_ db: Database) throws -> [String] {
        // The pragma statement, not the pragma_database_list() function: using a table-valued
        // pragma registers its module, which `.schema PATTERN` would then list (sqlite3's
        // does not).
        try Row.fetchAll(db, sql: "PRAGMA database_list").map { $0["name"] }
    }

    /// Names of one type from every database, sorted, qualified but in main: the `.tables`
    /// and `.indexes` listings. `condition` filters `sqlite_schema` rows; `?1` is the pattern.
    static func qualifiedNames(_ db: Database, condition: String, pattern: String?) throws -> [String] {
        let selects = try databaseNames(db).map { name in
            let qualifier = name == "main" ? "" : SQLIdentifier.stringLiteral(name) + "||'.'||"
            return "SELECT \(qualifier)name FROM \(SQLIdentifier.quoted(name)).sqlite_schema WHERE \(condition)"
        }
        return try String.fetchAll(db, sql: selects.joined(separator: " UNION ALL ") + " ORDER BY 1", arguments: [pattern ?? "%"])
    }

    /// A CREATE statement as sqlite3's `.schema` shows it: outside main, the database's name
    /// before the object's (`CREATE TABLE temp.log(…)`); a view or a virtual table followed by
    /// a comment naming its columns (`/* temp.v(a,b) */`).
    static func shownStatement(_ sql: String, schema: String, name: String, db: Database) -> String {
        let sql = SchemaText.firstStatement(sql)
        let kinds = ["TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"]
        guard sql.utf8.count > 7, sql.prefix(7).uppercased() == "CREATE " else { return sql }
        let afterCreate = sql.dropFirst(7)
        for kind in kinds {
            guard afterCreate.count > kind.count, afterCreate.prefix(kind.count).uppercased() == kind,
                  afterCreate.dropFirst(kind.count).first == " " else { continue }
            var shown = sql
            if schema != "main" {
                let head = sql.prefix(7 + kind.count)
                let rest = afterCreate.dropFirst(kind.count + 1)
                shown = "\(head) \(qualifier(schema)).\(rest)"
            }
            if kind.hasPrefix("V"), let columns = columnsComment(schema: schema, name: name, db: db) {
                shown += "\n/* \(columns) */"
            }
            return shown
        }
        return sql
    }

    /// A pattern that a name of the schema table matches (`sqlite_schema`, `sqlite_master`,
    /// their temp forms, or `%`) first shows that table's definition, as sqlite3 does, named
    /// by the pattern itself.
    static func schemaTableDefinition(_ db: Database, matching pattern: String?) throws -> [String] {
        guard let pattern else { return [] }
        let names = ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"]
        let matches = try Bool.fetchOne(db, sql: "SELECT " + names.map { "\(SQLIdentifier.stringLiteral($0)) LIKE ?1 ESCAPE '\\'" }
            .joined(separator: " OR "), arguments: [pattern]) ?? false
        guard matches else { return [] }
        return ["CREATE TABLE \(pattern) (\n  type text,\n  name text,\n  tbl_name text,\n  rootpage integer,\n  sql text\n)"]
    }

    /// With a pattern, sqlite3's `.schema` also shows the table-valued functions (eponymous
    /// virtual tables, such as `json_each`) whose names match, after the schema, each as a
    /// comment naming its columns: `/* json_each(key,value,…) */`.
    static func eponymousTables(_ db: Database, matching pattern: String, noSystem: Bool) throws -> [String] {
        let subject = pattern.contains(".") ? "lower('main.' || name)" : "lower(name)"
        let match = pattern.contains(where: { "*?[".contains($0) }) ? "GLOB ?1" : "LIKE ?1 ESCAPE '\\'"
        let system = noSystem ? " AND name NOT LIKE 'sqlite_%'" : ""
        let modules = try String.fetchAll(db, sql: "SELECT name FROM pragma_module_list WHERE \(subject) \(match)\(system) ORDER BY name",
                                          arguments: [pattern])
        return modules.compactMap { name in columnsComment(schema: "main", name: name, db: db).map { "/* \($0) */" } }
    }

    /// `temp` and plain names as they are, others quoted when they need it.
    private static func qualifier(_ schema: String) -> String {
        schema == "temp" ? schema : SQLIdentifier.quotedIfNeeded(schema)
    }

    /// `schema.name(col,col)`, the columns as `PRAGMA table_info` gives them; nil when it
    /// gives none. A `*/` in a name is written `*\/`: it ended the comment, and what a
    /// view's column name held after it ran as SQL when the output was read back (sqlite3
    /// prints it as is). Names without one keep sqlite3's bytes.
    private static func columnsComment(schema: String, name: String, db: Database) -> String? {
        let pragma = "PRAGMA \(SQLIdentifier.quoted(schema)).table_info=\(SQLIdentifier.stringLiteral(name))"
        guard let columns = try? Row.fetchAll(db, sql: pragma).map({ $0["name"] as String }), !columns.isEmpty else { return nil }
        let prefix = schema == "main" ? "" : qualifier(schema) + "."
        let comment = prefix + SQLIdentifier.quotedIfNeeded(name) + "(" + columns.map(SQLIdentifier.quotedIfNeeded).joined(separator: ",") + ")"
        return comment.replacingOccurrences(of: "*/", with: "*\\/")
    }
}
