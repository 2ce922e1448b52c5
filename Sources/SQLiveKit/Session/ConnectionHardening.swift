import GRDB
import GRDBSQLite
import CSQLiteShim

/// What every connection sqlive opens takes away from SQL, and what `--safe` takes away more.
///
/// sqlite3's `-safe` refuses through an authorizer. GRDB registers its own authorizer on each
/// connection (it learns from it what a statement reads and writes, for observation) and
/// offers no hook to add to it, and SQLite keeps one authorizer per connection: installing
/// ours would silently switch GRDB's off. So the same refusals are made with what SQLite
/// offers besides, each of which composes with GRDB's authorizer:
///
/// - the dangerous functions are replaced, on the connection, by functions that fail
///   (``refusedFunctions``; a function registered under a built-in's name and arity wins);
/// - ATTACH (and `VACUUM INTO`, which attaches its target) by a limit of zero attached
///   databases;
/// - writes to the schema table, `sqlite_dbpage` and shadow tables by
///   `SQLITE_DBCONFIG_DEFENSIVE`;
/// - pragmas that act on the whole process before any authorizer sees them by
///   ``SafeStatementCheck``, on the statement's text.
///
/// On every connection, `--safe` or not, a database's own schema (views, triggers, CHECK and
/// DEFAULT clauses, generated columns, indexes) may call only functions and virtual tables
/// marked harmless (`SQLITE_INNOCUOUS`): `SQLITE_DBCONFIG_TRUSTED_SCHEMA` is off, and the
/// shell's functions with side effects are direct-only (``FunctionReach``). Opening a file
/// someone sent you never lets it write files or run SQL of its own. `PRAGMA trusted_schema=1`
/// gives a schema one trusts back the functions that are not marked, on the session's
/// connection; direct-only functions stay refused there, as in sqlite3.
///
///     try ConnectionHardening.apply(to: db, safe: true)   // in Configuration.prepareDatabase
enum ConnectionHardening {
    /// A function refused on every connection: the two-argument `fts3_tokenizer` stores a
    /// pointer given as a blob, which SQLite then calls (Debian's SQLite has it compiled in).
    static let alwaysRefused: [RefusedFunction] = [
        RefusedFunction(name: "fts3_tokenizer", argumentCounts: [2],
                        reason: "fts3_tokenizer() with two arguments is disabled in sqlive (it lets SQL choose a pointer SQLite calls)"),
    ]

    /// What `--safe` refuses besides: what sqlite3's `-safe` refuses by name.
    static let refusedWhenSafe: [RefusedFunction] = [
        RefusedFunction(name: "fts3_tokenizer", argumentCounts: [1], reason: "fts3_tokenizer() is disabled in safe mode (--safe)"),
        RefusedFunction(name: "load_extension", argumentCounts: [1, 2], reason: "load_extension() is disabled in safe mode (--safe)"),
        // The sqlite3 shell's own file functions: not in the library today, refused in case
        // a build of SQLite ever brings them.
        RefusedFunction(name: "readfile", argumentCounts: [-1, 1], reason: "readfile() is disabled in safe mode (--safe)"),
        RefusedFunction(name: "writefile", argumentCounts: [-1, 2, 3, 4], reason: "writefile() is disabled in safe mode (--safe)"),
        RefusedFunction(name: "edit", argumentCounts: [-1, 1, 2], reason: "edit() is disabled in safe mode (--safe)"),
    ]

    /// Also adds the shell's harmless functions (``ShellFunctions/installOnEveryConnection(in:safe:)``):
    /// every connection, the panes' included, comes through here.
    /// `trustsSchema`: the user trusts this database (``OpenOptions/trustsSchema``), never
    /// with `safe`.
    static func apply(to db: Database, safe: Bool, trustsSchema: Bool = false) throws {
        guard let connection = db.sqliteConnection else { return }
        try ShellFunctions.installOnEveryConnection(in: db, safe: safe)
        let handle = UnsafeMutableRawPointer(connection)
        for function in alwaysRefused + (safe ? refusedWhenSafe : []) {
            for count in function.argumentCounts {
                let code = sqlive_refuse_function(handle, function.name, count, function.reason)
                guard code == SQLITE_OK else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot disable \(function.name)()")
                }
            }
        }
        try set(SQLITE_DBCONFIG_TRUSTED_SCHEMA, on: trustsSchema && !safe, handle: handle)
        guard safe else { return }
        sqlite3_limit(connection, SQLITE_LIMIT_ATTACHED, 0)
        try set(SQLITE_DBCONFIG_DEFENSIVE, on: true, handle: handle)
    }

    private static func set(_ flag: Int32, on: Bool, handle: UnsafeMutableRawPointer) throws {
        let code = sqlive_set_connection_flag(handle, flag, on ? 1 : 0)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot set up the connection's protections")
        }
    }
}
