#include "builder/base/store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "builder/base/table_pages.h"
#include "builder/progress.h"
#include "core/database/format.h"
#include "core/database/names.h"

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

/* The classic names, every line of the compiled-in table in its order (name_id from 1). */
static int write_names(struct writer *w)
{
    sqlite3_stmt *st;
    if (prepare(w, "INSERT INTO names (code, name, section) VALUES (?,?,?)", &st))
        return -1;
    int rc = 0;
    struct kl_db_name line;
    for (const char *cursor = kl_db_names_start(); rc == 0 && kl_db_names_next(&cursor, &line);) {
        sqlite3_bind_int64(st, 1, (sqlite3_int64)line.code);
        sqlite3_bind_text(st, 2, line.name, (int)line.name_length, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, line.section, (int)line.section_length, SQLITE_STATIC);
        rc = step_reset(w, st, "writing names");
    }
    sqlite3_finalize(st);
    return rc;
}

/* Binds the group extremes to parameters 10 to 15 of the groups row: NULL when they
 * were not asked for (x NULL) or not settled within the base build's work. */
static void bind_extremes(sqlite3_stmt *group_st, const struct extremes_row *x)
{
    for (int k = 10; k <= 15; k++)
        sqlite3_bind_null(group_st, k);
    if (!x || !x->settled)
        return;
    sqlite3_bind_int(group_st, 10, x->diameter);
    sqlite3_bind_int(group_st, 11, x->radius);
    sqlite3_bind_int64(group_st, 12, x->peripheral_count);
    sqlite3_bind_blob(group_st, 13, x->peripheral_ids, (int)x->peripheral_ids_size,
                      SQLITE_STATIC);
    sqlite3_bind_int64(group_st, 14, x->central_count);
    sqlite3_bind_blob(group_st, 15, x->central_ids, (int)x->central_ids_size, SQLITE_STATIC);
}

/* The statements that write a group's rows. */
struct group_statements {
    sqlite3_stmt *group, *layer, *hardest, *hardest_moves, *move_layer;
};

/* A solvable group's move_layers rows under metric: a row per depth from 0 to its
 * largest (a breadth-first search leaves no depth between empty); none for an unsolvable
 * group (its layers row stands for every metric). */
static int write_move_layers(struct writer *w, sqlite3_stmt *st, enum kl_metric metric,
                             int64_t group_id, const struct metric_group *h)
{
    for (int depth = 0; depth <= h->max_moves; depth++) {
        sqlite3_bind_text(st, 1, kl_metric_name(metric), -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, group_id);
        sqlite3_bind_int(st, 3, depth);
        sqlite3_bind_int64(st, 4, h->layer_sizes[depth]);
        if (step_reset(w, st, "writing move_layers"))
            return -1;
    }
    return 0;
}

static int write_group(struct writer *w, const struct group_statements *st, int c,
                       uint32_t num, const struct group_layers *gl,
                       const struct extremes_row *x,
                       struct metric_group *const metric_groups[KL_METRIC_COUNT])
{
    sqlite3_stmt *group_st = st->group, *layer_st = st->layer, *hardest_st = st->hardest;
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
    bind_extremes(group_st, x);
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
        int column = 16 + 2 * (m - KL_METRIC_STRAIGHT);
        const struct metric_group *h = &metric_groups[m][num];
        if (h->max_moves >= 0) {
            sqlite3_bind_int(group_st, column, h->max_moves);
            sqlite3_bind_int64(group_st, column + 1, h->hardest_count);
        } else {
            sqlite3_bind_null(group_st, column);
            sqlite3_bind_null(group_st, column + 1);
        }
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
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
        const struct metric_group *h = &metric_groups[m][num];
        for (uint32_t k = 0; k < h->hardest_count; k++) {
            sqlite3_bind_text(st->hardest_moves, 1, kl_metric_name((enum kl_metric)m), -1,
                              SQLITE_STATIC);
            sqlite3_bind_int64(st->hardest_moves, 2, (sqlite3_int64)h->hardest[k]);
            sqlite3_bind_int64(st->hardest_moves, 3, group_id);
            sqlite3_bind_int(st->hardest_moves, 4, h->max_moves);
            if (step_reset(w, st->hardest_moves, "writing hardest_moves"))
                return -1;
        }
        if (write_move_layers(w, st->move_layer, (enum kl_metric)m, group_id, h))
            return -1;
    }
    return 0;
}

