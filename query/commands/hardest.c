/* `klotski hardest`: the layouts with the most min_steps, overall or within a class or a
 * group.  The depth layers are read deepest first, so only the layers that can hold an
 * answer are decoded.  Under --metric straight or unit, which have no layers, the
 * layouts rows in scope are read and ranked by SQLite (seconds, not milliseconds). */
#include <stdlib.h>

#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "core/database/format.h"
#include "core/rank.h"
#include "query/report.h"

#define DEFAULT_LIMIT 10

static struct {
    const char *class_name, *group;
    long limit;
} options = {.limit = DEFAULT_LIMIT};

static const struct command_option hardest_options[] = {
    {.name = "class", .value_name = "CLASS", .text = &options.class_name,
     .help = "only layouts of this class (e.g. 5-4-1)"},
    {.name = "group", .value_name = "GROUP", .text = &options.group,
     .help = "only layouts of this group (a name or a LAYOUT)"},
    {.name = "limit", .value_name = "N", .count = &options.limit, .help = "at most N layouts (default 10)"},
    {NULL},
};

/* Per metric: the count is named as its layouts column. */
static const char *const hardest_columns[KL_METRIC_COUNT][5] = {
    {"code", "id", "min_steps", "group", NULL},
    {"code", "id", "min_straight_moves", "group", NULL},
    {"code", "id", "min_unit_moves", "group", NULL}};

struct hard_layout {
    uint32_t id;
    int min_steps;
    int64_t group_id;
};

/* Most min_steps first, then ascending code (= ascending id). */
static int compare_hard(const void *a, const void *b)
{
    const struct hard_layout *x = a, *y = b;
    if (x->min_steps != y->min_steps)
        return y->min_steps - x->min_steps;
    return (x->id > y->id) - (x->id < y->id);
}

/* The statement listing the layers in scope, deepest first. */
static sqlite3_stmt *deepest_layers(struct db *db, int64_t class_id, int64_t group_id)
{
    sqlite3_stmt *stmt;
    if (group_id != DB_NULL) {
        stmt = db_prepare(db, "SELECT group_id, depth, size, ids FROM layers"
                              " WHERE group_id = ? AND depth IS NOT NULL ORDER BY depth DESC");
        sqlite3_bind_int64(stmt, 1, group_id);
    } else if (class_id != DB_NULL) {
        stmt = db_prepare(db, "SELECT l.group_id, l.depth, l.size, l.ids FROM layers l"
                              " JOIN groups g USING (group_id)"
                              " WHERE g.class_id = ? AND l.depth IS NOT NULL ORDER BY l.depth DESC");
        sqlite3_bind_int64(stmt, 1, class_id);
    } else {
        stmt = db_prepare(db, "SELECT group_id, depth, size, ids FROM layers"
                              " WHERE depth IS NOT NULL ORDER BY depth DESC");
    }
    return stmt;
}

/* Collects whole layers, deepest first, until `limit` layouts are in and the next layer
 * is shallower than the last taken (a deeper layer of another group could still come
 * while the depth is the same). */
static struct hard_layout *collect(struct db *db, sqlite3_stmt *stmt, long limit, size_t *count)
{
    struct hard_layout *found = NULL;
    size_t n = 0, capacity = 0;
    int last_depth = -1;
    while (db_step(db, stmt)) {
        int depth = sqlite3_column_int(stmt, 1);
        if (n >= (size_t)limit && depth < last_depth)
            break;
        last_depth = depth;
        size_t size = (size_t)sqlite3_column_int64(stmt, 2);
        uint32_t *ids = db_column_ids(db, stmt, 3, size);
        if (n + size > capacity) {
            capacity = 2 * (n + size);
            found = xrealloc(found, capacity * sizeof *found);
        }
        for (size_t i = 0; i < size; i++)
            found[n++] = (struct hard_layout){ids[i], depth, sqlite3_column_int64(stmt, 0)};
        free(ids);
    }
    *count = n;
    return found;
}

