#include "builder/base/store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "builder/progress.h"
#include "core/database/format.h"

#define ROWS_PER_INSERT 256

static const char tables_sql[] =
#include "schema/tables.sql.inc"
    ;
static const char finish_sql[] =
#include "schema/finish.sql.inc"
    ;

/* Settings for a bulk load into a file nobody else sees until it is renamed: no journal
 * and no syncs until the end, a large cache, a single exclusive connection. */
static const char bulk_pragmas[] =
    "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA locking_mode=EXCLUSIVE;"
    "PRAGMA cache_size=-262144; PRAGMA temp_store=MEMORY;";

struct writer {
    sqlite3 *db;
    char *err;
    size_t err_size;
    uint32_t group_base[KL_CLASS_COUNT + 1];
};

static int fail(struct writer *w, const char *what)
{
    snprintf(w->err, w->err_size, "%s: %s", what, w->db ? sqlite3_errmsg(w->db) : "cannot open");
    return -1;
}

static int exec(struct writer *w, const char *sql, const char *what)
{
    return sqlite3_exec(w->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : fail(w, what);
}

static int prepare(struct writer *w, const char *sql, sqlite3_stmt **st)
{
    return sqlite3_prepare_v2(w->db, sql, -1, st, NULL) == SQLITE_OK ? 0 : fail(w, "prepare");
}

static int step_reset(struct writer *w, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : fail(w, what);
}

static int write_classes(struct writer *w, const struct catalog *cat, const struct analysis *a)
{
    sqlite3_stmt *st;
    if (prepare(w, "INSERT INTO classes VALUES (?,?,?,?,?,?,?,?,?,?)", &st))
        return -1;
    int rc = 0;
    for (int c = 0; c < KL_CLASS_COUNT && rc == 0; c++) {
        struct kl_class k = kl_class_from_id(c);
        char name[KL_CLASS_NAME_SIZE];
        kl_class_name(k, name);
        struct analysis_totals totals = analysis_class_totals(a, c);
        sqlite3_bind_int(st, 1, c);
        sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 3, k.jiang);
        sqlite3_bind_int(st, 4, k.bing);
        sqlite3_bind_int(st, 5, k.style);
        sqlite3_bind_int64(st, 6, catalog_class_size(cat, c));
        sqlite3_bind_int64(st, 7, totals.groups);
        sqlite3_bind_int64(st, 8, (sqlite3_int64)totals.solved);
        sqlite3_bind_int64(st, 9, (sqlite3_int64)totals.solvable);
        if (totals.max_min_steps >= 0)
            sqlite3_bind_int(st, 10, totals.max_min_steps);
        else
            sqlite3_bind_null(st, 10);
        rc = step_reset(w, st, "writing classes");
    }
    sqlite3_finalize(st);
    return rc;
}

