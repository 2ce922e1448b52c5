/// `box`, `table` and `markdown` modes: a grid drawn as sqlite3 draws it (column names
/// centred on top, values left-aligned, NULL as `.nullvalue`, a value with line breaks over
/// several lines), but streamed.
///
/// sqlite3 reads a whole result before drawing it. Into a file or a pipe sqlive draws the
/// same bytes without holding the result: it keeps a window of leading rows
/// (``defaultWindowSize``) and spills the rest to a temporary file (``RowSpill``) while
/// measuring them, then draws the grid from all of them, so no value is ever cut.
/// On a terminal it sizes the columns from the window and streams every later row at those
/// widths: a later value wider than its column is cut with `…`, except a number, which is
/// never cut (it overflows its column). Widths are terminal columns (``DisplayWidth``) on a
/// terminal, so wide characters line up, and characters elsewhere, as sqlite3 counts them. On a terminal the grid is also narrowed to the terminal's width
/// (``ColumnFitting``: text columns shrink, numbers keep their width), NULL shows as `NULL`
/// (dimmed with colour) unless `.nullvalue` was set, and the row count follows the grid,
/// saying how many values were cut and how to see them whole:
///
///     ┌────┬───────┐
///     │ id │ name  │
///     ├────┼───────┤
///     │ 1  │ Alice │
///     │ 2  │ Bob   │
///     └────┴───────┘
///     (2 rows)
///
/// When the columns cannot fit even so, the rows are shown one block each
/// (``ExpandedRecords``), after a line that says so. Once a row spans several lines, rows
/// are separated by rules (as in sqlite3) from then on. An empty result prints nothing into
/// a file or a pipe, and its column names and `(0 rows)` on a terminal.
final class GridRenderer: ResultRenderer {
    /// How many leading rows size the columns.
    static let defaultWindowSize = 100

    private let output: OutputBuffer
    private let style: GridStyle
    private let nullValue: [UInt8]
    private let terminalWidth: Int?
    private let styler: CellStyler
    private let windowSize: Int
    /// Outside a terminal, values wrap and names are cut at this many characters, as in
    /// sqlite3 (``Settings/wrapWidth``); nil on a terminal, where the grid fits the screen
    /// instead, and when the setting is 0.
    private let wrapLimit: Int?
    /// `--wordwrap on`: wrapped values break between words, as sqlite3 breaks them.
    private let wrapsAtWords: Bool
    /// Outside a terminal, the `.width` of each column when not 0: the column is that wide
    /// and its values wrap there, as in sqlite3 (a negative width aligns them right).
    private let requestedWidths: [Int]
    /// Outside a terminal, the columns whose `.width` is negative: their values are aligned
    /// right, as sqlite3 aligns them (names stay centred).
    private let rightAligned: [Bool]
    /// Per column: where values wrap, from ``requestedWidths`` or ``wrapLimit``.
    private var wrapLimits: [Int?] = []
    private var columns: [String] = []

    // MARK: - Mutable State
    // One renderer serves one result on the session's thread; nothing here is shared.

    /// The leading rows, kept until the columns are sized, then written and released.
    private var window: [StoredRow] = []
    /// Outside a terminal, the rows after the window until the result ends, and the widest
    /// line of each column among them.
    private var spill: RowSpill?
    private var spilledWidths: [Int] = []
    /// The lines of a row read back from the spill: reused for every row.
    private var spilledLines: [GridLines.Line] = []
    /// Values cut with `…` to fit a terminal, counted to say so under the grid.
    private var cutValues = 0
    /// Column widths; nil until the window is full or the result ends.
    private var widths: [Int]?
    /// Set instead of the widths when the grid cannot fit the terminal.
    private var expanded: ExpandedRecords?
    private var rowsWritten = 0
    private var drawsDividers = false
    /// The current row's lines, and which of them belong to each cell: reused for every row.
    private var lines: GridLines
    private var cellLines: [Range<Int>] = []
    /// What each cell of the current row holds: NULLs are styled, numbers never cut.
    private var cellClasses: [StorageClass?] = []
    /// The bytes around cells and the rules, made once the widths are known.
    private var rowStart: [UInt8] = []
    private var cellGap: [UInt8] = []
    private var rowEnd: [UInt8] = []
    private var divider: [UInt8] = []

