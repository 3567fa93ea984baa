#include "answer/stats_value.h"

#include <string.h>

#include "answer/report.h"
#include "core/database/columns.h"

#define MAX_COLUMNS 12

/* Written for steps; stats_table_new names them for the metric. */
static const char *const columns[STATS_TABLE_COUNT][MAX_COLUMNS] = {
    {"jiang", "bing", "classes", "groups", "layouts", "solved", "solvable", NULL},
    {"class", "jiang", "bing", "style", "layouts", "groups", "solved", "solvable", "max_min_steps", NULL},
    {"group", "class", "size", "min_code", "solved", "max_min_steps", "hardest_count", "diameter", "radius", NULL},
    {"min_steps", "layouts", "groups", NULL}};

struct table *stats_table_new(enum stats_table table, enum kl_metric metric)
{
    const char *(*const named[])(enum kl_metric) = {kl_db_max_moves_column, kl_db_hardest_count_column,
                                                    kl_db_min_moves_column};
    char **names = xcalloc(MAX_COLUMNS, sizeof *names);
    for (int col = 0; columns[table][col]; col++) {
        const char *name = columns[table][col];
        for (size_t k = 0; k < sizeof named / sizeof *named; k++)
            if (strcmp(name, named[k](KL_METRIC_STEP)) == 0)
                name = named[k](metric);
        names[col] = xstrdup(name);
    }
    return table_new_owning(names);
}
