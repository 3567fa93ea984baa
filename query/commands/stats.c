/* `klotski stats summary|classes|groups|depths [--class CLASS] [--svg]`: the statistics
 * tables, each one SQL query over the small tables (classes, groups, layers and
 * move_layers through the view layer_sizes), counted in the metric of --metric, and the
 * charts of two of them, drawn from the same query's rows. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "answer/report.h"
#include "answer/stats_value.h"

#define MAX_COLUMNS 12
#define SECTION_SIZE 8

struct stats_options {
    const char *class_name;
    bool svg;
};

static const struct stats_options option_defaults;

static const struct command_option stats_option_table[] = {
    {.name = "class", .value_name = "CLASS", .kind = OPTION_TEXT, .offset = offsetof(struct stats_options, class_name),
     .help = "only the rows of this class (e.g. 5-4-1)"},
    {.name = "svg", .kind = OPTION_FLAG, .offset = offsetof(struct stats_options, svg),
     .help = "print instead a chart as an SVG picture:\n"
             "  depths: layouts per min_steps, or per min_straight_moves or\n"
             "  min_unit_moves under --metric (log scale where the counts\n"
             "  span more than three orders of magnitude)\n"
             "  groups: the group sizes of every class on a log scale, a\n"
             "  dot per size; with --class, the size of each of its groups"},
    {NULL},
};

/* A statistics table: its query (with ?1 = the class_id, or NULL for all classes, and
 * ?2 = the metric's name), whose first columns are those of answer/stats_value.h's table
 * `table`, for people the word shown for a NULL in each, and how --svg draws it.  The
 * query is written for steps (for_metric makes it the metric's).  It may return more
 * columns than the table shows: the chart's. */
struct statistic {
    const char *name;
    enum stats_table table;
    const char *sql;
    const char *null_labels[MAX_COLUMNS];
    /* Draws the chart from the query's rows (class_name: the class asked, or NULL).
     * Returns an enum exit_status.  NULL: the table has no chart. */
    int (*draw)(struct db *db, sqlite3_stmt *rows, const char *class_name);
};

/* A statistic's text, its query or a column's name, as written for steps, with the
 * names of the step's columns (min_steps, max_min_steps, hardest_count) replaced by the
 * metric's (core/database/format.h).  Returns a malloc'd string. */
static char *for_metric(const char *text, enum kl_metric metric)
{
    /* max_min_steps before min_steps, which it holds. */
    const char *(*const columns[])(enum kl_metric) = {kl_db_max_moves_column, kl_db_hardest_count_column,
                                                      kl_db_min_moves_column};
    enum { COLUMN_KINDS = sizeof columns / sizeof *columns };
    size_t room = 2 * strlen(text) + 1; /* each metric's name is at most twice the step's */
    char *out = xmalloc(room), *end = out;
    while (*text) {
        int kind = 0;
        while (kind < COLUMN_KINDS &&
               strncmp(text, columns[kind](KL_METRIC_STEP), strlen(columns[kind](KL_METRIC_STEP))) != 0)
            kind++;
        if (kind == COLUMN_KINDS) {
            *end++ = *text++;
            continue;
        }
        end = stpcpy(end, columns[kind](metric));
        text += strlen(columns[kind](KL_METRIC_STEP));
    }
    *end = '\0';
    return out;
}

/* Reads the rows' columns x and value into bars; rows whose x is NULL are left out and
 * their values summed into *left_out.  Returns the malloc'd bars and their number. */
static struct chart_bar *read_bars(struct db *db, sqlite3_stmt *rows, int x, int value, size_t *count,
                                   long long *left_out)
{
    struct chart_bar *bars = NULL;
    size_t n = 0, capacity = 0;
    *left_out = 0;
    while (db_step(db, rows)) {
        long long height = sqlite3_column_int64(rows, value);
        if (sqlite3_column_type(rows, x) == SQLITE_NULL) {
            *left_out += height;
            continue;
        }
        if (n == capacity) {
            capacity = capacity ? 2 * capacity : 256;
            bars = xrealloc(bars, capacity * sizeof *bars);
        }
        bars[n++] = (struct chart_bar){sqlite3_column_int64(rows, x), height};
    }
    *count = n;
    return bars;
}

/* The columns of the depths query that the chart reads. */
enum { DEPTHS_MIN_STEPS, DEPTHS_LAYOUTS };

/* stats depths --svg: layouts per min_steps. */
static int draw_depths(struct db *db, sqlite3_stmt *rows, const char *class_name)
{
    size_t count;
    long long unsolvable;
    struct chart_bar *bars = read_bars(db, rows, DEPTHS_MIN_STEPS, DEPTHS_LAYOUTS, &count, &unsolvable);
    int status = picture_depths(bars, count, unsolvable, class_name, db_metric(db));
    free(bars);
    return status;
}

