/* Which members a group is searched from, and in which batches.  Members that are images
 * of each other share their farthest data, so one of each set of images is searched.
 * The sources are cut into batches of BFS_LANES, each a ball of members around a
 * seed, so that a batch's searches run close together: the closer they are, the fewer
 * levels each member spends in some search's frontier, and that is the cost. */
#ifndef KLOTSKI_BUILDER_FARTHEST_SOURCES_H
#define KLOTSKI_BUILDER_FARTHEST_SOURCES_H

#include <stdint.h>

#include "core/graph/bitparallel_bfs.h"
#include "builder/graph/group_graph.h"

struct source_plan {
    uint32_t count;       /* sources */
    uint32_t *sources;    /* batch b: sources[b * BFS_LANES ...]; the last may be short */
    uint32_t batch_count;
    uint32_t *shared_from; /* for each member, the source whose results are its own */
};

/* Plans the searches of group graph gg.  Returns 0, or -1 when memory runs out (then
 * nothing needs freeing). */
int source_plan_build(struct source_plan *sp, const struct group_graph *gg);

/* The number of sources in batch b. */
static inline int source_plan_batch_size(const struct source_plan *sp, uint32_t b)
{
    uint32_t left = sp->count - b * BFS_LANES;
    return left < BFS_LANES ? (int)left : BFS_LANES;
}

/* Frees what source_plan_build allocated. */
void source_plan_free(struct source_plan *sp);

#endif
