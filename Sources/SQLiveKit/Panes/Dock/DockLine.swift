/// One line of the dock being built: text in styled runs, cut to the dock's width.
///
///     var line = DockLine(width: 10)
///     line.append("Arthur", style: .added)
///     line.append("  1234567890")
///     line.render(usesColor: false)   // "Arthur  1…"
struct DockLine {
    /// How a run of text is drawn on a colour terminal.
    enum Style {
        case plain, title, header, added, changedRow, changedCell, error, rule, dim

        var sgr: String {
            switch self {
            case .plain: ""
            case .title: "\u{1B}[1;7m"
            case .header, .rule, .dim: "\u{1B}[2m"
            case .added: "\u{1B}[32m"
            case .changedRow: "\u{1B}[33m"
            case .changedCell: "\u{1B}[1;33m"
            case .error: "\u{1B}[31m"
            }
        }
    }

    let width: Int
    private var runs: [(text: String, style: Style)] = []
    private(set) var count = 0
    private var isCut = false

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Adds text, turning control characters into visible ones so a value can't move the
    /// cursor, and stops at the width (the last column then shows `…`). Counted in terminal
    /// cells: a CJK character or an emoji takes two.
    mutating func append(_ text: String, style: Style = .plain) {
        guard !isCut else { return }
        var kept = ""
        for character in text {
            let shown = Self.visible(character)
            let cells = DisplayWidth.of(String(shown))
            if count + cells > width {
                isCut = true
                break
            }
            kept.append(shown)
            count += cells
        }
        if isCut, !kept.isEmpty {
            kept.removeLast()
            kept.append("…")
        } else if isCut, var last = runs.popLast() {
            last.text = String(last.text.dropLast()) + "…"
            runs.append(last)
        }
        if !kept.isEmpty { runs.append((kept, style)) }
    }

    /// Pads with spaces to the full width (title bars run across the screen).
    mutating func pad(style: Style = .plain) {
        if count < width { append(String(repeating: " ", count: width - count), style: style) }
    }

    func render(usesColor: Bool) -> String {
        runs.map { run in
            usesColor && run.style != .plain ? run.style.sgr + run.text + "\u{1B}[0m" : run.text
        }.joined()
    }

    private static func visible(_ character: Character) -> Character {
        switch character {
        case "\n", "\r\n", "\r": "↵"
        case "\t": " "
        default:
            character.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || VisibleControlCharacters.isBidirectionalControl($0)
            } ? "?" : character
        }
    }
}
