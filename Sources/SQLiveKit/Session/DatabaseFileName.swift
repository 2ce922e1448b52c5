/// A database name as the user wrote it — a path, `:memory:`, or a `file:` URI — and what
/// it means on disk.
///
/// SQLite reads `file:` URIs itself (URI file names are on for the process): its query
/// parameters (`mode=ro`, `vfs=…`, `immutable=1`, a VFS's own) and percent-encoding. So
/// the name goes to SQLite as written; sqlive only reads it to check, before opening, the
/// local file it names, and to say plainly what is wrong ("no such file", "the folder …
/// does not exist") where SQLite would say "unable to open database file".
///
/// A name holding bytes that are not UTF-8 (kept as ``RawBytes``' private scalars) cannot
/// reach SQLite through a Swift string as those bytes, so it goes as a URI whose path
/// percent-encodes them: SQLite decodes `%E9` to the byte 0xE9, and the file system gets the
/// bytes the user typed.
///
///     DatabaseFileName("a").localFile               // [0x61]
///     DatabaseFileName("file:x%20y.db?mode=ro").localFile   // "x y.db" as bytes
///     DatabaseFileName("file:/m?vfs=memdb").localFile        // nil: no file on disk
///     DatabaseFileName("caf\u{10FFE9}.db").sqliteName        // "file:caf%E9.db"
struct DatabaseFileName {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// True for a `file:` URI (SQLite reads only the lower-case scheme as one).
    var isURI: Bool { text.hasPrefix("file:") }

    /// The name to give `sqlite3_open_v2`.
    var sqliteName: String {
        guard !isURI, RawBytes.contains(in: text) else { return text }
        return "file:" + Self.percentEncoded(RawBytes.bytes(of: text), keeping: Self.pathBytes)
    }

    /// The URI's query parameters, decoded, in order; empty for a plain path.
    var parameters: [(name: String, value: String)] {
        guard isURI, let query = text.split(separator: "?", maxSplits: 1).dropFirst().first else { return [] }
        let beforeFragment = query.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return beforeFragment.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? Self.decodedText(parts[1]) : ""
            return (Self.decodedText(parts[0]), value)
        }
    }

    /// True for a URI that names a private in-memory database (`file::memory:`,
    /// `file:NAME?mode=memory`): what `:memory:` is, which the panes' connections could not
    /// open again (each open makes another, empty database). A shared cache is shared.
    var isPrivateMemoryURI: Bool {
        guard isURI, parameter("cache") != "shared" else { return false }
        let path = text.dropFirst("file:".count).prefix { $0 != "?" && $0 != "#" }
        return path == ":memory:" || parameter("mode") == "memory"
    }

    /// The value of the URI parameter `name`, if given.
    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// True when the URI asks SQLite for read-only access (`mode=ro`, `immutable=1`).
    var asksReadOnly: Bool {
        parameter("mode") == "ro" || parameter("immutable").map { $0 != "0" } ?? false
    }

    /// The bytes of the file on disk the name stands for; nil when it stands for none that
    /// sqlive can check: an in-memory database, or a URI whose VFS is not the system's
    /// default or sqlive's guard over it (an extension's VFS may read anything: a replica, a
    /// remote store).
    var localFile: [UInt8]? {
        guard isURI else { return RawBytes.bytes(of: text) }
        if parameter("mode") == "memory" { return nil }
        if let vfs = parameter("vfs"), !vfs.hasPrefix("unix"), vfs != "sqlive-unix" { return nil }
        var rest = Substring(text.dropFirst("file:".count))
        rest = rest.prefix { $0 != "?" && $0 != "#" }
        if rest.hasPrefix("//") {
            // file://localhost/path or file:///path; any other authority SQLite refuses itself.
            let authority = rest.dropFirst(2).prefix { $0 != "/" }
            guard authority.isEmpty || authority == "localhost" else { return nil }
            rest = rest.dropFirst(2 + authority.count)
        }
        let path = Self.decoded(rest)
        return path.isEmpty || path == Array(":memory:".utf8) ? nil : path
    }

    /// Percent-decoding as SQLite does it: `%HH` becomes the byte, anything else stays.
    static func decoded(_ text: Substring) -> [UInt8] {
        let bytes = RawBytes.bytes(of: String(text))
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    private static func decodedText(_ text: Substring) -> String {
        decoded(text).withUnsafeBufferPointer { RawBytes.text(from: $0) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Bytes a URI path holds as they are: the unreserved ones and `/`.
    static func pathBytes(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"): true
        default: false
        }
    }

    /// The bytes with each one `keeping` refuses written `%HH`.
    static func percentEncoded(_ bytes: [UInt8], keeping: (UInt8) -> Bool) -> String {
        var encoded = ""
        for byte in bytes {
            if keeping(byte) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
