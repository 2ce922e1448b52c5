/// sqlite3's layout for `EXPLAIN` (and, under `.explain on`, for every result): columns of
/// fixed widths (4, 13, 4, 4, 4, 13, 2, 13) two spaces apart, names cut to those widths and
/// underlined with dashes, values padded to them but never cut, the last value not padded.
/// As in sqlite3, widths count code points (an accent that combines with the letter before
/// it counts too), and only the first eight columns are shown.
/// In a bytecode listing, the opcodes inside a loop are indented two spaces per level.
///
///     addr  opcode         p1    p2    p3    p4             p5  comment
///     ----  -------------  ----  ----  ----  -------------  --  -------------
///     4     Rewind         0     7     0                    0
///     5       Column         0     0     1                    0
///     6     Next           0     5     0                    1
///
/// A bytecode listing is kept whole to find its loops (a program has a row per
/// instruction); any other result streams.
final class ExplainRenderer: ResultRenderer {
    static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
    static let bytecodeColumns = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"]
    /// The opcodes that jump back to the start of their loop.
    static let loopEnds: Set<String> = ["Next", "Prev", "VNext", "VPrev", "SorterNext"]
    /// The opcodes a backward `Goto` to which closes a loop.
    static let loopStarts: Set<String> = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"]

    private let output: OutputBuffer
    private let nullValue: String
    private let rowSeparator: String
    private var columns: [String] = []
    private var isBytecode = false
    private var rowCount = 0
    /// The rows of a bytecode listing, kept until its loops are known.
    private var program: [[String]] = []

    init(_ context: RenderContext) {
        output = context.output
        nullValue = context.settings.nullValue
        // sqlite3 ends the listing's lines with a newline whatever `.separator` says.
        rowSeparator = "\n"
        rowCount = context.rowsCountedBefore
    }

    func begin(columns: [String]) {
        self.columns = Array(columns.prefix(Self.widths.count))
        isBytecode = columns == Self.bytecodeColumns
    }

    func write<Row: ResultRow>(row: Row) {
        let count = min(row.columnCount, Self.widths.count)
        let values = (0..<count).map { index in
            guard row.storageClass(at: index) == .null else {
                return row.withText(at: index) { String(decoding: TextValue.untilNUL($0), as: UTF8.self) }
            }
            // sqlite3 widens a column for a longer value but not for NULL: the null text is
            // cut to the column's width (the last column has none).
            guard index < count - 1 else { return nullValue }
            return String(String.UnicodeScalarView(nullValue.unicodeScalars.prefix(Self.width(of: index))))
        }
        if isBytecode {
            program.append(values)
        } else {
            writeRow(values, indent: 0)
        }
    }

    func finish() {
        let indents = Self.indents(of: program)
        for (values, indent) in zip(program, indents) { writeRow(values, indent: indent) }
        program = []
        output.endRow()
    }

    private func writeRow(_ values: [String], indent: Int) {
        if rowCount == 0 { writeHeader() }
        rowCount += 1
        var line = ""
        for (index, value) in values.enumerated() {
            let width = index == values.count - 1 ? 0 : Self.width(of: index)
            if index == 1 { line += String(repeating: "  ", count: indent) }
            line += value + String(repeating: " ", count: max(0, width - value.unicodeScalars.count))
            line += index == values.count - 1 ? rowSeparator : "  "
        }
        output.append(line)
        output.endRow()
    }

    private func writeHeader() {
        var names = "", rule = ""
        for (index, name) in columns.enumerated() {
            let width = Self.width(of: index)
            let cut = String(String.UnicodeScalarView(name.unicodeScalars.prefix(width)))
            names += cut + String(repeating: " ", count: width - cut.unicodeScalars.count)
            rule += String(repeating: "-", count: width)
            names += index == columns.count - 1 ? rowSeparator : "  "
            rule += index == columns.count - 1 ? rowSeparator : "  "
        }
        output.append(names + rule)
    }

    private static func width(of column: Int) -> Int {
        column < widths.count ? widths[column] : 0
    }

    /// How many levels each instruction is indented: one more for every loop around it, a
    /// loop running from the target of a backward jump to the jump.
    static func indents(of program: [[String]]) -> [Int] {
        var indents = [Int](repeating: 0, count: program.count)
        for (address, row) in program.enumerated() {
            guard row.count >= 4, let target = Int(row[3]), target >= 0, target < address else { continue }
            let opcode = row[1]
            let closesLoop = loopEnds.contains(opcode)
                || (opcode == "Goto" && program[target].count > 1 && loopStarts.contains(program[target][1]))
            guard closesLoop else { continue }
            for inner in target..<address { indents[inner] += 1 }
        }
        return indents
    }
}
