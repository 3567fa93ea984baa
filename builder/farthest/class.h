/* One class's part of the farthest phase: its step graph, groups and reflections, and
 * the searches of the groups asked for, one group of each set of image groups, batch by
 * batch on several threads (the largest groups first, so that the threads finish
 * together). */
#ifndef KLOTSKI_BUILDER_FARTHEST_CLASS_H
#define KLOTSKI_BUILDER_FARTHEST_CLASS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "builder/catalog.h"
#include "builder/base/class_graph.h"
#include "builder/farthest/group.h"
#include "builder/farthest/graph.h"
#include "builder/base/groups.h"

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
    atomic_uint next_batch;
    atomic_uint failed;          /* 1 + the rep whose search failed; 0 when none did */
};

/* Builds the graph, groups and reflections of class `class_id` into cs.  Returns 0, or -1
 * when memory runs out (then nothing needs freeing). */
int class_search_open(struct class_search *cs, const struct catalog *cat, int class_id);

/* Lists group `num` and its distinct image groups into out, `num` first; returns how
 * many (1, 2 or 4). */
int class_search_images(const struct class_search *cs, uint32_t num,
                        uint32_t out[REFLECTIONS + 1]);

/* Prepares the searches that give the groups for which wanted(group_num, context) holds
 * their results: those of one group of each set of image groups.  Returns 0, or -1 when
 * memory runs out. */
int class_search_plan(struct class_search *cs,
                      bool (*wanted)(uint32_t group_num, void *context), void *context);

/* Runs the planned searches on `threads` threads, thread t with working memory
 * scratch[t] (made for the largest group), reporting progress to farthest_progress; then
 * finishes every rep.  Returns 0, or -1 when a search failed (the group_num of one such
 * group in *failed_group): its graph was not undirected. */
int class_search_run(struct class_search *cs, struct bfs_scratch *const *scratch, int threads,
                     uint32_t *failed_group);

/* Frees what the functions above allocated. */
void class_search_close(struct class_search *cs);

#endif
