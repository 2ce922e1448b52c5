/// The candidates for the word before the cursor, and what to put in its place.
///
///     let completion = Completion(word: ".hea", candidates: [".headers"])
///     completion.replacement   // ".headers " (one candidate: complete it, then a space)
///
///     let ambiguous = Completion(word: "alb", candidates: ["albums", "album_tags"])
///     ambiguous.replacement    // "album" (the prefix they share; the terminal lists both)
public struct Completion: Sendable, Equatable {
    /// The text just before the cursor that a candidate replaces. Always a suffix of the line.
    public var word: String
    /// Whole replacements for ``word``, sorted, without duplicates.
    public var candidates: [String]
    /// Text follows the cursor (`order(pr⇥.desc)`): a completed word gets no space after it.
    public var isFollowedByText = false

    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = Self.sortedUnique(candidates)
    }

    /// Candidates in the order given (best first), without duplicates: SQL completion
    /// ranks columns before functions, tables and keywords.
    public init(word: String, ranked candidates: [String]) {
        self.word = word
        var seen = Set<String>()
        self.candidates = candidates.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Nothing to offer.
    public static func none(for word: String = "") -> Completion {
        Completion(word: word, candidates: [])
    }

    /// What replaces ``word``: the only candidate followed by a space (none before text that
    /// follows the cursor, nor after a folder's `/` or a function's `(`), or the longest prefix all candidates
    /// share when it says more than the word; nil when there is nothing to add.
    public var replacement: String? {
        guard let first = candidates.first else { return nil }
        if candidates.count == 1 {
            // After a folder's `/` or a function's `(` the typing goes on at once.
            return isFollowedByText || first.hasSuffix("/") || first.hasSuffix("(") ? first : first + " "
        }
        let shared = candidates.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
        return shared.count > word.count ? shared : nil
    }

    /// True when the candidates must be shown to choose between them.
    public var isAmbiguous: Bool { candidates.count > 1 }

    /// The candidates in columns that fit `width`, as `.tables` lays out names.
    public func listing(width: Int) -> String {
        // Candidates come from the database (table and column names): shown on the terminal,
        // their control characters are made visible like any other name.
        ColumnList.format(candidates.map(VisibleControlCharacters.of), lineWidth: width, forScreen: true)
    }

    /// Sorts names as they read (ignoring case and opening quotes), keeping the first of
    /// names that differ only in case (a column named like a keyword).
    private static func sortedUnique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        let unique = names.filter { seen.insert($0.lowercased()).inserted }
        func key(_ name: String) -> String { name.drop { "\"`[".contains($0) }.lowercased() }
        return unique.sorted { (key($0), $0) < (key($1), $1) }
    }
}

extension String {
    /// The characters this string and another begin with, compared exactly.
    fileprivate func commonPrefix(with other: String) -> String {
        String(zip(self, other).prefix { $0 == $1 }.map(\.0))
    }
}
