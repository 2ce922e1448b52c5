import Foundation
import GRDB
import GRDBSQLite

/// Where SQL may call a function sqlive adds, which decides what a database someone sent
/// you can make it do.
///
/// A view, a trigger, a CHECK or DEFAULT clause or a generated column runs whenever the user
/// touches the table, with SQL the *file's author* wrote. So a function that acts outside
/// its arguments (reads or writes files, runs more SQL, sleeps) is ``directOnly``: SQLite
/// refuses it anywhere but in SQL the user typed ("unsafe use of writefile()"), as sqlite3
/// marks its shell's functions. Only a function declared ``harmless`` (a pure computation
/// on its arguments) may run from the schema, and then only because it is marked
/// `SQLITE_INNOCUOUS`: every connection runs with `trusted_schema` off
/// (``ConnectionHardening``), so anything unmarked is refused there too.
///
/// ``Database/addShellFunction(_:argumentCount:reach:_:)`` makes ``directOnly`` the default:
/// a function added later reaches the schema only when its author says it is harmless.
/// GRDB's `DatabaseFunction` marks neither, so sqlive never uses it
/// (`FunctionRegistrationTests` checks the sources).
enum FunctionReach: Sendable {
    /// A pure computation: deterministic, no access to files, the database or the process.
    case harmless
    /// Side effects or access beyond its arguments: callable from typed SQL only.
    case directOnly

    var flags: Int32 {
        switch self {
        case .harmless: SQLITE_UTF8 | SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC
        case .directOnly: SQLITE_UTF8 | SQLITE_DIRECTONLY
        }
    }
}

/// A Swift closure behind an SQL function, kept alive by the connection (released by
/// SQLite's destructor when the function is replaced or the connection closes).
private final class SQLFunctionBody {
    let call: ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?
    /// The function's name when it has effects: it refuses while a table names it
    /// (``CheckConstraintGuard``).
    let guardedName: String?
    init(_ call: @escaping ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?, guardedName: String?) {
        self.call = call
        self.guardedName = guardedName
    }
}

extension Database {
    /// Adds an SQL function of the shell's, marked for where it may be called.
    ///
    ///     db.addShellFunction("decimal", argumentCount: 1, reach: .harmless) { values in … }
    ///     db.addShellFunction("writefile", argumentCount: 2, reach: .directOnly) { values in … }
    ///
    /// SQLite calls the closure only on this connection's queue, inside one of its
    /// statements: it never runs concurrently with itself.
    func addShellFunction(_ name: String, argumentCount: Int, reach: FunctionReach = .directOnly,
                          _ body: @escaping ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?) {
        guard let connection = sqliteConnection else { return }
        let guardedName = reach == .directOnly ? name : nil
        let context = Unmanaged.passRetained(SQLFunctionBody(body, guardedName: guardedName)).toOpaque()
        // On failure SQLite calls the destructor itself, which releases the body.
        _ = sqlite3_create_function_v2(connection, name, Int32(argumentCount), reach.flags, context, { context, count, values in
            guard let user = sqlite3_user_data(context) else { return }
            let body = Unmanaged<SQLFunctionBody>.fromOpaque(user).takeUnretainedValue()
            if let name = body.guardedName, let connection = sqlite3_context_db_handle(context),
               let table = CheckConstraintGuard.tableNaming(name, connection: connection) {
                sqlite3_result_error(context, CheckConstraintGuard.refuse(name, table: table, connection: connection), -1)
                return
            }
            let arguments = (0..<Int(count)).map { SQLFunctionValues.value(values?[$0]) }
            do {
                SQLFunctionValues.report(try body.call(arguments)?.databaseValue ?? .null, in: context)
            } catch let error as DatabaseError {
                sqlite3_result_error(context, error.message ?? "\(error)", -1)
                sqlite3_result_error_code(context, error.extendedResultCode.rawValue)
            } catch {
                sqlite3_result_error(context, "\(error)", -1)
            }
        }, nil, nil, { context in
            guard let context else { return }
            Unmanaged<SQLFunctionBody>.fromOpaque(context).release()
        })
    }
}

/// Arguments read from SQLite and results handed back to it.
private enum SQLFunctionValues {
    static func value(_ value: OpaquePointer?) -> DatabaseValue {
        guard let value else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return sqlite3_value_int64(value).databaseValue
        case SQLITE_FLOAT:
            return sqlite3_value_double(value).databaseValue
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return "".databaseValue }
            let count = Int(sqlite3_value_bytes(value))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self).databaseValue
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard let blob = sqlite3_value_blob(value), count > 0 else { return Data().databaseValue }
            return Data(bytes: blob, count: count).databaseValue
        default:
            return .null
        }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func report(_ result: DatabaseValue, in context: OpaquePointer?) {
        switch result.storage {
        case .null:
            sqlite3_result_null(context)
        case .int64(let integer):
            sqlite3_result_int64(context, integer)
        case .double(let double):
            sqlite3_result_double(context, double)
        case .string(let text) where text.isEmpty:
            sqlite3_result_text(context, "", 0, nil)
        case .string(var text):
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    sqlite3_result_text64(context, $0.baseAddress, sqlite3_uint64($0.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    sqlite3_result_blob64(context, base, sqlite3_uint64(bytes.count), transient)
                } else {
                    sqlite3_result_zeroblob(context, 0)
                }
            }
        }
    }
}
