#include <sqlite3.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "CSQLiteShim.h"

/*
 * A hot rollback journal names a "super-journal" at its end. After rolling the journal back,
 * SQLite opens that file and, when no child journal in it is still hot, deletes it — and the
 * name is whatever the journal says. A database shipped with a crafted -journal beside it
 * would delete any file its user may delete (~/.bashrc, another database's -wal) the moment
 * it is read, as it does in the sqlite3 shell.
 *
 * This VFS wraps the default one and changes two things. It deletes only the files SQLite
 * makes beside a database this process opened (its -journal, its -wal, and the
 * super-journals of its multi-database commits, named -mjHHHHHH9HH after it), and a file a
 * hot journal named as its super-journal only when it is named so. Anything else
 * is left in place and reported as deleted, so that the rollback completes; the refusal is
 * kept, for the thread that ran the statement, for sqlive to tell the user. It opens no FIFO
 * (see is_fifo_or_socket). And a connection whose database file was deleted, or replaced by
 * another, takes no journal at that path for its own (see guarded_check_reserved_lock).
 * Files keep the default VFS's methods for everything else: reading and writing cost
 * nothing more.
 */

/* The VFS a guard wraps is its pAppData (the wrapped VFS's own pAppData stays its own). */
#define LOWER(vfs) ((sqlite3_vfs *)(vfs)->pAppData)

static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static char **opened_databases;
static int opened_count;
static int opened_capacity;
/* The last refusal, on the thread whose statement read the hot journal: the session that
   ran the statement reports it, not another session of the process (tests run in parallel). */
static _Thread_local char *refused_delete;

static void remember_database(const char *path) {
    pthread_mutex_lock(&guard_lock);
    for (int i = 0; i < opened_count; i++) {
        if (strcmp(opened_databases[i], path) == 0) { pthread_mutex_unlock(&guard_lock); return; }
    }
    if (opened_count == opened_capacity) {
        int capacity = opened_capacity ? 2 * opened_capacity : 8;
        char **grown = realloc(opened_databases, (size_t)capacity * sizeof(char *));
        if (!grown) { pthread_mutex_unlock(&guard_lock); return; }
        opened_databases = grown;
        opened_capacity = capacity;
    }
    char *copy = strdup(path);
    if (copy) opened_databases[opened_count++] = copy;
    pthread_mutex_unlock(&guard_lock);
}

static int is_upper_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
}

/* "-mj", six hex digits, "9", two hex digits: the name SQLite gives a super-journal. */
static int is_super_journal_suffix(const char *suffix) {
    if (strlen(suffix) != 12 || strncmp(suffix, "-mj", 3) != 0 || suffix[9] != '9') return 0;
    for (int i = 3; i < 12; i++) {
        if (i != 9 && !is_upper_hex(suffix[i])) return 0;
    }
    return 1;
}

/* True when path is a file SQLite makes beside a database this process opened. */
static int may_delete(const char *path) {
    int allowed = 0;
    pthread_mutex_lock(&guard_lock);
    for (int i = 0; i < opened_count && !allowed; i++) {
        size_t length = strlen(opened_databases[i]);
        if (strncmp(path, opened_databases[i], length) != 0) continue;
        const char *suffix = path + length;
        allowed = strcmp(suffix, "-journal") == 0 || strcmp(suffix, "-wal") == 0 || is_super_journal_suffix(suffix);
    }
    pthread_mutex_unlock(&guard_lock);
    return allowed;
}

/*
 * SQLite opens a super-journal named by a hot journal (SQLITE_OPEN_SUPER_JOURNAL), then the
 * journals it lists (with the same flag), then deletes it. The name may be the -wal or the
 * -journal of another database this process opened (the app beside `--follow`, the user's
 * own database before `.open`), which may_delete allows: its committed rows went with it.
 * The names this thread opened as super-journals since its last other open or delete are
 * kept here; one of them is deleted only when it is named as SQLite names super-journals.
 */
enum { super_reads_capacity = 8 };
static _Thread_local char *super_reads[super_reads_capacity];
static _Thread_local int super_reads_count;

static void forget_super_reads(void) {
    for (int i = 0; i < super_reads_count; i++) free(super_reads[i]);
    super_reads_count = 0;
}

static void note_super_read(const char *path) {
    if (super_reads_count == super_reads_capacity) return;  /* the first ones: the super-journal */
    char *copy = strdup(path);
    if (copy) super_reads[super_reads_count++] = copy;
}

/* True when path was opened as a super-journal but is not named as one. */
static int is_misnamed_super_journal(const char *path) {
    for (int i = 0; i < super_reads_count; i++) {
        if (strcmp(super_reads[i], path) != 0) continue;
        size_t length = strlen(path);
        return length < 12 || !is_super_journal_suffix(path + length - 12);
    }
    return 0;
}

