import Foundation
import GRDB

/// The settings of the user's connection that change what a query returns, or whether it
/// may run, which the panes' connections follow so that a pane shows what its query shows in
/// the session: `PRAGMA trusted_schema` (`.help trust` says to turn it on for a database one
/// trusts: a pane on a view over an FTS table stayed in error), `case_sensitive_like` (a
/// `LIKE 'A%'` pane counted 2 rows where the query counted 1) and
/// `reverse_unordered_selects`.
///
///     let settings = try ReaderSettings.read(db, caseSensitiveLike: true)
///     try db.execute(sql: settings.statements)   // on a reader
struct ReaderSettings: Sendable, Equatable {
    var trustedSchema = false
    var caseSensitiveLike = false
    var reverseUnorderedSelects = false

    /// The statements that put a reader in these settings.
    var statements: String {
        "PRAGMA trusted_schema = \(trustedSchema ? 1 : 0); "
            + "PRAGMA case_sensitive_like = \(caseSensitiveLike ? 1 : 0); "
            + "PRAGMA reverse_unordered_selects = \(reverseUnorderedSelects ? 1 : 0)"
    }

    /// The names of the settings that differ from `other`'s.
    func differences(from other: ReaderSettings) -> [String] {
        var names: [String] = []
        if trustedSchema != other.trustedSchema { names.append("trusted_schema") }
        if caseSensitiveLike != other.caseSensitiveLike { names.append("case_sensitive_like") }
        if reverseUnorderedSelects != other.reverseUnorderedSelects { names.append("reverse_unordered_selects") }
        return names
    }

    /// The settings of the user's connection. `case_sensitive_like` cannot be read back: the
    /// caller knows it from the statements that set it (``caseSensitiveLikeValue(in:)``).
    static func read(_ db: Database, caseSensitiveLike: Bool) throws -> ReaderSettings {
        ReaderSettings(trustedSchema: try Bool.fetchOne(db, sql: "PRAGMA trusted_schema") ?? false,
                       caseSensitiveLike: caseSensitiveLike,
                       reverseUnorderedSelects: try Bool.fetchOne(db, sql: "PRAGMA reverse_unordered_selects") ?? false)
    }

    /// The value a `PRAGMA case_sensitive_like = VALUE` (or `(VALUE)`) statement sets.
    static func caseSensitiveLikeValue(in statement: String) -> Bool? {
        let lowered = statement.lowercased()
        guard let name = lowered.range(of: "case_sensitive_like") else { return nil }
        let rest = lowered[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "(" || $0 == "'" || $0 == "\"" || $0.isNewline || $0 == "\t" }
        let word = rest.prefix { $0.isLetter || $0.isNumber }
        switch word {
        case "1", "on", "true", "yes": return true
        case "0", "off", "false", "no": return false
        default: return nil
        }
    }
}
