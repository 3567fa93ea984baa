/* The database half of klotski.h: the reader of core/database/reader.h (a read-only
 * connection with its format checked, the lookups as statements prepared once and reset
 * after each use, so that an idle handle holds no lock, the solution and the moves with
 * their outcomes), which the klotski command reads through too, with the result codes
 * and messages of klotski.h kept on the handle (handle.h, as the pack's are), and a
 * group's member walk opened from the lists sql.c reads (members.c walks them).  A handle
 * is one thread's at a time (its statements are shared). */
#include "lib/klotski.h"

#include <dlfcn.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "core/database/format.h"
#include "core/database/reader.h"
#include "core/database/records.h"
#include "lib/handle.h"
#include "lib/internal.h"

_Static_assert(KLOTSKI_GROUP_NAME_SIZE >= KL_DB_GROUP_NAME_SIZE, "group name size");

struct klotski_db {
    struct kl_db_reader reader;  /* its connection NULL when the open failed */
    char *path;                  /* NULL when memory ran out */
    struct lib_handle handle;    /* the last call's result and message */
};

/* The check of a call on the database (lib_usable): the handle, open, and the pointers
 * it needs (`missing` names the first NULL one, or is NULL).  KLOTSKI_OK or
 * KLOTSKI_MISUSE. */
static int usable(klotski_db *db, const char *call, const char *missing)
{
    return db ? lib_usable(&db->handle, call, db->reader.connection, db->path, "the database", "klotski_open",
                           missing)
              : KLOTSKI_MISUSE;
}

static int database_error(klotski_db *db)
{
    return lib_fail(&db->handle, KLOTSKI_ERROR, db->path, "database error: %s",
                    sqlite3_errmsg(db->reader.connection));
}

/* Whether the part of `path` before `end` ends in a folder named lib. */
static bool in_lib(const char *path, const char *end)
{
    return end - path >= 4 && strncmp(end - 4, "/lib", 4) == 0;
}

/* The file whose prefix the installed database lies under (core/database/format.h's
 * `installed_file`, one folder below PREFIX), into buf (PATH_MAX bytes): this library's
 * own, PREFIX/lib/libklotski.so.1, or with a multiarch LIBDIR (Makefile),
 * PREFIX/lib/TRIPLET/libklotski.so.1, its folder, which stands one folder below PREFIX
 * likewise.  One file, so that the lookup and the list of places it gives in an error
 * are the same.  The loader's name of the library may hold "..", as a Python module's
 * rpath $ORIGIN/../.. gives: the real path names the prefix itself. */
static const char *installed_file(char *buf)
{
    Dl_info info;
    if (!dladdr((void *)klotski_open, &info) || !info.dli_fname || !realpath(info.dli_fname, buf))
        return NULL;
    char *name = strrchr(buf, '/');
    if (!name || in_lib(buf, name))
        return buf;
    char *folder = name;
    while (folder > buf && *--folder != '/')
        ;
    if (in_lib(buf, folder))
        *name = '\0';
    return buf;
}

/* The path to open, a copy (NULL when memory ran out): kl_db_locate's lookup order. */
static char *locate(const char *path)
{
    char installed[PATH_MAX], file[PATH_MAX];
    return strdup(kl_db_locate(path, installed_file(file), installed, sizeof installed));
}

