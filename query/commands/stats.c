/* `klotski stats summary|classes|groups|depths [--class CLASS]`: the statistics tables,
 * each one SQL query over the small tables (classes, groups, layers). */
#include <string.h>

#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "query/report.h"

#define MAX_COLUMNS 12

/* A statistics table: its query (with ?1 = the class_id, or NULL for all classes), the
 * names of its columns, and for people the word shown for a NULL in each. */
struct statistic {
    const char *name;
    const char *sql;
    const char *columns[MAX_COLUMNS];
    const char *null_labels[MAX_COLUMNS];
};

static const struct statistic statistics[] = {
    {"summary",
     "SELECT * FROM (SELECT jiang, bing, count(*), sum(groups), sum(layouts), sum(solved),"
     " sum(solvable) FROM classes WHERE ?1 IS NULL OR class_id = ?1 GROUP BY jiang, bing"
     " UNION ALL SELECT NULL, NULL, count(*), sum(groups), sum(layouts), sum(solved), sum(solvable)"
     " FROM classes WHERE ?1 IS NULL OR class_id = ?1)"
     " ORDER BY jiang IS NULL, jiang, bing",
     {"jiang", "bing", "classes", "groups", "layouts", "solved", "solvable", NULL},
     {"all", "all"}},
    {"classes",
     "SELECT name, jiang, bing, style, layouts, groups, solved, solvable, max_min_steps"
     " FROM classes WHERE ?1 IS NULL OR class_id = ?1 ORDER BY class_id",
     {"class", "jiang", "bing", "style", "layouts", "groups", "solved", "solvable", "max_min_steps", NULL},
     {NULL}},
    {"groups",
     "SELECT g.name, c.name, g.size, printf('%09X', g.min_code), g.solved, g.max_min_steps,"
     " g.hardest_count, g.diameter, g.radius"
     " FROM groups g JOIN classes c USING (class_id)"
     " WHERE ?1 IS NULL OR g.class_id = ?1 ORDER BY g.group_id",
     {"group", "class", "size", "min_code", "solved", "max_min_steps", "hardest_count", "diameter",
      "radius", NULL},
     {NULL}},
    {"depths",
     "SELECT l.depth, sum(l.size), count(*) FROM layers l JOIN groups g USING (group_id)"
     " WHERE ?1 IS NULL OR g.class_id = ?1 GROUP BY l.depth ORDER BY l.depth IS NULL, l.depth",
     {"min_steps", "layouts", "groups", NULL},
     {"unsolvable"}},
};
#define STATISTIC_COUNT (sizeof statistics / sizeof *statistics)

static struct table *run_statistic(struct db *db, const struct statistic *s, int64_t class_id)
{
    sqlite3_stmt *stmt = db_prepare(db, s->sql);
    if (class_id != DB_NULL)
        sqlite3_bind_int64(stmt, 1, class_id);
    struct table *t = table_new(s->columns);
    while (db_step(db, stmt)) {
        for (int col = 0; s->columns[col]; col++) {
            switch (sqlite3_column_type(stmt, col)) {
            case SQLITE_NULL: table_null(t, s->null_labels[col]); break;
            case SQLITE_INTEGER: table_number(t, sqlite3_column_int64(stmt, col)); break;
            default: table_text(t, (const char *)sqlite3_column_text(stmt, col)); break;
            }
        }
    }
    sqlite3_finalize(stmt);
    return t;
}

static int run_stats(struct db *db, const struct request *req)
{
    if (req->arg_count != 1)
        return report(EXIT_BAD_INPUT, NULL, "stats takes one of summary, classes, groups, depths");
    const struct statistic *s = NULL;
    for (size_t i = 0; i < STATISTIC_COUNT; i++)
        if (strcmp(statistics[i].name, req->args[0]) == 0)
            s = &statistics[i];
    if (!s)
        return report(EXIT_BAD_INPUT, req->args[0], "no such table; stats takes summary, classes, groups or depths");
    int64_t class_id = DB_NULL;
    if (req->class_name) {
        int status = input_class(db, req->class_name, &class_id);
        if (status != EXIT_ANSWERED)
            return status;
    }
    if (req->svg)
        return picture_statistic(db, s->name, class_id, req->class_name);
    struct table *t = run_statistic(db, s, class_id);
    table_print(t);
    table_free(t);
    return EXIT_ANSWERED;
}

const struct command cmd_stats = {
    .name = "stats",
    .synopsis = "stats summary|classes|groups|depths [--class CLASS] [--svg]",
    .summary = "statistics tables: per (jiang, bing), class, group, depth",
    .help = "Prints a statistics table:\n"
            "  summary   classes, groups, layouts, solved and solvable layouts per (jiang,\n"
            "            bing), and the totals (the row \"all\")\n"
            "  classes   per class: pieces, layouts, groups, solved, solvable, max_min_steps\n"
            "  groups    per group: class, size, min code, solved, max_min_steps, hardest\n"
            "            count, and diameter and radius once the farthest phase has run\n"
            "  depths    layouts and groups per min_steps (the last row: unsolvable)\n\n"
            "  --class CLASS   only the rows of this class (e.g. 5-4-1)\n"
            "  --svg           print instead a chart as an SVG picture:\n"
            "                    depths: layouts per min_steps (log scale where the counts\n"
            "                    span more than three orders of magnitude)\n"
            "                    groups: the group sizes of every class on a log scale, a\n"
            "                    dot per size; with --class, the size of each of its groups\n",
    .options = OPTION_CLASS | OPTION_SVG,
    .run = run_stats,
};
