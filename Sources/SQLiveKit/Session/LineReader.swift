import Foundation

/// A source of input lines: a file, standard input, or a list of strings.
public protocol LineSource {
    /// The next line without its newline, or nil at end of input.
    mutating func nextLine() -> String?
}

/// Reads lines from a C stream with `getline`, which is as fast as stdio gets and keeps NUL
/// bytes and invalid UTF-8 inside a line (the latter become U+FFFD).
public final class FileLineSource: LineSource {
    private let file: UnsafeMutablePointer<FILE>
    private let closesOnDeinit: Bool
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// Reads standard input.
    public init?(fileDescriptor: Int32) {
        guard let file = fdopen(dup(fileDescriptor), "r") else { return nil }
        self.file = file
        self.closesOnDeinit = true
    }

    /// Opens a file, or throws a diagnostic naming it.
    public init(path: String) throws(Diagnostic) {
        var isDirectory = stat()
        if stat(path, &isDirectory) == 0 && (isDirectory.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic("cannot read \(path): it is a directory")
        }
        guard let file = fopen(path, "r") else {
            throw Diagnostic("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        self.file = file
        self.closesOnDeinit = true
    }

    deinit {
        free(buffer)
        if closesOnDeinit { fclose(file) }
    }

    public func nextLine() -> String? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else { return nil }
        var count = length
        if count > 0 && buffer[count - 1] == 0x0A { count -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Self.line(from: UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// A line's bytes as text, for every reader of input lines (files, standard input).
    ///
    /// SQLite reads text up to a NUL; each NUL is shown as U+FFFD so SQLite reports the bad
    /// token instead of silently cutting the line. Replaced byte by byte: a NUL and a
    /// combining mark after it are one Character, which a String search would miss. Invalid
    /// UTF-8 becomes U+FFFD too.
    public static func line(from bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }, as: UTF8.self)
    }
}

/// Lines given as strings: `-c` arguments, SQL arguments, tests.
public struct StringLineSource: LineSource {
    private var lines: [String]
    private var index = 0

    /// Splits at each `\n` byte, as a file is read: `\r\n` is one Character to Swift, so
    /// splitting the String itself would keep CRLF lines together.
    public init(_ text: String) {
        lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        if text.utf8.last == UInt8(ascii: "\n") || text.isEmpty { lines.removeLast() }
    }

    public mutating func nextLine() -> String? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        return lines[index]
    }
}