static int write_group(struct writer *w, sqlite3_stmt *group_st, sqlite3_stmt *layer_st,
                       sqlite3_stmt *hardest_st, int c, uint32_t num,
                       const struct group_layers *gl)
{
    char name[KL_DB_GROUP_NAME_SIZE];
    kl_db_group_name(kl_class_from_id(c), num, name);
    int64_t group_id = (int64_t)w->group_base[c] + num;
    sqlite3_bind_int64(group_st, 1, group_id);
    sqlite3_bind_text(group_st, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(group_st, 3, c);
    sqlite3_bind_int64(group_st, 4, num);
    sqlite3_bind_int64(group_st, 5, gl->size);
    sqlite3_bind_int64(group_st, 6, (sqlite3_int64)gl->min_code);
    sqlite3_bind_int64(group_st, 7, gl->solved);
    if (gl->max_depth >= 0) {
        sqlite3_bind_int(group_st, 8, gl->max_depth);
        sqlite3_bind_int64(group_st, 9, gl->hardest_count);
    } else {
        sqlite3_bind_null(group_st, 8);
        sqlite3_bind_null(group_st, 9);
    }
    if (step_reset(w, group_st, "writing groups"))
        return -1;
    for (uint32_t k = 0; k < gl->layer_count; k++) {
        const struct layer *l = &gl->layers[k];
        sqlite3_bind_int64(layer_st, 1, group_id);
        if (l->depth >= 0)
            sqlite3_bind_int(layer_st, 2, l->depth);
        else
            sqlite3_bind_null(layer_st, 2);
        sqlite3_bind_int64(layer_st, 3, l->size);
        sqlite3_bind_blob(layer_st, 4, l->blob, (int)l->blob_size, SQLITE_STATIC);
        if (step_reset(w, layer_st, "writing layers"))
            return -1;
    }
    for (uint32_t h = 0; h < gl->hardest_count; h++) {
        sqlite3_bind_int64(hardest_st, 1, (sqlite3_int64)gl->hardest[h]);
        sqlite3_bind_int64(hardest_st, 2, group_id);
        sqlite3_bind_int(hardest_st, 3, gl->max_depth);
        if (step_reset(w, hardest_st, "writing hardest"))
            return -1;
    }
    return 0;
}

static int write_groups(struct writer *w, const struct analysis *a)
{
    sqlite3_stmt *group_st = NULL, *layer_st = NULL, *hardest_st = NULL;
    int rc = prepare(w, "INSERT INTO groups (group_id, name, class_id, group_num, size, "
                        "min_code, solved, max_min_steps, hardest_count) "
                        "VALUES (?,?,?,?,?,?,?,?,?)", &group_st) ||
             prepare(w, "INSERT INTO layers VALUES (?,?,?,?)", &layer_st) ||
             prepare(w, "INSERT INTO hardest VALUES (?,?,?)", &hardest_st);
    for (int c = 0; c < KL_CLASS_COUNT && rc == 0; c++)
        for (uint32_t num = 0; num < a->group_count[c] && rc == 0; num++)
            rc = write_group(w, group_st, layer_st, hardest_st, c, num, &a->groups[c][num]);
    sqlite3_finalize(group_st);
    sqlite3_finalize(layer_st);
    sqlite3_finalize(hardest_st);
    return rc ? -1 : 0;
}

/* "INSERT INTO layouts (...) VALUES (?,?,?,?),(?,?,?,?),..." for `rows` rows: one
 * statement run per many rows keeps SQLite's cursor at the end of the table between rows,
 * instead of opening it and seeking from the root for every row. */
static int prepare_layout_insert(struct writer *w, int rows, sqlite3_stmt **st)
{
    static const char head[] = "INSERT INTO layouts (" KL_DB_LAYOUT_COLUMNS ") VALUES ",
                      row[] = "(?,?,?,?),";
    _Static_assert(sizeof row - 1 == 2 * KL_DB_LAYOUT_COLUMN_COUNT + 2, "one ? a column");
    char sql[sizeof head + ROWS_PER_INSERT * (sizeof row - 1)];
    size_t used = sizeof head - 1;
    memcpy(sql, head, used);
    for (int r = 0; r < rows; r++, used += sizeof row - 1)
        memcpy(sql + used, row, sizeof row - 1);
    sql[used - 1] = '\0'; /* drops the last comma */
    return prepare(w, sql, st);
}

/* Binds one layout as row `r` of a multi-row insert and adds it to the checksum. */
static void bind_layout(sqlite3_stmt *st, int r, kl_code code, uint32_t group_id,
                        uint32_t group_index, uint8_t min_steps, struct kl_db_checksum *sum)
{
    int first = KL_DB_LAYOUT_COLUMN_COUNT * r + 1;
    sqlite3_bind_int64(st, first + KL_DB_LAYOUT_CODE, (sqlite3_int64)code);
    sqlite3_bind_int64(st, first + KL_DB_LAYOUT_GROUP_ID, group_id);
    sqlite3_bind_int64(st, first + KL_DB_LAYOUT_GROUP_INDEX, group_index);
    if (min_steps != KL_DB_UNSOLVABLE)
        sqlite3_bind_int(st, first + KL_DB_LAYOUT_MIN_STEPS, min_steps);
    else
        sqlite3_bind_null(st, first + KL_DB_LAYOUT_MIN_STEPS);
    kl_db_checksum_add(sum, code, group_id, group_index, min_steps);
}

static int write_layouts(struct writer *w, const struct catalog *cat,
                         const struct analysis *a, uint32_t *crc)
{
    sqlite3_stmt *full = NULL, *last = NULL;
    int tail_rows = KL_LAYOUT_COUNT % ROWS_PER_INSERT;
    if (prepare_layout_insert(w, ROWS_PER_INSERT, &full) ||
        (tail_rows && prepare_layout_insert(w, tail_rows, &last))) {
        sqlite3_finalize(full);
        return -1;
    }
    struct kl_db_checksum sum;
    kl_db_checksum_start(&sum);
    int rc = 0;
    progress_begin("store", KL_LAYOUT_COUNT, "layouts");
    for (uint32_t first = 0; first < KL_LAYOUT_COUNT && rc == 0; first += ROWS_PER_INSERT) {
        int rows = KL_LAYOUT_COUNT - first < ROWS_PER_INSERT ? tail_rows : ROWS_PER_INSERT;
        sqlite3_stmt *st = rows == ROWS_PER_INSERT ? full : last;
        for (int r = 0; r < rows; r++) {
            uint32_t id = first + (uint32_t)r;
            bind_layout(st, r, cat->codes[id], w->group_base[cat->class_of[id]] + a->group_num[id],
                        a->group_index[id], a->min_steps[id], &sum);
        }
        rc = step_reset(w, st, "writing layouts");
        progress_add((uint64_t)rows);
    }
    progress_end();
    sqlite3_finalize(full);
    sqlite3_finalize(last);
    *crc = kl_db_checksum_value(&sum);
    return rc;
}

static int put_meta(struct writer *w, sqlite3_stmt *st, const char *key, int64_t value,
                    const char *text)
{
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (text)
        sqlite3_bind_text(st, 2, text, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_int64(st, 2, value);
    return step_reset(w, st, "writing meta");
}

static int write_meta(struct writer *w, const struct analysis *a,
                      const struct build_facts *facts, uint32_t crc, double store_seconds)
{
    struct analysis_totals totals = analysis_totals(a);
    char date[32];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    char seconds[32];
    snprintf(seconds, sizeof seconds, "%.1f", facts->seconds_before_store + store_seconds);
    sqlite3_stmt *st;
    if (prepare(w, "INSERT INTO meta VALUES (?,?)", &st))
        return -1;
    int rc = put_meta(w, st, KL_DB_META_FORMAT_VERSION, KL_DB_FORMAT_VERSION, NULL) ||
             put_meta(w, st, KL_DB_META_BUILD_DATE, 0, date) ||
             put_meta(w, st, KL_DB_META_BUILD_SECONDS, 0, seconds) ||
             put_meta(w, st, KL_DB_META_BUILD_THREADS, facts->threads, NULL) ||
             put_meta(w, st, KL_DB_META_SQLITE_VERSION, 0, sqlite3_libversion()) ||
             put_meta(w, st, KL_DB_META_LAYOUTS, KL_LAYOUT_COUNT, NULL) ||
             put_meta(w, st, KL_DB_META_CLASSES, KL_CLASS_COUNT, NULL) ||
             put_meta(w, st, KL_DB_META_GROUPS, w->group_base[KL_CLASS_COUNT], NULL) ||
             put_meta(w, st, KL_DB_META_SOLVED, (int64_t)totals.solved, NULL) ||
             put_meta(w, st, KL_DB_META_SOLVABLE, (int64_t)totals.solvable, NULL) ||
             put_meta(w, st, KL_DB_META_MAX_MIN_STEPS, totals.max_min_steps, NULL) ||
             put_meta(w, st, KL_DB_META_STEP_PAIRS, (int64_t)a->edges, NULL) ||
             put_meta(w, st, KL_DB_META_LAYOUTS_CRC32, crc, NULL) ||
             put_meta(w, st, KL_DB_META_FARTHEST_GROUPS_DONE, 0, NULL);
    sqlite3_finalize(st);
    return rc ? -1 : 0;
}

/* The cheap checks before the file may replace a good one: what SQLite holds agrees with
 * what was computed. */
static int check_counts(struct writer *w)
{
    static const struct {
        const char *sql;
        int64_t expected;
    } checks[] = {
        {"SELECT count(*) FROM classes", KL_CLASS_COUNT},
        {"SELECT sum(layouts) FROM classes", KL_LAYOUT_COUNT},
        {"SELECT sum(size) FROM groups", KL_LAYOUT_COUNT},
        {"SELECT sum(size) FROM layers", KL_LAYOUT_COUNT},
        {"SELECT max(rowid) = (SELECT max(code) FROM layouts) FROM layouts", 1},
    };
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
        sqlite3_stmt *st;
        if (prepare(w, checks[i].sql, &st))
            return -1;
        int ok = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int64(st, 0) == checks[i].expected;
        sqlite3_finalize(st);
        if (!ok) {
            snprintf(w->err, w->err_size, "self-check failed: %s", checks[i].sql);
            return -1;
        }
    }
    return 0;
}

int store_write(const char *path, const struct catalog *cat, const struct analysis *a,
                const struct build_facts *facts, char *err, size_t err_size)
{
    struct writer w = {.err = err, .err_size = err_size};
    for (int c = 0; c < KL_CLASS_COUNT; c++)
        w.group_base[c + 1] = w.group_base[c] + a->group_count[c];
    double start = progress_now();
    int rc = sqlite3_open_v2(path, &w.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        fail(&w, path);
        sqlite3_close(w.db);
        return -1;
    }
    uint32_t crc = 0;
    rc = exec(&w, bulk_pragmas, "configuring") || exec(&w, tables_sql, "creating tables") ||
         exec(&w, "BEGIN", "begin") || write_classes(&w, cat, a) || write_groups(&w, a) ||
         write_layouts(&w, cat, a, &crc) ||
         write_meta(&w, a, facts, crc, progress_now() - start) ||
         exec(&w, finish_sql, "finishing schema") || exec(&w, "COMMIT", "commit") ||
         check_counts(&w);
    if (sqlite3_close(w.db) != SQLITE_OK && rc == 0) {
        snprintf(err, err_size, "closing the database failed");
        rc = 1;
    }
    return rc ? -1 : 0;
}
