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
#include "core/database/records.h"
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
    sqlite3_stmt *layout, *min_moves[KL_METRIC_COUNT] /* by enum kl_metric */, *group_by_id, *group_by_name;
};

/* Keeps the message of a failure, "SUBJECT: " and the rest (lib_message), and returns
 * its result code. */
__attribute__((format(printf, 4, 5)))
static int fail(klotski_db *db, int result, const char *subject, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lib_vmessage(db->message, subject, format, args);
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
    return fail(db, KLOTSKI_ERROR, db->path, "database error: %s", sqlite3_errmsg(db->connection));
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
        return fail(db, KLOTSKI_CANTOPEN, db->path, "no database here; build it with `make` in the klotski "
                                                    "sources (or name one, or set $KLOTSKI_DB)");
    case KL_DB_CANNOT_OPEN:
        return fail(db, KLOTSKI_CANTOPEN, db->path, "cannot open the database: %s", detail);
    case KL_DB_NOT_KLOTSKI:
        return fail(db, KLOTSKI_NOTADB, db->path, "not a klotski database (%s); rebuild it with `make`",
                    detail[0] ? detail : "no format_version in meta");
    case KL_DB_OTHER_VERSION:
        return fail(db, KLOTSKI_NOTADB, db->path, "database format version %s, but this library reads version %d; "
                                                  "rebuild it with `make`", detail, KL_DB_FORMAT_VERSION);
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
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        sqlite3_finalize(db->min_moves[m]);
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
        fail(db, KLOTSKI_ERROR, db->path, "the database is not open");
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

/* The result of a lookup that found no row, or failed. */
static int missing(klotski_db *db, int rc, const char *subject, const char *what)
{
    return rc == SQLITE_DONE ? fail(db, KLOTSKI_NOTFOUND, subject, "%s", what) : KLOTSKI_ERROR;
}

static int check_code(klotski_db *db, klotski_code code)
{
    return klotski_check(code, db->message);
}

static int check_metric(klotski_db *db, enum klotski_metric metric)
{
    if (lib_metric(metric))
        return KLOTSKI_OK;
    return fail(db, KLOTSKI_INVALID, NULL, "%d is no metric (%s)", (int)metric, KL_METRIC_NAMES);
}

/* The layout's row (core/database/records.h); KLOTSKI_OK, KLOTSKI_NOTFOUND or
 * KLOTSKI_ERROR. */
static int read_layout(klotski_db *db, klotski_code code, struct kl_db_layout_row *out)
{
    int rc = look_up(db, &db->layout, KL_DB_LAYOUT_SELECT, (int64_t)code, NULL);
    if (rc != SQLITE_ROW) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(code, hex);
        return missing(db, rc, hex, "not in the database");
    }
    kl_db_layout_row_read(db->layout, out);
    return KLOTSKI_OK;
}

/* A group's row from `s`, a statement of KL_DB_GROUP_SELECT that look_up stepped with
 * result rc, as klotski.h gives it; KLOTSKI_OK or as `missing`. */
static int read_group(klotski_db *db, sqlite3_stmt *s, int rc, const char *subject, struct klotski_group *out)
{
    if (rc != SQLITE_ROW)
        return missing(db, rc, subject, "no such group");
    struct kl_db_group_row row;
    kl_db_group_row_read(s, &row);
    sqlite3_reset(s);
    *out = (struct klotski_group){
        .group_id = row.group_id,
        .class_id = row.class_id,
        .size = row.size,
        .min_code = row.min_code,
        .solved = row.solved,
        .max_min_steps = row.max_min_steps,
        .hardest_count = row.hardest_count,
        .diameter = row.diameter,
        .radius = row.radius,
        .peripheral_count = row.peripheral_count,
        .central_count = row.central_count,
        .max_min_straight_moves = row.max_min_moves[KL_METRIC_STRAIGHT],
        .max_min_unit_moves = row.max_min_moves[KL_METRIC_UNIT],
    };
    snprintf(out->name, sizeof out->name, "%s", row.name);
    snprintf(out->class_name, sizeof out->class_name, "%s", row.class_name);
    return KLOTSKI_OK;
}

