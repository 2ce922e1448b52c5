#if canImport(Glibc)
import Glibc
#endif
import GRDBSQLite

/// The first 100 bytes of an SQLite database file, read without taking any lock: what another
/// process's commit changes in a rollback-journal file, looked at before paying for a read
/// transaction (which takes a SHARED lock and can make that process's next commit fail with
/// "database is locked" when it has no busy timeout).
///
/// Only a hint: a header read while a writer rewrites it may be torn, and a WAL file's header
/// does not move at each commit (commits go to the `-wal` file). Callers read it only for
/// rollback-journal files (``isWAL`` false), and take "the header moved" as "look with a lock".
///
///     let header = DatabaseFileHeader.read(path: "app.db")
///     header?.changeCounter   // bumped by every commit in rollback-journal mode
///     header?.schemaCookie    // what PRAGMA schema_version reads
struct DatabaseFileHeader: Equatable, Sendable {
    /// The file change counter (offset 24).
    var changeCounter: UInt32
    /// The schema cookie (offset 40).
    var schemaCookie: UInt32
    /// The file is in WAL mode (read and write versions 2, offsets 18 and 19).
    var isWAL: Bool

    /// Reads the header of the file at `path`; nil when it cannot be read or is no SQLite
    /// database (an in-memory database's name, a file not created yet, an empty file).
    static func read(path: String) -> DatabaseFileHeader? {
        var status = stat()
        return read(path: path, status: &status)
    }

    /// The same, leaving in `status` what `stat` said of the file just before the read.
    static func read(path: String, status: inout stat) -> DatabaseFileHeader? {
        // Never a descriptor of our own that is later closed: that would drop the process's
        // locks on the file (``HeldFileReader``).
        guard let bytes = HeldFileReader.prefix(of: path, count: 100, status: &status),
              bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        func word(at offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        return DatabaseFileHeader(changeCounter: word(at: 24), schemaCookie: word(at: 40),
                                  isWAL: bytes[18] == 2 || bytes[19] == 2)
    }

    /// `SQLITE_IOERR_SHORT_READ`, a macro Swift does not import.
    private static let shortRead = SQLITE_IOERR | (2 << 8)

    /// The schema cookie a connection's database holds now, read from its image through the
    /// connection's own file (`SQLITE_FCNTL_FILE_POINTER`) without a lock or a statement: for
    /// an in-memory (`memdb`) database, where a read is a copy from memory. The cookie
    /// `PRAGMA schema_version` reads between transactions (which shows it signed), for a few
    /// hundred instructions instead of some six thousand. An image still empty reads 0, as
    /// SQLite does; nil when the file cannot be read.
    static func schemaCookie(ofImage schema: String, connection: OpaquePointer) -> UInt32? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, schema, SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
              let file, let read = file.pointee.pMethods?.pointee.xRead else { return nil }
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        // A short read (an image smaller than its header) fills the rest with zeros.
        let code = withUnsafeMutableBytes(of: &bytes) { read(file, $0.baseAddress, 4, 40) }
        guard code == SQLITE_OK || code == Self.shortRead else { return nil }
        return UInt32(bytes.0) << 24 | UInt32(bytes.1) << 16 | UInt32(bytes.2) << 8 | UInt32(bytes.3)
    }
}
