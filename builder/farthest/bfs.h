/* Eccentricities by bit-parallel breadth-first search: one pass searches from up to
 * FARTHEST_LANES sources of a group graph at once, each source owning one bit ("lane")
 * of a per-member bit vector, so a step along an edge serves every source in one vector
 * OR.  Per source it finds its largest distance to a member (farthest_steps) and how many
 * members lie at that distance (farthest_num). */
#ifndef KLOTSKI_BUILDER_FARTHEST_BFS_H
#define KLOTSKI_BUILDER_FARTHEST_BFS_H

#include <stdint.h>

#include "builder/farthest/graph.h"

#define FARTHEST_LANES 512

/* Working memory of one searching thread, reusable for every group up to its size. */
struct bfs_scratch;

/* Allocates working memory for groups of up to max_count (below 2^21) members.  Returns
 * it, or NULL when memory runs out or max_count is too large. */
struct bfs_scratch *bfs_scratch_new(uint32_t max_count);

/* Frees s (NULL is fine). */
void bfs_scratch_free(struct bfs_scratch *s);

/* Searches gg from `source_count` (1..FARTHEST_LANES) distinct members sources[] at once
 * and stores for each source i its eccentricity in steps[i] and the number of members
 * at that distance in num[i].  Returns 0, or -1 when gg has more members than s was made
 * for or is not undirected. */
int farthest_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                 struct bfs_scratch *s, uint16_t *steps, uint32_t *num);

#endif
