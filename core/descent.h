/* A minimal-step solution read off stored min_steps: from a layout d steps from solved
 * some step leads to a layout d-1 steps from solved, and looking up the min_steps of each
 * neighbour finds one, so a solution costs about a hundred lookups and no search.  The
 * lookup is the caller's (the query tool's and the library's database handles), the walk
 * is this one. */
#ifndef KLOTSKI_CORE_DESCENT_H
#define KLOTSKI_CORE_DESCENT_H

#include <stdbool.h>

#include "core/code.h"
#include "core/moves.h"

/* Returns the stored distance to solved of the legal layout `code` under the metric of
 * the descent (min_steps, min_straight_moves or min_unit_moves), or a negative number
 * when it has none (unsolvable, missing).  context: the caller's, passed through. */
typedef int (*kl_min_steps_lookup)(void *context, kl_code code);

/* Writes a minimal solution under `metric` (core/moves.h) of the legal layout `code`,
 * whose distance is `steps` (>= 0), into route (room for steps + 1 codes): route[0] =
 * code, each next layout one move on and one move closer, route[steps] solved.  Returns true; false when at some
 * layout no step leads one closer (the lookups are inconsistent), route then partly
 * written.  Thread-safe as far as `lookup` is. */
bool kl_descend(kl_code code, int steps, enum kl_metric metric, kl_min_steps_lookup lookup, void *context,
                kl_code *route);

#endif
