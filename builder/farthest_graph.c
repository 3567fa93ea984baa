#include "farthest_graph.h"

#include <stdlib.h>
#include <string.h>

#define UNNUMBERED UINT32_MAX
static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint32_t class_index_of(const struct class_graph *g, kl_code code)
{
    uint32_t lo = 0, hi = g->count;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->codes[mid] <= code)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

int class_mirror_build(struct class_mirror *cm, const struct class_graph *g,
                       const struct class_groups *cg)
{
    cm->mirror_of = malloc(sizeof *cm->mirror_of * (g->count + 1));
    cm->number = malloc(sizeof *cm->number * (g->count + 1));
    cm->mirror_group = malloc(sizeof *cm->mirror_group * (cg->group_count + 1));
    if (!cm->mirror_of || !cm->number || !cm->mirror_group) {
        class_mirror_free(cm);
        return -1;
    }
    for (uint32_t i = 0; i < g->count; i++)
        cm->mirror_of[i] = class_index_of(g, kl_code_mirror(g->codes[i]));
    for (uint32_t num = 0; num < cg->group_count; num++)
        cm->mirror_group[num] = cg->group_of[cm->mirror_of[cg->first[num]]];
    memset(cm->number, 0xff, sizeof *cm->number * g->count);
    return 0;
}

void class_mirror_free(struct class_mirror *cm)
{
    free(cm->mirror_of);
    free(cm->mirror_group);
    free(cm->number);
    memset(cm, 0, sizeof *cm);
}

/* Breadth-first order of the group from class member `root` into order (room for the
 * group's size); seen[i] says whether class member i was reached, and is set here for
 * every member reached. */
static void breadth_first_order(const struct class_graph *g, uint32_t root, uint32_t *order,
                                uint32_t *seen_mark, uint32_t mark)
{
    uint32_t head = 0, tail = 0;
    order[tail++] = root;
    seen_mark[root] = mark;
    while (head < tail) {
        uint32_t at = order[head++];
        for (uint32_t e = g->edge_start[at]; e < g->edge_start[at + 1]; e++) {
            uint32_t to = g->edges[e];
            if (seen_mark[to] != mark) {
                seen_mark[to] = mark;
                order[tail++] = to;
            }
        }
    }
}

int group_graph_build(struct group_graph *gg, const struct class_graph *g,
                      const struct class_groups *cg, struct class_mirror *cm,
                      uint32_t group_num)
{
    memset(gg, 0, sizeof *gg);
    uint32_t n = cg->size[group_num];
    bool self_mirror = cm->mirror_group[group_num] == group_num;
    gg->count = n;
    gg->member = malloc(sizeof *gg->member * (n + 1));
    gg->edge_start = malloc(sizeof *gg->edge_start * (n + 1));
    if (self_mirror)
        gg->mirror = malloc(sizeof *gg->mirror * (n + 1));
    if (!gg->member || !gg->edge_start || (self_mirror && !gg->mirror))
        goto out_of_memory;

    /* The group's last member reached from its first is far out; numbering from there
     * keeps each breadth-first layer, and so each batch of sources, compact. */
    breadth_first_order(g, cg->first[group_num], gg->member, cm->number, 0);
    if (getenv("FG_BFS"))
    breadth_first_order(g, gg->member[n - 1], gg->member, cm->number, 1);
    else qsort(gg->member, n, sizeof *gg->member, by_value);
    size_t edge_count = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t c = gg->member[k];
        cm->number[c] = k;
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
            gg->edges[used++] = cm->number[g->edges[e]];
        if (self_mirror)
            gg->mirror[k] = cm->mirror_of[c]; /* a class index until all are numbered */
    }
    gg->edge_start[n] = (uint32_t)used;
    for (uint32_t k = 0; self_mirror && k < n; k++)
        gg->mirror[k] = cm->number[gg->mirror[k]];
    return 0;

out_of_memory:
    group_graph_free(gg);
    return -1;
}

void group_graph_free(struct group_graph *gg)
{
    free(gg->member);
    free(gg->edge_start);
    free(gg->edges);
    free(gg->mirror);
    memset(gg, 0, sizeof *gg);
}
