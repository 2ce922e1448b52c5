#include <sqlite3.h>
#include <string.h>
#include "CSQLiteShim.h"

int sqlive_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int sqlive_enable_uri_filenames(void) {
    return sqlite3_config(SQLITE_CONFIG_URI, 1);
}

int sqlive_load_extension(void *connection, const char *path, const char *entryPoint, char **error) {
    sqlite3 *db = connection;
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, (int *)0);
    if (code != SQLITE_OK) return code;
    code = sqlite3_load_extension(db, path, entryPoint, error);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)0);
    return code;
}

int sqlive_format_real(char *buffer, int size, double value) {
    sqlite3_snprintf(size, buffer, "%!.20g", value);
    return (int)strlen(buffer);
}
