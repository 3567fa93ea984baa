/* `klotski hardest`: the layouts with the most min_steps, overall or within a class or a
 * group.  The depth layers are read deepest first, a depth at a time, so only the layers
 * that can hold an answer are decoded, and the rows stream out.  Under --metric straight or
 * unit, which have no layers, the hardest come from hardest_moves and any more from the
 * layouts rows in scope, ranked by SQLite (seconds). */
#include <stddef.h>
#include <stdlib.h>

#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "core/database/format.h"
#include "core/rank.h"
#include "answer/report.h"

#define DEFAULT_LIMIT 10

struct hardest_options {
    const char *class_name, *group;
    long limit;
};

static const struct hardest_options option_defaults = {.limit = DEFAULT_LIMIT};

static const struct command_option hardest_option_table[] = {
    {.name = "class", .value_name = "CLASS", .kind = OPTION_TEXT, .offset = offsetof(struct hardest_options, class_name),
     .help = "only layouts of this class (e.g. 5-4-1)"},
    {.name = "group", .value_name = "GROUP", .kind = OPTION_TEXT, .offset = offsetof(struct hardest_options, group),
     .help = "only layouts of this group (a name or a LAYOUT)"},
    {.name = "limit", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct hardest_options, limit),
     .help = "at most N layouts (default 10; a number beyond the database's count means all)"},
    {NULL},
};

/* Per metric: the count is named as its layouts column. */
static const char *const hardest_columns[KL_METRIC_COUNT][5] = {
    {"code", "id", "min_steps", "group", NULL},
    {"code", "id", "min_straight_moves", "group", NULL},
    {"code", "id", "min_unit_moves", "group", NULL}};

/* A layout of the depth being listed. */
struct hard_layout {
    uint32_t id;
    uint32_t group_id;
};

