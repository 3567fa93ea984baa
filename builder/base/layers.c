#include "builder/base/layers.h"

#include <stdlib.h>
#include <string.h>

#include "core/database/idlist.h"
#include "core/graph/bitset.h"
#include "core/graph/walk.h"

static int breadth_first_from_solved(const struct class_graph *g, uint8_t *depth,
                                     uint32_t *queue)
{
    /* A bit per member answers "reached?" from cache; depth is only written. */
    uint64_t *reached = kl_bitset_new(g->count);
    if (!reached)
        return -1;
    struct kl_walk walk;
    kl_walk_init(&walk, g->edge_start, g->edges, queue);
    memset(depth, KL_DB_UNSOLVABLE, g->count);
    for (uint32_t i = 0; i < g->count; i++)
        if (kl_code_is_solved(g->codes[i])) {
            depth[i] = 0;
            kl_bitset_add(reached, i);
            kl_walk_push(&walk, i);
        }
    int rc = 0;
    while (kl_walk_more(&walk) && rc == 0) {
        uint32_t at = kl_walk_next(&walk);
        unsigned next_depth = depth[at] + 1u;
        if (next_depth >= KL_DB_UNSOLVABLE)
            rc = -1;
        uint32_t first_new = walk.tail;
        kl_walk_expand(&walk, reached, at);
        for (uint32_t k = first_new; k < walk.tail; k++)
            depth[queue[k]] = (uint8_t)next_depth;
    }
    free(reached);
    return rc;
}

/* Per group: solved count, deepest layer and its population. */
static void summarize(const struct class_graph *g, const struct class_groups *cg,
                      const uint8_t *depth, struct group_layers *out)
{
    for (uint32_t num = 0; num < cg->group_count; num++)
        out[num] = (struct group_layers){.size = cg->size[num],
                                         .min_code = g->codes[cg->first[num]],
                                         .max_depth = -1};
    for (uint32_t i = 0; i < g->count; i++) {
        struct group_layers *gl = &out[cg->group_of[i]];
        if (depth[i] == KL_DB_UNSOLVABLE)
            continue;
        gl->solved += depth[i] == 0;
        if ((int)depth[i] > gl->max_depth) {
            gl->max_depth = depth[i];
            gl->hardest_count = 0;
        }
        gl->hardest_count += (int)depth[i] == gl->max_depth;
    }
}

static int encode_layers(const struct class_graph *g, const struct class_groups *cg,
                         const uint8_t *depth, uint32_t *scratch, struct group_layers *out)
{
    /* Counting sort of members by (group, layer); members stay in id order within each. */
    size_t layer_total = 0;
    for (uint32_t num = 0; num < cg->group_count; num++)
        layer_total += out[num].max_depth < 0 ? 1 : (size_t)out[num].max_depth + 1;
    size_t *start = calloc(layer_total + 1, sizeof *start);
    size_t *base = malloc(sizeof *base * (cg->group_count + 1));
    if (!start || !base) {
        free(start);
        free(base);
        return -1;
    }
    base[0] = 0;
    for (uint32_t num = 0; num < cg->group_count; num++)
        base[num + 1] = base[num] + (out[num].max_depth < 0 ? 1 : (size_t)out[num].max_depth + 1);
    for (uint32_t i = 0; i < g->count; i++)
        start[base[cg->group_of[i]] + (depth[i] == KL_DB_UNSOLVABLE ? 0 : depth[i]) + 1]++;
    for (size_t k = 0; k < layer_total; k++)
        start[k + 1] += start[k];
    for (uint32_t i = 0; i < g->count; i++)
        scratch[start[base[cg->group_of[i]] + (depth[i] == KL_DB_UNSOLVABLE ? 0 : depth[i])]++] = g->ids[i];
    /* start[k] now marks the end of layer k. */
    int failed = 0;
    for (uint32_t num = 0; num < cg->group_count && !failed; num++) {
        struct group_layers *gl = &out[num];
        gl->layer_count = (uint32_t)(base[num + 1] - base[num]);
        gl->layers = calloc(gl->layer_count, sizeof *gl->layers);
        gl->hardest = malloc(sizeof *gl->hardest * (gl->hardest_count + 1));
        if (!gl->layers || !gl->hardest) {
            failed = 1;
            break;
        }
        for (uint32_t k = 0; k < gl->layer_count && !failed; k++) {
            size_t end = start[base[num] + k], begin = base[num] + k ? start[base[num] + k - 1] : 0;
            struct layer *l = &gl->layers[k];
            l->depth = gl->max_depth < 0 ? -1 : (int)k;
            l->size = (uint32_t)(end - begin);
            failed = kl_idlist_encode(scratch + begin, l->size, &l->blob, &l->blob_size);
        }
    }
    free(start);
    free(base);
    return failed ? -1 : 0;
}

static void collect_hardest(const struct class_graph *g, const struct class_groups *cg,
                            const uint8_t *depth, struct group_layers *out)
{
    for (uint32_t num = 0; num < cg->group_count; num++)
        out[num].hardest_count = 0;
    for (uint32_t i = 0; i < g->count; i++) {
        struct group_layers *gl = &out[cg->group_of[i]];
        if (depth[i] != KL_DB_UNSOLVABLE && (int)depth[i] == gl->max_depth)
            gl->hardest[gl->hardest_count++] = g->codes[i];
    }
}

int layers_compute(const struct class_graph *g, const struct class_groups *cg,
                   uint8_t *min_steps, struct group_layers *out)
{
    uint32_t *scratch = malloc(sizeof *scratch * (g->count + 1));
    if (!scratch)
        return -1;
    if (breadth_first_from_solved(g, min_steps, scratch) != 0) {
        free(scratch);
        return -1;
    }
    summarize(g, cg, min_steps, out);
    int rc = encode_layers(g, cg, min_steps, scratch, out);
    free(scratch);
    if (rc != 0) {
        for (uint32_t num = 0; num < cg->group_count; num++)
            group_layers_free(&out[num]);
        return -1;
    }
    collect_hardest(g, cg, min_steps, out);
    return 0;
}

void group_layers_free(struct group_layers *gl)
{
    for (uint32_t k = 0; gl->layers && k < gl->layer_count; k++)
        free(gl->layers[k].blob);
    free(gl->layers);
    free(gl->hardest);
    memset(gl, 0, sizeof *gl);
}