static int write_groups(struct writer *w, const struct analysis *a)
{
    struct group_statements st = {NULL, NULL, NULL, NULL, NULL};
    int rc = prepare(w, "INSERT INTO groups (group_id, name, class_id, group_num, size, "
                        "min_code, solved, max_min_steps, hardest_count, diameter, radius, "
                        "peripheral_count, peripheral_ids, central_count, central_ids, "
                        "max_min_straight_moves, hardest_straight_count, max_min_unit_moves, "
                        "hardest_unit_count) "
                        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", &st.group) ||
             prepare(w, "INSERT INTO layers VALUES (?,?,?,?)", &st.layer) ||
             prepare(w, "INSERT INTO hardest VALUES (?,?,?)", &st.hardest) ||
             prepare(w, "INSERT INTO hardest_moves VALUES (?,?,?,?)", &st.hardest_moves) ||
             prepare(w, "INSERT INTO move_layers VALUES (?,?,?,?)", &st.move_layer);
    for (int c = 0; c < KL_CLASS_COUNT && rc == 0; c++) {
        struct metric_group *metric_groups[KL_METRIC_COUNT] = {NULL};
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
            metric_groups[m] = a->metric_groups[m][c];
        for (uint32_t num = 0; num < a->group_count[c] && rc == 0; num++)
            rc = write_group(w, &st, c, num, &a->groups[c][num],
                             a->extremes[c] ? &a->extremes[c][num] : NULL, metric_groups);
    }
    sqlite3_finalize(st.group);
    sqlite3_finalize(st.layer);
    sqlite3_finalize(st.hardest);
    sqlite3_finalize(st.hardest_moves);
    sqlite3_finalize(st.move_layer);
    return rc ? -1 : 0;
}

/* The layouts rows in code order, for table_pages_fill, and their checksum. */
struct layout_rows {
    const struct writer *w;
    const struct catalog *cat;
    const struct analysis *a;
    uint32_t crc;
};

#define PROGRESS_ROWS 65536 /* rows between two updates of the progress line */

static uint32_t layout_group_id(const struct layout_rows *rows, uint32_t id)
{
    return rows->w->group_base[rows->cat->class_of[id]] + rows->a->layouts[id].group_num;
}

/* layouts.extra_moves of a layout (schema/tables.sql); 0 when unsolvable. */
static int64_t extra_moves(const struct layout_result *r)
{
    return r->straight_over_steps + KL_DB_EXTRA_STRAIGHT_RADIX * (int64_t)r->unit_over_straight;
}

/* Whether every layout's min_straight_moves - min_steps fits below the radix of
 * extra_moves, and the counts grow from one metric to the next (every unit move is a
 * straight move and every straight move a step); a failure is a wrong search, or a
 * radix to raise. */
static int check_extra_moves(struct writer *w, const struct analysis *a)
{
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id++) {
        const struct layout_result *r = &a->layouts[id];
        if (r->straight_over_steps >= KL_DB_EXTRA_STRAIGHT_RADIX ||
            r->unit_over_straight == MOVES_OVER_UNFIT) {
            snprintf(w->err, w->err_size, "layout id %u: min_steps %d, %d more straight moves, "
                     "%d more unit moves (%d stands for fewer or too many) do not fit "
                     "layouts.extra_moves", id, r->min_steps, r->straight_over_steps,
                     r->unit_over_straight, MOVES_OVER_UNFIT);
            return -1;
        }
    }
    return 0;
}

/* table_pages_next_row: the row of layout id `id`.  The code, an INTEGER PRIMARY KEY, is
 * the rowid and is stored as NULL in the record, as SQLite does. */
