/// `csv` mode: sqlite3's quoting rules, byte for byte. A value is quoted when it is empty,
/// contains a control character, a space, a quote, a byte ≥ 0x7f, or the column separator;
/// quotes inside are doubled. NULL is `.nullvalue`, unquoted.
final class CSVRenderer: ResultRenderer {
    private var rows: DelimitedRows
    private let output: OutputBuffer
    private let columnSeparator: [UInt8]
    private let nullValue: [UInt8]
    /// For each byte, whether it forces quotes: ``quoteTriggers``, plus the separator when it
    /// is one byte, so the common case needs one pass over a value.
    private let triggers: [Bool]
    /// The separator is empty or longer than a byte: it is searched for in each value.
    private let searchesSeparator: Bool

    init(_ context: RenderContext) {
        rows = DelimitedRows(context)
        output = context.output
        columnSeparator = RawBytes.bytes(of: context.settings.columnSeparator)
        var triggers = Self.quoteTriggers
        if columnSeparator.count == 1 { triggers[Int(columnSeparator[0])] = true }
        self.triggers = triggers
        searchesSeparator = columnSeparator.count != 1
        nullValue = RawBytes.bytes(of: context.settings.nullValue)
    }

    func begin(columns: [String]) {
        rows.begin(columns: columns)
    }

    @_specialize(where Row == StatementRow)
    func write<Row: ResultRow>(row: Row) {
        rows.write(cellCount: row.columnCount, header: writeField) { index in
            if row.storageClass(at: index) == .null {
                output.append(nullValue)
            } else {
                row.withTextUntilNUL(at: index) { writeField($0) }
            }
        }
    }

    func finish() {}

    private func writeField(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard needsQuotes(bytes) else {
            output.append(bytes)
            return
        }
        output.append(UInt8(ascii: "\""))
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\"") {
            output.append(UnsafeBufferPointer(rebasing: bytes[start...index]))
            output.append(UInt8(ascii: "\""))
            start = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(UInt8(ascii: "\""))
    }

    private func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return true }
        let quotes = triggers.withUnsafeBufferPointer { table in
            bytes.contains { table[Int($0)] }
        }
        return quotes || (searchesSeparator && contains(bytes, columnSeparator))
    }

    /// Whether `needle` occurs in `haystack`; an empty needle always does (C's `strstr`,
    /// which sqlite3 uses, so an empty separator quotes every value).
    private func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == first && needle.indices.allSatisfy({ haystack[index + $0] == needle[$0] }) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Bytes that force quoting, as in sqlite3's shell.
    private static let quoteTriggers: [Bool] = (0...255).map { byte in
        byte < 0x20 || byte == 0x20 || byte == 0x22 || byte == 0x27 || byte >= 0x7f
    }
}
