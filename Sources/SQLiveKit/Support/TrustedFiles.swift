import Foundation

/// The init files a person has trusted to run, with the SHA-256 of the content they
/// trusted: `~/.sqlive_trusted`, in `sha256sum`'s format, so `sha256sum -c` checks it.
///
///     var trusted = TrustedFiles(path: home + "/.sqlive_trusted")
///     trusted.verdict(for: "/work/app/.replrc", digest: digest)   // .unknown
///     try trusted.trust("/work/app/.replrc", digest: digest)      // the file is rewritten, mode 0600
///     trusted.verdict(for: "/work/app/.replrc", digest: digest)   // .trusted
///     trusted.verdict(for: "/work/app/.replrc", digest: other)    // .changed: ask again
///
/// A line that is not `<64 hex digits>  <absolute path>` is kept as it is and ignored.
public struct TrustedFiles {
    /// What the store says of a file and its current content.
    public enum Verdict: Sendable, Equatable {
        /// Never trusted.
        case unknown
        /// Trusted with this very content.
        case trusted
        /// Trusted once, but the content has changed since.
        case changed
    }

    public let path: String
    private var lines: [String]

    /// Reads the store; a missing or unreadable file is an empty store.
    public init(path: String) {
        self.path = path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n").map(String.init)
    }

    public func verdict(for file: String, digest: String) -> Verdict {
        let digests = entries.filter { $0.file == file }.map(\.digest)
        if digests.contains(digest) { return .trusted }
        return digests.isEmpty ? .unknown : .changed
    }

    /// Records `file` as trusted with `digest`, replacing what was recorded for it, and
    /// writes the store: a new file of mode 0600 moved over the old one.
    public mutating func trust(_ file: String, digest: String) throws(Diagnostic) {
        lines.removeAll { Self.entry(in: $0)?.file == file }
        lines.append("\(digest)  \(file)")
        try save()
    }

    private var entries: [(digest: String, file: String)] {
        lines.compactMap(Self.entry(in:))
    }

    private static func entry(in line: String) -> (digest: String, file: String)? {
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit) else { return nil }
        // sha256sum separates with two spaces (or a space and `*`): the path is what follows.
        let file = parts[1].drop { $0 == " " || $0 == "*" }
        guard file.hasPrefix("/") else { return nil }
        return (String(parts[0]), String(file))
    }

    private func save() throws(Diagnostic) {
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw Diagnostic("cannot record the trusted file in \(path): \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var text = lines.joined(separator: "\n") + "\n"
        let written = text.withUTF8 { bytes in write(descriptor, bytes.baseAddress, bytes.count) == bytes.count }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Diagnostic("cannot record the trusted file in \(path): \(reason)")
        }
    }
}
