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
