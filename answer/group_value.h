/* A group's facts as an answer's value: the summary of `klotski group`, of the server's
 * /api/group and of the page with no server's, from the facts that the database or the
 * pack holds. */
#ifndef KLOTSKI_ANSWER_GROUP_VALUE_H
#define KLOTSKI_ANSWER_GROUP_VALUE_H

#include "answer/value.h"
#include "core/code.h"
#include "core/moves.h"

/* The facts a source reads about a group.  A count is negative when it has none: an
 * unsolvable group's (max_min_moves, hardest_counts), extremes not found yet (diameter,
 * radius, peripheral_count, central_count). */
struct group_facts {
    const char *name, *class_name;
    long long size;
    kl_code min_code;
    long long solved;
    long long max_min_moves[KL_METRIC_COUNT], hardest_counts[KL_METRIC_COUNT];
    long long diameter, radius, peripheral_count, central_count;
};

/* The answer's fields, in order: the bits of `fields` for group_value. */
enum group_field {
    GROUP_NAME, GROUP_CLASS, GROUP_SIZE, GROUP_MIN_CODE, GROUP_SOLVABLE, GROUP_SOLVED, GROUP_MAX_MIN_STEPS,
    GROUP_HARDEST_COUNT, GROUP_DIAMETER, GROUP_RADIUS, GROUP_PERIPHERAL_COUNT, GROUP_CENTRAL_COUNT,
    GROUP_MAX_MIN_STRAIGHT_MOVES, GROUP_HARDEST_STRAIGHT_COUNT, GROUP_MAX_MIN_UNIT_MOVES, GROUP_HARDEST_UNIT_COUNT,
    GROUP_FIELD_COUNT
};
#define GROUP_EVERY_FIELD ((1UL << GROUP_FIELD_COUNT) - 1)

/* One row of the fields in `fields` (1 << enum group_field each; GROUP_EVERY_FIELD for
 * the database): group, class, size, min_code, solvable, solved, max_min_steps,
 * hardest_count, diameter, radius, peripheral_count, central_count,
 * max_min_straight_moves, hardest_straight_count, max_min_unit_moves, hardest_unit_count.
 * Free it with table_free. */
struct table *group_value(const struct group_facts *facts, unsigned long fields);

/* The list "depths" of a group's answer (its depth histogram): no rows yet, the columns
 * group, depth, layouts.  Free it with table_free. */
struct table *group_depths_new(void);

/* Adds the layer of the group named `group` at `depth` (negative: the one layer of an
 * unsolvable group, which has no depth) holding `layouts` members. */
void group_depths_add(struct table *depths, const char *group, long long depth, long long layouts);

#endif