static void next_layout(void *context, uint64_t id, struct table_pages_row *row)
{
    const struct layout_rows *rows = context;
    const struct layout_result *r = &rows->a->layouts[id];
    uint8_t min_steps = r->min_steps;
    row->rowid = (int64_t)rows->cat->codes[id];
    row->is_null[KL_DB_LAYOUT_CODE] = true;
    row->values[KL_DB_LAYOUT_GROUP_ID] = layout_group_id(rows, (uint32_t)id);
    row->values[KL_DB_LAYOUT_GROUP_INDEX] = r->group_index;
    row->values[KL_DB_LAYOUT_MIN_STEPS] = min_steps;
    row->is_null[KL_DB_LAYOUT_MIN_STEPS] = min_steps == KL_DB_UNSOLVABLE;
    /* packed holds -min_solution_num until the farthest phase; the last column in the
     * record, and its DEFAULT (schema/tables.sql) is -1. */
    row->values[KL_DB_LAYOUT_PACKED] = -(int64_t)r->min_solution_num;
    row->is_null[KL_DB_LAYOUT_PACKED] = r->min_solution_num == 0;
    /* extra_moves follows, with DEFAULT 0: the columns at the end of the record that
     * hold their DEFAULT are left out. */
    int64_t extra = extra_moves(r);
    row->values[KL_DB_LAYOUT_EXTRA_MOVES] = extra;
    row->stored_columns = extra != 0 ? KL_DB_LAYOUT_RECORD_COLUMNS
                          : r->min_solution_num == 1 ? KL_DB_LAYOUT_PACKED
                                                         : KL_DB_LAYOUT_EXTRA_MOVES;
    if ((id + 1) % PROGRESS_ROWS == 0 || id + 1 == KL_LAYOUT_COUNT)
        progress_add(id % PROGRESS_ROWS + 1);
}

/* A thread's body: the checksum of the rows into rows->crc. */
static void *sum_layouts(void *context)
{
    struct layout_rows *rows = context;
    struct kl_db_checksum sum;
    kl_db_checksum_start(&sum);
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id++) {
        const struct layout_result *r = &rows->a->layouts[id];
        kl_db_checksum_add(&sum, rows->cat->codes[id], layout_group_id(rows, id),
                           r->group_index, r->min_steps, r->min_solution_num,
                           (uint32_t)extra_moves(r));
    }
    rows->crc = kl_db_checksum_value(&sum);
    return NULL;
}

/* Writes the layouts rows as b-tree pages into the closed database at path (29.3M
 * INSERTs would take SQLite ten times as long); root_page is the empty table's.  Their
 * checksum is computed meanwhile on a second thread (where one can start). */
