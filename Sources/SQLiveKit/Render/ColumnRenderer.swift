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
    /// `--wordwrap on`, outside a terminal: where each column's values wrap between words.
    private let wrapsAtWords: Bool
    private var wordWrapLimits: [Int?] = []
    /// Outside a terminal: where each column's values wrap, for the values holding a tab,
    /// which sqlite3 cuts its own way (``GridLines/rewrappingTabs(of:text:limit:atWords:)``).
    private var tabWrapLimits: [Int?] = []
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
    /// Column widths and alignment; nil until the window is full or the result ends.
    private var widths: [Int]?
    private var rightAligned: [Bool] = []
    /// Once a row takes several lines, rows are kept apart by an empty line (as in sqlite3).
    private var separatesRows = false
    private var rowsWritten = 0
    /// The current row's lines, and which of them belong to each cell: reused for every row.
    private var lines: GridLines
    private var cellRanges: [Range<Int>] = []

    init(_ context: RenderContext, windowSize: Int = ColumnRenderer.defaultWindowSize) {
        output = context.output
        // On a terminal NULL shows as `NULL` (unless `.nullvalue` was set), as in the grids;
        // a `.nullvalue` is written as the bytes it was given.
        nullValue = RawBytes.bytes(of: context.displayedNull)
        showsHeaders = context.settings.showHeaders
        requestedWidths = context.settings.columnWidths
        self.windowSize = max(1, windowSize)
        widest = context.settings.wrapWidth > 0 ? context.settings.wrapWidth : .max
        sizesFromWholeResult = context.terminalWidth == nil
        wrapsAtWords = context.settings.wrapsAtWords && context.terminalWidth == nil
        lines = GridLines(countsCharacters: context.terminalWidth == nil)
    }

    func begin(columns: [String]) {
        self.columns = columns
        wordWrapLimits = columns.indices.map { index in
            let requested = index < requestedWidths.count ? abs(requestedWidths[index]) : 0
            let limit = requested > 0 ? requested : widest
            return wrapsAtWords && limit < .max ? limit : nil
        }
        tabWrapLimits = columns.indices.map { index in
            let requested = index < requestedWidths.count ? abs(requestedWidths[index]) : 0
            let limit = requested > 0 ? requested : widest
            return limit < .max ? limit : nil
        }
    }

    @_specialize(where Row == StatementRow)
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

    /// A column name's line: under `--wordwrap on`, only its first piece wrapped between
    /// words, as sqlite3 shows it (and sizes the column from it).
    private func appendName(_ name: String, column: Int) -> Range<Int> {
        if let header = lines.appendTabbedName(name, limit: tabWrapLimits[column], atWords: wordWrapLimits[column] != nil) {
            return header
        }
        let header = lines.append(GridLines.headerText(name))
        if let limit = wordWrapLimits[column] { lines.cutAtWords(from: header.lowerBound, limit: limit) }
        return header
    }

    private func start() {
        var natural = columns.indices.map { index in
            lines.removeAll()
            let header = appendName(columns[index], column: index)
            return lines.width(of: header)
        }
        for (index, width) in spilledWidths.enumerated() where index < natural.count {
            natural[index] = max(natural[index], width)
        }
        for row in window {
            lines.removeAll()
            for index in natural.indices {
                let cell = Self.appendCell(of: row, at: index, nullValue: nullValue, wordWrapAt: wordWrapLimits[index], tabWrapAt: tabWrapLimits[index], to: &lines)
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
                let cell = Self.appendCell(of: row, at: index, nullValue: nullValue, wordWrapAt: wordWrapLimits[index], tabWrapAt: tabWrapLimits[index], to: &lines)
                return Self.wrap(cell, width: widths[index], in: lines).count > 1
            }
        }
        self.widths = widths
        if showsHeaders {
            lines.removeAll()
            // A name is one line, cut (not wrapped) to its column's width, as in sqlite3.
            let cells = columns.indices.map { appendName(columns[$0], column: $0) }
            let pieces = cells.enumerated().map { column, cell in Array(Self.wrap(cell, width: widths[column], in: lines).prefix(1)) }
            writePieces(pieces, lines: lines, widths: widths)
            output.append(Array(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ").utf8))
            output.append(UInt8(ascii: "\n"), count: 1)
        }
        let leadingRows = window
        window = []
        for row in leadingRows { writeRow(row) }
        // One list of cell offsets for every spilled row: a row read back allocates nothing.
        var offsets = [Int](repeating: 0, count: columns.count)
        offsets.withUnsafeMutableBufferPointer { offsets in
            spill?.forEach { writeRow(SpilledRow($0, offsets: offsets)) }
        }
        spill = nil
    }

    // MARK: - Spilled rows

    /// Measures a row after the window and sets it aside. Whether it will take several
    /// lines is known already: a column's width is its `.width`, or its widest value up to
    /// ``widest``, so a line wraps only when wider than that.
    /// It runs for every row of a large result: the buffers are taken out of the object
    /// while it works, so that Swift checks no exclusive access per cell.
    private func spillRow<Row: ResultRow>(_ row: Row, into spill: RowSpill) {
        var lines = GridLines(countsCharacters: self.lines.countsCharacters)
        swap(&lines, &self.lines)
        var widths: [Int] = []
        swap(&widths, &spilledWidths)
        defer {
            swap(&lines, &self.lines)
            swap(&widths, &spilledWidths)
        }
        let nullValue = nullValue, requestedWidths = requestedWidths, widest = widest
        let wordWrapLimits = wordWrapLimits, tabWrapLimits = tabWrapLimits
        var takesLines = false
        // Written straight into the spill: the record needs no buffer of its own.
        spill.appendRecord { record in
            for index in 0..<row.columnCount {
                let isNull = row.storageClass(at: index) == .null
                let width: Int
                let lineCount: Int
                record.append(isNull ? 0 : 1)
                if isNull {
                    record.appendLength(0)
                    (width, lineCount) = nullValue.withUnsafeBufferPointer { Self.measure($0, wordWrapAt: wordWrapLimits[index], tabWrapAt: tabWrapLimits[index], lines: &lines) }
                } else {
                    (width, lineCount) = row.withText(at: index) { text in
                        record.appendLength(text.count)
                        record.append(text)
                        return Self.measure(text, wordWrapAt: wordWrapLimits[index], tabWrapAt: tabWrapLimits[index], lines: &lines)
                    }
                }
                if index < widths.count { widths[index] = max(widths[index], width) }
                let requested = index < requestedWidths.count ? abs(requestedWidths[index]) : 0
                if lineCount > 1 || width > (requested == 0 ? widest : requested) { takesLines = true }
            }
        }
        if takesLines { spilledRowTakesLines = true }
    }

    /// The width and the number of lines of a cell's text, wrapped between words at `limit`
    /// when `--wordwrap` asks for it. One line of printable ASCII within the limit, the
    /// common case, is as wide as it is long and needs no cutting into lines.
    @inline(__always)
    private static func measure(_ text: UnsafeBufferPointer<UInt8>, wordWrapAt limit: Int?, tabWrapAt tabLimit: Int?,
                                lines: inout GridLines) -> (width: Int, lineCount: Int) {
        var isPrintableASCII = true
        for byte in text where byte < 0x20 || byte >= 0x7F {
            isPrintableASCII = false
            break
        }
        if isPrintableASCII, limit.map({ text.count <= $0 }) ?? true { return (text.count, 1) }
        lines.removeAll()
        let cell = appendText(text, wordWrapAt: limit, tabWrapAt: tabLimit, to: &lines)
        return (lines.width(of: cell), cell.count)
    }

    /// A spilled row read back, in place: each cell a NULL flag, a length and the text.
    private struct SpilledRow: ResultRow {
        let record: UnsafeBufferPointer<UInt8>
        /// Where each cell's flag is.
        let offsets: UnsafeMutableBufferPointer<Int>

        /// Reads the cells' places into `offsets`, one per column, which the caller reuses.
        init(_ record: UnsafeBufferPointer<UInt8>, offsets: UnsafeMutableBufferPointer<Int>) {
            self.record = record
            var offset = 0
            for column in offsets.indices {
                offsets[column] = offset
                offset += 5 + RowSpill.length(record, at: offset + 1)
            }
            self.offsets = offsets
        }

        var columnCount: Int { offsets.count }
        func storageClass(at index: Int) -> StorageClass { record[offsets[index]] == 0 ? .null : .text }
        func int64(at index: Int) -> Int64 { withText(at: index) { Int64(String(decoding: $0, as: UTF8.self)) ?? 0 } }
        func double(at index: Int) -> Double { withText(at: index) { Double(String(decoding: $0, as: UTF8.self)) ?? 0 } }
        func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
            let start = offsets[index] + 5
            return try body(UnsafeBufferPointer(rebasing: record[start..<start + RowSpill.length(record, at: offsets[index] + 1)]))
        }
        func withBlob<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
            try withText(at: index, body)
        }
    }

    /// Runs for every row: the line buffer is taken out of the object while it works, so
    /// that Swift checks no exclusive access per cell.
    private func writeRow<Row: ResultRow>(_ row: Row) {
        guard let widths else { return }
        var lines = GridLines(countsCharacters: self.lines.countsCharacters)
        swap(&lines, &self.lines)
        defer { swap(&lines, &self.lines) }
        var cells: [Range<Int>] = []
        swap(&cells, &cellRanges)
        defer { swap(&cells, &cellRanges) }
        lines.removeAll()
        cells.removeAll(keepingCapacity: true)
        for index in 0..<row.columnCount {
            cells.append(Self.appendCell(of: row, at: index, nullValue: nullValue, wordWrapAt: wordWrapLimits[index], tabWrapAt: tabWrapLimits[index], to: &lines))
        }
        // Most rows fit their columns on one line: written as they are, without pieces.
        if cells.indices.allSatisfy({ cells[$0].count == 1 && lines.lines[cells[$0].lowerBound].width <= widths[$0] }) {
            if separatesRows && rowsWritten > 0 { output.append(UInt8(ascii: "\n"), count: 1) }
            for (column, cell) in cells.enumerated() {
                writeCell(lines.lines[cell.lowerBound], of: lines, column: column, width: widths[column])
            }
            output.append(UInt8(ascii: "\n"), count: 1)
            rowsWritten += 1
            output.endRow()
            return
        }
        let pieces = cells.indices.map { Self.wrap(cells[$0], width: widths[$0], in: lines) }
        if pieces.contains(where: { $0.count > 1 }) { separatesRows = true }
        if separatesRows && rowsWritten > 0 { output.append(UInt8(ascii: "\n"), count: 1) }
        writePieces(pieces, lines: lines, widths: widths)
        rowsWritten += 1
        output.endRow()
    }

    private static func appendCell<Row: ResultRow>(of row: Row, at index: Int, nullValue: [UInt8], wordWrapAt limit: Int?,
                                                   tabWrapAt tabLimit: Int?, to lines: inout GridLines) -> Range<Int> {
        row.storageClass(at: index) == .null
            ? nullValue.withUnsafeBufferPointer { appendText($0, wordWrapAt: limit, tabWrapAt: tabLimit, to: &lines) }
            : row.withText(at: index) { appendText($0, wordWrapAt: limit, tabWrapAt: tabLimit, to: &lines) }
    }

    /// A cell's lines: a value holding a tab cut as sqlite3 cuts it at `tabLimit`, else
    /// wrapped between words at `limit` under `--wordwrap on`, else as it is (the column's
    /// width cuts it when it is written).
    @inline(__always)
    private static func appendText(_ text: UnsafeBufferPointer<UInt8>, wordWrapAt limit: Int?, tabWrapAt tabLimit: Int?,
                                   to lines: inout GridLines) -> Range<Int> {
        let cell = lines.append(text)
        // Tested here first: a call per cell for the rare value holding a tab cost 5% of a
        // column-mode result's instructions in the debug build.
        if lines.lastAppendHadTab, let cut = lines.rewrappingTabs(of: cell, text: text, limit: tabLimit, atWords: limit != nil) {
            return cut
        }
        // sqlite3 wraps between words first, then sizes the column from the lines it made.
        guard let limit else { return cell }
        return lines.wrapAtWords(from: cell.lowerBound, limit: limit)
    }

    /// Writes cells cut into pieces side by side, as many lines as the tallest.
    private func writePieces(_ pieces: [[GridLines.Line]], lines: GridLines, widths: [Int]) {
        let height = pieces.reduce(1) { max($0, $1.count) }
        for lineIndex in 0..<height {
            for (column, cellPieces) in pieces.enumerated() {
                let line = lineIndex < cellPieces.count ? cellPieces[lineIndex] : GridLines.Line(start: 0, end: 0, width: 0)
                writeCell(line, of: lines, column: column, width: widths[column])
            }
            output.append(UInt8(ascii: "\n"), count: 1)
        }
    }

    /// One line of a cell, after the gap before it, padded to the column's width on the side
    /// its alignment leaves free.
    @inline(__always)
    private func writeCell(_ line: GridLines.Line, of lines: GridLines, column: Int, width: Int) {
        let output = output
        if column > 0 { output.append(UInt8(ascii: " "), count: 2) }
        let padding = max(0, width - line.width)
        let alignsRight = rightAligned[column]
        if alignsRight { output.append(UInt8(ascii: " "), count: padding) }
        if line.end > line.start { lines.withBytes(of: line) { output.append($0) } }
        if !alignsRight { output.append(UInt8(ascii: " "), count: padding) }
    }

    /// The lines of a cell cut into pieces no wider than `width` (each holds at least one
    /// character, so a character wider than the column still shows).
    private static func wrap(_ cell: Range<Int>, width: Int, in lines: GridLines) -> [GridLines.Line] {
        var result: [GridLines.Line] = []
        for line in lines.lines[cell] {
            guard line.width > width else {
                result.append(line)
                continue
            }
            lines.withBytes(of: line) { bytes in
                var start = 0, index = 0, used = 0
                while index < bytes.count {
                    let (scalarWidth, length) = bytes[index] < 0x80 ? (1, 1) : lines.scalarWidth(bytes, at: index)
                    if used + scalarWidth > width && index > start {
                        result.append(GridLines.Line(start: line.start + start, end: line.start + index, width: used))
                        start = index
                        used = 0
                    }
                    used += scalarWidth
                    index += length
                }
                result.append(GridLines.Line(start: line.start + start, end: line.start + index, width: used))
            }
        }
        return result
    }
}
