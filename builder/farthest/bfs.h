/* Eccentricities by bit-parallel breadth-first search: one pass searches from up to
 * FARTHEST_LANES sources of a group graph at once, each source owning one bit ("lane")
 * of a per-member bit vector, so a step along an edge serves every source in one vector
 * OR.  Per source it finds its largest distance to a member (farthest_steps) and how many
 * members lie at that distance (farthest_num), and may count its solutions (SPEC.md) in
 * the same pass. */
#ifndef KLOTSKI_BUILDER_FARTHEST_BFS_H
#define KLOTSKI_BUILDER_FARTHEST_BFS_H

#include <stdint.h>

#include "builder/farthest/graph.h"

#define FARTHEST_LANES 512

/* The sets of members whose solution counts a search can carry: the solved members (2x2
 * at address 13) and the "top-solved" ones (2x2 at address 1), the images of the solved
 * layouts of the image groups under the up-down flip and the half turn. */
enum target_set { TARGET_SOLVED, TARGET_TOP, TARGET_SETS };

/* Per set, a bit set by member number (core/graph/bitset.h); NULL: not counted. */
struct bfs_targets {
    const uint64_t *member[TARGET_SETS];
};

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

/* As farthest_bfs, and also counts each source's solutions towards each target set t that
 * targets->member[t] gives: the members T of the set such that no shortest path from the
 * source to T passes another member of the set (a source in the set has itself as its only
 * one).  Stores them in solutions[t][i] for source i; leaves the rows of sets not given
 * alone. */
int farthest_bfs_solutions(const struct group_graph *gg, const uint32_t *sources,
                           int source_count, const struct bfs_targets *targets,
                           struct bfs_scratch *s, uint16_t *steps, uint32_t *num,
                           uint32_t solutions[TARGET_SETS][FARTHEST_LANES]);

#endif
