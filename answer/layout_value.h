/* A layout's facts as an answer's value: what `klotski show` answers, in the server's
 * /api/layout and in the page with no server, from the facts that the database or the
 * pack holds. */
#ifndef KLOTSKI_ANSWER_LAYOUT_VALUE_H
#define KLOTSKI_ANSWER_LAYOUT_VALUE_H

#include <stdbool.h>

#include "answer/value.h"
#include "core/code.h"
#include "core/moves.h"

/* The facts a source reads about a layout; the rest follow from its code.  A count is
 * negative when it has none: unsolvable (the min counts), not known yet (farthest_steps,
 * farthest_num, solution_num). */
struct layout_facts {
    kl_code code;
    const char *group; /* its group's name */
    long long group_index, group_size;
    long long min_moves[KL_METRIC_COUNT];
    long long min_solution_num, farthest_steps, farthest_num, solution_num;
};

/* The answer's fields, in order: the bits of `fields` for layout_value. */
enum layout_field {
    LAYOUT_CODE, LAYOUT_ID, LAYOUT_SHORT_CODE, LAYOUT_CLASS, LAYOUT_GROUP, LAYOUT_GROUP_INDEX,
    LAYOUT_GROUP_SIZE, LAYOUT_MIN_STEPS, LAYOUT_MIN_STRAIGHT_MOVES, LAYOUT_MIN_UNIT_MOVES,
    LAYOUT_MIN_SOLUTION_NUM, LAYOUT_MIRROR, LAYOUT_SELF_MIRROR, LAYOUT_FARTHEST_STEPS, LAYOUT_FARTHEST_NUM,
    LAYOUT_SOLUTION_NUM, LAYOUT_NAMES, LAYOUT_BOARD, LAYOUT_FIELD_COUNT
};
#define LAYOUT_EVERY_FIELD ((1UL << LAYOUT_FIELD_COUNT) - 1)

/* One row of the fields in `fields` (1 << enum layout_field each; LAYOUT_EVERY_FIELD for
 * the database, which holds them all): code, id, short_code, class, group, group_index,
 * group_size, min_steps, min_straight_moves, min_unit_moves, min_solution_num, mirror,
 * self_mirror, farthest_steps, farthest_num, solution_num, names (its classic names, null
 * when none), board (its 20 cells).  For people (for_people) the names go one a line
 * and the board is null, since it is drawn beside the card.  Free it with table_free. */
struct table *layout_value(const struct layout_facts *facts, unsigned long fields, bool for_people);

#endif
