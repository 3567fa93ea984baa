#include "builder/farthest/sources.h"

#include <stdlib.h>
#include <string.h>

#include "core/graph/walk.h"

#define UNTAKEN UINT32_MAX

/* Makes v the source of itself and its images. */
static void take(struct source_plan *sp, const struct group_graph *gg, uint32_t v)
{
    sp->shared_from[v] = v;
    for (int k = 0; k < REFLECTIONS; k++)
        if (gg->image[k])
            sp->shared_from[gg->image[k][v]] = v;
    sp->sources[sp->count++] = v;
}

int source_plan_build(struct source_plan *sp, const struct group_graph *gg)
{
    memset(sp, 0, sizeof *sp);
    uint32_t n = gg->count;
    sp->sources = malloc(sizeof *sp->sources * (n + 1));
    sp->shared_from = malloc(sizeof *sp->shared_from * (n + 1));
    uint32_t *queue = malloc(sizeof *queue * (n + 1));
    uint32_t *seen_in = calloc(n + 1, sizeof *seen_in);
    if (!sp->sources || !sp->shared_from || !queue || !seen_in) {
        free(queue);
        free(seen_in);
        source_plan_free(sp);
        return -1;
    }
    memset(sp->shared_from, 0xff, sizeof *sp->shared_from * n);
    /* Each ball grows breadth-first from the first member not yet taken; seen_in holds
     * the number (from 1) of the last ball that queued a member. */
    uint32_t seed = 0;
    for (uint32_t ball = 1;; ball++) {
        while (seed < n && sp->shared_from[seed] != UNTAKEN)
            seed++;
        if (seed == n)
            break;
        uint32_t wanted = sp->count + BFS_LANES;
        struct kl_walk walk;
        kl_walk_init(&walk, gg->edge_start, gg->edges, queue);
        seen_in[seed] = ball;
        kl_walk_push(&walk, seed);
        while (kl_walk_more(&walk) && sp->count < wanted) {
            uint32_t v = kl_walk_next(&walk);
            if (sp->shared_from[v] == UNTAKEN)
                take(sp, gg, v);
            kl_walk_expand_stamped(&walk, seen_in, ball, v);
        }
    }
    sp->batch_count = (sp->count + BFS_LANES - 1) / BFS_LANES;
    free(queue);
    free(seen_in);
    return 0;
}

void source_plan_free(struct source_plan *sp)
{
    free(sp->sources);
    free(sp->shared_from);
    memset(sp, 0, sizeof *sp);
}
