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
        let line = buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
        // SQLite reads text up to a NUL; show NUL as U+FFFD so SQLite reports the bad token
        // instead of silently cutting the line.
        guard memchr(buffer, 0, count) != nil else { return line }
        return line.replacingOccurrences(of: "\0", with: "\u{FFFD}")
    }
}

/// Lines given as strings: `-c` arguments, SQL arguments, tests.
public struct StringLineSource: LineSource {
    private var lines: [String]
    private var index = 0

    public init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
    }

    public mutating func nextLine() -> String? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        return lines[index]
    }
}
