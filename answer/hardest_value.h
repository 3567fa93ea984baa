/* The rows of `klotski hardest`, of the server's /api/hardest and of the page with no
 * server's: a layout among those with the most min moves, from the database or the pack. */
#ifndef KLOTSKI_ANSWER_HARDEST_VALUE_H
#define KLOTSKI_ANSWER_HARDEST_VALUE_H

#include <stdint.h>

#include "answer/value.h"
#include "core/code.h"
#include "core/moves.h"

/* A layout among the hardest of a scope: its code, its min moves in the metric, its
 * group's number. */
struct hardest_layout {
    kl_code code;
    int count;
    uint32_t group_id;
};

/* qsort's order of hardest layouts: most moves first, ties by ascending code, the order
 * of the rows. */
int hardest_order(const void *a, const void *b);

/* The columns under `metric`: code, id, the metric's min moves column (min_steps,
 * min_straight_moves or min_unit_moves), group; for table_new and table_new_streamed. */
const char *const *hardest_columns(enum kl_metric metric);

/* Adds the row of the layout `code`, `count` min moves from solved, of the group named
 * `group`. */
void hardest_add(struct table *rows, kl_code code, int count, const char *group);

#endif
