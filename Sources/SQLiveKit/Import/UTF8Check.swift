/// Finds where bytes stop being valid UTF-8 (overlong forms, surrogates and values past
/// U+10FFFF are invalid too), with a fast path for ASCII.
///
///     UTF8Check.firstInvalidOffset(Array("héllo".utf8))   // nil
///     UTF8Check.firstInvalidOffset([0x61, 0xFF])          // 1
enum UTF8Check {
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            let smallest: UInt32
            switch lead {
            case 0xC2...0xDF: (length, scalar, smallest) = (2, UInt32(lead & 0x1F), 0x80)
            case 0xE0...0xEF: (length, scalar, smallest) = (3, UInt32(lead & 0x0F), 0x800)
            case 0xF0...0xF4: (length, scalar, smallest) = (4, UInt32(lead & 0x07), 0x10000)
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let continuation = bytes[index + offset]
                guard continuation & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }

    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }
    }
}
