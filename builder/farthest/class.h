/* One class's part of the farthest phase: its step graph, groups and reflections, and
 * the searches of the groups asked for, one group of each set of image groups, batch by
 * batch on several threads (the largest groups first, so that the threads finish
 * together). */
#ifndef KLOTSKI_BUILDER_FARTHEST_CLASS_H
#define KLOTSKI_BUILDER_FARTHEST_CLASS_H

#include <stdbool.h>
#include <stdint.h>

#include "builder/catalog.h"
#include "builder/farthest/group.h"
#include "builder/graph/class_graph.h"
#include "builder/graph/group_graph.h"
#include "builder/graph/groups.h"
#include "builder/threads.h"

/* One class being searched: its graph, groups and reflections, and the searches planned
 * for it.  Used by one thread, but for class_search_run's own threads. */
struct class_search {
    struct class_graph graph;
    struct class_groups groups;
    struct class_reflections reflections;
    uint32_t rep_count;
    struct group_farthest *reps; /* the groups searched, by group_num */
    uint32_t *rep_num;           /* their group_num, ascending */
    double *batch_weight;        /* per rep: the progress one of its batches makes */
    uint32_t batch_count;
    uint32_t (*batches)[2];      /* (rep, batch) in the order the threads take them */
};

/* Builds the graph, groups and reflections of a class.
 * PARAMETERS: cs, filled (anything it held is forgotten); cat, a built catalog;
 *   class_id, from 0 to KL_CLASS_COUNT - 1.
 * RETURN: 0, or -1 when memory runs out (then nothing needs freeing). */
int class_search_open(struct class_search *cs, const struct catalog *cat, int class_id);

/* Lists a group and its distinct image groups (its reflections').
 * PARAMETERS: cs, opened; num, a group_num of its class; out, filled, `num` first.
 * RETURN: how many groups out holds (1, 2 or 4).  Reads only: callable from any thread. */
int class_search_images(const struct class_search *cs, uint32_t num,
                        uint32_t out[REFLECTIONS + 1]);

/* Plans the searches that give results to the groups asked for: one group of each set
 * of image groups that holds one asked for, whose results serve the whole set.
 * PARAMETERS: cs, opened and not planned yet; wanted(group_num, context), true for the
 *   groups asked for, called from this thread only.
 * RETURN: 0, or -1 when memory runs out (class_search_close still frees cs). */
int class_search_plan(struct class_search *cs,
                      bool (*wanted)(uint32_t group_num, void *context), void *context);

/* Runs one planned batch of searches and records its work on the progress line
 * (progress_add_work, in the measure of batch_weight).
 * PARAMETERS: cs, planned; item, from 0 to below cs->batch_count; scratch, working memory
 *   made for the largest group searched; gpu, NULL, or the GPU to search on instead
 *   (gpu.h), opened for the largest group searched; failed_group, set on failure.
 * RETURN: 0, or -1 when the search failed because its group's graph was not undirected
 *   or the GPU failed (gpu_search_error): then *failed_group is that group's group_num.
 * NOTES: distinct batches may run at once, on distinct scratch. */
int class_search_batch(struct class_search *cs, uint32_t item, struct bfs_scratch *scratch,
                       struct gpu_search *gpu, uint32_t *failed_group);

/* Finishes every rep once all the batches have run (group_farthest_finish). */
void class_search_finish(struct class_search *cs);

/* Runs every planned batch, shared by up to `threads` threads (builder/threads.h), the
 * largest groups' first, then finishes the reps: class_search_batch and
 * class_search_finish in one call.
 * PARAMETERS: cs, planned; scratch, working memory per thread, scratch[t] for thread t,
 *   each made for the largest group searched; threads, how many at most (below 1 counts
 *   as 1); failed_group, set on failure.
 * RETURN: 0, or -1 when a search failed (as class_search_batch; the reps are not
 *   finished).
 * NOTES: call from one thread; a thread that cannot be started only makes it slower. */
int class_search_run(struct class_search *cs, struct bfs_scratch *const *scratch, int threads,
                     uint32_t *failed_group);

/* Frees what the functions above allocated and zeroes cs; harmless on a zeroed cs. */
void class_search_close(struct class_search *cs);

#endif
