/* A minimal-step solution read off stored min_steps: from a layout d steps from solved
 * some step leads to a layout d-1 steps from solved, and looking up the min_steps of each
 * neighbour finds one, so a solution costs about a hundred lookups and no search.  The
 * lookup is the caller's (the query tool's and the library's database handles), the walk
 * is this one. */
#ifndef KLOTSKI_CORE_DESCENT_H
#define KLOTSKI_CORE_DESCENT_H

#include <stdbool.h>

#include "core/code.h"

/* Returns the stored min_steps of the legal layout `code`, or a negative number when it
 * has none (unsolvable, missing).  context: the caller's, passed through. */
typedef int (*kl_min_steps_lookup)(void *context, kl_code code);

/* Writes a minimal-step solution of the legal layout `code`, whose min_steps is `steps`
 * (>= 0), into route (room for steps + 1 codes): route[0] = code, each next layout one
 * step on and one step closer, route[steps] solved.  Returns true; false when at some
 * layout no step leads one closer (the lookups are inconsistent), route then partly
 * written.  Thread-safe as far as `lookup` is. */
bool kl_descend(kl_code code, int steps, kl_min_steps_lookup lookup, void *context, kl_code *route);

#endif
