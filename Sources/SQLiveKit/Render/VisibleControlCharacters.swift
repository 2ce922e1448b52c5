/// Control characters made visible, for text bound for a terminal: a value, a table name or
/// an error message from an untrusted database could otherwise move the cursor, clear the
/// screen, set the window title or answer back through the terminal.
///
/// C0 controls become caret notation (`ESC` → `^[`, `\r` → `^M`), DEL `^?`, and the C1
/// controls U+0080–U+009F (which some terminals obey as ESC sequences) `<U+009B>`. So do
/// the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
/// `<U+202E>`: a terminal that lays out bidirectional text reverses, after one, the rest
/// of the line (the next cells of a grid, the rest of an error message), so a value could
/// show as another ("Trojan Source"). So do the invisible right-to-left and left-to-right
/// marks (U+200F, U+200E, U+061C): a right-to-left mark before `1|2` makes such a terminal
/// show `2|1`, two cells swapped, with nothing to see. A byte 0x80–0x9F that is no part of
/// a valid UTF-8 sequence is shown `<0x9B>`: a terminal that reads 8-bit input (not UTF-8:
/// `LANG=C`, a Latin-1 xterm, the Linux console outside UTF-8 mode) takes 0x9B alone for
/// CSI. Newline and tab stay: they only move to the next line or column. Files and pipes
/// get the bytes as they are, as from sqlite3.
///
///     VisibleControlCharacters.of("\u{1B}]0;pwned\u{07}")   // "^[]0;pwned^G"
enum VisibleControlCharacters {
    /// True when `bytes` hold something to make visible.
    static func occur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if length(at: index, in: bytes) != nil { return true }
            index += step(at: index, in: bytes)
        }
        return false
    }

    /// The length in bytes of the character at `index` when it is one to make visible (1 for
    /// a C0 control, DEL or a stray byte 0x80–0x9F, 2 for a C1 control or U+061C, 3 for a
    /// bidirectional control or mark), else nil. `index` is where a character starts: a
    /// caller moves on by ``step(at:in:)``, so the continuation bytes of a valid sequence
    /// are never taken for stray ones.
    @inline(__always)
    static func length(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let byte = bytes[index]
        if byte < 0x80 { return isControl(byte) ? 1 : nil }
        let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
        guard let scalar else { return (0x80...0x9F).contains(byte) ? 1 : nil }
        return (0x80...0x9F).contains(scalar.value) || isBidirectionalControl(scalar) ? length : nil
    }

    /// How far the character at `index` reaches: a valid UTF-8 sequence whole, else one byte.
    @inline(__always)
    static func step(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes[index] < 0x80 ? 1 : UTF8Scalar.decode(bytes, at: index).length
    }

    /// True for the bidirectional controls and marks, shown visibly too: the embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the invisible marks
    /// (U+200E, U+200F, U+061C).
    static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
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
                if byte < 0x80 {
                    replacement = [UInt8(ascii: "^"), byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40]
                } else if length == 1 {
                    replacement = Array("<0x\(String(byte, radix: 16, uppercase: true))>".utf8)
                } else {
                    let scalar = UTF8Scalar.decode(bytes, at: index).scalar?.value ?? 0xFFFD
                    let digits = String(scalar, radix: 16, uppercase: true)
                    replacement = Array("<U+\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)>".utf8)
                }
                flushRun()
                replacement.withUnsafeBufferPointer(write)
                index += length
                runStart = index
            } else {
                index += step(at: index, in: bytes)
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
