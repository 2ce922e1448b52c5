/// `.sha3sum ?OPTIONS? ?LIKE-PATTERN?`: sqlite3's digest of a database's content, to tell
/// whether two databases hold the same data whatever their pages look like. It hashes what
/// `SELECT * FROM` each table returns, tables in name order, with `sha3_query()`
/// (``SHA3Functions``), so the digest is sqlite3's for the same content.
///
///     .sha3sum                 one digest of every table (SHA3-224, as sqlite3 3.40)
///     .sha3sum --sha3-256 t%   a digest for each table whose name is like t%
struct SHA3SumCommand: MetaCommand {
    let name = "sha3sum"
    let usage = "?--schema? ?--sha3-224|256|384|512? ?LIKE-PATTERN?"
    let summary = "compute a SHA3 digest of the database's content, as sqlite3 does"
    let details = """
        .sha3sum hashes the rows of every table of the main database (SQLite's own
        tables left out) into one SHA3-224 digest, the same as sqlite3's for the same
        content. --schema also hashes sqlite_schema (and sqlite_sequence, sqlite_stat1);
        --sha3-256, --sha3-384 and --sha3-512 choose a longer digest. With a LIKE pattern,
        each table whose name matches gets a digest of its own, beside its name. The
        result is printed in the current mode; --debug prints the query instead.
          .sha3sum --sha3-256 track%
        """

    func completions(after arguments: [String], prefix: String, in scope: DatabaseScope) -> [String] {
        ["--schema", "--sha3-224", "--sha3-256", "--sha3-384", "--sha3-512"]
    }

    /// `.sha3sum`'s options and pattern, read.
    struct Arguments: Equatable {
        var bits = 224
        var includesSchema = false
        var printsQuery = false
        var pattern: String?
    }

    func parse(_ words: [String]) throws(Diagnostic) -> Arguments {
        var arguments = Arguments()
        for word in words {
            guard word.hasPrefix("-") else {
                if arguments.pattern != nil { throw usageError("only one LIKE pattern") }
                arguments.pattern = word
                continue
            }
            let option = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
            switch option {
            case "schema": arguments.includesSchema = true
            case "debug": arguments.printsQuery = true
            case "sha3-224": arguments.bits = 224
            case "sha3-256": arguments.bits = 256
            case "sha3-384": arguments.bits = 384
            case "sha3-512": arguments.bits = 512
            default: throw usageError("unknown option \(word)")
            }
        }
        // As in sqlite3, a pattern for SQLite's own tables hashes them without --schema.
        if let pattern = arguments.pattern, pattern.lowercased().hasPrefix("sqlite_") { arguments.includesSchema = true }
        return arguments
    }

    func run(_ arguments: Arguments, in scope: DatabaseScope) throws(Diagnostic) {
        let tables = try SchemaQuery.names(in: scope.connection, sql: """
            SELECT name FROM (
              SELECT lower(name) AS name FROM main.sqlite_schema
               WHERE type = 'table' AND coalesce(rootpage, 0) > 1
              UNION ALL SELECT 'sqlite_schema')
             WHERE name LIKE ?1 ORDER BY 1 COLLATE NOCASE
            """, pattern: arguments.pattern)
        let queries = tables.compactMap { Self.query(hashing: $0, includesSchema: arguments.includesSchema) }
        // sqlite3 prints nothing for a database with no table to hash.
        guard !queries.isEmpty else { return }
        let sql = Self.digestSQL(queries: queries, bits: arguments.bits, eachTable: arguments.pattern != nil)
        if arguments.printsQuery {
            scope.output.append(sql + "\n")
        } else {
            try runQuery(sql, in: scope)
        }
    }

    /// The query whose rows stand for a table: every row of a table of the user's, the
    /// meaningful columns of SQLite's own tables in a stable order, nil for a table left out.
    static func query(hashing table: String, includesSchema: Bool) -> (sql: String, table: String)? {
        guard table.hasPrefix("sqlite_") else {
            return ("SELECT * FROM \(SQLIdentifier.quoted(table)) NOT INDEXED;", table)
        }
        guard includesSchema else { return nil }
        switch table {
        case "sqlite_schema": return ("SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY name;", table)
        case "sqlite_sequence": return ("SELECT name,seq FROM sqlite_sequence ORDER BY name;", table)
        case "sqlite_stat1": return ("SELECT tbl,idx,stat FROM sqlite_stat1 ORDER BY tbl,idx;", table)
        case "sqlite_stat4": return ("SELECT tbl,idx,neq,nlt,ndlt,sample FROM sqlite_stat4 ORDER BY tbl,idx,rowid;", table)
        default: return ("SELECT * FROM \(SQLIdentifier.quoted(table)) NOT INDEXED;", table)
        }
    }

    /// The statement sqlite3 runs: the queries as rows of a CTE, hashed together or (with a
    /// pattern) one by one beside the table's name.
    static func digestSQL(queries: [(sql: String, table: String)], bits: Int, eachTable: Bool) -> String {
        let rows = queries.map { "(\(SQLIdentifier.stringLiteral($0.sql)),\(SQLIdentifier.stringLiteral($0.table)))" }.joined(separator: ",")
        let selection = eachTable
            ? "SELECT lower(hex(sha3_query(a,\(bits)))) AS hash, b AS label"
            : "SELECT lower(hex(sha3_query(group_concat(a,''),\(bits)))) AS hash"
        return "WITH [sha3sum$query](a,b) AS(VALUES\(rows)) \(selection)   FROM [sha3sum$query]"
    }
}
