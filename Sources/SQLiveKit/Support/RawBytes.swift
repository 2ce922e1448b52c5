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

    /// The text's UTF-8, with each private scalar made its byte again.
    public static func bytes(of text: String) -> [UInt8] {
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
        guard text.utf8.contains(0xF4) else { return false }
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