    init(_ context: RenderContext, style: GridStyle, windowSize: Int = GridRenderer.defaultWindowSize) {
        output = context.output
        self.style = style
        nullValue = RawBytes.bytes(of: context.displayedNull)
        terminalWidth = context.terminalWidth
        styler = CellStyler(context)
        self.windowSize = max(1, windowSize)
        let wrapWidth = context.settings.wrapWidth
        wrapLimit = context.terminalWidth == nil && wrapWidth > 0 ? wrapWidth : nil
        wrapsAtWords = context.settings.wrapsAtWords
        requestedWidths = context.terminalWidth == nil ? context.settings.columnWidths.map { abs($0) } : []
        rightAligned = context.terminalWidth == nil ? context.settings.columnWidths.map { $0 < 0 } : []
        lines = GridLines(countsCharacters: context.terminalWidth == nil)
    }

    /// How many rows the renderer holds right now: never more than the window.
    var bufferedRowCount: Int { window.count }

    func begin(columns: [String]) {
        self.columns = columns
        wrapLimits = columns.indices.map { index in
            index < requestedWidths.count && requestedWidths[index] > 0 ? requestedWidths[index] : wrapLimit
        }
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        if widths != nil || expanded != nil {
            writeBody(row)
            return
        }
        if let spill {
            spillRow(row, into: spill)
            return
        }
        window.append(row.stored())
        guard window.count >= windowSize else { return }
        if terminalWidth == nil {
            spill = RowSpill()
            spilledWidths = columns.map { _ in 0 }
        } else {
            startGrid()
        }
    }

    func finish() {
        if widths == nil && expanded == nil {
            // Into a file an empty result prints nothing, as in sqlite3; on a terminal the
            // column names and `(0 rows)` say the query ran and found nothing.
            guard !window.isEmpty || terminalWidth != nil else { return }
            startGrid()
        }
        if let bottom = style.bottom, let widths { output.append(bottom.bytes(widths: widths)) }
        if terminalWidth != nil {
            let count = "\(rowsWritten) \(rowsWritten == 1 ? "row" : "rows")"
            guard cutValues > 0 else {
                output.append("(\(count))\n")
                output.endRow()
                return
            }
            let cut = "\(cutValues) \(cutValues == 1 ? "value" : "values") cut to fit"
            output.append("(\(count); ")
            styler.write(cut + ": .mode line or .once FILE shows them whole", as: .note, to: output)
            output.append(")\n")
        }
        output.endRow()
    }

    /// A statement that failed before its first row draws nothing, on a terminal too: an
    /// empty grid and `(0 rows)` above `error: interrupted` said the query found nothing.
    func finishAfterError() {
        let showsNothing = widths == nil && expanded == nil && spill == nil && window.isEmpty
        if !showsNothing { finish() }
    }

    /// Sizes the columns from the names and the window, draws the top of the grid, and
    /// writes the window's rows.
    private func startGrid() {
        var natural = columns.indices.map { index in
            lines.removeAll()
            let header = appendName(columns[index], column: index)
            return max(1, lines.width(of: header), spilledWidths.isEmpty ? 0 : spilledWidths[index])
        }
        var isNumeric = columns.map { _ in true }
        var widestValue = 0
        for row in window {
            widestValue = max(widestValue, measure(row, widths: &natural, isNumeric: &isNumeric))
        }
        for (index, width) in requestedWidths.enumerated() where width > 0 && index < natural.count {
            natural[index] = width
        }
        guard let widths = ColumnFitting.fit(natural, keeping: isNumeric, terminalWidth: terminalWidth) else {
            startExpanded(widestValue: widestValue)
            return
        }
        self.widths = widths
        rowStart = Array((style.vertical + " ").utf8)
        cellGap = Array((" " + style.vertical + " ").utf8)
        rowEnd = Array((" " + style.vertical + "\n").utf8)
        divider = style.rowDivider?.bytes(widths: widths) ?? []

        if let top = style.top { output.append(top.bytes(widths: widths)) }
        lines.removeAll()
        cellLines.removeAll(keepingCapacity: true)
        cellClasses.removeAll(keepingCapacity: true)
        for (index, name) in columns.enumerated() {
            cellLines.append(appendName(name, column: index))
            cellClasses.append(nil)
        }
        let headerLines = lines.lines
        lines.bytes.withUnsafeBufferPointer { writeLines(widths: widths, centered: true, bytes: $0, lineList: headerLines) }
        output.append(style.headerSeparator.bytes(widths: widths))

        let leadingRows = window
        window = []
        for row in leadingRows { writeBody(row) }
        spill?.forEach { writeSpilledRow($0) }
        spill = nil
    }

