/* Eccentricities by bit-parallel breadth-first search: one pass searches from up to
 * BFS_LANES sources of a group graph at once, each source owning one bit ("lane")
 * of a per-member bit vector, so a step along an edge serves every source in one vector
 * OR.  Per source it finds its largest distance to a member (farthest_steps) and how many
 * members lie at that distance (farthest_num).  The same kind of pass from solved
 * layouts counts solutions (SPEC.md): S is a solution of A exactly when no shortest path
 * between them passes another solved layout, which a search from S sees as well as one
 * from A, and there are far fewer solved layouts than layouts. */
#ifndef KLOTSKI_CORE_GRAPH_BITPARALLEL_BFS_H
#define KLOTSKI_CORE_GRAPH_BITPARALLEL_BFS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/graph/group_graph.h"

#define BFS_LANES 512

/* Working memory of one searching thread, reusable for every group up to its size. */
struct bfs_scratch;

/* Allocates working memory for groups of up to max_count (below 2^21) members.  Returns
 * it, or NULL when memory runs out or max_count is too large. */
struct bfs_scratch *bfs_scratch_new(uint32_t max_count);

/* Frees s (NULL is fine). */
void bfs_scratch_free(struct bfs_scratch *s);

/* Makes eccentricity_bfs with s call stop(context) before each level, and give up
 * (return 1) once it returns nonzero.  stop NULL: never asked (as s starts). */
void bfs_scratch_watch(struct bfs_scratch *s, int (*stop)(void *context), void *context);

/* Searches gg from `source_count` (1..BFS_LANES) distinct members sources[] at once
 * and stores for each source i its eccentricity in steps[i] and the number of members
 * at that distance in num[i].  Returns 0; 1 when the watch (bfs_scratch_watch) asked to
 * stop; -1 when gg has more members than s was made for or is not undirected. */
int eccentricity_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                     struct bfs_scratch *s, uint16_t *steps, uint32_t *num);

/* Searches gg from `source_count` (1..BFS_LANES) distinct members sources[] of the
 * set `targets` (a bit set by member number, core/graph/bitset.h) at once, and adds to
 * count[A], for every member A outside the set, the number of sources T such that no
 * shortest path from T to A passes another member of the set, counting a source twice
 * where twice[i] is true (for a caller that searches one of two mirror images).  Follows
 * each source only as far as such members A are left to it.  Returns 0, or -1 when gg has more
 * members than s was made for or is not undirected. */
int solution_bfs(const struct group_graph *gg, const uint32_t *sources, const bool *twice,
                 int source_count, const uint64_t *targets, struct bfs_scratch *s,
                 uint32_t *count);

#endif
