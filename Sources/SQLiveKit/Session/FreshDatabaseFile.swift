import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `.open --new FILE`: makes room for a new, empty database at FILE the way sqlite3 does, by
/// deleting the file (and its journal, WAL and WAL-index files) so that the open creates it
/// again. The file is never emptied in place: a process that still has it open keeps reading
/// the old file, not a truncated one.
///
/// Nothing is deleted while another process holds a lock on the file or on its WAL index:
/// an open transaction in rollback mode, or any open connection in WAL mode (each keeps a
/// shared lock on `FILE-shm`). The locks are read from `/proc/locks` rather than with
/// `fcntl(F_GETLK)`, which would need a descriptor of our own on the file, and closing one
/// drops every POSIX lock this process holds on it, the session's own connection's included.
///
///     try FreshDatabaseFile.clear("data.db")   // data.db, data.db-wal, … are gone
enum FreshDatabaseFile {
    static let companionSuffixes = ["-journal", "-wal", "-shm"]

    /// Deletes FILE and its companion files, or throws, deleting nothing, when another
    /// process holds a lock on FILE or `FILE-shm` or when FILE is not a regular file.
    static func clear(_ path: String) throws(Diagnostic) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Diagnostic("cannot replace \(path): it is not a regular file")
        }
        for file in [path, path + "-shm"] {
            if let holder = FileLockTable.otherProcessHolding(file) {
                throw Diagnostic("cannot replace \(path): process \(holder) has it open and locked",
                                 hint: "close the other connection first, or choose another file")
            }
        }
        for file in [path] + companionSuffixes.map({ path + $0 }) where unlink(file) != 0 && errno != ENOENT {
            throw Diagnostic("cannot delete \(file): \(String(cString: strerror(errno)))")
        }
    }
}

/// The POSIX and open-file-description locks of every process, from `/proc/locks`.
enum FileLockTable {
    /// The id of a process other than this one holding a lock on the file (-1 for an
    /// open-file-description lock, whose owner Linux does not name); nil when none does.
    static func otherProcessHolding(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0,
              let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let key = String(format: "%02x:%02x:%llu", major, minor, UInt64(info.st_ino))
        let ownProcess = Int(getpid())
        for line in table.split(separator: "\n") {
            // "1: POSIX  ADVISORY  WRITE 22838 fe:00:5367473 1073741824 1073742335"
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[5] == key, let holder = Int(fields[4]), holder != ownProcess else { continue }
            return holder
        }
        return nil
    }
}
