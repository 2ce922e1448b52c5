/// Where one migration stands, as `.migrate --status` shows it. Changed, missing and unknown
/// migrations stop `.migrate` until they are resolved.
public enum MigrationStatus: String, Sendable, Equatable {
    /// Applied, and its file is as it was (or was applied by another tool: unverified).
    case applied
    /// In the folder, not applied yet.
    case pending
    /// Applied, but the file's checksum differs from the one recorded.
    case changed
    /// Applied by sqlive, but its file is no longer in the folder.
    case missing
    /// Applied by something else, with no file in the folder.
    case unknown

    var isProblem: Bool {
        switch self {
        case .applied, .pending: false
        case .changed, .missing, .unknown: true
        }
    }
}