int klotski_open(const char *path, klotski_db **out)
{
    if (!out)
        return KLOTSKI_MISUSE;
    klotski_db *db = calloc(1, sizeof *db);
    *out = db;
    if (!db)
        return KLOTSKI_NOMEM;
    db->path = locate(path);
    if (!db->path)
        return lib_fail(&db->handle, KLOTSKI_NOMEM, NULL, "out of memory");
    /* Refused whole: the system opens no longer path, and a cut one may name another
     * file. */
    size_t length = strlen(db->path);
    if (length >= PATH_MAX)
        return lib_fail(&db->handle, KLOTSKI_CANTOPEN, db->path,
                        "the path is %zu bytes long, more than the system's %d", length, PATH_MAX - 1);
    char detail[256], rebuild[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(db->path, false, rebuild);
    switch (kl_db_reader_open(&db->reader, db->path, detail, sizeof detail)) {
    case KL_DB_OPENED:
        break;
    case KL_DB_NO_MEMORY: /* no fault of the file */
        return lib_fail(&db->handle, KLOTSKI_NOMEM, db->path, "%s", detail);
    case KL_DB_MISSING:
        return lib_fail(&db->handle, KLOTSKI_CANTOPEN, db->path,
                        "no database here; build it with %s (or `make` in the klotski sources), or name "
                        "one, or set $KLOTSKI_DB", rebuild);
    case KL_DB_CANNOT_OPEN:
        return lib_fail(&db->handle, KLOTSKI_CANTOPEN, db->path, "cannot open the database: %s", detail);
    case KL_DB_NOT_KLOTSKI:
        return lib_fail(&db->handle, KLOTSKI_NOTADB, db->path, "not a klotski database (%s); rebuild it with %s",
                        detail[0] ? detail : "no format_version in meta", rebuild);
    case KL_DB_OTHER_VERSION:
        return lib_fail(&db->handle, KLOTSKI_NOTADB, db->path,
                        "database format version %s, but this library reads version %d; rebuild it with %s",
                        detail, KL_DB_FORMAT_VERSION, rebuild);
    }
    if (klotski_sql_functions(db->reader.connection) != SQLITE_OK)
        return database_error(db);
    return lib_succeed(&db->handle);
}

size_t klotski_db_places(char *buf, size_t size)
{
    char file[PATH_MAX];
    return kl_db_places(installed_file(file), "\n", buf, size);
}

int klotski_close(klotski_db *db)
{
    if (!db)
        return KLOTSKI_OK;
    /* The caller's statements still open keep the connection, not the handle, and the
     * last one's finalize closes it (klotski.h). */
    kl_db_reader_close(&db->reader);
    free(db->path);
    free(db);
    return KLOTSKI_OK;
}

const char *klotski_errmsg(const klotski_db *db) { return db ? db->handle.message : "out of memory"; }

int klotski_errcode(const klotski_db *db) { return db ? db->handle.result : KLOTSKI_NOMEM; }

const char *klotski_db_filename(const klotski_db *db) { return db ? db->path : NULL; }

struct sqlite3 *klotski_db_connection(klotski_db *db) { return db ? db->reader.connection : NULL; }

/* The result of a lookup (core/database/reader.h): KLOTSKI_OK for a row,
 * KLOTSKI_NOTFOUND with "SUBJECT: what" for none, KLOTSKI_ERROR with SQLite's message for
 * a failure. */
static int looked_up(klotski_db *db, int rc, const char *subject, const char *what)
{
    if (rc == SQLITE_ROW)
        return KLOTSKI_OK;
    return rc == SQLITE_DONE ? lib_fail(&db->handle, KLOTSKI_NOTFOUND, subject, "%s", what) : database_error(db);
}

static int check_metric(klotski_db *db, enum klotski_metric metric)
{
    if (lib_metric(metric))
        return KLOTSKI_OK;
    return lib_fail(&db->handle, KLOTSKI_INVALID, NULL, "%d is no metric (%s)", (int)metric, KL_METRIC_NAMES);
}

/* The layout's row (core/database/records.h); KLOTSKI_OK, KLOTSKI_NOTFOUND or
 * KLOTSKI_ERROR. */
static int read_layout(klotski_db *db, klotski_code code, struct kl_db_layout_row *out)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    return looked_up(db, kl_db_reader_layout(&db->reader, code, out), hex, "not in the database");
}