    // MARK: - Spilled rows
    // A row is spilled already cut into lines and measured, so that it is not cut again when
    // read back: for each cell, its storage class (one byte), its number of lines, and for
    // each line its width, its length (four bytes each, little endian) and its bytes.

    /// Measures a row after the window into ``spilledWidths`` and sets it aside. This runs
    /// for every row of a large result: the record is written straight into the spill, and
    /// the buffers are taken out of the object while it works, so that Swift checks no
    /// exclusive access per cell.
    private func spillRow<Row: ResultRow>(_ row: Row, into spill: RowSpill) {
        var lines = GridLines(countsCharacters: self.lines.countsCharacters)
        swap(&lines, &self.lines)
        var widths: [Int] = []
        swap(&widths, &spilledWidths)
        defer {
            swap(&lines, &self.lines)
            swap(&widths, &spilledWidths)
        }
        let nullValue = nullValue, wrapLimits = wrapLimits, wrapsAtWords = wrapsAtWords
        var multiLine = false
        spill.appendRecord { record in
            for index in 0..<row.columnCount {
                let kind = row.storageClass(at: index)
                let cell = kind == .null
                    ? nullValue.withUnsafeBufferPointer { Self.appendCell($0, kind: kind, wrapLimit: wrapLimits[index], atWords: wrapsAtWords, lines: &lines, to: &record) }
                    : row.withText(at: index) { Self.appendCell($0, kind: kind, wrapLimit: wrapLimits[index], atWords: wrapsAtWords, lines: &lines, to: &record) }
                widths[index] = max(widths[index], cell.width)
                if cell.lineCount > 1 { multiLine = true }
            }
        }
        if multiLine && style.rowDivider != nil { drawsDividers = true }
    }

    /// Appends one cell to a spilled record: its storage class, its number of lines, and for
    /// each line its width, its length and its bytes. Returns the widest line's width.
    @inline(__always)
    private static func appendCell(_ text: UnsafeBufferPointer<UInt8>, kind: StorageClass, wrapLimit: Int?, atWords: Bool,
                                   lines: inout GridLines, to record: inout RawByteBuffer) -> (width: Int, lineCount: Int) {
        record.append(code(of: kind))
        // Most cells are one line of printable ASCII within the wrap limit: the text is the
        // line and its length the width, so it needs no cutting into lines.
        if text.count <= wrapLimit ?? .max, isPrintableASCII(text) {
            record.appendLength(1)
            record.appendLength(text.count)
            record.appendLength(text.count)
            record.append(text)
            return (text.count, 1)
        }
        lines.removeAll()
        let cell = lines.appendWrapped(text, limit: wrapLimit, atWords: atWords)
        record.appendLength(cell.count)
        var width = 0
        for lineIndex in cell {
            let line = lines.lines[lineIndex]
            width = max(width, line.width)
            record.appendLength(line.width)
            record.appendLength(line.end - line.start)
            lines.withBytes(of: line) { record.append($0) }
        }
        return (width, cell.count)
    }

    @inline(__always)
    private static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// Writes a row read back from the spill.
    /// The lines are written from the record itself: each line is a range of it.
    private func writeSpilledRow(_ record: UnsafeBufferPointer<UInt8>) {
        if let widths, writeOneLineRecord(record, widths: widths) { return }
        var lineList: [GridLines.Line] = []
        swap(&lineList, &spilledLines)
        var cells: [Range<Int>] = []
        swap(&cells, &cellLines)
        var classes: [StorageClass?] = []
        swap(&classes, &cellClasses)
        lineList.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        classes.removeAll(keepingCapacity: true)
        var offset = 0
        var height = 1
        for _ in 0..<columns.count {
            classes.append(Self.storageClass(code: record[offset]))
            let lineCount = RowSpill.length(record, at: offset + 1)
            offset += 5
            let first = lineList.count
            for _ in 0..<lineCount {
                let width = RowSpill.length(record, at: offset)
                let length = RowSpill.length(record, at: offset + 4)
                lineList.append(GridLines.Line(start: offset + 8, end: offset + 8 + length, width: width))
                offset += 8 + length
            }
            cells.append(first..<lineList.count)
            height = max(height, lineCount)
        }
        swap(&cells, &cellLines)
        swap(&classes, &cellClasses)
        writeCurrentRow(height: height, bytes: record, lineList: lineList)
        swap(&lineList, &spilledLines)
    }

