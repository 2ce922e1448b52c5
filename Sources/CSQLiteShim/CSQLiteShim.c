#include <sqlite3.h>
#include <stdatomic.h>
#include <string.h>
#include "CSQLiteShim.h"

/* What sqlite3_config answered when the process was loaded. */
static int memory_statistics_result = -1;
static int uri_filenames_result = -1;
static int error_log_result = -1;
static int delete_guard_result = -1;

/* In DeleteGuard.c: makes the default VFS one that deletes only SQLite's own files. */
int sqlive_install_delete_guard(void);

/* Where SQLite's error log goes (`.log`): a handler set from Swift, or none. */
static _Atomic(sqlive_log_handler) log_handler = 0;

/* Above zero while this thread runs statements whose failures are not the user's errors. */
static _Thread_local int log_muted = 0;

static void sqlive_forward_log(void *unused, int code, const char *message) {
    (void)unused;
    if (log_muted) return;
    sqlive_log_handler handler = atomic_load(&log_handler);
    if (handler) handler(code, message);
}

/*
 * sqlite3_config only works before SQLite initializes, which the first connection, but also
 * sqlite3_complete() or any other library in the process, may do. A constructor runs when
 * the program (or a test bundle) is loaded, before any of that.
 */
__attribute__((constructor)) static void sqlive_configure_sqlite(void) {
    memory_statistics_result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    uri_filenames_result = sqlite3_config(SQLITE_CONFIG_URI, 1);
    /* Installed once for the process; costs nothing until SQLite logs (errors, warnings). */
    error_log_result = sqlite3_config(SQLITE_CONFIG_LOG, sqlive_forward_log, (void *)0);
    /* Last: registering a VFS initializes SQLite, after which sqlite3_config is refused. */
    delete_guard_result = sqlive_install_delete_guard();
}

int sqlive_delete_guard_result(void) {
    return delete_guard_result;
}

void sqlive_mute_log_on_this_thread(int muted) {
    if (muted) log_muted += 1;
    else if (log_muted > 0) log_muted -= 1;
}

int sqlive_set_log_handler(sqlive_log_handler handler) {
    atomic_store(&log_handler, handler);
    return error_log_result;
}

int sqlive_disable_memory_statistics(void) {
    return memory_statistics_result;
}

int sqlive_enable_uri_filenames(void) {
    return uri_filenames_result;
}

int sqlive_load_extension(void *connection, const char *path, const char *entryPoint, char **error) {
    sqlite3 *db = connection;
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, (int *)0);
    if (code != SQLITE_OK) return code;
    code = sqlite3_load_extension(db, path, entryPoint, error);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)0);
    return code;
}

int sqlive_format_real(char *buffer, int size, double value, int digits) {
    sqlite3_snprintf(size, buffer, "%!.*g", digits, value);
    return (int)strlen(buffer);
}

static void sqlive_refused_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    (void)argv;
    sqlite3_result_error(context, (const char *)sqlite3_user_data(context), -1);
}

int sqlive_refuse_function(void *connection, const char *name, int argumentCount, const char *message) {
    char *kept = sqlite3_mprintf("%s", message);
    if (kept == 0) return SQLITE_NOMEM;
    /* SQLITE_ANY replaces the UTF-8 and both UTF-16 versions a built-in registers: a
       UTF-8-only override would lose to the UTF-16 original in a UTF-16 database. */
    return sqlite3_create_function_v2(connection, name, argumentCount, SQLITE_ANY, kept,
                                      sqlive_refused_function, 0, 0, sqlite3_free);
}

int sqlive_set_connection_flag(void *connection, int flag, int on) {
    int now = -1;
    int code = sqlite3_db_config(connection, flag, on, &now);
    if (code != SQLITE_OK) return code;
    return now == on ? SQLITE_OK : SQLITE_ERROR;
}

int sqlive_connection_flag(void *connection, int flag) {
    int now = -1;
    if (sqlite3_db_config(connection, flag, -1, &now) != SQLITE_OK) return -1;
    return now;
}

int sqlive_is_interrupted(void *connection) {
    sqlite3_stmt *statement = 0;
    int code = sqlite3_prepare_v2(connection, "SELECT 1", -1, &statement, 0);
    sqlite3_finalize(statement);
    return code == SQLITE_INTERRUPT;
}

static int sqlive_note_transaction(void *found, int code, const char *argument, const char *unused1,
                                   const char *unused2, const char *unused3) {
    (void)unused1; (void)unused2; (void)unused3;
    if (code == SQLITE_TRANSACTION && argument != 0 && ((char *)found)[0] == 0) {
        sqlite3_snprintf(16, (char *)found, "%s", argument);
    }
    return SQLITE_OK;
}

int sqlive_transaction_action(const char *sql, int length, char *action) {
    sqlite3 *scratch = 0;
    action[0] = 0;
    if (sqlite3_open_v2(":memory:", &scratch, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, 0) != SQLITE_OK) {
        sqlite3_close(scratch);
        return -1;
    }
    sqlite3_set_authorizer(scratch, sqlive_note_transaction, action);
    sqlite3_stmt *statement = 0;
    sqlite3_prepare_v2(scratch, sql, length, &statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(scratch);
    return action[0] != 0;
}

int sqlive_mentions_pragma(const char *text, long length) {
    static const char word[] = "pragma";
    for (long start = 0; start + 6 <= length; start++) {
        if (text[start] == 0) return 0;
        if ((text[start] | 0x20) != 'p') continue;
        int matched = 1;
        while (matched < 6 && (text[start + matched] | 0x20) == word[matched]) matched++;
        if (matched == 6) return 1;
    }
    return 0;
}