/* The row of the group numbered group_id; as read_layout. */
static int read_group_by_id(klotski_db *db, int64_t group_id, struct kl_db_group_row *out)
{
    char subject[32];
    snprintf(subject, sizeof subject, "group %lld", (long long)group_id);
    return looked_up(db, kl_db_reader_group(&db->reader, group_id, out), subject, "no such group");
}

/* A group's row as struct klotski_group gives it. */
static struct klotski_group group_record(const struct kl_db_group_row *row)
{
    struct klotski_group out = {
        .group_id = row->group_id,
        .class_id = row->class_id,
        .size = row->size,
        .min_code = row->min_code,
        .solved = row->solved,
        .max_min_steps = row->max_min_steps,
        .hardest_count = row->hardest_count,
        .diameter = row->diameter,
        .radius = row->radius,
        .peripheral_count = row->peripheral_count,
        .central_count = row->central_count,
    };
    snprintf(out.name, sizeof out.name, "%s", row->name);
    snprintf(out.class_name, sizeof out.class_name, "%s", row->class_name);
    return out;
}

static void write_group_metrics(struct klotski_group_metrics *out, const struct kl_db_group_row *row)
{
    struct klotski_group_metrics full = {
        .size = sizeof full,
        .max_min_straight_moves = row->max_min_moves[KL_METRIC_STRAIGHT],
        .max_min_unit_moves = row->max_min_moves[KL_METRIC_UNIT],
    };
    lib_write_sized(out, &full, sizeof full);
}

int klotski_layout(klotski_db *db, klotski_code code, struct klotski_layout *layout, struct klotski_group *group)
{
    return klotski_layout_v2(db, code, layout, NULL, group, NULL);
}

int klotski_layout_v2(klotski_db *db, klotski_code code, struct klotski_layout *layout,
                      struct klotski_layout_metrics *metrics, struct klotski_group *group,
                      struct klotski_group_metrics *group_metrics)
{
    const char *call = "klotski_layout";
    int result = usable(db, call, layout ? NULL : "layout");
    if (result == KLOTSKI_OK)
        result = lib_sized(&db->handle, call, "klotski_layout_metrics", metrics, LIB_LAYOUT_METRICS_FIRST_END);
    if (result == KLOTSKI_OK)
        result = lib_sized(&db->handle, call, "klotski_group_metrics", group_metrics, LIB_GROUP_METRICS_FIRST_END);
    struct kl_db_layout_row row;
    if (result == KLOTSKI_OK)
        result = lib_legal(&db->handle, code);
    if (result == KLOTSKI_OK)
        result = read_layout(db, code, &row);
    struct kl_db_group_row group_row;
    if (result == KLOTSKI_OK && (group || group_metrics))
        result = read_group_by_id(db, row.group_id, &group_row);
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
    };
    if (metrics) {
        struct klotski_layout_metrics full = {
            .size = sizeof full,
            .min_straight_moves = row.min_moves[KL_METRIC_STRAIGHT],
            .min_unit_moves = row.min_moves[KL_METRIC_UNIT],
        };
        lib_write_sized(metrics, &full, sizeof full);
    }
    if (group)
        *group = group_record(&group_row);
    if (group_metrics)
        write_group_metrics(group_metrics, &group_row);
    return lib_succeed(&db->handle);
}

int klotski_group_named(klotski_db *db, const char *name, struct klotski_group *group)
{
    return klotski_group_named_v2(db, name, group, NULL);
}

int klotski_group_named_v2(klotski_db *db, const char *name, struct klotski_group *group,
                           struct klotski_group_metrics *group_metrics)
{
    const char *call = "klotski_group_named";
    int result = usable(db, call, !name ? "name" : !group ? "group" : NULL);
    if (result == KLOTSKI_OK)
        result = lib_sized(&db->handle, call, "klotski_group_metrics", group_metrics, LIB_GROUP_METRICS_FIRST_END);
    if (result != KLOTSKI_OK)
        return result;
    struct kl_db_group_row row;
    result = looked_up(db, kl_db_reader_group_named(&db->reader, name, &row), name, "no such group");
    if (result != KLOTSKI_OK)
        return result;
    *group = group_record(&row);
    if (group_metrics)
        write_group_metrics(group_metrics, &row);
    return lib_succeed(&db->handle);
}

