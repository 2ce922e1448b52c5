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
/// Paths are stored as `sha256sum` stores them: a path holding a newline or a backslash
/// starts its line with `\` and is written with `\n` and `\\`. Written raw, a folder named
/// `x⏎<digest>  /other/.replrc` added a second, forged entry once trusted.
///
/// The store decides what runs without asking, so one that another user could have written
/// (not owned by us, writable by group or others, or not a regular file) is not believed:
/// every file is unknown and nothing is recorded in it; ``problem`` says why.
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
    /// Why the store is not believed, or nil when it is (or does not exist yet).
    public let problem: String?
    private var lines: [String]

    /// Reads the store; a missing or unreadable file is an empty store.
    public init(path: String) {
        self.path = path
        problem = Self.ownershipProblem(path)
        let text = problem == nil ? (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" : ""
        // Split at the newline byte: "\r\n" is one Character to Swift.
        lines = text.utf8.split(separator: UInt8(ascii: "\n")).map { String(Substring($0)) }
    }

    public func verdict(for file: String, digest: String) -> Verdict {
        let digests = entries.filter { $0.file == file }.map(\.digest)
        if digests.contains(digest) { return .trusted }
        return digests.isEmpty ? .unknown : .changed
    }

    /// Records `file` as trusted with `digest`, replacing what was recorded for it, and
    /// writes the store: a new file of mode 0600 moved over the old one.
    public mutating func trust(_ file: String, digest: String) throws(Diagnostic) {
        if let problem { throw Diagnostic(problem) }
        lines.removeAll { Self.entry(in: $0)?.file == file }
        lines.append(Self.line(digest: digest, file: file))
        try save()
    }

    private var entries: [(digest: String, file: String)] {
        lines.compactMap(Self.entry(in:))
    }

    /// One entry as `sha256sum` writes it, escaped when the path needs it.
    static func line(digest: String, file: String) -> String {
        guard file.contains("\n") || file.contains("\\") || file.contains("\r") else { return "\(digest)  \(file)" }
        let escaped = file.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r")
        return "\\\(digest)  \(escaped)"
    }

    static func entry(in line: String) -> (digest: String, file: String)? {
        let isEscaped = line.hasPrefix("\\")
        let parts = line.dropFirst(isEscaped ? 1 : 0).split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit) else { return nil }
        // sha256sum separates with two spaces (or a space and `*`): the path is what follows.
        let stored = parts[1].drop { $0 == " " || $0 == "*" }
        guard let file = isEscaped ? unescaped(stored) : String(stored), file.hasPrefix("/") else { return nil }
        return (String(parts[0]), file)
    }

    /// `\\`, `\n` and `\r` back to what they stand for; nil for any other escape.
    private static func unescaped(_ text: Substring) -> String? {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return escaping ? nil : result
    }

    /// Why a store at `path` could have been written by someone else; nil when it is ours
    /// alone or does not exist. `lstat`, so a symbolic link is refused, not followed.
    private static func ownershipProblem(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if (status.st_mode & S_IFMT) != S_IFREG {
            return "\(path) is not a regular file: it is not used to trust init files"
        }
        if status.st_uid != getuid() {
            return "\(path) belongs to another user: it is not used to trust init files"
        }
        if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            return "\(path) can be written by others (chmod 600 it): it is not used to trust init files"
        }
        return nil
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
