/// Control characters made visible, for text bound for a terminal: a value, a table name or
/// an error message from an untrusted database could otherwise move the cursor, clear the
/// screen, set the window title or answer back through the terminal.
///
/// C0 controls become caret notation (`ESC` → `^[`, `\r` → `^M`), DEL `^?`, and the C1
/// controls U+0080–U+009F (which some terminals obey as ESC sequences) `<U+009B>`. So do
/// the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
/// `<U+202E>`: a terminal that lays out bidirectional text reverses, after one, the rest
/// of the line (the next cells of a grid, the rest of an error message), so a value could
/// show as another ("Trojan Source"). Newline and tab stay: they only move to the next
/// line or column. Files and pipes get the bytes as they are, as from sqlite3.
///
///     VisibleControlCharacters.of("\u{1B}]0;pwned\u{07}")   // "^[]0;pwned^G"
enum VisibleControlCharacters {
    /// True when `bytes` hold something to make visible.
    static func occur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if length(at: index, in: bytes) != nil { return true }
            index += 1
        }
        return false
    }

    /// The length in bytes of the character at `index` when it is one to make visible (1 for
    /// a C0 control or DEL, 2 for a C1 control, 3 for a bidirectional control), else nil.
    @inline(__always)
    static func length(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let byte = bytes[index]
        if isControl(byte) { return 1 }
        if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return 2 }
        if byte == 0xE2, index + 2 < bytes.count {
            // U+202A–U+202E are E2 80 AA–AE; U+2066–U+2069 are E2 81 A6–A9.
            let second = bytes[index + 1], third = bytes[index + 2]
            if (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
                return 3
            }
        }
        return nil
    }

    /// True for the bidirectional embeddings, overrides and isolates, shown visibly too.
    static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Calls `write` with the visible form of `bytes`, in runs.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        var index = 0
        func flushRun() {
            if index > runStart { write(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let length = length(at: index, in: bytes) {
                let replacement: [UInt8]
                switch length {
                case 1:
                    replacement = [UInt8(ascii: "^"), byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40]
                case 2:
                    replacement = Array("<U+00\(String(bytes[index + 1], radix: 16, uppercase: true))>".utf8)
                default:
                    let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                    replacement = Array("<U+\(String(scalar, radix: 16, uppercase: true))>".utf8)
                }
                flushRun()
                replacement.withUnsafeBufferPointer(write)
                index += length
                runStart = index
            } else {
                index += 1
            }
        }
        flushRun()
    }

    /// The visible form of a string.
    static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard occur(in: bytes) else { return String(decoding: bytes, as: UTF8.self) }
            var result: [UInt8] = []
            write(bytes) { result.append(contentsOf: $0) }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// C0 controls but newline and tab, and DEL.
    @inline(__always)
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
    }
}
