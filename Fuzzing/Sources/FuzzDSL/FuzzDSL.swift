import FuzzSupport
import GRDB
import SQLiveKit

/// One session for the whole run: the schema is the same for every input, and mutations
/// run in a savepoint that is rolled back, so each input starts from the same data.
/// libFuzzer calls the test on one thread, one input at a time: nothing else touches it.
nonisolated(unsafe) private let fuzzSession: FuzzSession = {
    do {
        return try FuzzSession(schema: FuzzSchema.sql)
    } catch {
        fuzzFail("cannot create the session: \(error)")
    }
}()

/// Fuzzes the DSL's lexer, parser and compiler with arbitrary text against a schema with
/// foreign keys, the way the session compiles a typed query (`Session.compileQuery`). Every
/// input must give a statement or a diagnostic with a message; a statement then runs (its
/// changes rolled back), since GRDB only builds some SQL when the statement is prepared.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDSL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).remainingText
    // Text starting with an SQL keyword is SQL, not DSL: SQLite's own fuzzers cover it.
    guard !SQLKeywords.startsSQLStatement(text) else { return 0 }
    fuzzSession.inDatabase { db in
        do throws(Diagnostic) {
            guard let statement = try fuzzSession.session.compileQuery(text, in: db) else { return }
            try? db.inSavepoint {
                if statement.columnCount > 0 {
                    _ = try Row.fetchAll(statement)
                } else {
                    try statement.execute()
                }
                return .rollback
            }
        } catch {
            fuzzCheck(!error.message.isEmpty, "a diagnostic without a message for \(text.debugDescription)")
        }
    }
    return 0
}