    /// Writes a spilled row whose cells are one line each (most rows) straight from its
    /// record, without gathering its lines first; false, writing nothing, for another row.
    private func writeOneLineRecord(_ record: UnsafeBufferPointer<UInt8>, widths: [Int]) -> Bool {
        var offset = 0
        for _ in 0..<columns.count {
            guard RowSpill.length(record, at: offset + 1) == 1 else { return false }
            offset += 13 + RowSpill.length(record, at: offset + 9)
        }
        let output = output, rightAligned = rightAligned
        if drawsDividers && rowsWritten > 0 { output.append(divider) }
        output.append(rowStart)
        offset = 0
        for column in 0..<columns.count {
            if column > 0 { output.append(cellGap) }
            let width = RowSpill.length(record, at: offset + 5)
            let length = RowSpill.length(record, at: offset + 9)
            writeLine(UnsafeBufferPointer(rebasing: record[offset + 13..<offset + 13 + length]), displayWidth: width,
                      width: widths[column], centered: false, rightAligned: column < rightAligned.count && rightAligned[column],
                      storageClass: Self.storageClass(code: record[offset]), to: output)
            offset += 13 + length
        }
        output.append(rowEnd)
        rowsWritten += 1
        output.endRow()
        return true
    }

    private static func code(of kind: StorageClass) -> UInt8 {
        switch kind {
        case .null: 0
        case .integer: 1
        case .real: 2
        case .text: 3
        case .blob: 4
        }
    }

    private static func storageClass(code: UInt8) -> StorageClass {
        switch code {
        case 1: .integer
        case 2: .real
        case 3: .text
        case 4: .blob
        default: .null
        }
    }

    /// Widens `widths` to the lines of a row's cells and returns the widest; clears
    /// `isNumeric` for a column holding text or a blob. A cell of several lines makes the
    /// grid separate its rows with rules.
    @discardableResult
    private func measure<Row: ResultRow>(_ row: Row, widths: inout [Int], isNumeric: inout [Bool]) -> Int {
        lines.removeAll()
        var widest = 0
        for index in widths.indices {
            let cell = appendCell(of: row, at: index)
            let width = lines.width(of: cell)
            widths[index] = max(widths[index], width)
            widest = max(widest, width)
            if cell.count > 1 && style.rowDivider != nil { drawsDividers = true }
            if ![.integer, .real, .null].contains(row.storageClass(at: index)) {
                isNumeric[index] = false
            }
        }
        return widest
    }

    /// The fallback when no grid fits: a line that says so, then one block per row.
    private func startExpanded(widestValue: Int) {
        guard let terminalWidth else { return }
        let records = ExpandedRecords(columns: columns, style: style, terminalWidth: terminalWidth,
                                      widestValue: widestValue, output: output, styler: styler)
        expanded = records
        styler.write(ExpandedRecords.note(terminalWidth: terminalWidth), as: .note, to: output)
        output.append("\n")
        let leadingRows = window
        window = []
        for row in leadingRows { writeBody(row) }
    }

    private func writeBody<Row: ResultRow>(_ row: Row) {
        if let expanded {
            rowsWritten += 1
            expanded.write(row, number: rowsWritten, nullValue: nullValue, lines: &lines)
            return
        }
        guard widths != nil else { return }
        lines.removeAll()
        cellLines.removeAll(keepingCapacity: true)
        cellClasses.removeAll(keepingCapacity: true)
        var height = 1
        for index in 0..<row.columnCount {
            let cell = appendCell(of: row, at: index)
            cellLines.append(cell)
            cellClasses.append(row.storageClass(at: index))
            height = max(height, cell.count)
        }
        writeCurrentRow(height: height)
    }

    /// Writes the row held in ``lines``, ``cellLines`` and ``cellClasses``, with a rule
    /// before it once rows span several lines.
    private func writeCurrentRow(height: Int) {
        let lineList = lines.lines
        lines.bytes.withUnsafeBufferPointer { bytes in
            writeCurrentRow(height: height, bytes: bytes, lineList: lineList)
        }
    }

