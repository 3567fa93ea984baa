/* The levels of one pass of the dense lane searches (lane_step.h), the same for every
 * place that runs their steps: the GPU (gpu.cu) and the unit tests' CPU model.  A
 * backend runs each level's steps over every member; this file decides which levels to
 * run, which lanes end where, and turns that into results, exactly as
 * core/graph/bitparallel_bfs.c's eccentricity_bfs and solution_bfs return them. */
#ifndef KLOTSKI_BUILDER_FARTHEST_LANE_PASS_H
#define KLOTSKI_BUILDER_FARTHEST_LANE_PASS_H

#include <stdbool.h>
#include <stdint.h>

#include "builder/farthest/lane_step.h"
#include "core/graph/group_graph.h"

/* What runs the steps.  Every function returns 0, or -1 when it failed (the pass stops
 * and returns -1). */
struct lane_backend {
    void *context;
    /* Starts a pass over gg from `count` (1..BFS_LANES) distinct members sources[], source
     * i in lane i: level 0 is the sources' lanes.  For a solution search (targets not
     * NULL) the sources are clean in their own lanes, the counts are zero, twice[i] says
     * whether lane i counts twice and targets is the target set; both are NULL for an
     * eccentricity search. */
    int (*start)(void *context, const struct group_graph *gg, const uint32_t *sources,
                 int count, const bool *twice, const uint64_t *targets);
    /* Runs lane_pull (lane_pull_clean in a solution search, with the lanes `live`) of
     * level `level` for every member and word, and ORs the words it returns (the clean
     * words in a solution search, after adding their lane_clean_count to the members'
     * counts) into found, which it finds zeroed. */
    int (*pull)(void *context, int level, const uint64_t live[LANE_WORDS],
                uint64_t found[LANE_WORDS]);
    /* Counts per lane of `ending` its members at level `level` (lane_tally) into
     * counts[lane], which it finds zeroed. */
    int (*tally)(void *context, int level, const uint64_t ending[LANE_WORDS],
                 uint32_t counts[BFS_LANES]);
    /* After a solution search: adds each member's count to count[member]. */
    int (*collect)(void *context, uint32_t *count);
};

/* Points l at the buffers of level `level` for a backend's pull: frontier[t & 1] and
 * clean[t & 1] hold level t, the other of each level t - 1 and, once pulled, t + 1; and
 * sets the live lanes.  Everything else in l stays. */
void lane_level_at(struct lane_level *l, int level, uint64_t *const frontier[2],
                   uint64_t *const clean[2], const uint64_t live[LANE_WORDS]);

/* eccentricity_bfs (core/graph/bitparallel_bfs.h) on backend b.
 * PARAMETERS: as eccentricity_bfs, but for b in place of the scratch.
 * RETURN: 0, or -1 when b failed or gg is not undirected (a search longer than gg has
 *   members). */
int lane_eccentricity(const struct lane_backend *b, const struct group_graph *gg,
                      const uint32_t *sources, int count, uint16_t *steps, uint32_t *num);

/* solution_bfs (core/graph/bitparallel_bfs.h) on backend b: adds to count[A] as it does.
 * RETURN: 0, or -1 when b failed or gg is not undirected. */
int lane_solutions(const struct lane_backend *b, const struct group_graph *gg,
                   const uint32_t *sources, const bool *twice, int count,
                   const uint64_t *targets, uint32_t *solutions);

#endif
