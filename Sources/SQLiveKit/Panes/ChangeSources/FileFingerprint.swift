#if canImport(Glibc)
import Glibc
#endif

/// What a database file shows of its last commit without any lock. Two equal fingerprints
/// mean no commit happened in between, as far as a look without a lock can tell; the watcher
/// then takes no lock at all (``ExternalChangeWatcher``).
///
/// - A rollback-journal file: its header's change counter, its size and modification time.
/// - A WAL file: the same, and the WAL-index header at the start of its `-shm` file, whose
///   change counter and last frame move with every commit (commits go to the `-wal` file,
///   not to the database file).
struct FileFingerprint: Equatable, Sendable {
    var changeCounter: UInt32
    var size: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    /// The first 48 bytes of the `-shm` file (WAL files only).
    var walIndexHeader: [UInt8]?

    /// The fingerprints of files, or nil when any of them cannot be trusted without a lock: a
    /// file that cannot be read, a WAL file without its `-shm` file, an empty name.
    static func take(_ files: [String]) -> [FileFingerprint]? {
        var fingerprints: [FileFingerprint] = []
        for file in files {
            var status = stat()
            guard let header = DatabaseFileHeader.read(path: file, status: &status) else { return nil }
            var walIndexHeader: [UInt8]?
            if header.isWAL {
                guard let bytes = HeldFileReader.prefix(of: file + "-shm", count: 48) else { return nil }
                walIndexHeader = bytes
            }
            fingerprints.append(FileFingerprint(changeCounter: header.changeCounter, size: Int(status.st_size),
                                                modifiedSeconds: status.st_mtim.tv_sec,
                                                modifiedNanoseconds: status.st_mtim.tv_nsec,
                                                walIndexHeader: walIndexHeader))
        }
        return fingerprints.isEmpty ? nil : fingerprints
    }

}
