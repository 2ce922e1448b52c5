import Foundation

/// A source of input lines: a file, standard input, or a list of strings.
public protocol LineSource {
    /// The next line without its newline, or nil at end of input.
    mutating func nextLine() -> String?
    /// Why the input ended early, when it was refused as not text (``LineAssembler``).
    var readFailure: Diagnostic? { get }
    /// Reading on never waits for someone to type or send more (a string, a regular file):
    /// a script that stopped may look whether any input was left.
    var readsWithoutWaiting: Bool { get }
}

extension LineSource {
    public var readFailure: Diagnostic? { nil }
    public var readsWithoutWaiting: Bool { false }
}

/// Reads the lines of a file (or standard input without a terminal), in 64 KiB blocks
/// through a ``LineAssembler``, which keeps NUL bytes and invalid UTF-8 inside a line (both
/// become U+FFFD) and refuses input that is not text before it costs memory.
public final class FileLineSource: LineSource {
    private let descriptor: Int32
    private var assembler: LineAssembler

    /// Reads a copy of an open file descriptor (standard input).
    public init?(fileDescriptor: Int32) {
        let copy = dup(fileDescriptor)
        guard copy >= 0 else { return nil }
        descriptor = copy
        assembler = LineAssembler(source: "stdin")
    }

    /// Opens a file, or throws a diagnostic naming it.
    public init(path: String) throws(Diagnostic) {
        var isDirectory = stat()
        if stat(path, &isDirectory) == 0 && (isDirectory.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic("cannot read \(path): it is a directory")
        }
        // Opening a FIFO waits for its writer; reading it, for what the writer sends.
        let opened = BlockingIO.during { open(path, O_RDONLY | O_CLOEXEC) }
        guard opened >= 0 else {
            throw Diagnostic("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        descriptor = opened
        assembler = LineAssembler(source: path)
    }

    deinit {
        close(descriptor)
    }

    public func nextLine() -> String? {
        let descriptor = descriptor
        return assembler.nextLine { buffer in
            while true {
                let count = BlockingIO.during { read(descriptor, buffer.baseAddress, buffer.count) }
                if count < 0 && errno == EINTR { continue }
                return count
            }
        }
    }

    public var readFailure: Diagnostic? { assembler.failure }

    /// A regular file is read without waiting; a pipe, a FIFO or a terminal may wait.
    public var readsWithoutWaiting: Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// A line's bytes as text, for every reader of input lines (files, standard input).
    ///
    /// SQLite reads text up to a NUL; each NUL is shown as U+FFFD so SQLite reports the bad
    /// token instead of silently cutting the line. Replaced byte by byte: a NUL and a
    /// combining mark after it are one Character, which a String search would miss. Bytes
    /// that are not UTF-8 are kept as ``RawBytes``, as sqlite3 passes them on: `.print`
    /// writes them back, and SQL compiled straight through SQLite stores them as they are
    /// (a Latin-1 script's `'café'` stays those bytes).
    public static func line(from bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil else {
            return RawBytes.text(from: bytes)
        }
        return String(decoding: bytes.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }, as: UTF8.self)
    }
}

/// Lines given as strings: `-c` arguments, SQL arguments, tests.
/// A text read as one line, line breaks and all: how sqlite3 runs an SQL argument or
/// `-cmd`'s text. One that starts with `.` is one meta-command whose arguments run to the
/// end of the text; any other is SQL to its end. Split into lines, a line break followed by
/// `.shell …` ran a program from text that was SQL (`sqlite3 app.db "$query"`) or the
/// argument of another command (`.import "$file" t`, a file named `x⏎.shell …`).
public struct WholeTextLineSource: LineSource {
    private var text: String?

    public init(_ text: String) {
        self.text = text
    }

    public var readsWithoutWaiting: Bool { true }

    public mutating func nextLine() -> String? {
        defer { text = nil }
        return text
    }
}

public struct StringLineSource: LineSource {
    private var lines: [String]
    private var index = 0

    /// Splits at each `\n` byte, as a file is read: `\r\n` is one Character to Swift, so
    /// splitting the String itself would keep CRLF lines together.
    public init(_ text: String) {
        lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        if text.utf8.last == UInt8(ascii: "\n") || text.isEmpty { lines.removeLast() }
    }

    public var readsWithoutWaiting: Bool { true }

    public mutating func nextLine() -> String? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        return lines[index]
    }
}