/* The columns of the groups query that the charts read; the last two are the charts'
 * alone.  Its rows come in group_id order: class by class, and within a class in
 * group_num order, which is by size descending (schema/tables.sql). */
enum { GROUPS_CLASS = 1, GROUPS_SIZE = 2, GROUPS_GROUP_NUM = 9, GROUPS_JIANG = 10 };

/* A column of the group-size chart: one class. */
struct class_column {
    char label[KL_CLASS_NAME_SIZE];
    char section[SECTION_SIZE];
    size_t first, count; /* its dots in the shared array */
};

/* stats groups --svg: every class's group sizes, a dot per size weighted by the groups
 * of that size, which are neighbours in the rows. */
static void draw_all_groups(struct db *db, sqlite3_stmt *rows)
{
    struct class_column classes[KL_CLASS_COUNT];
    struct chart_dot *dots = NULL;
    size_t class_count = 0, dot_count = 0, capacity = 0;
    while (db_step(db, rows)) {
        const char *name = (const char *)sqlite3_column_text(rows, GROUPS_CLASS);
        long long size = sqlite3_column_int64(rows, GROUPS_SIZE);
        if (class_count == 0 || strcmp(classes[class_count - 1].label, name) != 0) {
            if (class_count == KL_CLASS_COUNT)
                break;
            struct class_column *c = &classes[class_count++];
            snprintf(c->label, sizeof c->label, "%s", name);
            snprintf(c->section, sizeof c->section, "%d", sqlite3_column_int(rows, GROUPS_JIANG));
            c->first = dot_count;
            c->count = 0;
        } else if (dots[dot_count - 1].value == size) {
            dots[dot_count - 1].weight++;
            continue;
        }
        if (dot_count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            dots = xrealloc(dots, capacity * sizeof *dots);
        }
        dots[dot_count++] = (struct chart_dot){size, 1};
        classes[class_count - 1].count++;
    }
    struct chart_column columns[KL_CLASS_COUNT];
    for (size_t i = 0; i < class_count; i++)
        columns[i] = (struct chart_column){classes[i].label, classes[i].section, dots + classes[i].first,
                                           classes[i].count};
    picture_group_sizes(columns, class_count);
    free(dots);
}

/* stats groups --svg: with --class, the size of each group of the class; else every
 * class's group sizes. */
static int draw_groups(struct db *db, sqlite3_stmt *rows, const char *class_name)
{
    if (!class_name) {
        draw_all_groups(db, rows);
        return EXIT_ANSWERED;
    }
    size_t count;
    long long none;
    struct chart_bar *bars = read_bars(db, rows, GROUPS_GROUP_NUM, GROUPS_SIZE, &count, &none);
    picture_class_groups(bars, count, class_name);
    free(bars);
    return EXIT_ANSWERED;
}

static const struct statistic statistics[] = {
    {"summary", STATS_SUMMARY,
     "SELECT * FROM (SELECT jiang, bing, count(*), sum(groups), sum(layouts), sum(solved),"
     " sum(solvable) FROM classes WHERE ?1 IS NULL OR class_id = ?1 GROUP BY jiang, bing"
     " UNION ALL SELECT NULL, NULL, count(*), sum(groups), sum(layouts), sum(solved), sum(solvable)"
     " FROM classes WHERE ?1 IS NULL OR class_id = ?1)"
     " ORDER BY jiang IS NULL, jiang, bing",
     {"all", "all"},
     NULL},
    {"classes", STATS_CLASSES,
     "SELECT c.name, c.jiang, c.bing, c.style, c.layouts, c.groups, c.solved, c.solvable, m.largest"
     " FROM classes c JOIN (SELECT class_id, max(max_min_steps) AS largest FROM groups GROUP BY class_id) m"
     " USING (class_id) WHERE ?1 IS NULL OR c.class_id = ?1 ORDER BY c.class_id",
     {NULL},
     NULL},
    {"groups", STATS_GROUPS,
     "SELECT g.name, c.name, g.size, printf('%09X', g.min_code), g.solved, g.max_min_steps,"
     " g.hardest_count, g.diameter, g.radius, g.group_num, c.jiang"
     " FROM groups g JOIN classes c USING (class_id)"
     " WHERE ?1 IS NULL OR g.class_id = ?1 ORDER BY g.group_id",
     {NULL},
     draw_groups},
    {"depths", STATS_DEPTHS,
     "SELECT l.depth, sum(l.size), count(*) FROM layer_sizes l JOIN groups g USING (group_id)"
     " WHERE l.metric = ?2 AND (?1 IS NULL OR g.class_id = ?1)"
     " GROUP BY l.depth ORDER BY l.depth IS NULL, l.depth",
     {"unsolvable"},
     draw_depths},
};
#define STATISTIC_COUNT (sizeof statistics / sizeof *statistics)

/* The statement giving a statistic's rows, of the class class_id (DB_NULL: all), in the
 * metric the answers count in. */
