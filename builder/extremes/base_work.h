/* How much work the base build spends on a group's extremes (core/graph/extremes.h):
 * enough to settle all but the dense groups, which the farthest phase does. */
#ifndef KLOTSKI_BUILDER_EXTREMES_BASE_WORK_H
#define KLOTSKI_BUILDER_EXTREMES_BASE_WORK_H

#include <stdint.h>

#include "core/graph/extremes.h"

/* The work allowed per group in the base build: 64 single searches of a group of 39,062
 * members, the most that bench_extremes (builder/extremes/README.md) showed to settle
 * 5-4-1-0 and 5-4-1-1 (SPEC.md's reference group; 26 searches and one pass).  Under it
 * the representatives of all but 14 of the groups of up to 39,062 members settle, for
 * 0.33 s CPU, plus 0.10 s spent on the 14 given up on (dense groups of 10,920 members
 * and more); 4 million would settle 5 groups more for twice the CPU. */
#define EXTREMES_BASE_WORK 2500000

/* Larger groups are long or dense.  In a long one (a member at least one step deeper from
 * the solved layouts per EXTREMES_LONG_RATIO members: 5-4-2-0 and 5-4-3-0, which hold 210
 * of the classic layouts, and a few more) single searches settle every member in a few
 * dozen; in a dense one nearly every member needs a pass, and single searches would be
 * spent for nothing.  So the base build searches a long larger group up to
 * EXTREMES_LONG_SEARCHES times, and leaves a dense one to the heavy phase without a
 * search. */
#define EXTREMES_LONG_RATIO 1000
#define EXTREMES_LONG_SEARCHES 48

/* The work the base build allows a group (class_extremes_find's max_work): as above.
 * PARAMETERS: size, its members; max_min_steps, its deepest member's min_steps, or -1
 *   when it is unsolvable (then it counts as dense).
 * RETURN: the bound; 0 when it is not searched at all. */
uint64_t extremes_base_work(uint32_t size, int max_min_steps);

#endif
