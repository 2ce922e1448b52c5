#if canImport(Glibc)
import Glibc
#endif

/// Input bytes that are not UTF-8, kept through a `String`.
///
/// sqlite3 passes a script's bytes on as they are: `.print` followed by a lone byte 0xA2
/// writes that byte. Swift strings hold only valid Unicode, so each byte of an invalid
/// sequence becomes a scalar of its own in a private-use block (U+10FF00 + the byte), and
/// commands that write their arguments back (``PrintCommand``) turn it into the byte again.
/// Anything else that meets such a scalar sees a character no real text contains.
///
///     RawBytes.text(from: [0x61, 0xA2])       // "a\u{10FFA2}"
///     RawBytes.bytes(of: "a\u{10FFA2}")       // [0x61, 0xA2]
public enum RawBytes {
    static let base: UInt32 = 0x10FF00

    /// The bytes as text: valid UTF-8 as it is, each other byte as its private scalar.
    public static func text(from bytes: UnsafeBufferPointer<UInt8>) -> String {
        // ASCII, most lines of most scripts, goes through Swift's fast decoding: the generic
        // `String(validating:)` cost a thousand instructions on a line of 60 bytes.
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
            if let scalar {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(bytes[index])) ?? "\u{FFFD}")
                index += 1
            }
        }
        return String(scalars)
    }

    /// True when no byte has its high bit set, read eight bytes at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        var index = 0
        while index + 8 <= bytes.count {
            if base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The text's UTF-8, with each private scalar made its byte again.
    public static func bytes(of text: String) -> [UInt8] {
        // Separators and null values are most often plain ASCII: their UTF-8 is the answer
        // (a renderer is made for every statement and every pane block).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value >= base && scalar.value <= base + 0xFF {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// True when the text holds a byte kept by ``text(from:)``; cheap for text without any
    /// (the private scalars' UTF-8 starts with 0xF4, which little real text holds).
    public static func contains(in text: String) -> Bool {
        // memchr over the contiguous UTF-8: this runs for every statement of a script, and a
        // generic search over the UTF-8 view cost more than a thousand instructions each.
        var text = text
        guard text.withUTF8({ bytes in bytes.baseAddress.map { memchr($0, 0xF4, bytes.count) != nil } ?? false }) else { return false }
        return text.unicodeScalars.contains { $0.value >= base && $0.value <= base + 0xFF }
    }

    /// The text with each kept byte as U+FFFD, as a String decoding those bytes has it:
    /// for what cannot take bytes that are not UTF-8 (GRDB's statements, the DSL).
    public static func validText(_ text: String) -> String {
        guard contains(in: text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar.value >= base && scalar.value <= base + 0xFF ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
