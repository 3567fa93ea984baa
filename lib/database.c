/* The database half of klotski.h: a read-only connection with its format checked, the
 * lookups as statements prepared once, the solution (core/descent.h) and the moves with
 * their outcomes.  A handle is one thread's at a time (its statements are shared). */
#include "lib/klotski.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "core/database/format.h"
#include "core/descent.h"
#include "lib/internal.h"

_Static_assert(KLOTSKI_GROUP_NAME_SIZE >= KL_DB_GROUP_NAME_SIZE, "group name size");

/* How long a query waits for the farthest phase's moments of exclusive access, as the
 * klotski command does. */
#define BUSY_TIMEOUT_MS 30000

struct klotski_db {
    sqlite3 *connection;                 /* NULL when the open failed */
    char path[PATH_MAX];
    char message[KLOTSKI_MESSAGE_SIZE];  /* the last failure's, or "not an error" */
    sqlite3_stmt *layout, *min_steps, *group_by_id, *group_by_name;
};

/* Keeps the message of a failure and returns its result code. */
__attribute__((format(printf, 3, 4)))
static int fail(klotski_db *db, int result, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(db->message, sizeof db->message, format, args);
    va_end(args);
    return result;
}

static int succeed(klotski_db *db)
{
    snprintf(db->message, sizeof db->message, "not an error");
    return KLOTSKI_OK;
}

static int database_error(klotski_db *db)
{
    return fail(db, KLOTSKI_ERROR, "%s: database error: %s", db->path, sqlite3_errmsg(db->connection));
}

/* This library's own file (PREFIX/lib/libklotski.so.1), for the installed database. */
static const char *library_file(void)
{
    Dl_info info;
    return dladdr((void *)klotski_open, &info) && info.dli_fname ? info.dli_fname : NULL;
}

int klotski_open(const char *path, klotski_db **out)
{
    klotski_db *db = calloc(1, sizeof *db);
    *out = db;
    if (!db)
        return KLOTSKI_NOMEM;
    char installed[PATH_MAX];
    snprintf(db->path, sizeof db->path, "%s", kl_db_locate(path, library_file(), installed, sizeof installed));
    char detail[256];
    /* One thread uses a handle at a time: SQLite's mutexes would only cost time. */
    switch (kl_db_open(db->path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, BUSY_TIMEOUT_MS,
                       &db->connection, detail, sizeof detail)) {
    case KL_DB_OPENED:
        break;
    case KL_DB_MISSING:
        return fail(db, KLOTSKI_CANTOPEN, "%s: no database here; build it with `make` in the klotski "
                                          "sources (or name one, or set $KLOTSKI_DB)", db->path);
    case KL_DB_CANNOT_OPEN:
        return fail(db, KLOTSKI_CANTOPEN, "%s: cannot open the database: %s", db->path, detail);
    case KL_DB_NOT_KLOTSKI:
        return fail(db, KLOTSKI_NOTADB, "%s: not a klotski database (%s); rebuild it with `make`", db->path,
                    detail[0] ? detail : "no format_version in meta");
    case KL_DB_OTHER_VERSION:
        return fail(db, KLOTSKI_NOTADB, "%s: database format version %s, but this library reads version %d; "
                                        "rebuild it with `make`", db->path, detail, KL_DB_FORMAT_VERSION);
    }
    if (klotski_sql_functions(db->connection) != SQLITE_OK)
        return database_error(db);
    return succeed(db);
}

int klotski_close(klotski_db *db)
{
    if (!db)
        return KLOTSKI_OK;
    sqlite3_finalize(db->layout);
    sqlite3_finalize(db->min_steps);
    sqlite3_finalize(db->group_by_id);
    sqlite3_finalize(db->group_by_name);
    sqlite3_close(db->connection);
    free(db);
    return KLOTSKI_OK;
}

const char *klotski_errmsg(const klotski_db *db) { return db ? db->message : "out of memory"; }

const char *klotski_db_filename(const klotski_db *db) { return db->path; }

struct sqlite3 *klotski_db_connection(klotski_db *db) { return db->connection; }

/* Steps the statement made once from `sql` (prepared on first use) with one integer or
 * text key.  Returns SQLITE_ROW, SQLITE_DONE, or another code after keeping the
 * message. */
