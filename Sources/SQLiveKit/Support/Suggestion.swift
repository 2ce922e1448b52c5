/// "Did you mean …?": the closest known name by edit distance, if it is close enough.
public enum Suggestion {
    /// The candidate fewest edits away, if within `maximumDistance` edits (by default one
    /// edit per two characters typed, between 1 and 3).
    public static func closest(to typed: String, among candidates: [String], maximumDistance: Int? = nil) -> String? {
        let typed = typed.lowercased()
        let limit = maximumDistance ?? max(1, min(3, typed.count / 2))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
