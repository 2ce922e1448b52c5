/// Control characters made visible, for text bound for a terminal: a value, a table name or
/// an error message from an untrusted database could otherwise move the cursor, clear the
/// screen, set the window title or answer back through the terminal.
///
/// C0 controls become caret notation (`ESC` → `^[`, `\r` → `^M`), DEL `^?`, and the C1
/// controls U+0080–U+009F (which some terminals obey as ESC sequences) `<U+009B>`. Newline
/// and tab stay: they only move to the next line or column. Files and pipes get the bytes
/// as they are, as from sqlite3.
///
///     VisibleControlCharacters.of("\u{1B}]0;pwned\u{07}")   // "^[]0;pwned^G"
enum VisibleControlCharacters {
    /// True when `bytes` hold something to make visible.
    static func occur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if isControl(byte) || (byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])) {
                return true
            }
            index += 1
        }
        return false
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
            var replacement: [UInt8]?
            var length = 1
            if isControl(byte) {
                replacement = [UInt8(ascii: "^"), byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40]
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                let hex = String(bytes[index + 1], radix: 16, uppercase: true)
                replacement = Array("<U+00\(hex)>".utf8)
                length = 2
            }
            if let replacement {
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
