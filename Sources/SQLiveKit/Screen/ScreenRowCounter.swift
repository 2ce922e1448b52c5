/// Counts the terminal rows that output takes, fed a chunk at a time: lines longer than the
/// width wrap, wide characters take two columns, colour escape sequences take none.
///
/// This is how the pager decides whether a result fits the screen without holding more
/// than a screenful of it.
///
///     var counter = ScreenRowCounter(columns: 10)
///     counter.feed(Array("hello\n0123456789abc\n".utf8))
///     counter.rowsUsed   // 3: "hello", then a line that wraps once
struct ScreenRowCounter {
    let columns: Int
    /// Rows completed by a newline or by wrapping.
    private(set) var completedRows = 0
    private var column = 0
    private var state = State.text
    /// The scalar being decoded and how many continuation bytes it still needs.
    private var scalarValue: UInt32 = 0
    private var pendingContinuations = 0

    private enum State {
        case text
        /// After ESC: one more byte, or `[` for a control sequence.
        case escape
        /// Inside `ESC [ … final`: parameters until a byte in 0x40…0x7E.
        case controlSequence
    }

    init(columns: Int) {
        self.columns = max(1, columns)
    }

    /// The rows used so far, counting a last line without its newline.
    var rowsUsed: Int { completedRows + (column > 0 ? 1 : 0) }

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        switch state {
        case .escape:
            state = byte == UInt8(ascii: "[") ? .controlSequence : .text
            return
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { state = .text }
            return
        case .text:
            break
        }
        if pendingContinuations > 0 && byte & 0xC0 == 0x80 {
            scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
            pendingContinuations -= 1
            if pendingContinuations == 0 {
                advance(by: Unicode.Scalar(scalarValue).map(DisplayWidth.of) ?? 1)
            }
            return
        }
        pendingContinuations = 0
        switch byte {
        case 0x0A:
            completedRows += 1
            column = 0
        case 0x0D:
            column = 0
        case 0x09:
            advance(by: 8 - column % 8)
        case 0x1B:
            state = .escape
        case 0x00..<0x20, 0x7F, 0x80..<0xC0:
            break
        case 0xC0..<0xE0:
            startScalar(UInt32(byte & 0x1F), continuations: 1)
        case 0xE0..<0xF0:
            startScalar(UInt32(byte & 0x0F), continuations: 2)
        case 0xF0...0xFF:
            startScalar(UInt32(byte & 0x07), continuations: 3)
        default:
            advance(by: 1)
        }
    }

    private mutating func startScalar(_ bits: UInt32, continuations: Int) {
        scalarValue = bits
        pendingContinuations = continuations
    }

    /// Moves right by a character's width, wrapping first when it would not fit.
    private mutating func advance(by width: Int) {
        guard width > 0 else { return }
        if column + width > columns {
            completedRows += 1
            column = 0
        }
        column += width
    }
}
