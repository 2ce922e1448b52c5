#if canImport(Glibc)
import Glibc
#endif

/// Cuts lines at `\n` out of blocks read from a file or a pipe, and refuses input that is
/// not a script before it costs memory: a line longer than ``maximumLineBytes`` (`/dev/zero`
/// or a stream without newlines would otherwise grow one line until memory runs out), or a
/// line mostly made of NUL bytes (a binary file).
///
/// The reader supplies the blocks; the assembler keeps one 64 KiB buffer and the start of a
/// line that runs past it.
///
///     var assembler = LineAssembler(source: "dump.bin")
///     while let line = assembler.nextLine(fill: { read(fd, $0.baseAddress, $0.count) }) { … }
///     assembler.failure   // error: dump.bin:1: not a script of text: the line holds 65536 NUL bytes; …
public struct LineAssembler {
    /// Longer lines are refused: no SQL statement SQLite accepts is that long in practice,
    /// and the hostile-input corpus's 10 MB lines are far below it.
    public static let maximumLineBytes = 256 << 20
    /// A line holding more NUL bytes than this, and more NULs than other bytes, is binary.
    public static let maximumNULBytes = 1024

    private let source: String
    /// ``maximumLineBytes`` unless a test asks for less.
    private let lineLimit: Int
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    /// The bytes of `buffer` not yet handed out.
    private var start = 0
    private var end = 0
    /// The start of a line that runs past the end of the buffer.
    private var partial: [UInt8] = []
    private var partialNULs = 0
    private var isFinished = false
    private var lineNumber = 0
    /// The first NUL byte of the buffer at or after `start` (`end` when there is none):
    /// found once a block, so that a line without one costs a comparison, not a search.
    private var nextNUL = 0
    /// Why reading stopped before the end, when it did.
    public private(set) var failure: Diagnostic? {
        didSet { isRefused = failure != nil }
    }
    /// `failure != nil`, read before every line without copying the diagnostic.
    private var isRefused = false

    public init(source: String, lineLimit: Int = LineAssembler.maximumLineBytes) {
        self.source = source
        self.lineLimit = lineLimit
    }

    /// The next line, decoded by ``FileLineSource/line(from:)``, or nil at the end of the
    /// input or when it was refused (then ``failure`` says why). `fill` reads into the
    /// buffer it is given and returns the byte count, 0 or less at the end.
    public mutating func nextLine(fill: (UnsafeMutableRawBufferPointer) -> Int) -> String? {
        guard !isRefused else { return nil }
        while true {
            if let newline = buffer.withUnsafeBytes({ bytes -> Int? in
                guard start < end, let base = bytes.baseAddress,
                      let found = memchr(base + start, 0x0A, end - start) else { return nil }
                return base.distance(to: UnsafeRawPointer(found))
            }) {
                guard let nuls = check(adding: newline - start) else { return nil }
                defer { start = newline + 1 }
                return takeLine(upTo: newline, hasNUL: nuls > 0)
            }
            guard check(adding: end - start) != nil else { return nil }
            partialNULs += nulCount(start..<end)
            partial.append(contentsOf: buffer[start..<end])
            start = 0
            end = 0
            let count = isFinished ? 0 : buffer.withUnsafeMutableBytes(fill)
            guard count > 0 else {
                isFinished = true
                guard !partial.isEmpty else { return nil }
                lineNumber += 1
                defer { partial.removeAll(keepingCapacity: true); partialNULs = 0 }
                return partial.withUnsafeBufferPointer(FileLineSource.line(from:))
            }
            end = count
            nextNUL = buffer.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress, let found = memchr(base, 0, count) else { return count }
                return base.distance(to: UnsafeRawPointer(found))
            }
        }
    }

    /// Checks the line so far plus `count` more bytes of the buffer from `start`; returns
    /// how many NUL bytes they hold, or nil when the line is refused.
    private mutating func check(adding count: Int) -> Int? {
        let length = partial.count + count
        if length > lineLimit {
            refuse(lineLimit >= 1 << 20 ? "the line is longer than \(lineLimit >> 20) MiB" : "the line is longer than \(lineLimit) bytes")
            return nil
        }
        let nuls = partialNULs + nulCount(start..<(start + count))
        if nuls > Self.maximumNULBytes && nuls * 2 > length {
            refuse("the line holds \(nuls) NUL bytes")
            return nil
        }
        return nuls
    }

    private mutating func refuse(_ problem: String) {
        failure = Diagnostic("not a script of text: \(problem); nothing more of \(source) was read",
                             location: SourceLocation(source: source, line: lineNumber + 1),
                             hint: "sqlive reads SQL and meta-commands as text")
    }

    /// NUL bytes in part of the buffer: `memchr` first, so text without any costs one scan
    /// at memory speed.
    private func nulCount(_ range: Range<Int>) -> Int {
        // Ranges start at `start`: ending before the block's first NUL, they hold none.
        guard !range.isEmpty, range.upperBound > nextNUL else { return 0 }
        let hasNUL = buffer.withUnsafeBytes { bytes in
            bytes.baseAddress.map { memchr($0 + range.lowerBound, 0, range.count) != nil } ?? false
        }
        return hasNUL ? buffer[range].reduce(0) { $0 + ($1 == 0 ? 1 : 0) } : 0
    }

    /// The line made of `partial` and the buffer up to `index`; empties `partial`. A line
    /// inside the buffer (the common case) is decoded in place, without a copy, and without
    /// a second search for NUL bytes when ``check(adding:)`` found none.
    ///
    /// A `\r` just before the `\n` is dropped, as sqlite3 reads a file or standard input, so
    /// a script saved with CRLF line ends runs as with LF ones (`'x\r\ny'` is `'x\ny'`). A
    /// `\r` at the end of a last line without `\n`, or in a `-cmd` or SQL argument, stays.
    private mutating func takeLine(upTo index: Int, hasNUL: Bool) -> String {
        lineNumber += 1
        var lineEnd = max(start, index)
        if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") {
            lineEnd -= 1
        } else if lineEnd == start, partial.last == UInt8(ascii: "\r") {
            partial.removeLast()
        }
        guard !partial.isEmpty else {
            return buffer.withUnsafeBufferPointer { buffer in
                let line = UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])
                return hasNUL ? FileLineSource.line(from: line) : RawBytes.text(from: line)
            }
        }
        defer { partial.removeAll(keepingCapacity: true); partialNULs = 0 }
        partial.append(contentsOf: buffer[start..<lineEnd])
        return partial.withUnsafeBufferPointer(FileLineSource.line(from:))
    }
}
