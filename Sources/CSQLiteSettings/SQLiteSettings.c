#include <sqlite3.h>
#include "CSQLiteSettings.h"

int sqlive_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