/*
 * A FIFO (or socket) where SQLite expects a file would block open() for ever: a `-journal`
 * FIFO shipped beside a database froze `.open` and ATTACH beyond the reach of signals. SQLite
 * never makes one, so none is opened.
 */
static int is_fifo_or_socket(const char *path) {
    struct stat status;
    return stat(path, &status) == 0 && (S_ISFIFO(status.st_mode) || S_ISSOCK(status.st_mode));
}

/*
 * A database deleted and made again while a connection still has the old file open (an app
 * resetting its database beside `sqlive --follow`): the new file's -journal has the old
 * file's journal name. SQLite takes a journal for hot when no connection holds a RESERVED
 * lock on the database, and it asks the old file, which nobody locks: it rolled the app's
 * journal back into the old file and deleted it, and the app's COMMIT then failed with a
 * disk I/O error (and a crash of the app would have left its database corrupt). A database
 * file that moved is taken here for locked by another connection: its journal is nobody's
 * to roll back. The connection goes on reading the old file (SQLite itself refuses to
 * write to it, SQLITE_READONLY_DBMOVED, and to checkpoint it at close).
 */
static _Thread_local int saw_moved_database;

enum { method_tables_capacity = 8 };
static struct { const sqlite3_io_methods *lower; sqlite3_io_methods guarded; } method_tables[method_tables_capacity];
static int method_tables_count;

/* Looked up by a wrapper: the lower table of the file's guarded one. Tables are only added,
   each filled before the count that shows it grows. */
static const sqlite3_io_methods *lower_methods(sqlite3_file *file) {
    int count = __atomic_load_n(&method_tables_count, __ATOMIC_ACQUIRE);
    for (int i = 0; i < count; i++) {
        if (file->pMethods == &method_tables[i].guarded) return method_tables[i].lower;
    }
    return file->pMethods;
}

static int guarded_check_reserved_lock(sqlite3_file *file, int *result) {
    const sqlite3_io_methods *lower = lower_methods(file);
    int rc = lower->xCheckReservedLock(file, result);
    if (rc != SQLITE_OK || *result) return rc;
    int moved = 0;
    if (lower->xFileControl(file, SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved) {
        *result = 1;
        saw_moved_database = 1;
    }
    return rc;
}

/* The guarded copy of a main database's method table: the same methods but one. Unix uses a
   few tables (one per locking style); a table beyond the capacity keeps its own methods. */
static const sqlite3_io_methods *guarded_methods(const sqlite3_io_methods *lower) {
    if (!lower || !lower->xCheckReservedLock || !lower->xFileControl) return lower;
    const sqlite3_io_methods *found = lower;
    pthread_mutex_lock(&guard_lock);
    int i = 0;
    while (i < method_tables_count && method_tables[i].lower != lower) i++;
    if (i == method_tables_count && i < method_tables_capacity) {
        method_tables[i].lower = lower;
        method_tables[i].guarded = *lower;
        method_tables[i].guarded.xCheckReservedLock = guarded_check_reserved_lock;
        __atomic_store_n(&method_tables_count, i + 1, __ATOMIC_RELEASE);
    }
    if (i < method_tables_count) found = &method_tables[i].guarded;
    pthread_mutex_unlock(&guard_lock);
    return found;
}

static int guard_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
    if (name && is_fifo_or_socket(name)) return SQLITE_CANTOPEN;
    if (name && (flags & SQLITE_OPEN_MAIN_DB)) remember_database(name);
    if (name && (flags & SQLITE_OPEN_SUPER_JOURNAL)) note_super_read(name);
    else forget_super_reads();
    int rc = LOWER(vfs)->xOpen(LOWER(vfs), name, file, flags, outFlags);
    if (rc == SQLITE_OK && (flags & SQLITE_OPEN_MAIN_DB)) file->pMethods = guarded_methods(file->pMethods);
    return rc;
}

int sqlive_take_saw_moved_database(void) {
    int saw = saw_moved_database;
    saw_moved_database = 0;
    return saw;
}

static int guard_delete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    int misnamed = is_misnamed_super_journal(name);
    forget_super_reads();
    if (!misnamed && may_delete(name)) return LOWER(vfs)->xDelete(LOWER(vfs), name, syncDirectory);
    free(refused_delete);
    refused_delete = strdup(name);
    return SQLITE_OK;
}

static int guard_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    return LOWER(vfs)->xAccess(LOWER(vfs), name, flags, result);
}

static int guard_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return LOWER(vfs)->xFullPathname(LOWER(vfs), name, size, out);
}

