/* `klotski hardest`: the layouts with the most min_steps, overall or within a class or a
 * group.  The depth layers are read deepest first, a depth at a time, so only the layers
 * that can hold an answer are decoded, and the rows stream out.  Under --metric straight or
 * unit, which have no member lists of their own, the hardest come from hardest_moves and
 * any more from move_layers' counts, which name the depth reached and the groups holding
 * those layouts, whose members alone are looked up (never a sort of the layouts rows). */
#include <stddef.h>
#include <stdlib.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "core/database/format.h"
#include "core/rank.h"
#include "answer/hardest_value.h"
#include "answer/report.h"

struct hardest_options {
    const char *class_name, *group;
    long limit;
};

static const struct hardest_options option_defaults = {.limit = HARDEST_DEFAULT_LIMIT};

static const struct command_option hardest_option_table[] = {
    {.name = "class", .value_name = "CLASS", .kind = OPTION_TEXT, .offset = offsetof(struct hardest_options, class_name),
     .help = "only layouts of this class (e.g. 5-4-1)"},
    {.name = "group", .value_name = "GROUP", .kind = OPTION_TEXT, .offset = offsetof(struct hardest_options, group),
     .help = "only layouts of this group (a name or a LAYOUT)"},
    {.name = "limit", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct hardest_options, limit),
     .help = "at most N layouts (default 10; a number beyond the database's count means all)"},
    {NULL},
};

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
    for (size_t i = 0; i < count && *limit > 0; i++, --*limit)
        hardest_add(t, kl_id_to_code(found[i].id), depth, group_name(db, names, found[i].group_id));
}

/* Lists the layers in scope into t, deepest first, a depth at a time: each depth's
 * layouts, of every group, are sorted by id and added before the next depth is read, so
 * that memory holds one depth (at most 2.9M layouts, 23 MB) whatever the limit (and the
 * rows, unless t streams them).  Returns how many layouts were listed. */
static size_t list_hardest(struct db *db, sqlite3_stmt *stmt, long limit, struct table *t)
{
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

/* Adds a layout's row: its code, id, count and group's name. */
static void add_row(struct db *db, struct table *t, struct group_names *names, kl_code code, int count,
                    uint32_t group_id)
{
    hardest_add(t, code, count, group_name(db, names, group_id));
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
        add_row(db, t, names, code, count, (uint32_t)sqlite3_column_int64(stmt, 2));
        (*listed)++;
        --*limit;
    }
    sqlite3_finalize(stmt);
    return largest;
}

/* Binds a statement of list_by_moves: ?1 the scope's group_id or class_id (left NULL for
 * the whole database), ?2 the metric's name. */
static sqlite3_stmt *prepare_in_scope(struct db *db, const char *sql, int64_t scope)
{
    sqlite3_stmt *stmt = db_prepare(db, sql);
    if (scope != DB_NULL)
        sqlite3_bind_int64(stmt, 1, scope);
    sqlite3_bind_text(stmt, 2, kl_metric_name(db_metric(db)), -1, SQLITE_STATIC);
    return stmt;
}

/* The scope's move_layers rows of the db's metric with a depth from `low` to below
 * `largest`, summed per `per` ("depth" or "group_id"): rows (per, layouts), in `order`. */
static sqlite3_stmt *move_layer_sums(struct db *db, const char *per, const char *order, const char *in_scope,
                                     int64_t scope, int low, int largest)
{
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT %s, sum(size) FROM move_layers WHERE metric = ?2 AND depth >= ?3 AND depth < ?4 AND %s"
             " GROUP BY %s ORDER BY %s",
             per, in_scope, per, order);
    sqlite3_stmt *stmt = prepare_in_scope(db, sql, scope);
    sqlite3_bind_int(stmt, 3, low);
    sqlite3_bind_int(stmt, 4, largest);
    return stmt;
}

/* The depth that `limit` layouts of the scope below `largest` moves reach, from the counts
 * of move_layers (milliseconds): the largest depth whose layouts, with those deeper and
 * below `largest`, number `limit` or more; the scope's smallest depth when all of them
 * number fewer; `largest` when the scope has none below it. */
static int threshold_depth(struct db *db, const char *in_scope, int64_t scope, int largest, long limit)
{
    sqlite3_stmt *stmt = move_layer_sums(db, "depth", "depth DESC", in_scope, scope, 0, largest);
    int depth = largest;
    for (long total = 0; total < limit && db_step(db, stmt); total += sqlite3_column_int64(stmt, 1))
        depth = sqlite3_column_int(stmt, 0);
    sqlite3_finalize(stmt);
    return depth;
}

/* Appends to *found the `wanted` members of a group whose count lies in [low, high): its
 * depth layers are read deepest min_steps first, since no layout has fewer moves than
 * steps, and each member's count is looked up by code until all `wanted` are met.
 * Returns false when the db's watch stopped the work. */
