import GRDB
import GRDBSQLite

/// Which databases of the user's connection only that connection can read.
enum PrivateDatabase {
    /// True for `temp`, and for an attached database held in the connection's memory: one
    /// with no file (`:memory:`, `file:x?mode=memory`) or one on SQLite's `memdb` VFS, whose
    /// name only looks like a path (`file:/scratch?vfs=memdb` is listed as `/scratch`).
    /// The panes' connections attached such a name as a file and created it (`/scratch`,
    /// an empty file at the root), and their queries showed "no such table".
    static func isPrivate(_ name: String, file: String, db: Database) -> Bool {
        if name == "temp" { return true }
        if name == "main" { return false }
        return file.isEmpty || usesMemoryVFS(name, db: db)
    }

    private static func usesMemoryVFS(_ name: String, db: Database) -> Bool {
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        guard sqlite3_file_control(db.sqliteConnection, name, SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK,
              let vfsName = vfs?.pointee.zName else { return false }
        return String(cString: vfsName) == "memdb"
    }
}
