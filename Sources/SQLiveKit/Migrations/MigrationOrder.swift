/// Where a migration stands in the sequence, read from its name `NNNN_name`: by number
/// first (compared as a number, so `10_x` comes after `9_x` whatever the padding), then by
/// name, then by the identifier itself so that `01_a` and `1_a` still have one order.
///
///     MigrationOrder(identifier: "0010_add_index")   // number 10, name "add_index"
///     MigrationOrder(identifier: "schema")           // nil: not a migration name
public struct MigrationOrder: Sendable, Equatable, Comparable {
    public let identifier: String
    /// The digits without leading zeros ("" for zero), so numbers of any length compare
    /// without overflow: shorter is smaller, then digit by digit. Two files with one number
    /// (`1_a`, `01_a`) are refused by ``MigrationFolder``.
    let number: Substring
    private let name: Substring

    public init?(identifier: String) {
        let digits = identifier.prefix(while: { $0.isASCII && $0.isNumber })
        let rest = identifier[digits.endIndex...]
        guard !digits.isEmpty, rest.first == "_", rest.count > 1 else { return nil }
        self.identifier = identifier
        self.number = digits.drop(while: { $0 == "0" })
        self.name = rest.dropFirst()
    }

    /// The identifier of a migration file name, when it is one: `0001_init.sql` → `0001_init`.
    /// The `.sql` extension is matched in any case, so `0001_init.SQL` is a migration too
    /// (and a duplicate of `0001_init.sql` when both exist).
    public static func identifier(ofFileName fileName: String) -> String? {
        guard fileName.count > 4, fileName.suffix(4).lowercased() == ".sql" else { return nil }
        let stem = String(fileName.dropLast(4))
        return MigrationOrder(identifier: stem) == nil ? nil : stem
    }

    /// True when `text` names this migration's number: `3` or `0003` for `0003_add_index`.
    public func hasNumber(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return text.drop(while: { $0 == "0" }) == number
    }

    public static func < (lhs: MigrationOrder, rhs: MigrationOrder) -> Bool {
        if lhs.number.count != rhs.number.count { return lhs.number.count < rhs.number.count }
        if lhs.number != rhs.number { return lhs.number < rhs.number }
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        return lhs.identifier < rhs.identifier
    }
}
