#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Reads the first bytes of a database file (or its `-shm` file) beside SQLite, through a
/// descriptor that is never closed.
///
/// POSIX advisory locks belong to the process, and closing *any* descriptor of a file drops
/// every lock the process holds on it — the user's connection's SHARED or RESERVED lock
/// included, which is how a database gets corrupted ("disk I/O error" in the soak test before
/// this type existed). SQLite never closes a descriptor while a lock is held; neither does
/// this reader: it opens each file once and keeps the descriptor for the life of the process.
/// A file replaced since (another inode at the path: `.open --new`, a new `-shm`) gets a new
/// descriptor; the old one is kept, never closed.
///
///     HeldFileReader.prefix(of: "app.db", count: 100)   // the header, no lock taken
enum HeldFileReader {
    private struct Held {
        var descriptor: Int32
        var device: UInt
        var inode: UInt
    }

    // MARK: - Mutable State
    //
    // The descriptors by path, behind this lock: the external watcher's timer queue and the
    // panes' lanes read files at the same time. Descriptors are only ever added.
    private static let held = Mutex<[String: Held]>([:])

    /// The first `count` bytes of the file at `path`, or nil when it does not exist, cannot
    /// be read, or is shorter.
    static func prefix(of path: String, count: Int) -> [UInt8]? {
        var status = stat()
        return prefix(of: path, count: count, status: &status)
    }

    /// The same, leaving in `status` what `stat` said of the file just before the read (a
    /// fingerprint needs both, and a second `stat` a look would cost more).
    ///
    /// Only a regular file is read. A FIFO put at the path (a database replaced by one) would
    /// block `open` until a writer came, for good, with the watcher's lock held and the exit
    /// waiting for it: the file is opened without blocking, and a descriptor of anything but a
    /// regular file is closed at once (SQLite holds no lock on such a file, so closing it
    /// drops none).
    static func prefix(of path: String, count: Int, status: inout stat) -> [UInt8]? {
        guard !path.isEmpty else { return nil }
        guard stat(path, &status) == 0, isRegularFile(status) else { return nil }
        let descriptor = held.withLock { held -> Int32? in
            if let known = held[path], known.device == UInt(status.st_dev), known.inode == UInt(status.st_ino) {
                return known.descriptor
            }
            let opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard opened >= 0 else { return nil }
            // The path may have changed since `stat`: what was opened is what is kept.
            var openedStatus = stat()
            guard fstat(opened, &openedStatus) == 0, isRegularFile(openedStatus) else {
                close(opened)
                return nil
            }
            held[path] = Held(descriptor: opened, device: UInt(openedStatus.st_dev), inode: UInt(openedStatus.st_ino))
            guard openedStatus.st_dev == status.st_dev, openedStatus.st_ino == status.st_ino else { return nil }
            return opened
        }
        guard let descriptor else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return read == count ? bytes : nil
    }

    private static func isRegularFile(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG
    }
}
