/// `column` mode, as sqlite3 draws it: columns two spaces apart, every cell padded to its
/// column's width (the last one too), the column names and a rule of dashes on top when
/// headers are on.
///
/// A column is as wide as `.width` says (a negative width right-aligns it), or, for a width
/// of 0 or none, as its widest line among the name and the values, at most 60. Widths are
/// terminal columns on a terminal, characters elsewhere, as sqlite3 counts them. A value
/// wider than its column wraps onto more lines, as do values with line breaks; a tab
/// becomes spaces up to the next multiple of 8.
///
///     a  bb     c
///     -  -----  -
///     1  hello
///
/// sqlite3 sizes the columns from the whole result. Into a file or a pipe so does sqlive,
/// without holding the result: the rows after the first ``defaultWindowSize`` wait in a
/// temporary file (``RowSpill``) while they are measured, so the bytes are sqlite3's. On a
/// terminal it sizes the columns from those first rows and streams the rest at those widths
/// (a later, wider value wraps), so the first rows show at once.
final class ColumnRenderer: ResultRenderer {
    static let defaultWindowSize = 100
    /// The widest a column grows by itself (sqlite3's `--wrap 60`).
    static let wrapWidth = 60

    private let output: OutputBuffer
    private let nullValue: [UInt8]
    private let showsHeaders: Bool
    private let requestedWidths: [Int]
    /// The widest a column grows by itself: ``wrapWidth`` after `.mode column`, unlimited
    /// with `-column` on the command line (``Settings/wrapWidth`` 0), as in sqlite3.
    private let widest: Int
    private let windowSize: Int
    /// Outside a terminal: rows after the window are spilled until the result ends.
    private let sizesFromWholeResult: Bool
    private var columns: [String] = []

    // MARK: - Mutable State
    // One renderer serves one result on the session's thread; nothing here is shared.

    /// The leading rows, kept until the columns are sized, then written and released.
    private var window: [StoredRow] = []
    /// Outside a terminal, the rows after the window, each cell as a NULL flag, its length
    /// (four bytes, little endian) and its text; the widest line of each column among them,
    /// and whether one of them takes several lines.
    private var spill: RowSpill?
    private var spilledWidths: [Int] = []
    private var spilledRowTakesLines = false
    private var spillRecord: [UInt8] = []
    /// Column widths and alignment; nil until the window is full or the result ends.
    private var widths: [Int]?
    private var rightAligned: [Bool] = []
    /// Once a row takes several lines, rows are kept apart by an empty line (as in sqlite3).
    private var separatesRows = false
    private var rowsWritten = 0
    /// The current row's lines, and each cell's pieces once wrapped: reused for every row.
    private var lines: GridLines
    private var pieces: [[Piece]] = []

    /// A part of one line of ``lines`` that fits its column.
    private struct Piece {
        var line: GridLines.Line
        var width: Int
    }

    init(_ context: RenderContext, windowSize: Int = ColumnRenderer.defaultWindowSize) {
        output = context.output
        nullValue = Array(context.settings.nullValue.utf8)
        showsHeaders = context.settings.showHeaders
        requestedWidths = context.settings.columnWidths
        self.windowSize = max(1, windowSize)
        widest = context.settings.wrapWidth > 0 ? context.settings.wrapWidth : .max
        sizesFromWholeResult = context.terminalWidth == nil
        lines = GridLines(countsCharacters: context.terminalWidth == nil)
    }

    func begin(columns: [String]) {
        self.columns = columns
    }

    func write<Row: ResultRow>(row: Row) {
        if widths != nil {
            writeRow(row)
            return
        }
        if let spill {
            spillRow(row, into: spill)
            return
        }
        window.append(row.stored())
        guard window.count >= windowSize else { return }
        if sizesFromWholeResult {
            spill = RowSpill()
            spilledWidths = columns.map { _ in 0 }
        } else {
            start()
        }
    }

    func finish() {
        if widths == nil {
            guard !window.isEmpty || spill != nil else { return }
            start()
        }
        output.endRow()
    }