static void *guard_dl_open(sqlite3_vfs *vfs, const char *name) {
    return LOWER(vfs)->xDlOpen(LOWER(vfs), name);
}

static void guard_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    LOWER(vfs)->xDlError(LOWER(vfs), size, message);
}

static void (*guard_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return LOWER(vfs)->xDlSym(LOWER(vfs), handle, symbol);
}

static void guard_dl_close(sqlite3_vfs *vfs, void *handle) {
    LOWER(vfs)->xDlClose(LOWER(vfs), handle);
}

static int guard_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return LOWER(vfs)->xRandomness(LOWER(vfs), size, out);
}

static int guard_sleep(sqlite3_vfs *vfs, int microseconds) {
    return LOWER(vfs)->xSleep(LOWER(vfs), microseconds);
}

static int guard_current_time(sqlite3_vfs *vfs, double *now) {
    return LOWER(vfs)->xCurrentTime(LOWER(vfs), now);
}

static int guard_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    return LOWER(vfs)->xGetLastError ? LOWER(vfs)->xGetLastError(LOWER(vfs), size, out) : 0;
}

static int guard_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    return LOWER(vfs)->xCurrentTimeInt64(LOWER(vfs), now);
}

static int guard_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return LOWER(vfs)->xSetSystemCall(LOWER(vfs), name, call);
}

static sqlite3_syscall_ptr guard_get_system_call(sqlite3_vfs *vfs, const char *name) {
    return LOWER(vfs)->xGetSystemCall(LOWER(vfs), name);
}

static const char *guard_next_system_call(sqlite3_vfs *vfs, const char *name) {
    return LOWER(vfs)->xNextSystemCall(LOWER(vfs), name);
}

/*
 * The guard over `lower`, named `name`. SQLite's other unix VFSes ("unix" itself,
 * "unix-excl", "unix-none", "unix-dotfile") are wrapped too, under their own names: a URI
 * naming one (`file:app.db?vfs=unix-excl`, for a network file system) reached SQLite's
 * xDelete unguarded, and a hot journal beside the database deleted the file it named.
 */
static int install_guard(sqlite3_vfs *guard, sqlite3_vfs *lower, const char *name, int makeDefault) {
    /* The unix VFSes are version 3: every method below exists. */
    if (!lower || lower->iVersion < 3) return SQLITE_ERROR;
    *guard = *lower;
    guard->zName = name;
    guard->pAppData = lower;
    guard->xOpen = guard_open;
    guard->xDelete = guard_delete;
    guard->xAccess = guard_access;
    guard->xFullPathname = guard_full_pathname;
    guard->xDlOpen = guard_dl_open;
    guard->xDlError = guard_dl_error;
    guard->xDlSym = guard_dl_sym;
    guard->xDlClose = guard_dl_close;
    guard->xRandomness = guard_randomness;
    guard->xSleep = guard_sleep;
    guard->xCurrentTime = guard_current_time;
    guard->xGetLastError = guard_get_last_error;
    guard->xCurrentTimeInt64 = guard_current_time_int64;
    guard->xSetSystemCall = guard_set_system_call;
    guard->xGetSystemCall = guard_get_system_call;
    guard->xNextSystemCall = guard_next_system_call;
    return sqlite3_vfs_register(guard, makeDefault);
}

static const char *const other_unix_vfs_names[] = { "unix", "unix-excl", "unix-none", "unix-dotfile" };
enum { other_unix_vfs_count = sizeof other_unix_vfs_names / sizeof other_unix_vfs_names[0] };
static sqlite3_vfs default_guard;
static sqlite3_vfs other_guards[other_unix_vfs_count];

int sqlive_install_delete_guard(void) {
    int rc = install_guard(&default_guard, sqlite3_vfs_find(0), "sqlive-unix", 1);
    if (rc != SQLITE_OK) return rc;
    /* Registered after the default one, so before SQLite's of the same name: a name finds
       the guard first. A VFS this build lacks is skipped. */
    for (int i = 0; i < other_unix_vfs_count; i++) {
        sqlite3_vfs *lower = sqlite3_vfs_find(other_unix_vfs_names[i]);
        if (!lower) continue;
        rc = install_guard(&other_guards[i], lower, other_unix_vfs_names[i], 0);
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

int sqlive_has_refused_delete(void) {
    return refused_delete != 0;
}

int sqlive_take_refused_delete(char *buffer, int size) {
    char *refused = refused_delete;
    refused_delete = 0;
    if (!refused) return 0;
    if (size > 0) {
        strncpy(buffer, refused, (size_t)size - 1);
        buffer[size - 1] = 0;
    }
    free(refused);
    return 1;
}
