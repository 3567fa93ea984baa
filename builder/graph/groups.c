#include "builder/graph/groups.h"

#include <stdlib.h>
#include <string.h>

#include "core/graph/bitset.h"
#include "core/graph/walk.h"

struct component {
    uint32_t size;
    uint32_t first;
};

static int by_size_then_first(const void *a, const void *b)
{
    const struct component *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return (x->first > y->first) - (x->first < y->first);
}

int class_groups_find(struct class_groups *cg, const struct class_graph *g)
{
    memset(cg, 0, sizeof *cg);
    uint32_t n = g->count;
    uint32_t *queue = malloc(sizeof *queue * (n + 1));
    struct component *comps = malloc(sizeof *comps * (n + 1));
    uint32_t *num_of_comp = NULL;
    /* A bit per member answers "seen?" from cache; group_of is only written. */
    uint64_t *seen = kl_bitset_new(n);
    cg->group_of = malloc(sizeof *cg->group_of * (n + 1));
    cg->group_index = malloc(sizeof *cg->group_index * (n + 1));
    if (!queue || !comps || !seen || !cg->group_of || !cg->group_index)
        goto out_of_memory;

    /* Components are found from their smallest member, since starts go up in code order. */
    uint32_t count = 0;
    for (uint32_t start = 0; start < n; start++) {
        if (kl_bitset_has(seen, start))
            continue;
        struct kl_walk walk;
        kl_walk_init(&walk, g->edge_start, g->edges, queue);
        kl_bitset_add(seen, start);
        kl_walk_push(&walk, start);
        while (kl_walk_more(&walk)) {
            uint32_t at = kl_walk_next(&walk);
            cg->group_of[at] = count;
            kl_walk_expand(&walk, seen, at);
        }
        comps[count++] = (struct component){walk.tail, start};
    }

    /* Renumber components to group_num. */
    num_of_comp = malloc(sizeof *num_of_comp * count);
    cg->size = malloc(sizeof *cg->size * count);
    cg->first = malloc(sizeof *cg->first * count);
    if (!num_of_comp || !cg->size || !cg->first)
        goto out_of_memory;
    for (uint32_t c = 0; c < count; c++)
        queue[comps[c].first] = c; /* the queue is free now: comp of each first member */
    qsort(comps, count, sizeof *comps, by_size_then_first);
    for (uint32_t num = 0; num < count; num++) {
        num_of_comp[queue[comps[num].first]] = num;
        cg->size[num] = comps[num].size;
        cg->first[num] = comps[num].first;
    }
    cg->group_count = count;

    /* Members arrive in code order, so a running count per group is the group_index. */
    memset(queue, 0, sizeof *queue * count);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t num = num_of_comp[cg->group_of[i]];
        cg->group_of[i] = num;
        cg->group_index[i] = queue[num]++;
    }
    free(queue);
    free(comps);
    free(num_of_comp);
    free(seen);
    return 0;

out_of_memory:
    free(seen);
    free(queue);
    free(comps);
    free(num_of_comp);
    class_groups_free(cg);
    return -1;
}

void class_groups_free(struct class_groups *cg)
{
    free(cg->group_of);
    free(cg->group_index);
    free(cg->size);
    free(cg->first);
    memset(cg, 0, sizeof *cg);
}
