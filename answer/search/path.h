/* A shortest path between two layouts of one group under a metric, by a breadth-first
 * search from the first that stops at the distance of the second: `klotski path`, the
 * server's /api/path and the page with no server's. */
#ifndef KLOTSKI_ANSWER_SEARCH_PATH_H
#define KLOTSKI_ANSWER_SEARCH_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/search/bfs.h"
#include "core/code.h"
#include "core/moves.h"

/* The message of two layouts of different groups (a format: their group names), after
 * their codes ("1A9BF0C00 and 4FEA13400"). */
#define PATH_DIFFERENT_GROUPS "no path: they lie in different groups (%s and %s)"

/* A shortest path under `metric` from the layout `from` to the layout `to` (legal codes
 * of one group; expected: its size when known, 0 when not), asking `watch` (NULL: none)
 * every few milliseconds whether to stop; *searched (searched NULL: nowhere) kept
 * current while it runs, at least once a distance, with the layouts searched so far,
 * so that a watch whose context reaches it can show progress.  The first shortest path
 * the search finds, the same for every caller.
 * RETURN: true with the path's codes, from first, in *route (a malloc'd array; free it)
 *   and their number in *length, or *route NULL and *length 0 when no path joins them
 *   (they lie in different groups: callers check that first); false when the watch
 *   stopped the search (nothing to free).
 * Memory that runs out is reported, and exits (answer/report.h). */
bool path_find(kl_code from, kl_code to, size_t expected, enum kl_metric metric, const struct search_watch *watch,
               size_t *searched, kl_code **route, size_t *length);

#endif
