import GRDB
#if canImport(Glibc)
import Glibc
#endif
import GRDBSQLite

/// SQLite's five storage classes, as `sqlite3_column_type` reports them.
public enum StorageClass: Sendable, Equatable {
    case null, integer, real, text, blob
}

/// One row of a result, read cell by cell without copying.
///
/// Renderers are written against this protocol so the same code renders a statement being
/// stepped (``StatementRow``) and a row kept by a pane (``StoredRow``).
public protocol ResultRow {
    var columnCount: Int { get }
    func storageClass(at index: Int) -> StorageClass
    func int64(at index: Int) -> Int64
    func double(at index: Int) -> Double
    /// The cell as SQLite converts it to text (`sqlite3_column_text`; REAL as `%!.15g`,
    /// a blob as its raw bytes). Empty for NULL.
    func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
    /// The cell's bytes as a blob (for `quote`, `insert` and `json` hex output).
    func withBlob<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
    /// The cell's text up to its first NUL byte, as sqlite3 prints values with `%s`.
    func withTextUntilNUL<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
}

extension ResultRow {
    public func withTextUntilNUL<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try withText(at: index) { try body(TextValue.untilNUL($0)) }
    }
}

extension ResultRow {
    /// A copy of the row that outlives the statement step.
    public func stored() -> StoredRow {
        StoredRow(cells: (0..<columnCount).map { index in
            let kind = storageClass(at: index)
            switch kind {
            case .null: return StoredRow.Cell(kind: .null, bytes: [], number: 0)
            case .integer: return StoredRow.Cell(kind: .integer, bytes: withText(at: index, Array.init), number: Double(int64(at: index)), integer: int64(at: index))
            case .real: return StoredRow.Cell(kind: .real, bytes: withText(at: index, Array.init), number: double(at: index))
            case .text: return StoredRow.Cell(kind: .text, bytes: withText(at: index, Array.init), number: 0)
            case .blob: return StoredRow.Cell(kind: .blob, bytes: withBlob(at: index, Array.init), number: 0)
            }
        })
    }
}

/// The current row of a statement being stepped: reads straight from SQLite.
public struct StatementRow: ResultRow {
    public let statement: SQLiteStatement
    public let columnCount: Int

    public init(statement: SQLiteStatement, columnCount: Int) {
        self.statement = statement
        self.columnCount = columnCount
    }

    @inline(__always)
    public func storageClass(at index: Int) -> StorageClass {
        switch sqlite3_column_type(statement, Int32(index)) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    @inline(__always)
    public func int64(at index: Int) -> Int64 { sqlite3_column_int64(statement, Int32(index)) }

    @inline(__always)
    public func double(at index: Int) -> Double { sqlite3_column_double(statement, Int32(index)) }

    @inline(__always)
    public func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let column = Int32(index)
        guard let text = sqlite3_column_text(statement, column) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeBufferPointer(start: text, count: count))
    }

    /// SQLite ends the text it hands out with a NUL: its length up to the first NUL is
    /// `strlen`'s, as sqlite3 finds it, without asking SQLite for the byte count.
    @inline(__always)
    public func withTextUntilNUL<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let text = sqlite3_column_text(statement, Int32(index)) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: text, count: strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))))
    }

    @inline(__always)
    public func withBlob<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let column = Int32(index)
        guard let blob = sqlite3_column_blob(statement, column) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeBufferPointer(start: blob.assumingMemoryBound(to: UInt8.self), count: count))
    }
}

/// A row copied out of a statement, kept by a pane or a buffering renderer.
public struct StoredRow: ResultRow, Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var kind: StorageClass
        /// SQLite's text of the value (blob: its bytes).
        public var bytes: [UInt8]
        public var number: Double
        public var integer: Int64 = 0
    }

    public var cells: [Cell]

    public init(cells: [Cell]) { self.cells = cells }

    public var columnCount: Int { cells.count }
    public func storageClass(at index: Int) -> StorageClass { cells[index].kind }
    public func int64(at index: Int) -> Int64 { cells[index].integer }
    public func double(at index: Int) -> Double { cells[index].number }

    public func withText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try cells[index].bytes.withUnsafeBufferPointer(body)
    }

    public func withBlob<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try cells[index].bytes.withUnsafeBufferPointer(body)
    }
}
