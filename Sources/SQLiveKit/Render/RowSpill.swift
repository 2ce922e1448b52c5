import Foundation

/// Records set aside in a temporary file, to be read back in order once.
///
/// A grid written to a file or a pipe must size its columns from every row, as sqlite3
/// does, or a later, wider value would be cut; sqlite3 holds the whole result in memory for
/// that (157 MiB for a million rows). The grid keeps its first rows in memory and spills the
/// rest here, already cut into lines (``GridRenderer``): memory stays at one buffer of
/// ``flushSize`` bytes while writing and one chunk while reading, whatever the size of the
/// result.
///
///     let spill = RowSpill()
///     spill.appendRecord { $0.append(bytes) }   // one record per row, written in place
///     spill.forEach { record in … }        // each record again, in order
///
/// The file is made with `tmpfile()`: already unlinked, so it disappears when closed or when
/// the process ends, however it ends. When no temporary file can be made, or the disk fills
/// up, the records stay in memory: using more memory is better than losing data. Each record
/// is written as its length (four bytes, little endian) and its bytes.
final class RowSpill {
    /// How many bytes gather in memory before they are written to the file.
    static let flushSize = 1 << 16

    // MARK: - Mutable State
    // One spill serves one result on the session's thread; nothing here is shared.

    private var file: UnsafeMutablePointer<FILE>?
    /// Records not yet in the file.
    private var pending = RawByteBuffer(capacity: RowSpill.flushSize + 4096)
    private(set) var recordCount = 0
    /// How many records the file holds: the first ones; the rest are in ``pending``.
    private var recordsInFile = 0
    /// Set when the file could not take more records: the rest stay in ``pending``.
    private var keepsRecordsInMemory = false

    init() {
        file = tmpfile()
        keepsRecordsInMemory = file == nil
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Adds one record, which `write` appends to the buffer it is given: the record goes
    /// straight where it is kept, without a copy of its own.
    @inline(__always)
    func appendRecord(_ write: (inout RawByteBuffer) -> Void) {
        let start = pending.count
        pending.appendLength(0)
        write(&pending)
        pending.setLength(pending.count - start - 4, at: start)
        recordCount += 1
        if pending.count >= Self.flushSize { flush() }
    }

    /// Calls `body` with every record, in the order they came; the bytes are valid during
    /// the call only.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let file, recordsInFile > 0 {
            fflush(file)
            rewind(file)
            readRecords(recordsInFile, from: file, body)
        }
        let bytes = pending.bytes
        var offset = 0
        for _ in recordsInFile..<recordCount {
            let length = Self.length(bytes, at: offset)
            body(UnsafeBufferPointer(rebasing: bytes[offset + 4..<offset + 4 + length]))
            offset += 4 + length
        }
    }

    /// Reads `count` records from the file in chunks; a record longer than a chunk grows it.
    private func readRecords(_ count: Int, from file: UnsafeMutablePointer<FILE>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var chunk = [UInt8](repeating: 0, count: Self.flushSize * 4)
        var filled = 0
        var remaining = count
        while remaining > 0 {
            if filled == chunk.count { chunk.append(contentsOf: repeatElement(0, count: chunk.count)) }
            let read = chunk.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { fread($0 + filled, 1, buffer.count - filled, file) } ?? 0
            }
            guard read > 0 else { return }   // the file was cut short by someone else
            filled += read
            chunk.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let available = UnsafeBufferPointer(rebasing: buffer[0..<filled])
                var consumed = 0
                while remaining > 0, consumed + 4 <= filled {
                    let length = Self.length(available, at: consumed)
                    guard consumed + 4 + length <= filled else { break }
                    body(UnsafeBufferPointer(rebasing: available[consumed + 4..<consumed + 4 + length]))
                    consumed += 4 + length
                    remaining -= 1
                }
                // The start of the next record moves to the front of the chunk.
                base.update(from: base + consumed, count: filled - consumed)
                filled -= consumed
            }
        }
    }

    /// Writes the records gathered in memory to the file. When the file can't take them
    /// (a full disk), it is cut back to its last whole record and every later record stays
    /// in memory.
    private func flush() {
        guard let file, !keepsRecordsInMemory, pending.count > 0 else { return }
        let start = ftello(file)
        let written = fwrite(pending.bytes.baseAddress, 1, pending.count, file)
        if written == pending.count {
            pending.removeAll()
            recordsInFile = recordCount
            return
        }
        keepsRecordsInMemory = true
        clearerr(file)
        _ = ftruncate(fileno(file), start)
        fseeko(file, start, SEEK_SET)
    }

    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
}
