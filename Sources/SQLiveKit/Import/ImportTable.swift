/// The table `.import` creates from a header row, by sqlite3's rules, so that both shells
/// make the same schema from the same file: every column TEXT, named after its header; an
/// empty name becomes `?`; names that repeat (ignoring case) all get their column number
/// appended (`a`, `b`, `A` → `a_1`, `b`, `A_3`).
///
///     let table = ImportTable(header: ["id", "name", "ID"])
///     table.columns                       // ["id_1", "name", "ID_3"]
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
        for name in names { occurrences[name.lowercased(), default: 0] += 1 }
        var columns: [String] = []
        var renamed: [(from: String, to: String)] = []
        for (index, name) in names.enumerated() {
            if occurrences[name.lowercased(), default: 0] > 1 {
                let column = "\(name)_\(index + 1)"
                columns.append(column)
                renamed.append((name, column))
            } else {
                columns.append(name)
            }
        }
        self.columns = columns
        self.renamed = renamed
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
