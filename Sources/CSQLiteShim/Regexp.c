#include <sqlite3.h>
#include "CSQLiteShim.h"

/*
 * regexp(PATTERN, TEXT) and regexpi(PATTERN, TEXT), behind `TEXT REGEXP PATTERN`: the SQLite
 * plumbing only. The matcher is Swift's (ShellRegexp.swift), reached through the three
 * functions given at registration; this file hands it the bytes sqlite3_value_text gives
 * (numbers as SQLite writes them, text up to its first NUL) and keeps a compiled pattern
 * with the statement while the pattern stays the same (sqlite3_set_auxdata).
 */

typedef struct {
    sqlive_regexp_compile compile;
    sqlive_regexp_match match;
    sqlive_regexp_release release;
    int ignores_case;
} RegexpFunctions;

static void regexp_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    const RegexpFunctions *functions = sqlite3_user_data(context);
    void *compiled = sqlite3_get_auxdata(context, 0);
    if (compiled == 0) {
        const unsigned char *pattern = sqlite3_value_text(argv[0]);
        if (pattern == 0) return;   /* NULL pattern: NULL */
        const char *error = 0;
        compiled = functions->compile(pattern, functions->ignores_case, &error);
        if (compiled == 0) {
            if (error) {
                sqlite3_result_error(context, error, -1);
            } else {
                sqlite3_result_error_nomem(context);
            }
            return;
        }
        sqlite3_set_auxdata(context, 0, compiled, functions->release);
        /* sqlite3_set_auxdata may have released it already (out of memory). */
        compiled = sqlite3_get_auxdata(context, 0);
        if (compiled == 0) {
            sqlite3_result_error_nomem(context);
            return;
        }
    }
    const unsigned char *text = sqlite3_value_text(argv[1]);
    if (text == 0) return;   /* NULL text: NULL */
    int matched = functions->match(compiled, text, sqlite3_context_db_handle(context));
    if (matched < 0) {
        sqlite3_result_error_code(context, SQLITE_INTERRUPT);
    } else {
        sqlite3_result_int(context, matched);
    }
}

int sqlive_register_regexp(void *connection, sqlive_regexp_compile compile, sqlive_regexp_match match,
                           sqlive_regexp_release release) {
    static const char *names[] = {"regexp", "regexpi"};
    for (int ignores_case = 0; ignores_case < 2; ignores_case++) {
        RegexpFunctions *functions = sqlite3_malloc(sizeof(RegexpFunctions));
        if (functions == 0) return SQLITE_NOMEM;
        *functions = (RegexpFunctions){compile, match, release, ignores_case};
        int code = sqlite3_create_function_v2(connection, names[ignores_case], 2,
                                              SQLITE_UTF8 | SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC,
                                              functions, regexp_function, 0, 0, sqlite3_free);
        if (code != SQLITE_OK) return code;
    }
    return SQLITE_OK;
}
