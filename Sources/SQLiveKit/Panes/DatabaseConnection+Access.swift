import GRDB

extension DatabaseConnection {
    /// Runs `body` in a database access and turns whatever it throws into a ``Diagnostic``
    /// (SQLite's message for database errors), for the pane commands' typed errors.
    ///
    ///     let count = try connection.access { db in try Int.fetchOne(db, sql: "SELECT 1") }
    func access<T>(_ body: (Database) throws -> T) throws(Diagnostic) -> T {
        do {
            return try queue.inDatabase(body)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch let error as DatabaseError {
            throw Diagnostic(error.message ?? error.description)
        } catch {
            throw Diagnostic("\(error)")
        }
    }
}
