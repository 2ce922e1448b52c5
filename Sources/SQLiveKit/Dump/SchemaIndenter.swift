/// `.schema --indent`: a CREATE statement laid out as sqlite3 3.40 lays it out, byte for
/// byte, so that scripts comparing the output see the same text.
///
/// Runs of white space become one space and spaces next to parentheses go (inside strings
/// too, as in sqlite3). A statement of 79 characters or more then puts each top-level
/// definition on a line of its own, indented by two spaces, and the closing parenthesis on
/// the last line. Views and triggers are left as they are.
///
///     SchemaIndenter.indented("CREATE TABLE t(a  int, b text)")   // "CREATE TABLE t(a int, b text)"
///
/// sqlite3 tracks quotes, brackets and `--` comments with one "closing character" that any
/// later quote or `[` replaces, even inside a string; the layout follows the same rule, so
/// `DEFAULT('[]')` leaves the rest of the statement on one line there as here.
enum SchemaIndenter {
    /// Statements shorter than this stay on one line.
    static let splitLength = 79

    /// The statement laid out; as it is when the layout would change what SQLite reads.
    static func indented(_ sql: String) -> String {
        let upper = sql.uppercased()
        if upper.hasPrefix("CREATE VIEW") || upper.hasPrefix("CREATE TRIG") { return sql }
        let original = Array(sql.utf8)
        let squeezed = squeezedSpaces(original)
        let laidOut = squeezed.count >= splitLength ? split(squeezed) : squeezed
        // sqlite3's rules know nothing of comments: a line break added inside a `--` comment
        // (after a comma that follows a quote there), or a carriage return made one, ended it,
        // and reading the output back ran what the comment held; a line break squeezed away
        // let a comment take the rest. Statements read alike keep sqlite3's bytes.
        guard codeSignature(laidOut) == codeSignature(original) else { return sql }
        return String(decoding: laidOut, as: UTF8.self)
    }

    /// What SQLite reads of a statement, as far as a layout may change it: its bytes outside
    /// comments, string literals and quoted names included, with every white space byte left
    /// out (the layout changes white space only, even inside literals, as sqlite3's does).
    static func codeSignature(_ text: [UInt8]) -> [UInt8] {
        var signature: [UInt8] = []
        signature.reserveCapacity(text.count)
        var index = 0
        func isAt(_ pair: String) -> Bool {
            let bytes = Array(pair.utf8)
            return index + 1 < text.count && text[index] == bytes[0] && text[index + 1] == bytes[1]
        }
        while index < text.count {
            let byte = text[index]
            if isAt("--") {
                while index < text.count && text[index] != UInt8(ascii: "\n") { index += 1 }
            } else if isAt("/*") {
                index += 2
                while index < text.count && !isAt("*/") { index += 1 }
                index += 2
            } else if let closing = closingQuote(of: byte) {
                // A quoted literal or name, to its closing quote (doubled: part of it).
                signature.append(byte)
                index += 1
                while index < text.count {
                    let inside = text[index]
                    index += 1
                    if !isSpace(inside) { signature.append(inside) }
                    if inside == closing {
                        guard index < text.count, text[index] == closing, closing != UInt8(ascii: "]") else { break }
                        signature.append(inside)
                        index += 1
                    }
                }
            } else {
                if !isSpace(byte) { signature.append(byte) }
                index += 1
            }
        }
        return signature
    }

    private static func closingQuote(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): byte
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: nil
        }
    }

    /// One space for each run of white space, none after `(` or before `(` and `)`, none at
    /// either end; a carriage return followed by space becomes a newline.
    private static func squeezedSpaces(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        for byte in text.drop(while: isSpace) {
            if isSpace(byte), let last = result.last {
                if last == UInt8(ascii: "\r") { result[result.count - 1] = UInt8(ascii: "\n") }
                if isSpace(result[result.count - 1]) || last == UInt8(ascii: "(") { continue }
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")"), let last = result.last, isSpace(last) {
                result.removeLast()
            }
            result.append(byte)
        }
        while let last = result.last, isSpace(last) { result.removeLast() }
        return result
    }

    /// Breaks the line after the opening parenthesis and after each top-level comma (or
    /// newline), and before the closing parenthesis once a line was broken.
    private static func split(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var line: [UInt8] = []
        var closing: UInt8 = 0
        var depth = 0
        var breaks = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case closing: closing = 0
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"): closing = byte
            case UInt8(ascii: "["): closing = UInt8(ascii: "]")
            case UInt8(ascii: "-") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "-"):
                closing = UInt8(ascii: "\n")
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if breaks > 0 && depth == 0 && !line.isEmpty {
                    result += line + Array("\n".utf8)
                    line = []
                }
            default: break
            }
            line.append(byte)
            let endsDefinition = byte == UInt8(ascii: "(") || byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: ",") && !onlySpacesToEndOfLine(text, from: index + 1))
            if depth == 1 && closing == 0 && endsDefinition {
                if byte == UInt8(ascii: "\n") { line.removeLast() }
                result += line + Array("\n  ".utf8)
                line = []
                breaks += 1
                while index + 1 < text.count && isSpace(text[index + 1]) { index += 1 }
            }
            index += 1
        }
        return result + line
    }

    /// Nothing but spaces, or a `--` comment, before the end of the line.
    private static func onlySpacesToEndOfLine(_ text: [UInt8], from start: Int) -> Bool {
        for index in start..<text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") { return true }
            if isSpace(byte) { continue }
            return byte == UInt8(ascii: "-") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "-")
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
