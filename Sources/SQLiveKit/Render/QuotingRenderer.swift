/// `.mode qbox` (sqlite3's `--quote` for the grid modes): the grid renderer is handed rows
/// whose text is already quoted, so sizing, wrapping and spilling stay the grid's own.
///
///     ┌─────┬───┬──────┬───────┬─────┐
///     │ 'a' │ 1 │ NULL │ x'ab' │ 1.5 │
///     └─────┴───┴──────┴───────┴─────┘
///
/// Column names are not quoted; numbers read as in box mode (REAL as `%!.15g`, not quote
/// mode's 20 digits), and NULL is `NULL` whatever `.nullvalue` says, as in sqlite3.
final class QuotingRenderer: ResultRenderer {
    private let grid: any ResultRenderer

    init(_ grid: any ResultRenderer) {
        self.grid = grid
    }

    func begin(columns: [String]) { grid.begin(columns: columns) }

    func write<Row: ResultRow>(row: Row) { grid.write(row: QuotedRow(row)) }

    func finish() { grid.finish() }

    func finishAfterError() { grid.finishAfterError() }
}

/// A row whose text, blob and NULL cells read as SQL literals: `'it''s'`, `x'00ff'`, `NULL`.
/// Such cells report the text storage class, so that the grid writes their text.
struct QuotedRow<Base: ResultRow>: ResultRow {
    private let base: Base
    private let literals: [[UInt8]?]

    init(_ base: Base) {
        self.base = base
        literals = (0..<base.columnCount).map { index in
            switch base.storageClass(at: index) {
            case .integer, .real: nil
            case .null: Array("NULL".utf8)
            case .text: base.withText(at: index) { Self.quoted(TextValue.untilNUL($0)) }
            case .blob: base.withBlob(at: index) { Self.hex($0) }
            }
        }
    }

    var columnCount: Int { base.columnCount }

    func storageClass(at index: Int) -> StorageClass {
        literals[index] == nil ? base.storageClass(at: index) : .text
    }

    func int64(at index: Int) -> Int64 { base.int64(at: index) }

    func double(at index: Int) -> Double { base.double(at: index) }

    func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let literal = literals[index] else { return try base.withText(at: index, body) }
        return try literal.withUnsafeBufferPointer(body)
    }

    func withBlob<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try withText(at: index, body)
    }

    private static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var literal: [UInt8] = [UInt8(ascii: "'")]
        for byte in text {
            literal.append(byte)
            if byte == UInt8(ascii: "'") { literal.append(byte) }
        }
        literal.append(UInt8(ascii: "'"))
        return literal
    }

    private static func hex(_ blob: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var literal = Array("x'".utf8)
        for byte in blob {
            literal.append(digits[Int(byte >> 4)])
            literal.append(digits[Int(byte & 0x0F)])
        }
        literal.append(UInt8(ascii: "'"))
        return literal
    }
}