    private func start() {
        var natural = columns.map { name in
            lines.removeAll()
            let header = lines.append(GridLines.headerText(name))
            return lines.width(of: header)
        }
        for (index, width) in spilledWidths.enumerated() where index < natural.count {
            natural[index] = max(natural[index], width)
        }
        for row in window {
            lines.removeAll()
            for index in natural.indices {
                let cell = appendCell(of: row, at: index)
                natural[index] = max(natural[index], lines.width(of: cell))
            }
        }
        var widths: [Int] = []
        for index in natural.indices {
            let requested = index < requestedWidths.count ? requestedWidths[index] : 0
            rightAligned.append(requested < 0)
            widths.append(requested == 0 ? min(natural[index], widest) : abs(requested))
        }
        separatesRows = spilledRowTakesLines || window.contains { row in
            lines.removeAll()
            return (0..<row.columnCount).contains { index in
                let cell = appendCell(of: row, at: index)
                return wrap(cell, width: widths[index]).count > 1
            }
        }
        self.widths = widths
        if showsHeaders {
            lines.removeAll()
            // A name is one line, cut (not wrapped) to its column's width, as in sqlite3.
            let cells = columns.map { lines.append(GridLines.headerText($0)) }
            pieces = cells.enumerated().map { column, cell in Array(wrap(cell, width: widths[column]).prefix(1)) }
            writePieces(widths: widths)
            output.append(Array(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ").utf8))
            output.append(UInt8(ascii: "\n"), count: 1)
        }
        let leadingRows = window
        window = []
        for row in leadingRows { writeRow(row) }
        spill?.forEach { writeRow(Self.row(from: $0, columnCount: columns.count)) }
        spill = nil
    }

    // MARK: - Spilled rows

    /// Measures a row after the window and sets it aside. Whether it will take several
    /// lines is known already: a column's width is its `.width`, or its widest value up to
    /// ``widest``, so a line wraps only when wider than that.
    private func spillRow<Row: ResultRow>(_ row: Row, into spill: RowSpill) {
        lines.removeAll()
        spillRecord.removeAll(keepingCapacity: true)
        for index in 0..<row.columnCount {
            let isNull = row.storageClass(at: index) == .null
            let cell = appendCell(of: row, at: index)
            let width = lines.width(of: cell)
            if index < spilledWidths.count { spilledWidths[index] = max(spilledWidths[index], width) }
            let requested = index < requestedWidths.count ? abs(requestedWidths[index]) : 0
            if cell.count > 1 || width > (requested == 0 ? widest : requested) { spilledRowTakesLines = true }
            spillRecord.append(isNull ? 0 : 1)
            if isNull {
                Self.appendLength(0, to: &spillRecord)
            } else {
                row.withText(at: index) { text in
                    Self.appendLength(text.count, to: &spillRecord)
                    spillRecord.append(contentsOf: text)
                }
            }
        }
        spillRecord.withUnsafeBufferPointer { spill.append($0) }
    }

    private static func appendLength(_ length: Int, to record: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian) { record.append(contentsOf: $0) }
    }

    /// A spilled row read back: its cells' text (all this renderer reads of a row).
    private static func row(from record: UnsafeBufferPointer<UInt8>, columnCount: Int) -> StoredRow {
        var cells: [StoredRow.Cell] = []
        cells.reserveCapacity(columnCount)
        var offset = 0
        for _ in 0..<columnCount {
            let isNull = record[offset] == 0
            let length = RowSpill.length(record, at: offset + 1)
            let bytes = Array(record[(offset + 5)..<(offset + 5 + length)])
            cells.append(StoredRow.Cell(kind: isNull ? .null : .text, bytes: bytes, number: 0))
            offset += 5 + length
        }
        return StoredRow(cells: cells)
    }

    private func writeRow<Row: ResultRow>(_ row: Row) {
        guard let widths else { return }
        lines.removeAll()
        let cells = (0..<row.columnCount).map { appendCell(of: row, at: $0) }
        pieces = cells.enumerated().map { column, cell in wrap(cell, width: widths[column]) }
        if pieces.contains(where: { $0.count > 1 }) { separatesRows = true }
        if separatesRows && rowsWritten > 0 { output.append(UInt8(ascii: "\n"), count: 1) }
        writePieces(widths: widths)
        rowsWritten += 1
        output.endRow()
    }

    private func appendCell<Row: ResultRow>(of row: Row, at index: Int) -> Range<Int> {
        if row.storageClass(at: index) == .null {
            return nullValue.withUnsafeBufferPointer { lines.append($0) }
        }
        return row.withText(at: index) { lines.append($0) }
    }

    /// Writes the cells in ``pieces`` side by side, as many lines as the tallest.
    private func writePieces(widths: [Int]) {
        let height = pieces.reduce(1) { max($0, $1.count) }
        for lineIndex in 0..<height {
            for (column, cellPieces) in pieces.enumerated() {
                if column > 0 { output.append(UInt8(ascii: " "), count: 2) }
                guard lineIndex < cellPieces.count else {
                    output.append(UInt8(ascii: " "), count: widths[column])
                    continue
                }
                let piece = cellPieces[lineIndex]
                let padding = max(0, widths[column] - piece.width)
                if rightAligned[column] { output.append(UInt8(ascii: " "), count: padding) }
                lines.withBytes(of: piece.line) { output.append($0) }
                if !rightAligned[column] { output.append(UInt8(ascii: " "), count: padding) }
            }
            output.append(UInt8(ascii: "\n"), count: 1)
        }
    }

    /// The lines of a cell cut into pieces no wider than `width` (each holds at least one
    /// character, so a character wider than the column still shows).
    private func wrap(_ cell: Range<Int>, width: Int) -> [Piece] {
        var result: [Piece] = []
        for line in lines.lines[cell] {
            guard line.width > width else {
                result.append(Piece(line: line, width: line.width))
                continue
            }
            lines.withBytes(of: line) { bytes in
                var start = 0, index = 0, used = 0
                while index < bytes.count {
                    let (scalarWidth, length) = bytes[index] < 0x80 ? (1, 1) : lines.scalarWidth(bytes, at: index)
                    if used + scalarWidth > width && index > start {
                        result.append(Piece(line: GridLines.Line(start: line.start + start, end: line.start + index, width: used), width: used))
                        start = index
                        used = 0
                    }
                    used += scalarWidth
                    index += length
                }
                result.append(Piece(line: GridLines.Line(start: line.start + start, end: line.start + index, width: used), width: used))
            }
        }
        return result
    }
}