/* Ascending id (= ascending code). */
static int compare_ids(const void *a, const void *b)
{
    const struct hard_layout *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* The names of the groups met, by group_id, looked up once each. */
struct group_names {
    char **names;
    size_t count;
};

static const char *group_name(struct db *db, struct group_names *cache, uint32_t group_id)
{
    if (group_id >= cache->count) {
        size_t count = 2 * (size_t)group_id + 1;
        cache->names = xrealloc(cache->names, count * sizeof *cache->names);
        for (size_t i = cache->count; i < count; i++)
            cache->names[i] = NULL;
        cache->count = count;
    }
    if (!cache->names[group_id]) {
        struct kl_db_group_row g;
        cache->names[group_id] = xstrdup(db_group(db, group_id, &g) ? g.name : "?");
    }
    return cache->names[group_id];
}

static void group_names_free(struct group_names *cache)
{
    for (size_t i = 0; i < cache->count; i++)
        free(cache->names[i]);
    free(cache->names);
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

/* A depth's layouts, ascending id: rows of the table while `limit` allows. */
static void print_depth(struct db *db, struct table *t, struct hard_layout *found, size_t count, int depth,
                        long *limit, struct group_names *names)
{
    qsort(found, count, sizeof *found, compare_ids);
    for (size_t i = 0; i < count && *limit > 0; i++, --*limit) {
        table_code(t, kl_id_to_code(found[i].id));
        table_number(t, found[i].id);
        table_number(t, depth);
        table_text(t, group_name(db, names, found[i].group_id));
    }
}

/* Lists the layers in scope, deepest first, a depth at a time: each depth's layouts, of
 * every group, are sorted by id and printed before the next depth is read, so that
 * memory holds one depth (at most 2.9M layouts, 23 MB) whatever the limit.  Returns how
 * many layouts were listed. */
static size_t list_hardest(struct db *db, sqlite3_stmt *stmt, long limit)
{
    struct table *t = table_new_streamed(hardest_columns[KL_METRIC_STEP], OUT_ID_DIGITS);
    struct group_names names = {0};
    struct hard_layout *found = NULL;
    size_t n = 0, capacity = 0, listed = 0;
    int depth = -1;
    bool more;
    do {
        more = limit > 0 && db_step(db, stmt);
        int layer_depth = more ? sqlite3_column_int(stmt, 1) : -1;
        if (n > 0 && layer_depth != depth) {
            long before = limit;
            print_depth(db, t, found, n, depth, &limit, &names);
            listed += (size_t)(before - limit);
            n = 0;
        }
        if (!more || limit == 0)
            break;
        depth = layer_depth;
        size_t size = (size_t)sqlite3_column_int64(stmt, 2);
        uint32_t *ids = db_column_ids(db, stmt, 3, size);
        if (n + size > capacity) {
            capacity = n + size + n / 4; /* a depth holds up to 2.9M layouts: grow by a quarter */
            found = xrealloc(found, capacity * sizeof *found);
        }
        for (size_t i = 0; i < size; i++)
            found[n++] = (struct hard_layout){ids[i], (uint32_t)sqlite3_column_int64(stmt, 0)};
        free(ids);
    } while (more);
    if (listed > 0)
        table_print(t);
    table_free(t);
    free(found);
    group_names_free(&names);
    return listed;
}

/* The SQL condition on a row's group_id that keeps the scope; ?1 binds the group_id or
 * class_id (left unbound, NULL, for the whole database). */
static const char *scope_condition(int64_t class_id, int64_t group_id)
{
    return group_id != DB_NULL ? "group_id = ?1"
         : class_id != DB_NULL ? "group_id IN (SELECT group_id FROM groups WHERE class_id = ?1)"
                               : "?1 IS NULL";
}

/* Prints the rows (code, count, group_id) of `stmt` while `*limit` allows.  Returns the
 * largest count printed (DB_NULL when none). */
static int print_rows(struct db *db, sqlite3_stmt *stmt, struct table *t, long *limit, struct group_names *names,
                      size_t *listed)
{
    int largest = DB_NULL;
    while (*limit > 0 && db_step(db, stmt)) {
        kl_code code = (kl_code)sqlite3_column_int64(stmt, 0);
        int count = sqlite3_column_int(stmt, 1);
        largest = largest == DB_NULL || count > largest ? count : largest;
        table_code(t, code);
        table_number(t, kl_code_to_id(code));
        table_number(t, count);
        table_text(t, group_name(db, names, (uint32_t)sqlite3_column_int64(stmt, 2)));
        (*listed)++;
        --*limit;
    }
    sqlite3_finalize(stmt);
    return largest;
}

/* Lists the layouts of the scope with the most min moves under the db's metric (not the
 * step), most first, ties by code.  Those with the scope's largest count are every
 * group's hardest members there, which hardest_moves lists (milliseconds); a limit beyond
 * them is filled as SQLite ranks the other layouts rows in scope (seconds).  Returns how
 * many layouts were listed. */
static size_t list_by_moves(struct db *db, int64_t class_id, int64_t group_id, long limit)
{
    enum kl_metric metric = db_metric(db);
    const char *column = kl_db_min_moves_column(metric);
    const char *in_scope = scope_condition(class_id, group_id);
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT code, min_moves, group_id FROM hardest_moves WHERE metric = ?2 AND %s AND min_moves ="
             " (SELECT max(min_moves) FROM hardest_moves WHERE metric = ?2 AND %s) ORDER BY code",
             in_scope, in_scope);
    sqlite3_stmt *stmt = db_prepare(db, sql);
    int64_t scope = group_id != DB_NULL ? group_id : class_id;
    if (scope != DB_NULL)
        sqlite3_bind_int64(stmt, 1, scope);
    sqlite3_bind_text(stmt, 2, kl_metric_name(metric), -1, SQLITE_STATIC);
    struct table *t = table_new_streamed(hardest_columns[metric], OUT_ID_DIGITS);
    struct group_names names = {0};
    size_t listed = 0;
    int largest = print_rows(db, stmt, t, &limit, &names, &listed);
    if (limit > 0 && largest != DB_NULL) {
        snprintf(sql, sizeof sql,
                 "SELECT code, %s, group_id FROM layouts WHERE %s < ?2 AND %s ORDER BY %s DESC, code LIMIT ?3",
                 column, column, in_scope, column);
        stmt = db_prepare(db, sql);
        if (scope != DB_NULL)
            sqlite3_bind_int64(stmt, 1, scope);
        sqlite3_bind_int(stmt, 2, largest);
        sqlite3_bind_int64(stmt, 3, limit);
        print_rows(db, stmt, t, &limit, &names, &listed);
    }
    if (listed > 0)
        table_print(t);
    table_free(t);
    group_names_free(&names);
    return listed;
}

static int run_hardest(struct db *db, const struct request *req)
{
    const struct hardest_options *options = req->options;
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "hardest takes no arguments; use --class or --group");
    if (options->class_name && options->group)
        return report(EXIT_BAD_INPUT, NULL, "hardest takes --class or --group, not both");
    int64_t class_id = DB_NULL;
    struct kl_db_group_row group = {.group_id = DB_NULL};
    int status = options->class_name ? input_class(db, options->class_name, &class_id)
               : options->group      ? input_group(db, options->group, &group)
                                    : EXIT_ANSWERED;
    if (status != EXIT_ANSWERED)
        return status;
    size_t listed;
    if (db_metric(db) != KL_METRIC_STEP) {
        listed = list_by_moves(db, class_id, group.group_id, options->limit);
    } else {
        sqlite3_stmt *stmt = deepest_layers(db, class_id, group.group_id);
        listed = list_hardest(db, stmt, options->limit);
        sqlite3_finalize(stmt);
    }
    if (listed == 0)
        return report(EXIT_NOT_FOUND, options->class_name ? options->class_name : options->group,
                      "unsolvable: no layout has %s", kl_db_min_moves_column(db_metric(db)));
    return EXIT_ANSWERED;
}

const struct command command_hardest = {
    .name = "hardest",
    .synopsis = "hardest [--class CLASS | --group GROUP] [--limit N]",
    .summary = "the layouts with the most min_steps",
    .not_found = "no such group or class, or no solvable layout in it",
    .help = "Lists the layouts with the most min_steps, deepest first, ties by code: over the\n"
            "whole database, or within one class or one group.  The rows stream out as they\n"
            "are found: memory holds one depth at a time, whatever the limit.  Under --metric\n"
            "straight or unit, the layouts with the most such moves: those with the scope's\n"
            "largest count from the table hardest_moves at once, any more ranked from every\n"
            "layouts row in scope (seconds).\n",
    .options = hardest_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .run = run_hardest,
};