int klotski_layout(klotski_db *db, klotski_code code, struct klotski_layout *layout, struct klotski_group *group)
{
    struct kl_db_layout_row row;
    int result = check_code(db, code);
    if (result == KLOTSKI_OK)
        result = read_layout(db, code, &row);
    if (result != KLOTSKI_OK)
        return result;
    *layout = (struct klotski_layout){
        .code = row.code,
        .group_id = row.group_id,
        .group_index = row.group_index,
        .min_steps = row.min_steps,
        .min_solution_num = row.min_solution_num,
        .farthest_steps = row.farthest_steps,
        .farthest_num = row.farthest_num,
        .solution_num = row.solution_num,
        .min_straight_moves = row.min_moves[KL_METRIC_STRAIGHT],
        .min_unit_moves = row.min_moves[KL_METRIC_UNIT],
    };
    if (group) {
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

/* A solution's lookups: the handle, and the metric whose distances the descent reads. */
struct descent {
    klotski_db *db;
    enum kl_metric metric;
};

/* The descent's lookup: the distance of a code under the descent's metric, negative
 * when none, or when the lookup failed (the descent then stops, and the message
 * stays). */
static int stored_min_moves(void *context, kl_code code)
{
    const struct descent *descent = context;
    klotski_db *db = descent->db;
    char sql[80];
    snprintf(sql, sizeof sql, "SELECT %s FROM layouts WHERE code = ?", kl_db_min_moves_column(descent->metric));
    int rc = look_up(db, &db->min_moves[descent->metric], sql, (int64_t)code, NULL);
    return rc == SQLITE_ROW ? (int)kl_db_column_or_null(db->min_moves[descent->metric], 0) : KL_DB_NULL;
}

int klotski_solve(klotski_db *db, klotski_code code, klotski_code **route, int *count)
{
    return klotski_solve_in(db, code, KLOTSKI_STEP, route, count);
}

int klotski_solve_in(klotski_db *db, klotski_code code, enum klotski_metric metric, klotski_code **route, int *count)
{
    struct kl_db_layout_row layout;
    int result = check_code(db, code);
    if (result == KLOTSKI_OK)
        result = check_metric(db, metric);
    if (result == KLOTSKI_OK)
        result = read_layout(db, code, &layout);
    if (result != KLOTSKI_OK)
        return result;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    int distance = layout.min_moves[metric];
    if (distance == KL_DB_NULL)
        return fail(db, KLOTSKI_UNSOLVABLE, hex, "unsolvable: its group holds no solved layout");
    kl_code *codes = malloc(((size_t)distance + 1) * sizeof *codes);
    if (!codes)
        return fail(db, KLOTSKI_NOMEM, NULL, "out of memory");
    succeed(db);
    struct descent descent = {db, (enum kl_metric)metric};
    if (!kl_descend(code, distance, descent.metric, stored_min_moves, &descent, codes)) {
        free(codes);
        if (strcmp(db->message, "not an error") != 0)
            return KLOTSKI_ERROR;
        return fail(db, KLOTSKI_ERROR, hex, "the database is inconsistent: no %s leads closer to solved; "
                                            "rebuild it with `make`", kl_metric_name((enum kl_metric)metric));
    }
    *route = codes;
    *count = distance + 1;
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
    return klotski_moves_in(db, code, KLOTSKI_STEP, out, count);
}

int klotski_moves_in(klotski_db *db, klotski_code code, enum klotski_metric metric,
                     struct klotski_move out[KLOTSKI_MAX_STEPS], int *count)
{
    struct kl_db_layout_row from;
    int result = check_code(db, code);
    if (result == KLOTSKI_OK)
        result = check_metric(db, metric);
    if (result == KLOTSKI_OK)
        result = read_layout(db, code, &from);
    if (result != KLOTSKI_OK)
        return result;
    struct klotski_step steps[KLOTSKI_MAX_STEPS];
    int n;
    klotski_steps_in(code, metric, steps, &n);
    int from_moves = from.min_moves[metric];
    for (int i = 0; i < n; i++) {
        struct klotski_move *m = &out[i];
        m->step = steps[i];
        struct kl_db_layout_row to = {.min_moves = {KL_DB_NULL, KL_DB_NULL, KL_DB_NULL},
                                      .farthest_steps = KL_DB_NULL, .farthest_num = KL_DB_NULL};
        result = read_layout(db, m->step.next, &to);
        if (result == KLOTSKI_ERROR)
            return result;
        m->min_steps = to.min_moves[metric];
        m->change = from_moves == KL_DB_NULL || m->min_steps == KL_DB_NULL ? KLOTSKI_NEUTRAL
                                                                          : m->min_steps - from_moves;
        m->farthest_steps = to.farthest_steps;
        m->farthest_num = to.farthest_num;
    }
    qsort(out, (size_t)n, sizeof *out, compare_moves);
    *count = n;
    return succeed(db);
}

int lib_fail(klotski_db *db, int result, const char *subject, const char *format, ...)
{
    char text[KLOTSKI_MESSAGE_SIZE];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    return fail(db, result, subject, "%s", text);
}

int lib_succeed(klotski_db *db) { return succeed(db); }
