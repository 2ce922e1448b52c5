#if canImport(Glibc)
import Glibc
#endif

/// Reads CSV or TSV records from a file, a megabyte at a time, whatever the file's size.
///
/// The format is RFC 4180 read the way sqlite3's `.import` reads it: fields separated by
/// one byte (`,` or tab), records by `\n` or `\r\n`; a field starting with `"` is quoted,
/// may hold separators and newlines, and writes a quote as `""`. Two leniencies, sqlite3's:
/// a quote inside an unquoted field is just a character, and a quote followed by anything
/// but a separator or the end of the record is kept, and the field goes on as quoted
/// (`"ab"cd,e"` then a newline reads `ab"cd,e`, with a warning in
/// ``DelimitedRecord/unescapedQuoteLines``). A UTF-8 byte order mark is skipped.
///
///     let reader = try DelimitedReader(path: "albums.csv", separator: UInt8(ascii: ","))
///     var record = DelimitedRecord()
///     while try reader.read(into: &record) {
///         print(record.line, record.fields)   // 1 ["AlbumId", "Title"] …
///     }
///
/// Public so the fuzz targets (`Fuzzing/`) can read with small blocks: records must not
/// depend on where the blocks end.
public final class DelimitedReader {
    public let path: String
    public let separator: UInt8
    /// The byte that ends a record: `\n`, or 0x1E for sqlite3's ascii mode.
    public let recordSeparator: UInt8
    /// Whether a field starting with `"` is quoted (not in ascii mode, where bytes are data).
    public let quoting: Bool
    /// The file's size when it is a regular file (for progress), else nil.
    let fileSize: Int?
    /// How many bytes of the file the records read so far span.
    var bytesConsumed: Int { bytesBeforeBuffer + position }

    private let fileDescriptor: Int32
    /// The program's output being read, for `.import '|command' TABLE`; closed with pclose.
    private var commandStream: UnsafeMutablePointer<FILE>?
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private let blockSize: Int
    private var position = 0
    private var end = 0
    private var bytesBeforeBuffer = 0
    private var reachedEndOfFile = false
    private var isAtStart = true
    /// The line the next record starts on.
    private var line = 1

