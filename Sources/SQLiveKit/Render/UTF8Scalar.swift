/// Reads Unicode scalars out of raw UTF-8 bytes without making strings: SQLite hands the grid
/// raw bytes, which may be invalid UTF-8 (a blob shown as text).
///
///     let bytes: [UInt8] = [0x61, 0xC3, 0xA9, 0xFF]
///     bytes.withUnsafeBufferPointer { UTF8Scalar.decode($0, at: 1) }   // ("é", 2)
///     bytes.withUnsafeBufferPointer { UTF8Scalar.decode($0, at: 3) }   // (nil, 1)
enum UTF8Scalar {
    /// The scalar starting at `index` and how many bytes it takes; nil and 1 for a byte that
    /// does not start a valid sequence, so callers always move forward.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar?, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return (nil, 1) }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }

    /// The display width of the scalar at `index`, with its length; an invalid byte is one
    /// column wide (terminals show a replacement character).
    @inline(__always)
    static func width(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (width: Int, length: Int) {
        let (scalar, length) = decode(bytes, at: index)
        guard let scalar else { return (1, length) }
        return (DisplayWidth.of(scalar), length)
    }
}