static int look_up(klotski_db *db, sqlite3_stmt **stmt, const char *sql, int64_t number, const char *text)
{
    if (!db->connection) {
        fail(db, KLOTSKI_ERROR, "%s: the database is not open", db->path);
        return SQLITE_MISUSE;
    }
    if (!*stmt && sqlite3_prepare_v2(db->connection, sql, -1, stmt, NULL) != SQLITE_OK) {
        database_error(db);
        return SQLITE_ERROR;
    }
    sqlite3_reset(*stmt);
    if (text)
        sqlite3_bind_text(*stmt, 1, text, -1, SQLITE_STATIC);
    else
        sqlite3_bind_int64(*stmt, 1, number);
    int rc = sqlite3_step(*stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        database_error(db);
    return rc;
}

static int64_t column_or_null(sqlite3_stmt *stmt, int column)
{
    return sqlite3_column_type(stmt, column) == SQLITE_NULL ? KLOTSKI_NULL : sqlite3_column_int64(stmt, column);
}

/* The result of a lookup that found no row, or failed. */
static int missing(klotski_db *db, int rc, const char *subject, const char *what)
{
    return rc == SQLITE_DONE ? fail(db, KLOTSKI_NOTFOUND, "%s: %s", subject, what) : KLOTSKI_ERROR;
}

static int check_code(klotski_db *db, klotski_code code)
{
    return klotski_check(code, db->message);
}

/* The layout's row; KLOTSKI_OK, KLOTSKI_NOTFOUND or KLOTSKI_ERROR. */
static int read_layout(klotski_db *db, klotski_code code, struct klotski_layout *out)
{
    int rc = look_up(db, &db->layout, KL_DB_LAYOUT_SELECT, (int64_t)code, NULL);
    if (rc != SQLITE_ROW) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(code, hex);
        return missing(db, rc, hex, "not in the database");
    }
    sqlite3_stmt *s = db->layout;
    *out = (struct klotski_layout){
        .code = code,
        .group_id = sqlite3_column_int64(s, KL_DB_LAYOUT_GROUP_ID),
        .group_index = sqlite3_column_int64(s, KL_DB_LAYOUT_GROUP_INDEX),
        .min_steps = (int)column_or_null(s, KL_DB_LAYOUT_MIN_STEPS),
        .min_solution_num = (int)column_or_null(s, KL_DB_LAYOUT_MIN_SOLUTION_NUM),
        .farthest_steps = (int)column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT),
        .farthest_num = column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 1),
        .solution_num = column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 2),
        .min_straight_moves = (int)column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 3),
        .min_unit_moves = (int)column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 4),
    };
    return KLOTSKI_OK;
}

/* A group's row from `s`, a statement of KL_DB_GROUP_SELECT that look_up stepped with result
 * rc; KLOTSKI_OK or as `missing`. */
static int read_group(klotski_db *db, sqlite3_stmt *s, int rc, const char *subject, struct klotski_group *out)
{
    if (rc != SQLITE_ROW)
        return missing(db, rc, subject, "no such group");
    *out = (struct klotski_group){
        .group_id = sqlite3_column_int64(s, 0),
        .class_id = sqlite3_column_int64(s, 3),
        .size = sqlite3_column_int64(s, 4),
        .min_code = (klotski_code)sqlite3_column_int64(s, 5),
        .solved = sqlite3_column_int64(s, 6),
        .max_min_steps = (int)column_or_null(s, 7),
        .hardest_count = column_or_null(s, 8),
        .diameter = (int)column_or_null(s, 9),
        .radius = (int)column_or_null(s, 10),
        .peripheral_count = column_or_null(s, 11),
        .central_count = column_or_null(s, 12),
        .max_min_straight_moves = (int)column_or_null(s, 13),
        .max_min_unit_moves = (int)column_or_null(s, 14),
    };
    snprintf(out->name, sizeof out->name, "%s", (const char *)sqlite3_column_text(s, 1));
    snprintf(out->class_name, sizeof out->class_name, "%s", (const char *)sqlite3_column_text(s, 2));
    sqlite3_reset(s);
    return KLOTSKI_OK;
}

