import Foundation
import FuzzSupport
import SQLiveKit

/// The file each input is written to; one per process, so parallel runs don't share it.
private let inputPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("sqlive-fuzz-csv-\(getpid()).csv").path

/// Removes the input file when libFuzzer exits (evaluated once, on first use).
private let removeInputAtExit: Void = {
    atexit { unlink(inputPath) }
}()

/// Fuzzes the CSV/TSV reader with arbitrary bytes, a separator and a block size chosen by
/// the first three input bytes (any byte; which of `,` tab `|` `;` or that byte; the size),
/// then `.import` of the same file in a fresh session.
///
/// Invariants: the records do not depend on the block size (reading one byte at a time or a
/// megabyte at a time gives the same fields, lines and flags), and records written back as
/// CSV with every field quoted read back as the same fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let anyByte = input.byte()
    let separator = input.choose(from: [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ";"), anyByte])
    let blockSize = input.number(in: 1...64)
    let bytes = input.remainingBytes
    write(bytes, to: inputPath)
    removeInputAtExit

    let whole = records(separator: separator, blockSize: DelimitedReader.blockSize)
    let chunked = records(separator: separator, blockSize: blockSize)
    fuzzCheck(whole == chunked, "reading in blocks of \(blockSize) gave other records:\n\(whole)\n\(chunked)")

    if [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ";")].contains(separator) {
        write(requoted(whole, separator: separator), to: inputPath)
        let reread = records(separator: separator, blockSize: blockSize)
        fuzzCheck(reread.map(\.fields) == whole.map(\.fields), "records written back as CSV read differently:\n\(whole)\n\(reread)")
        write(bytes, to: inputPath)
    }
    importFile(separator: separator)
    return 0
}

/// What the reader said of one record, bytes exact.
private struct ReadRecord: Equatable {
    var fields: [[UInt8]]
    var line: Int
    var isBlankLine: Bool
    var unterminatedQuoteLine: Int?
}

private func records(separator: UInt8, blockSize: Int) -> [ReadRecord] {
    do {
        let reader = try DelimitedReader(path: inputPath, separator: separator, blockSize: blockSize)
        var record = DelimitedRecord()
        var records: [ReadRecord] = []
        while try reader.read(into: &record) {
            let fields = (0..<record.fieldCount).map { Array(record.bytes[record.range(ofField: $0)]) }
            records.append(ReadRecord(fields: fields, line: record.line, isBlankLine: record.isBlankLine,
                                      unterminatedQuoteLine: record.unterminatedQuoteLine))
        }
        return records
    } catch {
        fuzzFail("reading failed: \(error.message)")
    }
}

/// The records as CSV: every field quoted, `"` doubled, a blank line left blank.
private func requoted(_ records: [ReadRecord], separator: UInt8) -> [UInt8] {
    var bytes: [UInt8] = []
    for record in records {
        if !record.isBlankLine {
            for (index, field) in record.fields.enumerated() {
                if index > 0 { bytes.append(separator) }
                bytes.append(UInt8(ascii: "\""))
                for byte in field {
                    if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                    bytes.append(byte)
                }
                bytes.append(UInt8(ascii: "\""))
            }
        }
        bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
}

/// `.import`s the file twice into one table (creating it from the header, then appending)
/// in a fresh session: whatever the bytes, it must end in rows or a diagnostic.
private func importFile(separator: UInt8) {
    let fuzz: FuzzSession
    do {
        fuzz = try FuzzSession(safe: false)
    } catch {
        fuzzFail("cannot create the session: \(error)")
    }
    let separatorWord = separator == UInt8(ascii: "'") ? "\"'\"" : "'" + String(decoding: [separator], as: UTF8.self) + "'"
    let command = separator < 0x80 ? ".separator \(separatorWord)\n" : ".mode csv\n"
    fuzz.run(command + ".import '\(inputPath)' t\n.import '\(inputPath)' t\n")
    fuzzCheck(fuzz.session.errorCount == 0 || !fuzz.errors.bytes.isEmpty, "a failure reported nothing")
}

private func write(_ bytes: [UInt8], to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    fuzzCheck(descriptor >= 0, "cannot write \(path)")
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        fuzzCheck(written > 0, "cannot write \(path)")
        offset += written
    }
    close(descriptor)
}
