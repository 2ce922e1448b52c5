#ifndef CSQLITESETTINGS_H
#define CSQLITESETTINGS_H

/// Turns off SQLite's process-wide memory statistics (SQLITE_CONFIG_MEMSTATUS).
///
/// sqlite3_config is variadic, which Swift cannot call; this wrapper is the one reason this
/// C target exists. Returns SQLite's result code: SQLITE_MISUSE (21) when SQLite was
/// already initialized, in which case nothing changed.
int sqlive_disable_memory_statistics(void);

#endif