int klotski_layout(klotski_db *db, klotski_code code, struct klotski_layout *layout, struct klotski_group *group)
{
    int result = check_code(db, code);
    if (result == KLOTSKI_OK)
        result = read_layout(db, code, layout);
    if (result == KLOTSKI_OK && group) {
        char subject[32];
        snprintf(subject, sizeof subject, "group %lld", (long long)layout->group_id);
        int rc = look_up(db, &db->group_by_id, KL_DB_GROUP_SELECT "WHERE g.group_id = ?", layout->group_id, NULL);
        result = read_group(db, db->group_by_id, rc, subject, group);
    }
    return result == KLOTSKI_OK ? succeed(db) : result;
}

int klotski_group_named(klotski_db *db, const char *name, struct klotski_group *group)
{
    int rc = look_up(db, &db->group_by_name, KL_DB_GROUP_SELECT "WHERE g.name = ?", 0, name);
    int result = read_group(db, db->group_by_name, rc, name, group);
    return result == KLOTSKI_OK ? succeed(db) : result;
}

/* min_steps of a code for the descent: negative when none, or when the lookup failed
 * (the descent then stops, and the message stays). */
static int stored_min_steps(void *context, kl_code code)
{
    klotski_db *db = context;
    int rc = look_up(db, &db->min_steps, "SELECT min_steps FROM layouts WHERE code = ?", (int64_t)code, NULL);
    return rc == SQLITE_ROW ? (int)column_or_null(db->min_steps, 0) : KLOTSKI_NULL;
}

int klotski_solve(klotski_db *db, klotski_code code, klotski_code **route, int *count)
{
    struct klotski_layout layout;
    int result = klotski_layout(db, code, &layout, NULL);
    if (result != KLOTSKI_OK)
        return result;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    if (layout.min_steps == KLOTSKI_NULL)
        return fail(db, KLOTSKI_UNSOLVABLE, "%s: unsolvable: its group holds no solved layout", hex);
    kl_code *codes = malloc(((size_t)layout.min_steps + 1) * sizeof *codes);
    if (!codes)
        return fail(db, KLOTSKI_NOMEM, "out of memory");
    snprintf(db->message, sizeof db->message, "not an error");
    if (!kl_descend(code, layout.min_steps, KL_METRIC_STEP, stored_min_steps, db, codes)) {
        free(codes);
        if (strcmp(db->message, "not an error") != 0)
            return KLOTSKI_ERROR;
        return fail(db, KLOTSKI_ERROR, "%s: the database is inconsistent: no step leads closer to solved; "
                                       "rebuild it with `make`", hex);
    }
    *route = codes;
    *count = layout.min_steps + 1;
    return succeed(db);
}

/* Best first: change ascending, then the resulting code ascending. */
static int compare_moves(const void *a, const void *b)
{
    const struct klotski_move *x = a, *y = b;
    if (x->change != y->change)
        return x->change < y->change ? -1 : 1;
    return (x->step.next > y->step.next) - (x->step.next < y->step.next);
}

int klotski_moves(klotski_db *db, klotski_code code, struct klotski_move out[KLOTSKI_MAX_STEPS], int *count)
{
    struct klotski_layout from;
    int result = klotski_layout(db, code, &from, NULL);
    if (result != KLOTSKI_OK)
        return result;
    kl_raw raw;
    lib_raw(code, &raw);
    struct kl_step steps[KL_MAX_STEPS];
    int n = kl_steps(raw, steps);
    for (int i = 0; i < n; i++) {
        struct klotski_move *m = &out[i];
        m->step = lib_step(raw, steps[i]);
        struct klotski_layout to = {.min_steps = KLOTSKI_NULL, .farthest_steps = KLOTSKI_NULL,
                                    .farthest_num = KLOTSKI_NULL};
        result = read_layout(db, m->step.next, &to);
        if (result == KLOTSKI_ERROR)
            return result;
        m->min_steps = to.min_steps;
        m->change = from.min_steps == KLOTSKI_NULL || to.min_steps == KLOTSKI_NULL ? KLOTSKI_NEUTRAL
                                                                                  : to.min_steps - from.min_steps;
        m->farthest_steps = to.farthest_steps;
        m->farthest_num = to.farthest_num;
    }
    qsort(out, (size_t)n, sizeof *out, compare_moves);
    *count = n;
    return succeed(db);
}
