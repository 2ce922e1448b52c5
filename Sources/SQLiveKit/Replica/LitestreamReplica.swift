/// A Litestream replica opened in place through Litestream's read-replica VFS
/// (`litestream-vfs`): `sqlive --replica file:///srv/backups/app` or `.open --replica URL`.
///
/// The URL is the replica's, as Litestream spells it (`file:///…`, `s3://bucket/path`, …),
/// passed to the VFS unchanged as its `replica_url` parameter. The VFS fetches pages from
/// the replica on demand and polls it for new transactions; sqlive opens it read-only, and
/// nothing is written anywhere: not to the replica, not to a local copy.
///
///     LitestreamReplica(url: "file:///tmp/replica").sqliteName
///     // "file:litestream-replica?vfs=litestream&replica_url=file%3A%2F%2F%2Ftmp%2Freplica&poll_interval=100ms"
public struct LitestreamReplica: Sendable, Equatable {
    /// The replica's URL, as given.
    public var url: String

    /// How often the VFS looks for new transactions. Litestream's default (1 s) makes a
    /// commit take 0.6 s to show (median, measured); at 100 ms it takes about 0.15 s, and an
    /// idle poll of a file replica costs little (docs/REPLICAS.md).
    public static let pollInterval = "100ms"

    /// The name of the VFS the extension registers.
    public static let vfsName = "litestream"

    public init(url: String) {
        self.url = url
    }

    /// The URI SQLite opens: the VFS, the replica's URL as a percent-encoded parameter (a URL
    /// holds `&`, `=`, `?` and `%` that must reach the VFS as they are), and the poll interval.
    public var sqliteName: String {
        let encoded = DatabaseFileName.percentEncoded(RawBytes.bytes(of: url)) { byte in
            DatabaseFileName.pathBytes(byte) && byte != UInt8(ascii: "/")
        }
        return "file:litestream-replica?vfs=\(Self.vfsName)&replica_url=\(encoded)&poll_interval=\(Self.pollInterval)"
    }

    /// How the replica is named to the user: the greeting, `.databases`, messages.
    public var description: String { "Litestream replica of \(url)" }

    /// What to check when the VFS refuses the URL: SQLite says only "SQL logic error" for a
    /// scheme Litestream does not know, a bare path, or an empty URL.
    var openFailureHint: String {
        if url.hasPrefix("/") {
            return "a replica is named by its URL, not a path: --replica file://\(url) for a folder"
        }
        return "Litestream's VFS could not read a replica at that URL: give the URL `litestream replicate` copies to, "
            + "as Litestream spells it (file:///srv/backups/app, s3://bucket/app, …)"
    }

    /// Why a write fails here, and where it can go instead.
    var writeRefusal: String {
        "this is a read-only \(description): write to the primary database, the one `litestream replicate` copies to that URL"
    }
}
