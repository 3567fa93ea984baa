/* The database's column names that an answer names its fields after, per metric
 * (core/moves.h), apart from core/database/format.h so that the page with no server
 * (site/, no SQLite) names its answers' fields as the query tool does. */
#ifndef KLOTSKI_CORE_DATABASE_COLUMNS_H
#define KLOTSKI_CORE_DATABASE_COLUMNS_H

#include "core/moves.h"

/* The layouts column of min_steps under `metric` (core/moves.h): "min_steps",
 * "min_straight_moves" or "min_unit_moves"; the groups column of its largest over a
 * group's members, "max_" and that name; the groups column of how many members reach
 * that largest, "hardest_count", "hardest_straight_count" or "hardest_unit_count". */
const char *kl_db_min_moves_column(enum kl_metric metric);
const char *kl_db_max_moves_column(enum kl_metric metric);
const char *kl_db_hardest_count_column(enum kl_metric metric);

#endif
