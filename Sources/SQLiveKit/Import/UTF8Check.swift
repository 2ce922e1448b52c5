/// Finds where bytes stop being valid UTF-8 (overlong forms, surrogates and values past
/// U+10FFFF are invalid too), with a fast path for ASCII.
///
///     UTF8Check.firstInvalidOffset(Array("héllo".utf8))   // nil
///     UTF8Check.firstInvalidOffset([0x61, 0xFF])          // 1
enum UTF8Check {
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
            guard scalar != nil else { return index }
            index += length
        }
        return nil
    }

    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }
    }
}
