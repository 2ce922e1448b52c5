import Foundation

/// Rows set aside in a temporary file, to be read back in order once.
///
/// A grid written to a file or a pipe must size its columns from every row, as sqlite3
/// does, or a later, wider value would be cut; sqlite3 holds the whole result in memory for
/// that (157 MiB for a million rows). The grid keeps its first rows in memory and spills the
/// rest here: memory stays at one buffer of ``flushSize`` bytes while writing and one
/// chunk while reading, whatever the size of the result.
///
///     let spill = RowSpill()
///     spill.append(row)              // as many rows as the statement returns
///     spill.forEach { row in … }     // each row again, as a ``ResultRow``
///
/// The file is made with `tmpfile()`: already unlinked, so it disappears when closed or when
/// the process ends, however it ends. When no temporary file can be made, the rows stay in
/// memory: using more memory is better than losing data.
///
/// Each cell is written as its storage class (one byte), its length (four bytes, little
/// endian) and its text (a blob: its bytes).
final class RowSpill {
    /// How many bytes gather in memory before they are written to the file.
    static let flushSize = 1 << 16

    // MARK: - Mutable State
    // One spill serves one result on the session's thread; nothing here is shared.

    private var file: UnsafeMutablePointer<FILE>?
    /// Rows not yet in the file, in the format above.
    private var pending: [UInt8] = []
    private(set) var rowCount = 0
    /// How many rows the file holds: the first ones; the rest are in ``pending``.
    private var rowsInFile = 0
    /// Set when the file could not take more rows: the rest stay in ``pending``.
    private var keepsRowsInMemory = false

    init() {
        file = tmpfile()
        keepsRowsInMemory = file == nil
        pending.reserveCapacity(Self.flushSize + 4096)
    }

    deinit {
        if let file { fclose(file) }
    }

    func append<Row: ResultRow>(_ row: Row) {
        for index in 0..<row.columnCount {
            let kind = row.storageClass(at: index)
            pending.append(Self.code(of: kind))
            if kind == .blob {
                row.withBlob(at: index) { appendCell($0) }
            } else if kind != .null {
                row.withText(at: index) { appendCell($0) }
            } else {
                appendLength(0)
            }
        }
        rowCount += 1
        if pending.count >= Self.flushSize { flush() }
    }

    /// Calls `body` with every row, in the order they came; `columnCount` cells each.
    func forEach(columnCount: Int, _ body: (SpilledRow) -> Void) {
        var row = SpilledRow(columnCount: columnCount)
        if let file, rowsInFile > 0 {
            fflush(file)
            rewind(file)
            readRows(rowsInFile, from: file, into: &row, body)
        }
        pending.withUnsafeBufferPointer { bytes in
            var offset = 0
            for _ in rowsInFile..<rowCount {
                offset = row.read(bytes, at: offset)
                body(row)
            }
        }
    }

    /// Reads `count` rows from the file in chunks; a row longer than a chunk grows it.
    private func readRows(_ count: Int, from file: UnsafeMutablePointer<FILE>, into row: inout SpilledRow,
                          _ body: (SpilledRow) -> Void) {
        var chunk = [UInt8](repeating: 0, count: Self.flushSize * 4)
        var filled = 0
        var remaining = count
        while remaining > 0 {
            if filled == chunk.count { chunk.append(contentsOf: repeatElement(0, count: chunk.count)) }
            let read = chunk.withUnsafeMutableBufferPointer { buffer in
                fread(buffer.baseAddress! + filled, 1, buffer.count - filled, file)
            }
            guard read > 0 else { return }   // the file was cut short by someone else
            filled += read
            chunk.withUnsafeMutableBufferPointer { buffer in
                let available = UnsafeBufferPointer(rebasing: buffer[0..<filled])
                var consumed = 0
                while remaining > 0, SpilledRow.isComplete(available, at: consumed, columnCount: row.columnCount) {
                    consumed = row.read(available, at: consumed)
                    body(row)
                    remaining -= 1
                }
                // The start of the next row moves to the front of the chunk.
                let base = buffer.baseAddress!
                base.update(from: base + consumed, count: filled - consumed)
                filled -= consumed
            }
        }
    }

    private func appendCell(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendLength(bytes.count)
        pending.append(contentsOf: bytes)
    }

    private func appendLength(_ length: Int) {
        let value = UInt32(truncatingIfNeeded: length)
        pending.append(UInt8(truncatingIfNeeded: value))
        pending.append(UInt8(truncatingIfNeeded: value >> 8))
        pending.append(UInt8(truncatingIfNeeded: value >> 16))
        pending.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    /// Writes the whole rows gathered in memory to the file. When the file can't take them
    /// (a full disk), it is cut back to its last whole row and every later row stays in
    /// memory: more memory rather than lost rows.
    private func flush() {
        guard let file, !keepsRowsInMemory, !pending.isEmpty else { return }
        let start = ftello(file)
        let written = pending.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written == pending.count && fflush(file) == 0 {
            pending.removeAll(keepingCapacity: true)
            rowsInFile = rowCount
            return
        }
        keepsRowsInMemory = true
        clearerr(file)
        _ = ftruncate(fileno(file), start)
        fseeko(file, start, SEEK_SET)
    }

    fileprivate static func code(of kind: StorageClass) -> UInt8 {
        switch kind {
        case .null: 0
        case .integer: 1
        case .real: 2
        case .text: 3
        case .blob: 4
        }
    }
}

/// One row read back from a ``RowSpill``: cells that point into the spill's buffer, valid
/// during the call that receives it.
struct SpilledRow: ResultRow {
    let columnCount: Int
    private var kinds: [StorageClass]
    private var texts: [UnsafeBufferPointer<UInt8>]

    init(columnCount: Int) {
        self.columnCount = columnCount
        kinds = Array(repeating: .null, count: columnCount)
        texts = Array(repeating: UnsafeBufferPointer(start: nil, count: 0), count: columnCount)
    }

    /// Whether `bytes` holds a whole row at `offset`.
    static func isComplete(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, columnCount: Int) -> Bool {
        var offset = offset
        for _ in 0..<columnCount {
            guard offset + 5 <= bytes.count else { return false }
            offset += 5 + length(bytes, at: offset + 1)
        }
        return offset <= bytes.count
    }

    /// Reads the row at `offset`, returning where the next one starts.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        var offset = offset
        for index in 0..<columnCount {
            kinds[index] = Self.kind(bytes[offset])
            let count = Self.length(bytes, at: offset + 1)
            texts[index] = UnsafeBufferPointer(rebasing: bytes[offset + 5..<offset + 5 + count])
            offset += 5 + count
        }
        return offset
    }

    private static func length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    private static func kind(_ code: UInt8) -> StorageClass {
        switch code {
        case 1: .integer
        case 2: .real
        case 3: .text
        case 4: .blob
        default: .null
        }
    }

    func storageClass(at index: Int) -> StorageClass { kinds[index] }
    func int64(at index: Int) -> Int64 { Int64(String(decoding: texts[index], as: UTF8.self)) ?? 0 }
    func double(at index: Int) -> Double { Double(String(decoding: texts[index], as: UTF8.self)) ?? 0 }

    func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(texts[index])
    }

    func withBlob<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(texts[index])
    }
}
