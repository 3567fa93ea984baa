/* The statistics tables of `klotski stats`, of the server's /api/stats and of the page
 * with no server's: their columns, named once for the database's queries and the pack's
 * sums. */
#ifndef KLOTSKI_ANSWER_STATS_VALUE_H
#define KLOTSKI_ANSWER_STATS_VALUE_H

#include "answer/value.h"
#include "core/moves.h"

/* The tables, in the order of their names ("summary", "classes", "groups", "depths"). */
enum stats_table { STATS_SUMMARY, STATS_CLASSES, STATS_GROUPS, STATS_DEPTHS, STATS_TABLE_COUNT };

/* A statistics table with no rows yet, its columns named for `metric` (max_min_steps,
 * hardest_count and min_steps become the metric's, core/database/columns.h):
 *   summary  jiang, bing, classes, groups, layouts, solved, solvable
 *   classes  class, jiang, bing, style, layouts, groups, solved, solvable, max_min_steps
 *   groups   group, class, size, min_code, solved, max_min_steps, hardest_count,
 *            diameter, radius
 *   depths   min_steps, layouts, groups
 * Free it with table_free. */
struct table *stats_table_new(enum stats_table table, enum kl_metric metric);

#endif
