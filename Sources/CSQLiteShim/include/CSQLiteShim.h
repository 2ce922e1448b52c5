#ifndef CSQLITESHIM_H
#define CSQLITESHIM_H

/*
 * The calls of SQLite's C API that Swift cannot make, or only slowly: sqlite3_config,
 * sqlite3_db_config and sqlite3_snprintf are variadic. Connections are passed as void * so that this header need not include
 * sqlite3.h (GRDB's module already does, and a header in two modules clashes).
 */

/// Whether SQLite's process-wide memory statistics were turned off (SQLITE_CONFIG_MEMSTATUS)
/// when the process was loaded: SQLite's result code, SQLITE_OK (0) when they were.
int sqlive_disable_memory_statistics(void);

/// Whether file names may be URIs (SQLITE_CONFIG_URI), as in the sqlite3 shell, set when the
/// process was loaded: SQLite's result code, SQLITE_OK (0) when they may. The panes share an
/// in-memory database with the session's connection through `file:/NAME?vfs=memdb`.
int sqlive_enable_uri_filenames(void);

/// Whether the default VFS was made one that deletes only the files SQLite makes beside the
/// databases this process opened (DeleteGuard.c): SQLite's result code, SQLITE_OK (0) when it
/// was, at process load. A hot journal of an untrusted file can otherwise name any file as its
/// super-journal, which SQLite deletes after the rollback.
int sqlive_delete_guard_result(void);

/// 1 when the guard refused to delete a file on the calling thread since the last
/// sqlive_take_refused_delete: a check cheap enough for every statement.
int sqlive_has_refused_delete(void);

/// The last file the guard refused to delete on the calling thread since its last call,
/// copied NUL-terminated into buffer (at most size bytes): 1 when there was one, 0 otherwise.
int sqlive_take_refused_delete(char *buffer, int size);

/// 1 when, on the calling thread since the last call, a connection whose database file was
/// deleted or replaced since it opened it found a journal at that path, and left it to the
/// new file's owner (DeleteGuard.c).
int sqlive_take_saw_moved_database(void);

/// Receives SQLite's error log (SQLITE_CONFIG_LOG): the result code and the message. It may
/// be called on any thread that uses SQLite.
typedef void (*sqlive_log_handler)(int code, const char *message);

/// Sends SQLite's error log to handler from now on (0: nowhere), for `.log`. The log itself
/// is installed when the process is loaded; returns SQLite's result code from then, SQLITE_OK
/// (0) when it took.
int sqlive_set_log_handler(sqlive_log_handler handler);

/// Leaves out of the log what SQLite logs on the calling thread between a call with 1 and
/// its call with 0 (they nest): a statement compiled to learn whether a name exists fails by
/// design, and what the panes run is sqlive's own.
void sqlive_mute_log_on_this_thread(int muted);

/// Loads an extension into a connection (`.load`): turns on extension loading for the C
/// API only (never the SQL function load_extension()), loads, and turns it off again.
/// Returns SQLite's result code; on failure *error holds a message to free with sqlite3_free.
int sqlive_load_extension(void *connection, const char *path, const char *entryPoint, char **error);

/// Writes a REAL as `%!.DIGITSg` through sqlite3_snprintf (SQLite's own digits, which differ
/// from C's and Swift's) into buffer, NUL-terminated; returns the length written. `.dump`
/// writes 20 digits; SQLite turns a REAL into text with 15. Swift could
/// reach sqlite3_vsnprintf only through a va_list built per call, which cost more than the
/// formatting itself (a dynamic cast per argument).
int sqlive_format_real(char *buffer, int size, double value, int digits);

/// Replaces the SQL function NAME taking argumentCount arguments (-1: any number) in every
/// text encoding by one that fails with message: how `--safe` and every session take away
/// built-in functions such as the two-argument fts3_tokenizer(). Returns SQLite's result code.
int sqlive_refuse_function(void *connection, const char *name, int argumentCount, const char *message);

/// Sets a boolean sqlite3_db_config option (SQLITE_DBCONFIG_DEFENSIVE, …) and checks that it
/// took: SQLITE_OK only when the option now has the value asked for.
int sqlive_set_connection_flag(void *connection, int flag, int on);

/// 1 when sqlite3_interrupt was called on the connection and the statement running has not
/// ended yet, for SQL functions that run long (regexp over a large text) to stop early.
/// SQLite 3.40 has no sqlite3_is_interrupted: this compiles a tiny statement, which SQLite
/// refuses with SQLITE_INTERRUPT while the connection is interrupted (a few microseconds).
int sqlive_is_interrupted(void *connection);

/// What SQLite makes of the first statement of sql (length bytes) as a transaction statement,
/// asked of SQLite itself on a private in-memory connection whose authorizer sees the
/// statement compile: 1 when it begins, commits or rolls back a transaction (BEGIN, COMMIT,
/// END, ROLLBACK, whatever comments or spelling surround the keyword; not SAVEPOINT, RELEASE
/// or ROLLBACK TO), with its action ("BEGIN", "COMMIT" or "ROLLBACK") copied into action
/// (at least 16 bytes); 0 otherwise, or when it does not compile there (a statement on a
/// table this empty database lacks is no transaction statement). -1 when SQLite fails.
int sqlive_transaction_action(const char *sql, int length, char *action);

/// Reads a boolean sqlite3_db_config option without changing it: 1 or 0, or -1 when SQLite
/// does not know the option.
int sqlive_connection_flag(void *connection, int flag);

/// Registers generate_series(START, STOP, STEP), the table-valued function of sqlite3's shell
/// (an eponymous virtual table, see GenerateSeries.c), on a connection. Returns SQLite's
/// result code.
int sqlive_register_generate_series(void *connection);

/// Compiles a NUL-terminated pattern for regexp() (ignoresCase 1: regexpi()); returns an
/// object the two functions below take, or 0 with *error set to a static message (0: out of
/// memory).
typedef void *(*sqlive_regexp_compile)(const unsigned char *pattern, int ignoresCase, const char **error);
/// Whether a compiled pattern matches somewhere in a NUL-terminated text: 1 or 0, or -1 when
/// the connection was interrupted during a long match (see sqlive_is_interrupted).
typedef int (*sqlive_regexp_match)(void *compiled, const unsigned char *text, void *connection);
/// Frees a compiled pattern.
typedef void (*sqlive_regexp_release)(void *compiled);

/// Registers regexp(PATTERN, TEXT) (what `TEXT REGEXP PATTERN` calls) and regexpi(PATTERN,
/// TEXT) on a connection, matching with the functions given (see Regexp.c). Returns SQLite's
/// result code.
int sqlive_register_regexp(void *connection, sqlive_regexp_compile compile, sqlive_regexp_match match,
                           sqlive_regexp_release release);

/// Whether `length` bytes of text hold the letters `pragma` in any case, before any NUL
/// (SQLite reads no further): the cheap look before a statement's words are scanned.
int sqlive_mentions_pragma(const char *text, long length);

#endif
