/// Draws a result as a chart in the terminal, for `.chart` and for live panes.
///
/// - Two or more columns: a horizontal bar per row. The last column is the value; the
///   others, joined by spaces, the label. Bars are drawn in eighths of a character;
///   negative values draw to the left of an axis.
/// - One column: a sparkline of the values in order, then their minimum, maximum and count.
///
///     Rock   ████████████████████████████▏ 1297
///     Latin  ████████████▌ 579
///     Metal  ████████▏ 374
///
/// Streaming with bounded memory like every renderer: at most `maximumBars` bars are kept
/// (the rest are counted), and a sparkline keeps one mean per character of width.
public final class ChartRenderer: ResultRenderer {
    private let output: OutputBuffer
    private let width: Int
    private let maximumBars: Int
    private let nullValue: String
    private let showHeaders: Bool
    private let styler: CellStyler
    private var columns: [String] = []
    private var bars: [ChartBar] = []
    private var hiddenBars = 0
    private var sampler: SparklineSampler
    private var skippedValues = 0

    /// Labels wider than this share of the width are shortened with `…`.
    private static let labelShare = 0.4
    private static let partialBlocks: [String] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// - Parameters:
    ///   - context: the output, settings and terminal width (80 columns when unknown).
    ///   - maximumBars: bars drawn at most; a pane passes its height.
    public init(_ context: RenderContext, maximumBars: Int = 100) {
        output = context.output
        width = max(20, context.terminalWidth ?? 80)
        self.maximumBars = max(1, maximumBars)
        nullValue = context.settings.nullValue
        showHeaders = context.settings.showHeaders
        styler = CellStyler(context)
        sampler = SparklineSampler(capacity: width)
    }

    /// The column names are made safe as the labels and values are (`?` for a control
    /// character): the header line is appended unfiltered, and a name comes from the file.
    public func begin(columns: [String]) {
        self.columns = columns.map { $0.replacingControlCharacters() }
    }

    public func write<Row: ResultRow>(row: Row) {
        let valueIndex = row.columnCount - 1
        guard valueIndex >= 0 else { return }
        if row.columnCount == 1 {
            if let number = ChartBar.number(in: row, at: 0) { sampler.add(number) } else { skippedValues += 1 }
            return
        }
        guard bars.count < maximumBars else {
            hiddenBars += 1
            return
        }
        let label = (0..<valueIndex).map { text(of: row, at: $0) }.joined(separator: " ")
        bars.append(ChartBar(label: label, value: ChartBar.number(in: row, at: valueIndex),
                             valueText: text(of: row, at: valueIndex)))
    }

    public func finish() {
        if columns.count == 1 {
            finishSparkline()
        } else {
            finishBars()
        }
    }

    private func finishBars() {
        guard !bars.isEmpty else { return }
        let labelHeader = columns.dropLast().joined(separator: " ")
        let widestLabel = (bars.map { DisplayWidth.of($0.label) } + (showHeaders ? [DisplayWidth.of(labelHeader)] : [])).max() ?? 0
        let labelWidth = min(widestLabel, Int(clamping: Double(width) * Self.labelShare, to: 0...width))
        let valueWidth = bars.map { DisplayWidth.of($0.valueText) }.max() ?? 0
        let scale = ChartScale(values: bars.compactMap(\.value), columns: max(1, width - labelWidth - valueWidth - 2))
        if showHeaders, let valueName = columns.last {
            let labelName = pad(labelHeader, to: labelWidth)
            line(styler.styled(labelName, as: .header) + " " + String(repeating: " ", count: scale.negativeColumns)
                 + styler.styled(valueName, as: .header))
        }
        for bar in bars {
            let (left, right) = scale.bar(for: bar.value)
            let negative = String(repeating: " ", count: scale.negativeColumns - left)
                + styler.styled(String(repeating: "█", count: left), as: .chart)
            let positive = styler.styled(blocks(eighths: right), as: .chart)
            let value = styler.styled(bar.valueText, as: bar.value == nil ? .null : .number)
            line(pad(bar.label, to: labelWidth) + " " + negative + positive + " " + value)
        }
        if hiddenBars > 0 {
            line(styler.styled("… \(hiddenBars) more row\(hiddenBars == 1 ? "" : "s") not drawn", as: .note))
        }
    }

    private func finishSparkline() {
        if showHeaders, let name = columns.first {
            line(styler.styled(name, as: .header))
        }
        if sampler.count > 0 {
            var means = sampler.means
            while means.count > width {
                means = stride(from: 0, to: means.count, by: 2).map { index in
                    // Halves first: the sum of two values near 1.8e308 is infinite.
                    index + 1 < means.count ? means[index] / 2 + means[index + 1] / 2 : means[index]
                }
            }
            line(styler.styled(Sparkline.render(means), as: .chart))
            var summary = "min \(ChartBar.format(sampler.minimum))  max \(ChartBar.format(sampler.maximum))"
            if let last = sampler.last { summary += "  last \(ChartBar.format(last))" }
            summary += "  (\(sampler.count) value\(sampler.count == 1 ? "" : "s")"
            summary += skippedValues > 0 ? ", \(skippedValues) not numeric)" : ")"
            line(styler.styled(summary, as: .note))
        } else if skippedValues > 0 {
            line(styler.styled("no numeric values to draw (\(skippedValues) not numeric)", as: .note))
        }
    }

    /// A bar of `eighths` eighths of a character: full blocks, then one partial block.
    private func blocks(eighths: Int) -> String {
        String(repeating: "█", count: eighths / 8) + Self.partialBlocks[eighths % 8]
    }

    private func text<Row: ResultRow>(of row: Row, at index: Int) -> String {
        guard row.storageClass(at: index) != .null else { return nullValue }
        return row.withText(at: index) { String(decoding: TextValue.untilNUL($0), as: UTF8.self) }
            .replacingControlCharacters()
    }

    private func pad(_ text: String, to columns: Int) -> String {
        let shortened = DisplayWidth.truncate(text, to: columns)
        return shortened + String(repeating: " ", count: max(0, columns - DisplayWidth.of(shortened)))
    }

    private func line(_ text: String) {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        // Colours are ours; the labels and values in the line are already made visible.
        output.appendUnfiltered(text + "\n")
        output.endRow()
    }
}
