import GRDBSQLite

/// `insert` mode: one `INSERT` statement per row, byte for byte as sqlite3 writes them, so
/// the output can be read back into a table.
///
///     sqlite> .mode insert people
///     sqlite> .headers on
///     sqlite> SELECT 1 AS id, 'a' || char(10) || 'b' AS "full name", 3.0 AS score;
///     INSERT INTO people(id,"full name",score) VALUES(1,replace('a\nb','\n',char(10)),3.0);
///
/// The table is `.mode insert TABLE`'s (default `table`); it and the column names are quoted
/// with `"` when they are not plain identifiers or are SQL keywords. Column names are listed
/// only with `.headers on`. Separators and `.nullvalue` play no part.
final class InsertRenderer: ResultRenderer {
    private let output: OutputBuffer
    private let table: String
    private let showHeaders: Bool
    /// `INSERT INTO table(columns) VALUES(`, made once per result.
    private var prefix: [UInt8] = []

    init(_ context: RenderContext) {
        output = context.output
        table = context.settings.insertTable
        showHeaders = context.settings.showHeaders
    }

    func begin(columns: [String]) {
        var text = "INSERT INTO " + Self.identifier(table)
        if showHeaders {
            text += "(" + columns.map(Self.identifier).joined(separator: ",") + ")"
        }
        prefix = Array((text + " VALUES(").utf8)
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        output.append(prefix)
        for index in 0..<row.columnCount {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            SQLLiteral.writeValue(of: row, at: index, mode: .insert, to: output)
        }
        output.append(Self.end)
        output.endRow()
    }

    func finish() {}

    private static let end = Array(");\n".utf8)

    /// A name as sqlite3 writes it in an INSERT: as is when it is a plain identifier (ASCII
    /// letters, digits and `_`, not starting with a digit) and not a keyword, else in `"`
    /// with inner `"` doubled.
    ///
    ///     InsertRenderer.identifier("people")     // people
    ///     InsertRenderer.identifier("table")      // "table"
    ///     InsertRenderer.identifier("full name")  // "full name"
    static func identifier(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let isPlain = bytes.first.map { isLetter($0) || $0 == UInt8(ascii: "_") } == true
            && bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
            && !isKeyword(bytes)
        if isPlain { return name }
        return "\"" + String(name.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isKeyword(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sqlite3_keyword_check($0.baseAddress, Int32($0.count)) != 0
            }
        }
    }
}