static bool collect_members(struct db *db, uint32_t group_id, int64_t wanted, int low, int high,
                            struct hardest_layout **found, size_t *count, size_t *capacity)
{
    enum kl_metric metric = db_metric(db);
    struct layer *layers;
    size_t layer_count = db_group_layers(db, group_id, &layers);
    for (size_t l = layer_count; l-- > 0 && wanted > 0 && !db_interrupted(db);) {
        for (size_t i = 0; i < layers[l].size && wanted > 0; i++) {
            struct kl_db_layout_row row;
            kl_code code = kl_id_to_code(layers[l].ids[i]);
            if (!db_layout(db, code, &row))
                break;
            int moves = row.min_moves[metric];
            if (moves < low || moves >= high)
                continue;
            if (*count == *capacity) {
                *capacity = *capacity ? 2 * *capacity : 1024;
                *found = xrealloc(*found, *capacity * sizeof **found);
            }
            (*found)[(*count)++] = (struct hardest_layout){code, moves, group_id};
            wanted--;
        }
    }
    db_free_layers(layers, layer_count);
    return !db_interrupted(db);
}

/* Prints the `limit` layouts of the scope with the most moves below `largest`, most first,
 * ties by code, without ranking the layouts rows: move_layers' counts give the depth they
 * reach and the groups that hold them, and only those groups' members are looked up. */
static void print_below(struct db *db, const char *in_scope, int64_t scope, int largest, long *limit,
                        struct table *t, struct group_names *names, size_t *listed)
{
    int low = threshold_depth(db, in_scope, scope, largest, *limit);
    sqlite3_stmt *stmt = move_layer_sums(db, "group_id", "group_id", in_scope, scope, low, largest);
    struct hardest_layout *found = NULL;
    size_t count = 0, capacity = 0;
    bool whole = true;
    while (whole && db_step(db, stmt))
        whole = collect_members(db, (uint32_t)sqlite3_column_int64(stmt, 0), sqlite3_column_int64(stmt, 1), low,
                                largest, &found, &count, &capacity);
    sqlite3_finalize(stmt);
    if (count) /* none found: `found` is NULL, which qsort may not be given even to sort nothing */
        qsort(found, count, sizeof *found, hardest_order);
    for (size_t i = 0; whole && i < count && *limit > 0; i++, --*limit, ++*listed)
        add_row(db, t, names, found[i].code, found[i].count, found[i].group_id);
    free(found);
}

/* Lists the layouts of the scope with the most min moves under the db's metric (not the
 * step), most first, ties by code.  Those with the scope's largest count are every
 * group's hardest members there, which hardest_moves lists; a limit beyond them is filled
 * by print_below.  Milliseconds for a limit of a few thousand.  Returns how many layouts
 * were listed. */
static size_t list_by_moves(struct db *db, int64_t class_id, int64_t group_id, long limit, struct table *t)
{
    const char *in_scope = scope_condition(class_id, group_id);
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT code, min_moves, group_id FROM hardest_moves WHERE metric = ?2 AND %s AND min_moves ="
             " (SELECT max(min_moves) FROM hardest_moves WHERE metric = ?2 AND %s) ORDER BY code",
             in_scope, in_scope);
    int64_t scope = group_id != DB_NULL ? group_id : class_id;
    sqlite3_stmt *stmt = prepare_in_scope(db, sql, scope);
    struct group_names names = {0};
    size_t listed = 0;
    int largest = print_rows(db, stmt, t, &limit, &names, &listed);
    if (limit > 0 && largest != DB_NULL)
        print_below(db, in_scope, scope, largest, &limit, t, &names, &listed);
    group_names_free(&names);
    return listed;
}

int hardest_answer(struct db *db, const char *class_name, const char *group_text, long limit, bool streamed,
                   struct table **rows)
{
    int64_t class_id = DB_NULL;
    struct kl_db_group_row group = {.group_id = DB_NULL};
    int status = class_name ? input_class(db, class_name, &class_id)
               : group_text ? input_group(db, group_text, &group)
                            : EXIT_ANSWERED;
    if (status != EXIT_ANSWERED)
        return status;
    const char *const *columns = hardest_columns(db_metric(db));
    struct table *t = streamed ? table_new_streamed(columns, OUT_ID_DIGITS) : table_new(columns);
    size_t listed;
    if (db_metric(db) != KL_METRIC_STEP) {
        listed = list_by_moves(db, class_id, group.group_id, limit, t);
    } else {
        sqlite3_stmt *stmt = deepest_layers(db, class_id, group.group_id);
        listed = list_hardest(db, stmt, limit, t);
        sqlite3_finalize(stmt);
    }
    if (listed == 0) {
        table_free(t);
        return report(EXIT_NOT_FOUND, class_name ? class_name : group_text, "unsolvable: no layout has %s",
                      kl_db_min_moves_column(db_metric(db)));
    }
    *rows = t;
    return EXIT_ANSWERED;
}

static int run_hardest(struct db *db, const struct request *req)
{
    const struct hardest_options *options = req->options;
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "hardest takes no arguments; use --class or --group");
    if (options->class_name && options->group)
        return report(EXIT_BAD_INPUT, NULL, "hardest takes --class or --group, not both");
    struct table *rows;
    int status = hardest_answer(db, options->class_name, options->group, options->limit, true, &rows);
    if (status != EXIT_ANSWERED)
        return status;
    table_print(rows);
    table_free(rows);
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
            "largest count from the table hardest_moves, any more from the members of the\n"
            "groups that the table move_layers says hold them (milliseconds).\n",
    .options = hardest_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .run = run_hardest,
};
