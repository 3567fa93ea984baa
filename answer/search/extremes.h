/* A group's extremes at query time, for the dense groups whose extremes the database
 * does not hold until the farthest phase has run: its graph made from one breadth-first
 * search over it, numbered in code order with the board's reflections that map it onto
 * itself, and the exact extremes found on it by core/graph/extremes.h, as the builder
 * finds them. */
#ifndef KLOTSKI_ANSWER_SEARCH_EXTREMES_H
#define KLOTSKI_ANSWER_SEARCH_EXTREMES_H

#include <stddef.h>

#include "core/code.h"
#include "answer/search/bfs.h"
#include "core/graph/extremes.h"

/* The largest group whose extremes the query tool finds on demand.  Measured with
 * bench_extremes (builder/extremes/README.md): the 69 dense groups of up to 175,580
 * members settle in at most 5.0 s of CPU each; the next ones hold 202,944 members and
 * more, where the searches take minutes. */
#define EXTREMES_ON_DEMAND_MAX_SIZE 200000

/* Finds the extremes of the group of `start` (a legal code; expected: the group's size,
 * when known), asking `watch` (NULL: none) every few tenths of a second at most whether
 * to stop.  Returns true and fills *x (free it with
 * group_extremes_free) with member numbers that index *codes, the members' codes
 * ascending (a malloc'd array; free it); false when the watch stopped it (nothing to
 * free).  Never fails but for memory, which it reports and exits on (answer/report.h). */
bool extremes_of_group(kl_code start, size_t expected, const struct search_watch *watch, struct group_extremes *x,
                       kl_code **codes);

#endif