static sqlite3_stmt *statistic_rows(struct db *db, const struct statistic *s, int64_t class_id)
{
    char *sql = for_metric(s->sql, db_metric(db));
    sqlite3_stmt *rows = db_prepare(db, sql);
    free(sql);
    if (class_id != DB_NULL)
        sqlite3_bind_int64(rows, 1, class_id);
    if (sqlite3_bind_parameter_count(rows) >= 2)
        sqlite3_bind_text(rows, 2, kl_metric_name(db_metric(db)), -1, SQLITE_STATIC);
    return rows;
}

/* The table of a statistic's rows, its columns named in the metric the answers count in. */
static struct table *statistic_table(struct db *db, const struct statistic *s, sqlite3_stmt *rows)
{
    struct table *t = stats_table_new(s->table, db_metric(db));
    int shown = (int)table_column_count(t);
    while (db_step(db, rows)) {
        for (int col = 0; col < shown; col++) {
            switch (sqlite3_column_type(rows, col)) {
            case SQLITE_NULL: table_null(t, s->null_labels[col]); break;
            case SQLITE_INTEGER: table_number(t, sqlite3_column_int64(rows, col)); break;
            default: table_text(t, (const char *)sqlite3_column_text(rows, col)); break;
            }
        }
    }
    return t;
}

static int check_stats(const void *given)
{
    const struct stats_options *options = given;
    return picture_check_request(options->svg, false, false);
}

/* The statistic named `name` and the class_id that class_name names (DB_NULL when
 * class_name is NULL).  Returns EXIT_ANSWERED, or reports no such table or class. */
static int statistic_asked(struct db *db, const char *name, const char *class_name, const struct statistic **s,
                           int64_t *class_id)
{
    *s = NULL;
    for (size_t i = 0; i < STATISTIC_COUNT; i++)
        if (strcmp(statistics[i].name, name) == 0)
            *s = &statistics[i];
    if (!*s)
        return report(EXIT_BAD_INPUT, name, "no such table; stats takes summary, classes, groups or depths");
    *class_id = DB_NULL;
    return class_name ? input_class(db, class_name, class_id) : EXIT_ANSWERED;
}

int stats_answer(struct db *db, const char *name, const char *class_name, struct table **table)
{
    const struct statistic *s;
    int64_t class_id;
    int status = statistic_asked(db, name, class_name, &s, &class_id);
    if (status != EXIT_ANSWERED)
        return status;
    sqlite3_stmt *rows = statistic_rows(db, s, class_id);
    *table = statistic_table(db, s, rows);
    sqlite3_finalize(rows);
    return EXIT_ANSWERED;
}

static int run_stats(struct db *db, const struct request *req)
{
    const struct stats_options *options = req->options;
    if (req->arg_count != 1)
        return report(EXIT_BAD_INPUT, NULL, "stats takes one of summary, classes, groups, depths");
    if (!options->svg) {
        struct table *t;
        int status = stats_answer(db, req->args[0], options->class_name, &t);
        if (status == EXIT_ANSWERED) {
            table_print(t);
            table_free(t);
        }
        return status;
    }
    const struct statistic *s;
    int64_t class_id;
    int status = statistic_asked(db, req->args[0], options->class_name, &s, &class_id);
    if (status != EXIT_ANSWERED)
        return status;
    if (!s->draw)
        return report(EXIT_BAD_INPUT, s->name, "no picture of this table; --svg draws depths and groups");
    sqlite3_stmt *rows = statistic_rows(db, s, class_id);
    status = s->draw(db, rows, options->class_name);
    sqlite3_finalize(rows);
    return status;
}

const struct command command_stats = {
    .name = "stats",
    .synopsis = "stats summary|classes|groups|depths [--class CLASS] [--svg]",
    .summary = "statistics tables: per (jiang, bing), class, group, depth",
    .not_found = "no such class",
    .help = "Prints a statistics table:\n"
            "  summary   classes, groups, layouts, solved and solvable layouts per (jiang,\n"
            "            bing), and the totals (the row \"all\")\n"
            "  classes   per class: pieces, layouts, groups, solved, solvable, max_min_steps\n"
            "  groups    per group: class, size, min code, solved, max_min_steps, hardest\n"
            "            count, and diameter and radius once the farthest phase has run\n"
            "  depths    layouts and groups per min_steps (the last row: unsolvable)\n"
            "Under --metric straight or unit the counts are of that metric's moves: classes\n"
            "and groups give max_min_straight_moves (max_min_unit_moves) and groups its\n"
            "hardest_straight_count (hardest_unit_count) in place of max_min_steps and\n"
            "hardest_count; depths gives layouts and groups per min_straight_moves\n"
            "(min_unit_moves), read from the stored layer sizes, as instantly.\n",
    .options = stats_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_stats,
    .run = run_stats,
};
