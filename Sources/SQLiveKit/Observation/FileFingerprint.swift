#if canImport(Glibc)
import Glibc
#endif

/// What a rollback-journal database file shows of its last commit without any lock: its
/// header's change counter, its size and its modification time. Two equal fingerprints mean
/// no commit happened in between, as far as a look without a lock can tell; the watcher then
/// takes no lock at all (``ExternalChangeWatcher``).
struct FileFingerprint: Equatable, Sendable {
    var changeCounter: UInt32
    var size: Int
    var modified: timespec

    static func == (left: FileFingerprint, right: FileFingerprint) -> Bool {
        left.changeCounter == right.changeCounter && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
    }

    /// The fingerprints of files, or nil when any of them cannot be trusted without a lock: a
    /// WAL file (its commits go to the `-wal` file), a file that cannot be read, an empty name.
    static func take(_ files: [String]) -> [FileFingerprint]? {
        var fingerprints: [FileFingerprint] = []
        for file in files {
            guard let header = DatabaseFileHeader.read(path: file), !header.isWAL else { return nil }
            var status = stat()
            guard stat(file, &status) == 0 else { return nil }
            fingerprints.append(FileFingerprint(changeCounter: header.changeCounter, size: Int(status.st_size),
                                                modified: status.st_mtim))
        }
        return fingerprints.isEmpty ? nil : fingerprints
    }
}
