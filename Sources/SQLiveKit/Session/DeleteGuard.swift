import CSQLiteShim

/// The C shim's guard on SQLite's deletions (`DeleteGuard.c`): the default VFS deletes only
/// the files SQLite makes beside the databases this process opened. A hot journal shipped
/// with an untrusted database names its "super-journal", any path, which SQLite deletes after
/// rolling the journal back; the guard leaves such a file in place, and the session says so.
///
///     if let path = DeleteGuard.takeRefusal() { warn("left \(path) in place: …") }
enum DeleteGuard {
    /// True when the guard is the default VFS (installed when the process was loaded).
    static var isInstalled: Bool { sqlive_delete_guard_result() == 0 }

    /// The last file the guard refused to delete on this thread (the one that ran the
    /// session's statements) since the last call, if any.
    static func takeRefusal() -> String? {
        guard sqlive_has_refused_delete() == 1 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4097) { buffer in
            guard let base = buffer.baseAddress, sqlive_take_refused_delete(base, Int32(buffer.count)) == 1 else {
                return nil
            }
            return String(cString: base)
        }
    }

    /// True when, on this thread since the last call, a connection whose database file was
    /// deleted or replaced found a journal at its path, and left it to the new file's owner
    /// instead of rolling it back (an app resetting its database beside sqlive).
    static func tookMovedDatabase() -> Bool {
        sqlive_take_saw_moved_database() == 1
    }

    static let movedDatabaseWarning = "the database file was deleted or replaced since it was opened: "
        + "this connection still reads the old file (and leaves the new one's journal alone); .open the file again to read the new one"

    /// The warning for a refused deletion.
    static func warning(refusing path: String) -> String {
        "left \(path) in place: a hot journal named it as its super-journal, which SQLite deletes after rolling back (docs/SECURITY.md)"
    }
}
