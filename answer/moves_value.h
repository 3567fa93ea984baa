/* Every move from a layout with its outcome, best first, as an answer's value: what
 * `klotski moves` answers, in the server's API and in the page with no server, from the
 * moves that the database (core/database/reader.h) or the pack (core/pack/pack.h) ranks
 * (core/move_outcomes.h). */
#ifndef KLOTSKI_ANSWER_MOVES_VALUE_H
#define KLOTSKI_ANSWER_MOVES_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/value.h"
#include "core/code.h"
#include "core/move_outcomes.h"
#include "core/moves.h"

/* The moves `moves[0..count-1]` (best first) from the legal layout `code` of the group
 * named `group`, which lies `min_steps` moves from solved under `metric` (negative:
 * unsolvable), as an answer: the summary code, group, min_steps, moves_count,
 * optimal_count and the list "move_list", a row per move: code (where it leads), piece,
 * row, col, to_row, to_col, moves (its slides), distance, min_steps (null: unsolvable),
 * change (-1, 0, +1), farthest_steps and farthest_num (null when negative: not known).
 * For people (for_people) a move's piece .. distance are one text ("o r4c2 down 1"),
 * its change is worded ("-1 optimal") and the counts' columns are named in the metric's
 * unit.  Free it with answer_value_free. */
struct answer_value moves_value(kl_code code, const char *group, int min_steps, enum kl_metric metric,
                                const struct kl_move_outcome *moves, size_t count, bool for_people);

#endif
