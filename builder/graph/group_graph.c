#include "builder/graph/group_graph.h"

#include <stdlib.h>
#include <string.h>

#include "core/graph/walk.h"

int class_reflections_build(struct class_reflections *r, const struct class_graph *g,
                            const struct class_groups *cg)
{
    memset(r, 0, sizeof *r);
    uint32_t *half = r->owned = malloc(sizeof *half * (g->count + 1));
    for (int k = 0; k < REFLECTIONS; k++)
        r->group_image[k] = malloc(sizeof *r->group_image[k] * (cg->group_count + 1));
    if (!half || !r->group_image[0] || !r->group_image[1] || !r->group_image[2]) {
        class_reflections_free(r);
        return -1;
    }
    for (uint32_t i = 0; i < g->count; i++)
        half[i] = g->mirror[g->up_down[i]];
    r->image[FLIP_LEFT_RIGHT] = g->mirror;
    r->image[FLIP_UP_DOWN] = g->up_down;
    r->image[TURN_HALF] = half;
    for (int k = 0; k < REFLECTIONS; k++)
        for (uint32_t num = 0; num < cg->group_count; num++)
            r->group_image[k][num] = cg->group_of[r->image[k][cg->first[num]]];
    return 0;
}

void class_reflections_free(struct class_reflections *r)
{
    for (int k = 0; k < REFLECTIONS; k++)
        free(r->group_image[k]);
    free(r->owned);
    memset(r, 0, sizeof *r);
}

uint32_t group_representative(const struct class_reflections *r, uint32_t group_num)
{
    uint32_t best = group_num;
    for (int k = 0; k < REFLECTIONS; k++)
        if (r->group_image[k][group_num] < best)
            best = r->group_image[k][group_num];
    return best;
}

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Lists the group of class member `first` into members (room for the group's size),
 * marking each in number (UNNUMBERED for the group's members on entry) with 0 as listed:
 * neighbours lie in the same group, so "not yet 0" means "not yet listed". */
static void list_members(const struct class_graph *g, uint32_t first, uint32_t *members,
                         uint32_t *number)
{
    struct kl_walk walk;
    kl_walk_init(&walk, g->edge_start, g->edges, members);
    number[first] = 0;
    kl_walk_push(&walk, first);
    while (kl_walk_more(&walk))
        kl_walk_expand_stamped(&walk, number, 0, kl_walk_next(&walk));
}

int group_graph_build(struct group_graph *gg, const struct class_graph *g,
                      const struct class_groups *cg, const struct class_reflections *r,
                      uint32_t group_num, uint32_t *number)
{
    memset(gg, 0, sizeof *gg);
    uint32_t n = cg->size[group_num];
    gg->count = n;
    gg->member = malloc(sizeof *gg->member * (n + 1));
    gg->edge_start = malloc(sizeof *gg->edge_start * (n + 1));
    if (!gg->member || !gg->edge_start)
        goto out_of_memory;
    list_members(g, cg->first[group_num], gg->member, number);
    qsort(gg->member, n, sizeof *gg->member, ascending);
    size_t edge_count = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t c = gg->member[k];
        number[c] = k;
        edge_count += g->edge_start[c + 1] - g->edge_start[c];
    }
    gg->edges = malloc(sizeof *gg->edges * (edge_count + 1));
    if (!gg->edges)
        goto out_of_memory;
    size_t used = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t c = gg->member[k];
        gg->edge_start[k] = (uint32_t)used;
        for (uint32_t e = g->edge_start[c]; e < g->edge_start[c + 1]; e++)
            gg->edges[used++] = number[g->edges[e]];
    }
    gg->edge_start[n] = (uint32_t)used;
    for (int k = 0; k < REFLECTIONS; k++) {
        if (r->group_image[k][group_num] != group_num)
            continue;
        gg->image[k] = malloc(sizeof *gg->image[k] * (n + 1));
        if (!gg->image[k])
            goto out_of_memory;
        for (uint32_t i = 0; i < n; i++)
            gg->image[k][i] = number[r->image[k][gg->member[i]]];
    }
    return 0;

out_of_memory:
    group_graph_free(gg);
    return -1;
}
