/// The grid's fallback on a terminal too narrow for its columns, after psql's `\x auto`:
/// one block per row, a `column │ value` line per column, so no number is cut.
///
///     (expanded to fit 40 columns)
///     ─[ row 1 ]─────────────────────────────
///     id          │ 12345678901234567890
///     description │ a long text that folds
///                 │ onto a second line
///
/// A value wider than the space beside the names folds onto more lines, after a space
/// where it can; a name wider than a third of the terminal is cut with `…`. Rows stream: a
/// block is written as soon as its row arrives.
struct ExpandedRecords {
    private let output: OutputBuffer
    private let styler: CellStyler
    private let labels: [String]
    private let labelWidth: Int
    private let valueWidth: Int
    private let ruleFill: String
    private let separator: [UInt8]
    private let ruleWidth: Int

    /// - Parameters:
    ///   - columns: the column names.
    ///   - widestValue: the widest value seen so far, to size the rule above each block.
    init(columns: [String], style: GridStyle, terminalWidth: Int, widestValue: Int,
         output: OutputBuffer, styler: CellStyler) {
        self.output = output
        self.styler = styler
        let labelCap = max(8, terminalWidth / 3)
        let natural = columns.map { DisplayWidth.of($0) }.max() ?? 0
        labelWidth = min(natural, labelCap)
        labels = columns.map { name in
            let cut = DisplayWidth.truncate(name, to: labelCap)
            return cut + String(repeating: " ", count: max(0, min(natural, labelCap) - DisplayWidth.of(cut)))
        }
        valueWidth = max(1, terminalWidth - labelWidth - 3)
        ruleFill = style.headerSeparator.fill
        separator = Array(" \(style.vertical) ".utf8)
        ruleWidth = labelWidth + 3 + min(widestValue, valueWidth)
    }

    /// The line that says why the grid is not drawn.
    static func note(terminalWidth: Int) -> String {
        DisplayWidth.truncate("(expanded to fit \(terminalWidth) columns)", to: terminalWidth)
    }

    /// Writes one row's block; `number` counts from 1.
    func write<Row: ResultRow>(_ row: Row, number: Int, nullValue: [UInt8], lines: inout GridLines) {
        let title = "\(ruleFill)[ row \(number) ]"
        output.append(title + String(repeating: ruleFill, count: max(0, ruleWidth - DisplayWidth.of(title))) + "\n")
        for index in 0..<row.columnCount {
            lines.removeAll()
            let isNull = row.storageClass(at: index) == .null
            let cell = isNull
                ? nullValue.withUnsafeBufferPointer { lines.append($0) }
                : row.withText(at: index) { lines.append($0) }
            var isFirst = true
            for line in lines.lines[cell] {
                lines.withBytes(of: line) { bytes in
                    for chunk in folded(bytes) {
                        output.append(isFirst ? labels[index] : String(repeating: " ", count: labelWidth))
                        isFirst = false
                        output.append(separator)
                        if isNull { styler.open(.null, in: output) }
                        output.append(UnsafeBufferPointer(rebasing: bytes[chunk]))
                        if isNull { styler.close(.null, in: output) }
                        output.append(UInt8(ascii: "\n"))
                    }
                }
            }
        }
        output.endRow()
    }

    /// The byte ranges of `bytes` that each fit in ``valueWidth`` columns, broken after a
    /// space when the chunk has one, else between characters (one empty range for an empty
    /// line).
    private func folded(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = 0
        var afterSpace: Int?
        var used = 0
        var index = 0
        while index < bytes.count {
            let (width, length) = UTF8Scalar.width(bytes, at: index)
            if used + width > valueWidth && index > start {
                let end = afterSpace ?? index
                // The space a line breaks at is not written: it would trail the line.
                chunks.append(start..<(afterSpace.map { $0 - 1 } ?? end))
                start = end
                index = end
                afterSpace = nil
                used = 0
                continue
            }
            used += width
            index += length
            if bytes[index - length] == UInt8(ascii: " ") { afterSpace = index }
        }
        chunks.append(start..<bytes.count)
        return chunks
    }
}
