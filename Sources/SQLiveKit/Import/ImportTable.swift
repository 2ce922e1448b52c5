/// The table `.import` creates from a header row, by sqlite3's rules, so that both shells
/// make the same schema from the same file: every column TEXT, named after its header; an
/// empty name becomes `?`; names that repeat (ignoring ASCII case) all get `_` and their
/// column number appended, after as few leading zeros as leave every name distinct.
///
///     let table = ImportTable(header: ["id", "name", "ID"])
///     table.columns                       // ["id_1", "name", "ID_3"]
///     ImportTable(header: ["x", "x", "x_2"]).columns   // ["x_01", "x_02", "x_2"]
///     table.createStatement(for: "\"t\"")
///     // CREATE TABLE "t"(
///     // "id_1" TEXT, "name" TEXT, "ID_3" TEXT)
struct ImportTable {
    /// The column names, after renaming.
    let columns: [String]
    /// Names changed because they repeat: (header, column).
    let renamed: [(from: String, to: String)]

    init(header: [String]) {
        let names = header.map { $0.isEmpty ? "?" : $0 }
        var occurrences: [String: Int] = [:]
        for name in names { occurrences[Self.folded(name), default: 0] += 1 }
        let repeats = names.map { occurrences[Self.folded($0), default: 0] > 1 }
        var columns = names
        // sqlite3 looks for the fewest extra zeros that leave every name distinct.
        for extraZeros in 0... {
            columns = names.indices.map { index in
                guard repeats[index] else { return names[index] }
                return names[index] + "_" + String(repeating: "0", count: extraZeros) + String(index + 1)
            }
            if Set(columns.map(Self.folded)).count == columns.count { break }
        }
        self.columns = columns
        renamed = names.indices.filter { repeats[$0] }.map { (names[$0], columns[$0]) }
    }

    /// A name as SQLite's NOCASE compares it: ASCII letters folded, other characters kept.
    private static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The CREATE TABLE statement, laid out as sqlite3 lays it out: four columns per line.
    func createStatement(for qualifiedTable: String) -> String {
        var sql = "CREATE TABLE \(qualifiedTable)(\n"
        for (index, column) in columns.enumerated() {
            if index > 0 { sql += index % 4 == 0 ? ",\n " : ", " }
            sql += SQLIdentifier.quoted(column) + " TEXT"
        }
        return sql + ")"
    }
}
