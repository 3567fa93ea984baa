/* Group extremes: a group's diameter and radius, and which members are peripheral
 * (farthest_steps = diameter) and central (farthest_steps = radius), exact, from a few
 * breadth-first searches instead of one per member.
 *
 * Eccentricity bounds (Takes & Kosters, "Computing the eccentricity distribution of large
 * graphs", 2013): after a search from w, every member v has
 *     max(d(v,w), ecc(w) - d(v,w)) <= ecc(v) <= ecc(w) + d(v,w),
 * and the bounds of all searches so far combine.  The diameter lies between the largest
 * lower and the largest upper bound, the radius between the smallest lower and the
 * smallest upper bound; a member is known not peripheral once its upper bound is below
 * the diameter's lower bound, known peripheral once its lower bound reaches the
 * diameter's upper bound, and alike for central.  The next search starts from an
 * unsettled member (lower < upper), alternately the one with the largest upper bound
 * and the one with the smallest lower bound, until every member is decided both ways.
 * In groups of small diameter, whose members' eccentricities lie within a few steps,
 * single searches soon stop deciding members; then the members still open are settled
 * by the bit-parallel search (bitparallel_bfs.h), BFS_LANES of them a pass.
 * The board's reflections that map the group onto itself keep distances, so a search
 * from w is also a search from each image of w, and images share their bounds: only one
 * member of each set of images is tracked.
 *
 * The base build cannot afford the dense groups, where nearly every member ends in a
 * pass, so the work has a bound: a single search costs the group's member count, a pass
 * EXTREMES_PASS_WORK times it (measured: a pass of 512 lanes takes about 64 single
 * searches' time in the groups that need passes), and the passes a group would need are
 * counted before they start, so a group given up on has cost no more than its few single
 * searches. */
#ifndef KLOTSKI_CORE_GRAPH_EXTREMES_H
#define KLOTSKI_CORE_GRAPH_EXTREMES_H

#include <stdint.h>

#include "core/graph/group_graph.h"

/* One group's extremes.  Member numbers are those of its group graph (code order). */
struct group_extremes {
    int diameter;              /* largest farthest_steps of a member */
    int radius;                /* smallest farthest_steps of a member */
    uint32_t peripheral_count; /* members at farthest_steps = diameter */
    uint32_t central_count;    /* members at farthest_steps = radius */
    uint32_t *peripheral;      /* those members, ascending (owned) */
    uint32_t *central;         /* those members, ascending (owned) */
    uint32_t searches;         /* single breadth-first searches it took */
    uint32_t batches;          /* bit-parallel passes it took (bitparallel_bfs.h) */
    uint32_t batched_sources;  /* members those passes searched from */
    uint64_t work;             /* what they cost, in the measure of EXTREMES_PASS_WORK */
};

/* The cost of one bit-parallel pass, in single searches of the same group. */
#define EXTREMES_PASS_WORK 64

/* No bound on the work (group_extremes_find's max_work). */
#define EXTREMES_ANY_WORK UINT64_MAX

/* Working memory of one thread, reusable for every group up to its size. */
struct extremes_scratch;

/* Allocates working memory for groups of up to max_count members.
 * RETURN: it, or NULL when memory runs out. */
struct extremes_scratch *extremes_scratch_new(uint32_t max_count);

/* Frees s (NULL is fine). */
void extremes_scratch_free(struct extremes_scratch *s);

/* Makes group_extremes_find with s call stop(context) before each search and each level
 * of a bit-parallel pass (milliseconds apart in a group of 200,000), and give up
 * (return 1) once it returns nonzero: how a server stops a search its client no longer
 * waits for.  stop NULL: never asked (as s starts). */
void extremes_scratch_watch(struct extremes_scratch *s, int (*stop)(void *context), void *context);

/* Finds the extremes of group graph gg (connected and undirected, as group_graph_build
 * makes them; its image[] arrays say which reflections map it onto itself), unless they
 * would cost more than max_work.
 * PARAMETERS: x, filled (free it with group_extremes_free); gg, the group; s, working
 *   memory made for at least gg->count members; max_work, the most work allowed, in
 *   member visits of single searches (a search visits gg->count, a pass
 *   EXTREMES_PASS_WORK * gg->count), or EXTREMES_ANY_WORK.
 * RETURN: 0 when found; 1 when the next search or the passes still needed would take the
 *   work past max_work, or the watch (extremes_scratch_watch) asked to stop (then x
 *   holds only the counts of what was done, nothing to free);
 *   -1 when memory runs out, s is too small or the graph is not connected and undirected
 *   (then x holds nothing to free).
 * NOTES: thread-safe for distinct x and s. */
int group_extremes_find(struct group_extremes *x, const struct group_graph *gg,
                        struct extremes_scratch *s, uint64_t max_work);

/* Frees what group_extremes_find allocated and zeroes x; harmless on a zeroed x. */
void group_extremes_free(struct group_extremes *x);

#endif
