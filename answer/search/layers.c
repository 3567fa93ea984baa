#include "answer/search/layers.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "answer/report.h"

#define MIN_LAYERS 64
#define WATCH_EVERY 4096 /* layouts expanded between two questions to the watch, as bfs.c */

/* The moves that list the group: any metric reaches every member (SPEC.md: the groups
 * are the same under all three), and the unit moves are the fewest to generate. */
#define LISTING_METRIC KL_METRIC_UNIT

/* bfs_run's level_done while the group is listed: the progress so far. */
static bool count_listed(void *context, const struct bfs *listing, int level)
{
    (void)level;
    ((struct member_layers *)context)->searched = listing->count;
    return true;
}

/* Adds a layer of `size` members. */
static void add_layer(struct member_layers *layers, size_t size, size_t *capacity)
{
    if ((size_t)layers->depths == *capacity) {
        *capacity = *capacity ? 2 * *capacity : MIN_LAYERS;
        layers->layer_size = xrealloc(layers->layer_size, *capacity * sizeof *layers->layer_size);
    }
    layers->layer_size[layers->depths++] = size;
}

/* The breadth-first search under `metric` from every solved member of the listed group
 * at once: depth[p] of the member at each listing position p (LAYERS_UNSOLVABLE where
 * none reaches it), and the layers' sizes.  Returns false when the watch stopped it. */
static bool search_from_solved(struct member_layers *layers, const struct bfs *listing, enum kl_metric metric,
                               const struct search_watch *watch, int *depth)
{
    uint32_t *queue = xmalloc(listing->count * sizeof *queue);
    size_t tail = 0, capacity = 0;
    for (size_t p = 0; p < listing->count; p++) {
        bool solved = kl_raw_king(listing->nodes[p]) == KL_SOLVED_KING_ADDR;
        depth[p] = solved ? 0 : LAYERS_UNSOLVABLE;
        if (solved)
            queue[tail++] = (uint32_t)p;
    }
    for (size_t begin = 0, end = tail; begin < end; begin = end, end = tail) {
        add_layer(layers, end - begin, &capacity);
        layers->searched = listing->count + end;
        for (size_t i = begin; i < end; i++) {
            if (i % WATCH_EVERY == 0 && search_stop_asked(watch)) {
                free(queue);
                return false;
            }
            kl_raw raw = listing->nodes[queue[i]];
            struct kl_step steps[KL_MAX_STEPS];
            kl_code next[KL_MAX_STEPS];
            int n = kl_moves(raw, metric, steps);
            for (int s = 0; s < n; s++) {
                next[s] = kl_raw_to_code(kl_step_apply(raw, steps[s]));
                kl_codemap_prefetch(&listing->index, next[s]);
            }
            for (int s = 0; s < n; s++) {
                uint32_t to;
                if (kl_codemap_find(&listing->index, next[s], &to) && depth[to] == LAYERS_UNSOLVABLE) {
                    depth[to] = depth[queue[i]] + 1;
                    queue[tail++] = to;
                }
            }
        }
    }
    layers->searched = 2 * listing->count; /* the members of an unsolvable group too */
    free(queue);
    return true;
}

/* A member: its code and its position in the listing. */
struct listed {
    kl_code code;
    uint32_t position;
};

static int compare_listed(const void *a, const void *b)
{
    kl_code x = ((const struct listed *)a)->code, y = ((const struct listed *)b)->code;
    return (x > y) - (x < y);
}

/* The members in code order with their depths, from the listing's order. */
static void sort_members(struct member_layers *layers, const struct bfs *listing, const int *depth)
{
    struct listed *members = xmalloc(listing->count * sizeof *members);
    for (size_t p = 0; p < listing->count; p++)
        members[p] = (struct listed){kl_raw_to_code(listing->nodes[p]), (uint32_t)p};
    qsort(members, listing->count, sizeof *members, compare_listed);
    layers->count = listing->count;
    layers->codes = xmalloc(listing->count * sizeof *layers->codes);
    layers->depth = xmalloc(listing->count * sizeof *layers->depth);
    for (size_t i = 0; i < listing->count; i++) {
        layers->codes[i] = members[i].code;
        layers->depth[i] = depth[members[i].position];
    }
    free(members);
}

bool member_layers_find(struct member_layers *layers, kl_code member, size_t expected, enum kl_metric metric,
                        const struct search_watch *watch)
{
    memset(layers, 0, sizeof *layers);
    struct bfs listing;
    bfs_run(&listing, member, expected,
            &(struct bfs_visitor){.level_done = count_listed, .context = layers, .metric = LISTING_METRIC,
                                  .watch = watch});
    bool found = !listing.stopped;
    int *depth = found ? xmalloc(listing.count * sizeof *depth) : NULL;
    found = found && search_from_solved(layers, &listing, metric, watch, depth);
    if (found)
        sort_members(layers, &listing, depth);
    free(depth);
    bfs_free(&listing);
    if (!found) {
        size_t searched = layers->searched;
        member_layers_free(layers);
        layers->searched = searched;
    }
    return found;
}

void member_layers_free(struct member_layers *layers)
{
    free(layers->codes);
    free(layers->depth);
    free(layers->layer_size);
    memset(layers, 0, sizeof *layers);
}
