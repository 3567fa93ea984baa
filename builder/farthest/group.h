/* The farthest data of one group: every member's eccentricity (farthest_steps) and the
 * number of members at that distance (farthest_num), the group's diameter, radius,
 * peripheral and central members (SPEC.md, "Farthest layouts"), and every member's
 * solution_num, in this group and in its up-down image (SPEC.md, "Solved layouts").  The group is searched batch by
 * batch (farthest_sources.h), so that threads can share one group's batches. */
#ifndef KLOTSKI_BUILDER_FARTHEST_H
#define KLOTSKI_BUILDER_FARTHEST_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "builder/farthest/gpu.h"
#include "builder/farthest/sources.h"
#include "core/graph/bitparallel_bfs.h"
#include "builder/graph/group_graph.h"

/* The sets of members whose solutions are counted: the solved members (2x2 at address
 * 13), and the "top-solved" ones (2x2 at address 1), the images of the solved layouts of
 * the group's images under the up-down flip and the half turn. */
enum target_set { TARGET_SOLVED, TARGET_TOP, TARGET_SETS };

/* One batch of the searches from targets: sources first .. first + count - 1 of
 * solution_sources, all of set `set`. */
struct solution_batch {
    uint32_t first;
    int count;
    int set;
};

struct group_farthest {
    struct group_graph graph;
    struct source_plan plan;
    uint16_t *steps;   /* per member: farthest_steps (complete after group_farthest_finish) */
    uint32_t *num;     /* per member: farthest_num */
    /* The members of each target set, NULL for a set the group holds none of: no
     * TARGET_SOLVED means the group is unsolvable, no TARGET_TOP that its images under
     * the up-down flip and the half turn are. */
    uint64_t *target[TARGET_SETS];
    /* Per member, where target[set] is not NULL: its solutions towards the set (complete
     * after group_farthest_finish).  Under TARGET_SOLVED that is its solution_num; under
     * TARGET_TOP the solution_num of its image under the up-down flip (or half turn). */
    uint32_t *solutions[TARGET_SETS];
    /* The searches from targets.  A set is searched from one member of each pair of
     * mirror images (solution_twice: it stands for two), and TARGET_TOP only when no
     * flip or turn maps the group onto itself: else the counts of TARGET_SOLVED give it. */
    uint32_t *solution_sources;
    bool *solution_twice;
    struct solution_batch *solution_batches;
    uint32_t solution_batch_count;
    uint32_t batch_count; /* plan.batch_count searches from members, then the others */
    pthread_mutex_t lock; /* guards solutions while batches run */
    uint64_t serial;      /* distinct for every group_farthest_init of a process, so
                             that a GPU knows whether it holds this group's graph */
    int diameter;      /* set by group_farthest_finish */
    int radius;
    uint32_t peripheral_count;
    uint32_t central_count;
};

/* Prepares the search of group `group_num` of class graph g (groups cg, reflections r;
 * number as for group_graph_build).  Returns 0, or -1 when memory runs out (then nothing
 * needs freeing). */
int group_farthest_init(struct group_farthest *gf, const struct class_graph *g,
                        const struct class_groups *cg, const struct class_reflections *r,
                        uint32_t group_num, uint32_t *number);

/* Runs batch b (below gf->batch_count) with working memory s, or on the GPU gpu when it
 * is not NULL (gpu.h).  Distinct batches may run at once on distinct threads (and
 * distinct GPU searches).  Returns 0, or -1 when s or gpu was made for fewer members than
 * the group has, the group's graph is not undirected or the GPU failed
 * (gpu_search_error). */
int group_farthest_batch(struct group_farthest *gf, uint32_t b, struct bfs_scratch *s,
                         struct gpu_search *gpu);

/* After every batch has run: gives each member its source's results and sets diameter,
 * radius, peripheral_count and central_count. */
void group_farthest_finish(struct group_farthest *gf);

/* Frees what group_farthest_init allocated. */
void group_farthest_free(struct group_farthest *gf);

#endif
