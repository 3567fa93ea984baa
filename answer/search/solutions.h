/* The solutions of a layout (SPEC.md): the solved layouts S of its group such that no
 * shortest path from the layout to S passes another solved layout.  One breadth-first
 * search marks a layout "passed" when some shortest path to it from the start runs
 * through a solved layout; the solutions are the solved layouts left unpassed.  For the
 * query tool's `solutions`, the server's /api/solutions and the page with no server
 * alike; the same search run over the whole group gives the layout's facts that a base
 * database or a pack lacks (layout_search_facts). */
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

/* What one search of the whole group from a layout tells about it, the facts of
 * `klotski show` that need a search: negative where it has none (an unsolvable
 * layout's solution counts). */
struct layout_search_facts {
    long long group_index;      /* its rank among the group's codes, from 0 */
    long long group_size;
    long long min_solution_num; /* solutions at the distance of the nearest one */
    long long solution_num;
    long long farthest_steps;   /* its eccentricity in its group */
    long long farthest_num;     /* the group's layouts that far from it */
};

/* Fills *facts for the legal layout `start` (expected as solutions_find's) by one
 * search of its whole group.  Returns true; false when `watch` (NULL: none) stopped the
 * search, *facts untouched. */
bool layout_search_facts(kl_code start, size_t expected, const struct search_watch *watch,
                         struct layout_search_facts *facts);

#endif
