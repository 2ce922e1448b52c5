/// One record of a CSV or TSV file: its fields' bytes back to back, where each field ends,
/// and the line it starts on. The reader reuses one record, so reading allocates nothing
/// once the buffers have grown to the longest record.
public struct DelimitedRecord {
    /// The bytes of every field, in order, quotes removed and `""` unescaped.
    public private(set) var bytes: [UInt8] = []
    /// The end offset in `bytes` of each field.
    private(set) var fieldEnds: [Int] = []
    /// The 1-based line of the file where the record starts.
    public private(set) var line = 0
    /// The record is a line with nothing on it.
    public private(set) var isBlankLine = false
    /// A quoted field was still open at the end of the file: the line where it opened.
    public internal(set) var unterminatedQuoteLine: Int?
    /// The lines where a closing quote was followed by text, which sqlite3 keeps in the
    /// field, quote and all, and warns about ("unescaped \" character").
    public internal(set) var unescapedQuoteLines: [Int] = []

    public var fieldCount: Int { fieldEnds.count }

    public init() {}

    /// The range of `bytes` holding field `index`.
    public func range(ofField index: Int) -> Range<Int> {
        (index == 0 ? 0 : fieldEnds[index - 1])..<fieldEnds[index]
    }

    /// The fields as strings (invalid UTF-8 shown as U+FFFD), for headers and tests.
    public var fields: [String] {
        (0..<fieldCount).map { String(decoding: bytes[range(ofField: $0)], as: UTF8.self) }
    }

    mutating func reset(line: Int) {
        bytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        self.line = line
        isBlankLine = false
        unterminatedQuoteLine = nil
        unescapedQuoteLines.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: run)
    }

    mutating func endField() {
        fieldEnds.append(bytes.count)
    }

    /// Ends an unquoted field at a newline: drops the `\r` of a `\r\n` line ending, and
    /// notes a line that held nothing at all.
    mutating func endLineInUnquotedField() {
        let fieldStart = fieldEnds.last ?? 0
        if bytes.count > fieldStart && bytes.last == UInt8(ascii: "\r") {
            bytes.removeLast()
        }
        isBlankLine = fieldEnds.isEmpty && bytes.isEmpty
        endField()
    }
}
