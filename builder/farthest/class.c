#include "builder/farthest/class.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "builder/progress.h"
#include "builder/threads.h"

int class_search_open(struct class_search *cs, const struct catalog *cat, int class_id)
{
    memset(cs, 0, sizeof *cs);
    if (class_graph_build(&cs->graph, cat, class_id) != 0)
        return -1;
    if (class_groups_find(&cs->groups, &cs->graph) != 0 ||
        class_reflections_build(&cs->reflections, &cs->graph, &cs->groups) != 0) {
        class_search_close(cs);
        return -1;
    }
    return 0;
}

int class_search_images(const struct class_search *cs, uint32_t num,
                        uint32_t out[REFLECTIONS + 1])
{
    int count = 0;
    out[count++] = num;
    for (int k = 0; k < REFLECTIONS; k++) {
        uint32_t image = cs->reflections.group_image[k][num];
        bool seen = false;
        for (int j = 0; j < count; j++)
            seen |= out[j] == image;
        if (!seen)
            out[count++] = image;
    }
    return count;
}

/* Prepares the search of group `num`, which stands for `groups` groups. */
static int add_rep(struct class_search *cs, uint32_t num, int groups, uint32_t *number)
{
    struct group_farthest *gf = &cs->reps[cs->rep_count];
    if (group_farthest_init(gf, &cs->graph, &cs->groups, &cs->reflections, num, number) != 0)
        return -1;
    /* A group's work grows with the square of its size: a search per member, each
     * over the whole group. */
    double size = gf->graph.count;
    cs->rep_num[cs->rep_count] = num;
    cs->batch_weight[cs->rep_count] = groups * size * size / gf->batch_count;
    cs->batch_count += gf->batch_count;
    cs->rep_count++;
    return 0;
}

int class_search_plan(struct class_search *cs,
                      bool (*wanted)(uint32_t group_num, void *context), void *context)
{
    uint32_t groups = cs->groups.group_count;
    uint32_t *number = malloc(sizeof *number * (cs->graph.count + 1));
    cs->reps = calloc(groups, sizeof *cs->reps);
    cs->rep_num = calloc(groups, sizeof *cs->rep_num);
    cs->batch_weight = calloc(groups, sizeof *cs->batch_weight);
    int rc = number && cs->reps && cs->rep_num && cs->batch_weight ? 0 : -1;
    if (rc == 0)
        memset(number, 0xff, sizeof *number * cs->graph.count);
    for (uint32_t num = 0; num < groups && rc == 0; num++) {
        if (group_representative(&cs->reflections, num) != num)
            continue;
        uint32_t images[REFLECTIONS + 1];
        int count = class_search_images(cs, num, images);
        bool any = false;
        for (int k = 0; k < count; k++)
            any |= wanted(images[k], context);
        if (any)
            rc = add_rep(cs, num, count, number);
    }
    free(number);
    if (rc == 0 && !(cs->batches = malloc(sizeof *cs->batches * (cs->batch_count + 1))))
        rc = -1;
    /* group_num runs by size descending: the largest groups' batches come first. */
    uint32_t k = 0;
    for (uint32_t rep = 0; rc == 0 && rep < cs->rep_count; rep++)
        for (uint32_t b = 0; b < cs->reps[rep].batch_count; b++) {
            cs->batches[k][0] = rep;
            cs->batches[k++][1] = b;
        }
    return rc;
}

int class_search_batch(struct class_search *cs, uint32_t item, struct bfs_scratch *scratch,
                       struct gpu_search *gpu, uint32_t *failed_group)
{
    uint32_t rep = cs->batches[item][0];
    int rc = group_farthest_batch(&cs->reps[rep], cs->batches[item][1], scratch, gpu);
    if (rc != 0)
        *failed_group = cs->rep_num[rep];
    progress_add_work(cs->batch_weight[rep]);
    return rc;
}

void class_search_finish(struct class_search *cs)
{
    for (uint32_t rep = 0; rep < cs->rep_count; rep++)
        group_farthest_finish(&cs->reps[rep]);
}

/* One class_search_run, shared by its threads. */
struct search_run {
    struct class_search *cs;
    struct bfs_scratch *const *scratch; /* per thread */
    atomic_uint failed;                 /* 1 + the group_num whose search failed; 0: none */
};

/* threads_work: runs the batch number `item` of cs->batches with the thread's scratch. */
static int search_batch(void *context, uint32_t item, int thread)
{
    struct search_run *run = context;
    uint32_t failed;
    int rc = class_search_batch(run->cs, item, run->scratch[thread], NULL, &failed);
    if (rc != 0)
        atomic_store(&run->failed, failed + 1);
    return rc;
}

int class_search_run(struct class_search *cs, struct bfs_scratch *const *scratch, int threads,
                     uint32_t *failed_group)
{
    struct search_run run = {.cs = cs, .scratch = scratch};
    atomic_init(&run.failed, 0);
    if (threads_run(threads, cs->batch_count, search_batch, &run) != 0) {
        *failed_group = atomic_load(&run.failed) - 1;
        return -1;
    }
    class_search_finish(cs);
    return 0;
}

void class_search_close(struct class_search *cs)
{
    for (uint32_t rep = 0; rep < cs->rep_count; rep++)
        group_farthest_free(&cs->reps[rep]);
    free(cs->reps);
    free(cs->rep_num);
    free(cs->batch_weight);
    free(cs->batches);
    class_reflections_free(&cs->reflections);
    class_groups_free(&cs->groups);
    class_graph_free(&cs->graph);
    memset(cs, 0, sizeof *cs);
}
