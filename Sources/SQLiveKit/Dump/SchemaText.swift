import GRDBSQLite

/// The statement a `sqlite_schema.sql` value holds.
///
/// SQLite reads only the first statement of the value and ignores the rest, so a file's
/// author (with `PRAGMA writable_schema`) can append any statements after it. `.dump`,
/// `.schema` and `.fullschema` would print them, and reloading their output (`.dump | sqlite3
/// copy.db`, `.read`) would run them as the user's own SQL, where `writefile()` and ATTACH are
/// allowed. sqlive prints the first statement only; SQLite never stores more, so the output
/// of any file SQLite wrote is unchanged.
///
///     SchemaText.firstStatement("CREATE VIEW v AS SELECT 1; SELECT writefile('x', 'y')")
///     // "CREATE VIEW v AS SELECT 1"
enum SchemaText {
    static func firstStatement(_ sql: String) -> String {
        let semicolon = UInt8(ascii: ";")
        guard sql.utf8.contains(semicolon) else { return sql }
        // NUL-terminated, so that each prefix ending at a `;` can be handed to SQLite by
        // writing a NUL after it for the time of the call.
        var text = Array(sql.utf8) + [0]
        for end in text.indices.dropLast() where text[end] == semicolon {
            let next = text[end + 1]
            text[end + 1] = 0
            // sqlite3_complete knows literals, comments and a trigger's BEGIN … END.
            let isComplete = text.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
            }
            text[end + 1] = next
            guard isComplete else { continue }
            let tail = text[(end + 1)...].dropLast()
            guard tail.contains(where: { !($0 == 0x20 || (0x09...0x0D).contains($0)) }) else { return sql }
            return String(decoding: text[..<end], as: UTF8.self)
        }
        return sql
    }

    /// The statement as `.schema` prints it before its `;`: one that ends inside a comment (a
    /// `/* …` never closed, a `-- …` line) gets the comment closed first, as sqlite3 does.
    /// Printed as it was, the `;` fell inside the comment, and reading the output back ran
    /// the next entry's text (a column's DEFAULT holding `*/ ; SELECT writefile(…)`) as SQL.
    ///
    ///     SchemaText.terminated("CREATE TABLE t(a) /* x")   // "CREATE TABLE t(a) /* x*/"
    ///     SchemaText.terminated("CREATE TABLE t(a) -- x")   // "CREATE TABLE t(a) -- x\n"
    static func terminated(_ sql: String) -> String {
        guard sql.contains("/*") || sql.contains("--") else { return sql }
        for ending in ["", "*/", "\n"] where isComplete(sql + ending + ";") {
            return sql + ending
        }
        return sql
    }

    private static func isComplete(_ sql: String) -> Bool {
        sql.withCString { sqlite3_complete($0) != 0 }
    }
}
