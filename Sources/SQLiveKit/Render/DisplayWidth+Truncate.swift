extension DisplayWidth {
    /// The longest prefix of `text` that fits in `columns`, ending with `…` when it was cut.
    ///
    ///     DisplayWidth.truncate("importing big.csv", to: 10)   // "importing…"
    ///     DisplayWidth.truncate("日本語", to: 5)                // "日本…"
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
}