/* The layouts of the scope with the most min moves under the db's metric (not the step),
 * ranked by one scan of the layouts rows. */
static struct hard_layout *collect_by_scan(struct db *db, int64_t class_id, int64_t group_id,
                                           long limit, size_t *count)
{
    char sql[320];
    const char *column = kl_db_min_moves_column(db_metric(db));
    snprintf(sql, sizeof sql,
             "SELECT code, %s, group_id FROM layouts WHERE %s IS NOT NULL%s"
             " ORDER BY %s DESC, code LIMIT ?2",
             column, column,
             group_id != DB_NULL   ? " AND group_id = ?1"
             : class_id != DB_NULL ? " AND group_id IN (SELECT group_id FROM groups"
                                     " WHERE class_id = ?1)"
                                   : " AND ?1 IS NULL",
             column);
    sqlite3_stmt *stmt = db_prepare(db, sql);
    if (group_id != DB_NULL || class_id != DB_NULL)
        sqlite3_bind_int64(stmt, 1, group_id != DB_NULL ? group_id : class_id);
    sqlite3_bind_int64(stmt, 2, limit);
    struct hard_layout *found = xmalloc(((size_t)limit + 1) * sizeof *found);
    size_t n = 0;
    while (db_step(db, stmt))
        found[n++] = (struct hard_layout){kl_code_to_id((kl_code)sqlite3_column_int64(stmt, 0)),
                                          sqlite3_column_int(stmt, 1),
                                          sqlite3_column_int64(stmt, 2)};
    sqlite3_finalize(stmt);
    *count = n;
    return found;
}

static int run_hardest(struct db *db, const struct request *req)
{
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "hardest takes no arguments; use --class or --group");
    if (options.class_name && options.group)
        return report(EXIT_BAD_INPUT, NULL, "hardest takes --class or --group, not both");
    int64_t class_id = DB_NULL;
    struct group_row group = {.group_id = DB_NULL};
    int status = options.class_name ? input_class(db, options.class_name, &class_id)
               : options.group      ? input_group(db, options.group, &group)
                                    : EXIT_ANSWERED;
    if (status != EXIT_ANSWERED)
        return status;
    long limit = options.limit;
    size_t count;
    struct hard_layout *found;
    if (db_metric(db) != KL_METRIC_STEP) {
        found = collect_by_scan(db, class_id, group.group_id, limit, &count);
    } else {
        sqlite3_stmt *stmt = deepest_layers(db, class_id, group.group_id);
        found = collect(db, stmt, limit, &count);
        sqlite3_finalize(stmt);
    }
    if (count == 0) {
        free(found);
        return report(EXIT_NOT_FOUND, options.class_name ? options.class_name : options.group,
                      "unsolvable: no layout has %s", kl_db_min_moves_column(db_metric(db)));
    }
    qsort(found, count, sizeof *found, compare_hard);
    struct table *t = table_new(hardest_columns[db_metric(db)]);
    for (size_t i = 0; i < count && i < (size_t)limit; i++) {
        struct group_row g;
        table_code(t, kl_id_to_code(found[i].id));
        table_number(t, found[i].id);
        table_number(t, found[i].min_steps);
        table_text(t, db_group(db, found[i].group_id, &g) ? g.name : "?");
    }
    free(found);
    table_print(t);
    table_free(t);
    return EXIT_ANSWERED;
}

const struct command command_hardest = {
    .name = "hardest",
    .synopsis = "hardest [--class CLASS | --group GROUP] [--limit N]",
    .summary = "the layouts with the most min_steps",
    .help = "Lists the layouts with the most min_steps, deepest first, ties by code: over the\n"
            "whole database, or within one class or one group.  Under --metric straight or\n"
            "unit, the layouts with the most such moves, read from every layouts row in\n"
            "scope (seconds).\n",
    .options = hardest_options,
    .run = run_hardest,
};
