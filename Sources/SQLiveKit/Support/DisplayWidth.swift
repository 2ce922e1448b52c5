/// How many terminal columns a Unicode scalar takes: 2 for East Asian wide and fullwidth
/// characters and most emoji, 0 for combining marks and zero-width characters, else 1.
///
///     DisplayWidth.of("a")    // 1
///     DisplayWidth.of("語")   // 2
///     DisplayWidth.of("\u{301}") // 0 (combining acute accent)
///     DisplayWidth.of("naïve 日本") // 10
enum DisplayWidth {
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7f..<0xa0).contains(value) ? 0 : 1 }
        if zeroWidth.contains(where: { $0.contains(value) }) { return 0 }
        if wide.contains(where: { $0.contains(value) }) { return 2 }
        return 1
    }

    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`, with `…` when it was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let width = of(scalar)
            if used + width > columns - 1 { break }
            result.append(scalar)
            used += width
        }
        return String(result) + "…"
    }

    private static let zeroWidth: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
        0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
    ]

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