    /// Longer records stop the import: most likely a quote that never closes.
    static let maximumRecordBytes = 1 << 28
    public static let blockSize = 1 << 20

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote, afterQuoteCarriageReturn
    }

    /// Opens the file; `blockSize` is how many bytes each read asks for.
    public init(path: String, separator: UInt8, recordSeparator: UInt8 = UInt8(ascii: "\n"), quoting: Bool = true,
                blockSize: Int = DelimitedReader.blockSize) throws(Diagnostic) {
        // A FIFO's open waits for its writer; reads wait on a program or on /dev/stdin.
        let fileDescriptor = BlockingIO.during { open(path, O_RDONLY | O_CLOEXEC) }
        guard fileDescriptor >= 0 else {
            throw Diagnostic("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        if fstat(fileDescriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            close(fileDescriptor)
            throw Diagnostic("cannot read \(path): it is a directory")
        }
        self.path = path
        self.separator = separator
        self.recordSeparator = recordSeparator
        self.quoting = quoting
        self.fileDescriptor = fileDescriptor
        self.fileSize = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        self.blockSize = max(1, blockSize)
        // Room for a whole byte order mark, however small the blocks.
        buffer = .allocate(capacity: max(3, blockSize))
    }

    /// Reads what a shell command writes (`.import '|command' TABLE`, as in sqlite3).
    public convenience init(command: String, separator: UInt8, recordSeparator: UInt8, quoting: Bool) throws(Diagnostic) {
        guard let stream = popen(command, "r") else {
            throw Diagnostic("cannot run \(command): \(String(cString: strerror(errno)))")
        }
        try self.init(path: "/dev/fd/\(fileno(stream))", separator: separator, recordSeparator: recordSeparator, quoting: quoting)
        commandStream = stream
    }

    deinit {
        buffer.deallocate()
        close(fileDescriptor)
        if let commandStream { _ = BlockingIO.during { pclose(commandStream) } }
    }

    /// Reads the next record into `record`; false at the end of the file. A quoted field
    /// left open at the end is returned with ``DelimitedRecord/unterminatedQuoteLine`` set.
    public func read(into record: inout DelimitedRecord) throws(Diagnostic) -> Bool {
        record.reset(line: line)
        let buffer = buffer, separator = separator
        var state = State.fieldStart
        var quoteLine = line
        while true {
            if position == end {
                guard try fill() else { break }
            }
            if record.bytes.count > Self.maximumRecordBytes {
                throw Diagnostic("\(path):\(record.line): a record longer than \(Self.maximumRecordBytes >> 20) MiB; is a quote left open?")
            }
            switch state {
            case .fieldStart:
                if quoting && buffer[position] == Self.quote {
                    position += 1
                    quoteLine = line
                    state = .quoted
                } else {
                    state = .unquoted
                }
            case .unquoted:
                var index = position
                let recordSeparator = recordSeparator
                while index < end, buffer[index] != separator, buffer[index] != recordSeparator {
                    index += 1
                }
                record.append(UnsafeBufferPointer(rebasing: buffer[position..<index]))
                position = index
                guard index < end else { continue }
                position += 1
                if buffer[index] == separator {
                    record.endField()
                    state = .fieldStart
                } else if quoting {
                    line += 1
                    record.endLineInUnquotedField()
                    return true
                } else {
                    line += 1
                    record.endField()
                    return true
                }
            case .quoted:
                var index = position
                while index < end, buffer[index] != Self.quote {
                    if buffer[index] == Self.newline { line += 1 }
                    index += 1
                }
                record.append(UnsafeBufferPointer(rebasing: buffer[position..<index]))
                position = index
                guard index < end else { continue }
                position += 1
                state = .afterQuote
            case .afterQuote:
                let byte = buffer[position]
                switch byte {
                case Self.quote:
                    position += 1
                    record.append(Self.quote)
                    state = .quoted
                case separator:
                    position += 1
                    record.endField()
                    state = .fieldStart
                case recordSeparator:
                    position += 1
                    line += 1
                    record.endField()
                    return true
                case Self.carriageReturn:
                    position += 1
                    state = .afterQuoteCarriageReturn
                default:
                    // Not a closing quote after all: sqlite3 keeps it and reads on as quoted.
                    record.unescapedQuoteLines.append(line)
                    record.append(Self.quote)
                    state = .quoted
                }
            case .afterQuoteCarriageReturn:
                if buffer[position] == recordSeparator {
                    position += 1
                    line += 1
                    record.endField()
                    return true
                }
                record.append(Self.quote)
                record.append(Self.carriageReturn)
                state = .quoted
            }
        }
        switch state {
        case .fieldStart where record.fieldCount == 0:
            return false
        case .afterQuoteCarriageReturn:
            record.append(Self.quote)
            record.append(Self.carriageReturn)
            record.unterminatedQuoteLine = quoteLine
        case .quoted:
            record.unterminatedQuoteLine = quoteLine
        default:
            break
        }
        record.endField()
        return true
    }

    /// Reads the next block; false at the end of the file.
    private func fill() throws(Diagnostic) -> Bool {
        guard !reachedEndOfFile else { return false }
        bytesBeforeBuffer += end
        position = 0
        end = 0
        if isAtStart {
            isAtStart = false
            // A short first read (a pipe, a small block) may hold only part of a byte order
            // mark: read on until it is whole or the file ends.
            while end < 3, try readBlock() {}
            if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                position = 3
            }
        } else {
            _ = try readBlock()
        }
        if position < end { return true }
        return try fill()
    }

    /// Appends one read of up to `blockSize` bytes to the buffer; false at the end of the file.
    private func readBlock() throws(Diagnostic) -> Bool {
        guard let start = buffer.baseAddress.map({ $0 + end }) else { return false }
        var count: Int
        repeat {
            count = BlockingIO.during { Glibc.read(fileDescriptor, start, min(blockSize, buffer.count - end)) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else {
            throw Diagnostic("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard count > 0 else {
            reachedEndOfFile = true
            return false
        }
        end += count
        return true
    }
}
