/// What the input splitter needs to know of a line of DSL: how many brackets it leaves open.
/// Brackets inside strings, backquoted names and `//` comments don't count.
///
///     DSLLineScanner.bracketBalance("player.filter(")       // 1
///     DSLLineScanner.bracketBalance(#"  name == ")(" )"#)   // -1
enum DSLLineScanner {
    /// Opened minus closed `(` and `[` brackets.
    static func bracketBalance(_ line: String) -> Int {
        var balance = 0
        scan(line) { byte in
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): balance += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): balance -= 1
            default: break
            }
        }
        return balance
    }

    /// True when a line that starts with no SQL keyword may start a DSL query: its first name
    /// is followed by `.`, `(`, `;`, a `//` comment or nothing, or is a word a Swift
    /// statement puts before its expression (`try`, `let`, `var`, `return`). Other lines
    /// are SQL, as sqlite3 reads them: `selec '(';` is a misspelt statement (taken for a
    /// query, its `(` kept the next lines waiting for a `)`).
    static func mayStartQuery(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        var index = 0
        func skipBlanks() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        skipBlanks()
        guard index < bytes.count else { return true }
        let start = index
        if bytes[index] == UInt8(ascii: "`") {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "`") { index += 1 }
            index += 1
        } else {
            while index < bytes.count, DSLNameBytes.continues(bytes[index]) { index += 1 }
            guard index > start else { return true }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if ["try", "let", "var", "return"].contains(word) { return true }
        }
        skipBlanks()
        guard index < bytes.count else { return true }
        return [UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ";"), UInt8(ascii: "/"), UInt8(ascii: "\r")].contains(bytes[index])
    }


    /// True when the text holds nothing but spaces and `//` comments.
    static func isBlank(_ text: String) -> Bool {
        var isBlank = true
        scan(text) { byte in
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "\n") {
                isBlank = false
            }
        }
        return isBlank
    }

    /// Calls `body` with each byte outside strings, backquoted names and comments, and with
    /// the opening quote of each string and name.
    private static func scan(_ text: String, _ body: (UInt8) -> Void) {
        let bytes = Array(text.utf8)
        var index = 0
        func skip(until end: UInt8, escapes: Bool) {
            while index < bytes.count, bytes[index] != end, bytes[index] != UInt8(ascii: "\n") {
                index += escapes && bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                body(byte)
                skip(until: byte, escapes: true)
            case UInt8(ascii: "`"):
                body(byte)
                skip(until: byte, escapes: false)
            case UInt8(ascii: "/") where index < bytes.count && bytes[index] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                body(byte)
            }
        }
    }
}
