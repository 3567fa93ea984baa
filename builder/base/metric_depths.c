#include "builder/base/metric_depths.h"

#include <stdlib.h>
#include <string.h>

#include "core/graph/bitset.h"
#include "core/graph/walk.h"

/* Breadth-first from every solved member at once, along the edges that are moves under
 * `metric` (the first metric_degree[v][metric] of each member v's), a layer after the
 * other.  Whether a neighbour was reached is asked of a bit per member, not of its
 * count: the bits of the largest class fit the core's cache, where the counts, read at
 * random once per edge, would not.  Returns 0, or -1 when memory runs out or a depth
 * reaches METRIC_UNSOLVABLE. */
static int search(const struct class_graph *g, enum kl_metric metric, uint16_t *moves)
{
    enum { AHEAD = 8 }; /* kl_walk_next's look-ahead */
    const uint8_t (*degree)[KL_METRIC_COUNT] = g->metric_degree;
    uint32_t *queue = malloc(sizeof *queue * (g->count + 1));
    uint64_t *reached = kl_bitset_new(g->count);
    if (!queue || !reached) {
        free(queue);
        free(reached);
        return -1;
    }
    struct kl_walk w;
    kl_walk_init(&w, g->edge_start, g->edges, queue);
    _Static_assert(METRIC_UNSOLVABLE == UINT16_MAX, "moves start as all bits set");
    memset(moves, 0xFF, sizeof *moves * g->count);
    uint32_t solved_first, solved_count = class_graph_solved(g, &solved_first);
    for (uint32_t i = solved_first; i < solved_first + solved_count; i++) {
        kl_bitset_add(reached, i);
        kl_walk_push(&w, i);
    }
    uint32_t layer_end = w.tail;
    uint16_t depth = 0; /* the depth of the layer being expanded */
    int rc = 0;
    while (kl_walk_more(&w) && rc == 0) {
        if (w.head == layer_end) {
            layer_end = w.tail;
            if (++depth == METRIC_UNSOLVABLE)
                rc = -1;
        }
        if (w.head + AHEAD < w.tail) /* as kl_walk_next does for the edges */
            __builtin_prefetch(degree[w.queue[w.head + AHEAD]]);
        uint32_t at = kl_walk_next(&w);
        moves[at] = depth;
        uint32_t first = g->edge_start[at];
        kl_walk_expand_edges(&w, reached, first, first + degree[at][metric]);
    }
    free(queue);
    free(reached);
    return rc;
}

int metric_depths_compute(const struct class_graph *g, const struct class_groups *cg,
                          enum kl_metric metric, uint16_t *moves, struct metric_group *out)
{
    if (search(g, metric, moves) != 0)
        return -1;
    for (uint32_t num = 0; num < cg->group_count; num++)
        out[num] = (struct metric_group){.max_moves = -1};
    for (uint32_t i = 0; i < g->count; i++) {
        struct metric_group *h = &out[cg->group_of[i]];
        if (moves[i] != METRIC_UNSOLVABLE && (int)moves[i] > h->max_moves)
            h->max_moves = moves[i];
    }
    int failed = 0;
    for (uint32_t num = 0; num < cg->group_count; num++) {
        if (out[num].max_moves < 0)
            continue;
        out[num].layer_sizes = calloc((size_t)out[num].max_moves + 1, sizeof *out[num].layer_sizes);
        failed |= !out[num].layer_sizes;
    }
    for (uint32_t i = 0; i < g->count && !failed; i++)
        if (moves[i] != METRIC_UNSOLVABLE)
            out[cg->group_of[i]].layer_sizes[moves[i]]++;
    for (uint32_t num = 0; num < cg->group_count && !failed; num++) {
        struct metric_group *h = &out[num];
        h->hardest_count = h->max_moves >= 0 ? h->layer_sizes[h->max_moves] : 0;
        h->hardest = malloc(sizeof *h->hardest * (h->hardest_count + 1));
        failed |= !h->hardest;
        h->hardest_count = 0;
    }
    /* Members come in code order, so each group's list comes out ascending. */
    for (uint32_t i = 0; i < g->count && !failed; i++) {
        struct metric_group *h = &out[cg->group_of[i]];
        if (moves[i] != METRIC_UNSOLVABLE && (int)moves[i] == h->max_moves)
            h->hardest[h->hardest_count++] = g->codes[i];
    }
    if (failed)
        for (uint32_t num = 0; num < cg->group_count; num++)
            metric_group_free(&out[num]);
    return failed ? -1 : 0;
}

void metric_group_free(struct metric_group *h)
{
    free(h->hardest);
    free(h->layer_sizes);
    memset(h, 0, sizeof *h);
}
