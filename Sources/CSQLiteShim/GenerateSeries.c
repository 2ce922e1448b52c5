#include <sqlite3.h>
#include "CSQLiteShim.h"

/*
 * generate_series(START, STOP, STEP): a table-valued function, that is an eponymous virtual
 * table whose hidden columns are its arguments (https://sqlite.org/vtab.html). It gives the
 * rows sqlite3 3.40's shell gives, including in the odd corners:
 *
 * - STOP defaults to 4294967295 and STEP to 1; a STEP of 0 counts as 1; START is required
 *   (without a usable one the statement fails to compile, as in sqlite3);
 * - a negative STEP walks the same values as its absolute value, from the largest down: the
 *   `step` column then shows the absolute value, and `generate_series(10,1,-1)` is empty;
 * - `stop` shows the STOP given, not the last value reached;
 * - a NULL argument makes the series empty;
 * - values wrap around at the ends of the 64-bit range instead of stopping, as sqlite3 3.40's
 *   do: a series that crosses 9223372036854775807 goes on from -9223372036854775808.
 *
 * The query plan numbers (EXPLAIN QUERY PLAN's `INDEX N:`) are sqlite3's too: bit 1 START
 * given, 2 STOP, 4 STEP, 8 descending order, 16 ascending order taken from ORDER BY value.
 */

enum { COLUMN_VALUE, COLUMN_START, COLUMN_STOP, COLUMN_STEP };

enum {
    PLAN_START = 1,
    PLAN_STOP = 2,
    PLAN_STEP = 4,
    PLAN_DESCENDING = 8,
    PLAN_ASCENDING = 16,
};

typedef struct {
    sqlite3_vtab base;
} SeriesTable;

typedef struct {
    sqlite3_vtab_cursor base;
    sqlite3_int64 start;    /* the smallest value, START */
    sqlite3_int64 stop;     /* the largest value, STOP */
    sqlite3_int64 step;     /* the distance between two values, positive but for INT64_MIN */
    sqlite3_int64 value;    /* the current value */
    sqlite3_int64 rowid;    /* 1 for the first row */
    int descending;
} SeriesCursor;

/* Two's complement sums without C's undefined behaviour on overflow. */
static sqlite3_int64 wrapping_add(sqlite3_int64 a, sqlite3_int64 b) {
    return (sqlite3_int64)((sqlite3_uint64)a + (sqlite3_uint64)b);
}

static sqlite3_int64 wrapping_subtract(sqlite3_int64 a, sqlite3_int64 b) {
    return (sqlite3_int64)((sqlite3_uint64)a - (sqlite3_uint64)b);
}

static int series_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                          sqlite3_vtab **table, char **error) {
    (void)aux;
    (void)argc;
    (void)argv;
    (void)error;
    int code = sqlite3_declare_vtab(db, "CREATE TABLE x(value,start hidden,stop hidden,step hidden)");
    if (code != SQLITE_OK) return code;
    SeriesTable *series = sqlite3_malloc(sizeof(SeriesTable));
    if (series == 0) return SQLITE_NOMEM;
    series->base = (sqlite3_vtab){0};
    /* Harmless: usable from views and triggers with trusted_schema off (--safe). */
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    *table = &series->base;
    return SQLITE_OK;
}

static int series_disconnect(sqlite3_vtab *table) {
    sqlite3_free(table);
    return SQLITE_OK;
}

static int series_open(sqlite3_vtab *table, sqlite3_vtab_cursor **cursor) {
    (void)table;
    SeriesCursor *series = sqlite3_malloc(sizeof(SeriesCursor));
    if (series == 0) return SQLITE_NOMEM;
    *series = (SeriesCursor){0};
    *cursor = &series->base;
    return SQLITE_OK;
}

static int series_close(sqlite3_vtab_cursor *cursor) {
    sqlite3_free(cursor);
    return SQLITE_OK;
}

