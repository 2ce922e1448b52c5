import Foundation

/// Another process (sqlite3) holding a transaction open on a database until told to end
/// it: the lock a test needs held, with evidence that it is (sqlite3 printed after taking it).
///
///     let holder = try TransactionHolder(database, "begin immediate; insert into t values (1);")
///     …                          // writers meet the lock
///     holder.end()               // commit; true once sqlite3 says it did
public final class TransactionHolder {
    private let process: RunningProcess

    /// Starts sqlite3 on `database` and runs `statements`; nil when sqlite3 did not confirm
    /// within 10 s that they ran (the lock is not held).
    public init?(_ database: String, _ statements: String) throws {
        process = try RunningProcess("/usr/bin/sqlite3", [database])
        process.send(statements + "\n.print held\n")
        guard process.waitForLine("held", timeout: 10) else {
            process.kill()
            return nil
        }
    }

    /// Ends the transaction (`commit;` by default); true once sqlite3 confirmed it.
    @discardableResult
    public func end(_ statement: String = "commit;") -> Bool {
        process.send(statement + "\n.print released\n")
        return process.waitForLine("released", timeout: 10)
    }

    deinit { process.kill() }
}