    /// The same for lines that are ranges of `bytes`.
    private func writeCurrentRow(height: Int, bytes: UnsafeBufferPointer<UInt8>, lineList: [GridLines.Line]) {
        guard let widths else { return }
        if height > 1 && style.rowDivider != nil { drawsDividers = true }
        if drawsDividers && rowsWritten > 0 { output.append(divider) }
        writeLines(widths: widths, centered: false, bytes: bytes, lineList: lineList)
        rowsWritten += 1
        output.endRow()
    }

    private func appendCell<Row: ResultRow>(of row: Row, at index: Int) -> Range<Int> {
        let limit = wrapLimits[index], atWords = wrapsAtWords
        return row.storageClass(at: index) == .null
            ? nullValue.withUnsafeBufferPointer { lines.appendWrapped($0, limit: limit, atWords: atWords) }
            : row.withText(at: index) { lines.appendWrapped($0, limit: limit, atWords: atWords) }
    }

    /// A column name's lines, cut as sqlite3 cuts them outside a terminal.
    private func appendName(_ name: String, column: Int) -> Range<Int> {
        if let header = lines.appendTabbedName(name, limit: wrapLimits[column], atWords: wrapsAtWords) { return header }
        let header = lines.append(GridLines.headerText(name))
        guard let limit = wrapLimits[column] else { return header }
        if wrapsAtWords {
            lines.cutAtWords(from: header.lowerBound, limit: limit)
        } else {
            lines.cut(from: header.lowerBound, limit: limit)
        }
        return header
    }

    /// Writes the lines in ``cellLines`` side by side, as many output lines as the tallest cell.
    /// It runs for every row: what it reads is copied to locals first (one retain each), so
    /// that Swift neither retains nor checks exclusive access per cell.
    private func writeLines(widths: [Int], centered: Bool, bytes: UnsafeBufferPointer<UInt8>, lineList: [GridLines.Line]) {
        let cellLines = cellLines, cellClasses = cellClasses, output = output, rightAligned = rightAligned
        let rowStart = rowStart, cellGap = cellGap, rowEnd = rowEnd
        let height = cellLines.reduce(1) { max($0, $1.count) }
        for lineIndex in 0..<height {
            output.append(rowStart)
            for column in cellLines.indices {
                let cell = cellLines[column]
                if column > 0 { output.append(cellGap) }
                if lineIndex < cell.count {
                    let line = lineList[cell.lowerBound + lineIndex]
                    writeLine(UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), displayWidth: line.width,
                              width: widths[column], centered: centered,
                              rightAligned: !centered && column < rightAligned.count && rightAligned[column],
                              storageClass: cellClasses[column], to: output)
                } else {
                    output.append(UInt8(ascii: " "), count: widths[column])
                }
            }
            output.append(rowEnd)
        }
    }

    /// Writes one line padded to `width`, or cut to `width - 1` columns and `…` (a number is
    /// written whole, wider than its column). A NULL is styled, its padding is not.
    @inline(__always)
    private func writeLine(_ bytes: UnsafeBufferPointer<UInt8>, displayWidth: Int, width: Int, centered: Bool, rightAligned: Bool,
                           storageClass: StorageClass?, to output: OutputBuffer) {
        let isNull = storageClass == .null
        let isNumber = storageClass == .integer || storageClass == .real
        if displayWidth <= width || isNumber {
            let padding = max(0, width - displayWidth)
            let left = centered ? padding / 2 : rightAligned ? padding : 0
            output.append(UInt8(ascii: " "), count: left)
            if isNull { styler.open(.null, in: output) }
            output.append(bytes)
            if isNull { styler.close(.null, in: output) }
            output.append(UInt8(ascii: " "), count: padding - left)
            return
        }
        cutValues += 1
        var used = 0
        var end = 0
        while end < bytes.count {
            let (scalarWidth, length) = UTF8Scalar.width(bytes, at: end)
            if used + scalarWidth > width - 1 { break }
            used += scalarWidth
            end += length
        }
        if isNull { styler.open(.null, in: output) }
        output.append(UnsafeBufferPointer(rebasing: bytes[..<end]))
        output.append(Self.ellipsis)
        if isNull { styler.close(.null, in: output) }
        output.append(UInt8(ascii: " "), count: width - 1 - used)
    }

    private static let ellipsis = Array("…".utf8)
}