static int series_best_index(sqlite3_vtab *table, sqlite3_index_info *info) {
    int plan = 0;
    int unusable = 0;
    int start_constrained = 0;
    int chosen[3] = {-1, -1, -1};   /* the constraint giving START, STOP, STEP */
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *constraint = &info->aConstraint[i];
        int argument = constraint->iColumn - COLUMN_START;
        if (argument < 0) continue;   /* on value (or rowid): left to SQLite */
        if (argument == 0) start_constrained = 1;
        if (!constraint->usable) {
            unusable |= 1 << argument;
        } else if (constraint->op == SQLITE_INDEX_CONSTRAINT_EQ) {
            plan |= 1 << argument;
            chosen[argument] = i;
        }
    }
    int count = 0;
    for (int argument = 0; argument < 3; argument++) {
        if (chosen[argument] < 0) continue;
        info->aConstraintUsage[chosen[argument]].argvIndex = ++count;
        info->aConstraintUsage[chosen[argument]].omit = 1;
    }
    if (!start_constrained) {
        sqlite3_free(table->zErrMsg);
        table->zErrMsg = sqlite3_mprintf("first argument to \"generate_series()\" missing or unusable");
        return SQLITE_ERROR;
    }
    /* An argument that depends on a table not read yet: this join order cannot work. */
    if (unusable & ~plan) return SQLITE_CONSTRAINT;
    if ((plan & (PLAN_START | PLAN_STOP)) == (PLAN_START | PLAN_STOP)) {
        info->estimatedCost = (plan & PLAN_STEP) ? 1.0 : 2.0;
        info->estimatedRows = 1000;
        if (info->nOrderBy >= 1 && info->aOrderBy[0].iColumn == COLUMN_VALUE) {
            plan |= info->aOrderBy[0].desc ? PLAN_DESCENDING : PLAN_ASCENDING;
            info->orderByConsumed = 1;
        }
    } else {
        /* Without STOP the series runs to 4294967295: the planner should avoid that. */
        info->estimatedRows = 2147483647;
    }
    info->idxNum = plan;
    return SQLITE_OK;
}

static int series_filter(sqlite3_vtab_cursor *cursor, int plan, const char *planText,
                         int argc, sqlite3_value **argv) {
    (void)planText;
    SeriesCursor *series = (SeriesCursor *)cursor;
    int next = 0;
    series->start = (plan & PLAN_START) ? sqlite3_value_int64(argv[next++]) : 0;
    series->stop = (plan & PLAN_STOP) ? sqlite3_value_int64(argv[next++]) : 0xffffffff;
    series->step = 1;
    if (plan & PLAN_STEP) {
        sqlite3_int64 step = sqlite3_value_int64(argv[next++]);
        if (step < 0) {
            series->step = wrapping_subtract(0, step);
            if (!(plan & PLAN_ASCENDING)) plan |= PLAN_DESCENDING;
        } else if (step > 0) {
            series->step = step;
        }
    }
    for (int i = 0; i < argc; i++) {
        if (sqlite3_value_type(argv[i]) == SQLITE_NULL) {
            series->start = 1;
            series->stop = 0;
            break;
        }
    }
    series->descending = (plan & PLAN_DESCENDING) != 0;
    if (series->descending) {
        /* Start from the largest value the series reaches, not from STOP itself. */
        series->value = series->stop;
        if (series->step > 0) {
            sqlite3_int64 span = wrapping_subtract(series->stop, series->start);
            series->value = wrapping_subtract(series->value, span % series->step);
        }
    } else {
        series->value = series->start;
    }
    series->rowid = 1;
    return SQLITE_OK;
}

static int series_next(sqlite3_vtab_cursor *cursor) {
    SeriesCursor *series = (SeriesCursor *)cursor;
    series->value = series->descending ? wrapping_subtract(series->value, series->step)
                                       : wrapping_add(series->value, series->step);
    series->rowid++;
    return SQLITE_OK;
}

static int series_eof(sqlite3_vtab_cursor *cursor) {
    SeriesCursor *series = (SeriesCursor *)cursor;
    return series->descending ? series->value < series->start : series->value > series->stop;
}

static int series_column(sqlite3_vtab_cursor *cursor, sqlite3_context *context, int column) {
    SeriesCursor *series = (SeriesCursor *)cursor;
    sqlite3_int64 result;
    switch (column) {
    case COLUMN_START: result = series->start; break;
    case COLUMN_STOP: result = series->stop; break;
    case COLUMN_STEP: result = series->step; break;
    default: result = series->value; break;
    }
    sqlite3_result_int64(context, result);
    return SQLITE_OK;
}

static int series_rowid(sqlite3_vtab_cursor *cursor, sqlite3_int64 *rowid) {
    *rowid = ((SeriesCursor *)cursor)->rowid;
    return SQLITE_OK;
}

static const sqlite3_module series_module = {
    .iVersion = 0,
    .xCreate = 0,   /* eponymous only: CREATE VIRTUAL TABLE … USING generate_series fails */
    .xConnect = series_connect,
    .xBestIndex = series_best_index,
    .xDisconnect = series_disconnect,
    .xDestroy = series_disconnect,
    .xOpen = series_open,
    .xClose = series_close,
    .xFilter = series_filter,
    .xNext = series_next,
    .xEof = series_eof,
    .xColumn = series_column,
    .xRowid = series_rowid,
};

int sqlive_register_generate_series(void *connection) {
    return sqlite3_create_module(connection, "generate_series", &series_module, 0);
}
