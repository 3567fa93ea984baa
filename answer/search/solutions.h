/* The solutions of a layout (SPEC.md): the solved layouts S of its group such that no
 * shortest path from the layout to S passes another solved layout.  One breadth-first
 * search marks a layout "passed" when some shortest path to it from the start runs
 * through a solved layout; the solutions are the solved layouts left unpassed.  For the
 * query tool's `solutions`, the server's /api/solutions and the page with no server
 * alike (the page's layout facts search a group kept, answer/search/searched_group.h). */
#ifndef KLOTSKI_ANSWER_SEARCH_SOLUTIONS_H
#define KLOTSKI_ANSWER_SEARCH_SOLUTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/search/bfs.h"
#include "core/code.h"

/* A layout's solutions, by distance then code. */
struct solutions {
    kl_code *codes;   /* malloc'd */
    int *distances;   /* each one's distance from the layout (malloc'd) */
    size_t count;
};

/* Finds the solutions of the legal layout `start` (expected: its group's size, when
 * known), stopping at the first distance where every layout is passed or solved, as
 * nothing beyond can be one; none (count 0) when the group holds no solved layout.
 * Returns true with *found filled (free it with solutions_free); false when `watch`
 * (NULL: none) stopped the search, nothing to free. */
bool solutions_find(kl_code start, size_t expected, const struct search_watch *watch, struct solutions *found);

void solutions_free(struct solutions *found);

#endif