int klotski_solve(klotski_db *db, klotski_code code, klotski_code **route, int *count)
{
    return klotski_solve_in(db, code, KLOTSKI_STEP, route, count);
}

int klotski_solve_in(klotski_db *db, klotski_code code, enum klotski_metric metric, klotski_code **route, int *count)
{
    struct kl_db_layout_row layout;
    int result = usable(db, "klotski_solve", !route ? "route" : !count ? "count" : NULL);
    if (result == KLOTSKI_OK)
        result = lib_legal(&db->handle, code);
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
        return lib_fail(&db->handle, KLOTSKI_UNSOLVABLE, hex, "unsolvable: its group holds no solved layout");
    kl_code *codes = malloc(((size_t)distance + 1) * sizeof *codes);
    if (!codes)
        return lib_fail(&db->handle, KLOTSKI_NOMEM, NULL, "out of memory");
    bool descended;
    result = kl_db_reader_descend(&db->reader, code, distance, (enum kl_metric)metric, codes, &descended);
    if (result != SQLITE_OK || !descended) {
        free(codes);
        if (result != SQLITE_OK)
            return database_error(db);
        char rebuild[KL_DB_BUILD_COMMAND_SIZE];
        kl_db_build_command(db->path, false, rebuild);
        return lib_fail(&db->handle, KLOTSKI_ERROR, hex,
                        "the database is inconsistent: no %s leads closer to solved; rebuild it with %s",
                        kl_metric_name((enum kl_metric)metric), rebuild);
    }
    *route = codes;
    *count = distance + 1;
    return lib_succeed(&db->handle);
}

int klotski_moves(klotski_db *db, klotski_code code, struct klotski_move out[KLOTSKI_MAX_STEPS], int *count)
{
    return klotski_moves_in(db, code, KLOTSKI_STEP, out, count);
}

int klotski_moves_in(klotski_db *db, klotski_code code, enum klotski_metric metric,
                     struct klotski_move out[KLOTSKI_MAX_STEPS], int *count)
{
    int result = usable(db, "klotski_moves", !out ? "out" : !count ? "count" : NULL);
    if (result == KLOTSKI_OK)
        result = lib_legal(&db->handle, code);
    if (result == KLOTSKI_OK)
        result = check_metric(db, metric);
    if (result != KLOTSKI_OK)
        return result;
    kl_raw raw;
    lib_raw(code, &raw);
    struct kl_move_outcome moves[KL_MAX_STEPS];
    size_t n;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    result = looked_up(db, kl_db_reader_moves(&db->reader, code, (enum kl_metric)metric, moves, &n), hex,
                       "not in the database");
    if (result != KLOTSKI_OK)
        return result;
    for (size_t i = 0; i < n; i++)
        out[i] = (struct klotski_move){
            .step = lib_step(raw, moves[i].step),
            .min_steps = moves[i].min_steps,
            .change = moves[i].change,
            .farthest_steps = moves[i].farthest_steps,
            .farthest_num = moves[i].farthest_num,
        };
    *count = (int)n;
    return lib_succeed(&db->handle);
}

int klotski_members_open(klotski_db *db, const char *group, klotski_members **out)
{
    int result = usable(db, "klotski_members_open", !group ? "group" : !out ? "members" : NULL);
    if (result != KLOTSKI_OK) {
        if (out)
            *out = NULL;
        return result;
    }
    char *message;
    result = lib_member_lists_read(db->reader.connection, group, out, &message);
    if (result == KLOTSKI_OK)
        return lib_succeed(&db->handle);
    result = lib_fail(&db->handle, result, group, "%s", message ? message : "out of memory");
    sqlite3_free(message);
    return result;
}