static int write_layouts(struct writer *w, const char *path, uint32_t root_page,
                         const struct catalog *cat, const struct analysis *a, uint32_t *crc)
{
    struct layout_rows rows = {.w = w, .cat = cat, .a = a};
    pthread_t summer;
    bool summing = pthread_create(&summer, NULL, sum_layouts, &rows) == 0;
    progress_begin("store", KL_LAYOUT_COUNT, "layouts");
    int rc = table_pages_fill(path, root_page, KL_LAYOUT_COUNT, KL_DB_LAYOUT_RECORD_COLUMNS,
                              next_layout, &rows, w->err, w->err_size);
    progress_end();
    if (summing)
        pthread_join(summer, NULL);
    else
        sum_layouts(&rows);
    *crc = rows.crc;
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

/* The largest min moves under `metric` (not the step) of any group. */
static int largest_moves(const struct analysis *a, enum kl_metric metric)
{
    int largest = -1;
    for (int c = 0; c < KL_CLASS_COUNT; c++)
        for (uint32_t num = 0; num < a->group_count[c]; num++)
            if (a->metric_groups[metric][c][num].max_moves > largest)
                largest = a->metric_groups[metric][c][num].max_moves;
    return largest;
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
             put_meta(w, st, KL_DB_META_MAX_MIN_STRAIGHT_MOVES,
                      largest_moves(a, KL_METRIC_STRAIGHT), NULL) ||
             put_meta(w, st, KL_DB_META_MAX_MIN_UNIT_MOVES, largest_moves(a, KL_METRIC_UNIT),
                      NULL) ||
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
        {"SELECT sum(size) FROM layer_sizes WHERE metric = 'straight'", KL_LAYOUT_COUNT},
        {"SELECT sum(size) FROM layer_sizes WHERE metric = 'unit'", KL_LAYOUT_COUNT},
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

/* Column i of a row as the analysis holds min moves: METRIC_UNSOLVABLE for NULL. */
static int moves_or_unsolvable(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? METRIC_UNSOLVABLE
                                                     : sqlite3_column_int(st, i);
}

#define SAMPLED_LAYOUTS 1024 /* layouts rows check_layouts reads back */

/* Reads back layouts rows spread over the whole table (each a descent from the root
 * through the pages table_pages_fill wrote) and compares them with the analysis; reading
 * every row would take as long as writing them, and tests check the writer itself. */
static int check_layouts(struct writer *w, const struct catalog *cat, const struct analysis *a)
{
    sqlite3_stmt *st;
    if (prepare(w, "SELECT group_id, group_index, min_steps, min_solution_num, "
                   "min_straight_moves, min_unit_moves "
                   "FROM layouts WHERE code = ?", &st))
        return -1;
    int rc = 0;
    for (uint32_t k = 0; k < SAMPLED_LAYOUTS && rc == 0; k++) {
        uint32_t id = (uint32_t)((uint64_t)(KL_LAYOUT_COUNT - 1) * k / (SAMPLED_LAYOUTS - 1));
        sqlite3_bind_int64(st, 1, (sqlite3_int64)cat->codes[id]);
        const struct layout_result *r = &a->layouts[id];
        bool same = sqlite3_step(st) == SQLITE_ROW &&
                    sqlite3_column_int64(st, 0) == w->group_base[cat->class_of[id]] + r->group_num &&
                    sqlite3_column_int64(st, 1) == r->group_index &&
                    (sqlite3_column_type(st, 2) == SQLITE_NULL ? KL_DB_UNSOLVABLE
                                                               : sqlite3_column_int(st, 2)) == r->min_steps &&
                    sqlite3_column_int(st, 3) == r->min_solution_num && /* NULL reads as 0 */
                    moves_or_unsolvable(st, 4) == layout_result_moves(r, KL_METRIC_STRAIGHT) &&
                    moves_or_unsolvable(st, 5) == layout_result_moves(r, KL_METRIC_UNIT);
        sqlite3_reset(st);
        if (!same) {
            snprintf(w->err, w->err_size, "self-check failed: layouts row %09llX differs",
                     (unsigned long long)cat->codes[id]);
            rc = -1;
        }
    }
    sqlite3_finalize(st);
    return rc;
}

/* Opens the database at path for a bulk write. */
static int open_bulk(struct writer *w, const char *path)
{
    if (sqlite3_open_v2(path, &w->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK)
        return fail(w, path);
    return exec(w, bulk_pragmas, "configuring");
}

static int close_db(struct writer *w)
{
    int rc = sqlite3_close(w->db);
    w->db = NULL;
    if (rc != SQLITE_OK) {
        snprintf(w->err, w->err_size, "closing the database failed");
        return -1;
    }
    return 0;
}

/* The root page of the layouts table, where table_pages_fill hangs its pages. */
static int layouts_root_page(struct writer *w, uint32_t *root_page)
{
    sqlite3_stmt *st;
    if (prepare(w, "SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = 'layouts'", &st))
        return -1;
    int found = sqlite3_step(st) == SQLITE_ROW;
    *root_page = found ? (uint32_t)sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return found ? 0 : fail(w, "finding the layouts table");
}

/* Three steps: SQLite writes everything but the layouts rows and closes the file; the
 * rows go in as pages (table_pages.h); SQLite adds the meta table, whose checksum and
 * build time are known only then, and checks what the file holds. */
int store_write(const char *path, const struct catalog *cat, const struct analysis *a,
                const struct build_facts *facts, char *err, size_t err_size)
{
    struct writer w = {.err = err, .err_size = err_size};
    for (int c = 0; c < KL_CLASS_COUNT; c++)
        w.group_base[c + 1] = w.group_base[c] + a->group_count[c];
    double start = progress_now();
    uint32_t crc = 0, root_page = 0;
    int rc = check_extra_moves(&w, a) || open_bulk(&w, path) ||
             exec(&w, tables_sql, "creating tables") || exec(&w, "BEGIN", "begin") ||
             write_classes(&w, cat, a) || write_groups(&w, a) || write_names(&w) ||
             exec(&w, finish_sql, "finishing schema") || exec(&w, "COMMIT", "commit") ||
             layouts_root_page(&w, &root_page);
    if (w.db && close_db(&w))
        rc = -1;
    rc = rc || write_layouts(&w, path, root_page, cat, a, &crc) || open_bulk(&w, path) ||
         exec(&w, "BEGIN", "begin") || write_meta(&w, a, facts, crc, progress_now() - start) ||
         exec(&w, "COMMIT", "commit") || check_counts(&w) || check_layouts(&w, cat, a);
    if (w.db && close_db(&w))
        rc = -1;
    return rc ? -1 : 0;
}
