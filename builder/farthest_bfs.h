/* Eccentricities by bit-parallel breadth-first search: one pass searches from up to
 * FARTHEST_LANES sources of a group graph at once, each source owning one bit ("lane")
 * of a per-member bit vector, so a step along an edge serves every source in one vector
 * OR.  Per source it finds its largest distance to a member (farthest_steps) and how many
 * members lie at that distance (farthest_num). */
#ifndef KLOTSKI_BUILDER_FARTHEST_BFS_H
#define KLOTSKI_BUILDER_FARTHEST_BFS_H

#include <stdint.h>

#include "farthest_graph.h"

#ifndef FARTHEST_LANES
#define FARTHEST_LANES 512
#endif

/* Working memory of one searching thread, reusable for every group up to its size. */
struct bfs_scratch;

/* Allocates working memory for groups of up to max_count members.  Returns it, or NULL
 * when memory runs out. */
struct bfs_scratch *bfs_scratch_new(uint32_t max_count);

/* Frees s (NULL is fine). */
void bfs_scratch_free(struct bfs_scratch *s);

/* Searches gg from `source_count` (1..FARTHEST_LANES) distinct members sources[] at once
 * and stores for each source i its eccentricity in steps[i] and the number of members
 * at that distance in num[i].  gg->count must not exceed the size s was made for.
 * Returns the number of member visits made (neighbour lists read), a measure of the
 * work, or -1 when a distance exceeds 255 (no Klotski group comes near). */
int64_t farthest_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                     struct bfs_scratch *s, uint8_t *steps, uint32_t *num);

#endif
