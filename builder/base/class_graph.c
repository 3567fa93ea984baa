#include "builder/base/class_graph.h"

#include <stdlib.h>
#include <string.h>

#include "core/graph/codemap.h"
#include "core/moves.h"
#include "core/symmetry.h"

#define MIRROR_BATCH 32 /* lookups issued together so their cache misses overlap */
#define MIRROR_UNKNOWN UINT32_MAX /* g->mirror of a member not yet looked up */
#define STEP_BLOCK 8 /* members whose neighbours are looked up together */

/* The local index of `code`, which the class holds: every step stays in the class. */
static inline uint32_t local_index(const struct kl_codemap *index, kl_code code)
{
    uint32_t value = 0;
    kl_codemap_find(index, code, &value);
    return value;
}

int class_graph_build(struct class_graph *g, const struct catalog *cat, int class_id)
{
    memset(g, 0, sizeof *g);
    uint32_t n = catalog_class_size(cat, class_id);
    g->count = n;
    g->ids = cat->class_ids + cat->class_start[class_id];
    g->codes = malloc(sizeof *g->codes * n + 1);
    g->edge_start = malloc(sizeof *g->edge_start * (n + 1));
    size_t capacity = (size_t)n * 16 + KL_MAX_STEPS;
    g->edges = malloc(sizeof *g->edges * capacity);
    g->mirror = malloc(sizeof *g->mirror * (n + 1));
    kl_raw *raws = malloc(sizeof *raws * n + 1);
    struct kl_codemap index = {0};
    if (!raws || !g->codes || !g->edge_start || !g->edges || !g->mirror)
        goto out_of_memory;
    for (uint32_t i = 0; i < n; i++)
        g->codes[i] = cat->codes[g->ids[i]];
    if (kl_codemap_init(&index, n) != 0)
        goto out_of_memory;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t value = i;
        kl_codemap_add(&index, g->codes[i], &value); /* cannot grow: sized for n */
    }

    for (uint32_t i = 0; i < n; i++)
        kl_code_to_raw(g->codes[i], &raws[i]);
    /* Mirroring is an involution: one lookup gives the mirrors of both members of a
     * pair, so the second member of each pair is skipped. */
    memset(g->mirror, 0xFF, sizeof *g->mirror * n);
    for (uint32_t block = 0; block < n; block += MIRROR_BATCH) {
        uint32_t end = block + MIRROR_BATCH < n ? block + MIRROR_BATCH : n;
        kl_code mirrored[MIRROR_BATCH];
        for (uint32_t i = block; i < end; i++)
            if (g->mirror[i] == MIRROR_UNKNOWN) {
                mirrored[i - block] = kl_raw_to_code(kl_raw_mirror(raws[i]));
                kl_codemap_prefetch(&index, mirrored[i - block]);
            }
        for (uint32_t i = block; i < end; i++)
            if (g->mirror[i] == MIRROR_UNKNOWN) {
                uint32_t mirror = local_index(&index, mirrored[i - block]);
                g->mirror[i] = mirror;
                g->mirror[mirror] = i;
            }
    }
    /* Members go in blocks: every neighbour's slot of a block is requested before any is
     * read, so that many cache misses overlap, not only one member's. */
    size_t used = 0;
    struct kl_step steps[KL_MAX_STEPS];
    kl_code found[STEP_BLOCK][KL_MAX_STEPS];
    int found_count[STEP_BLOCK];
    for (uint32_t block = 0; block < n; block += STEP_BLOCK) {
        uint32_t end = block + STEP_BLOCK < n ? block + STEP_BLOCK : n;
        if (capacity - used < (size_t)STEP_BLOCK * KL_MAX_STEPS) {
            capacity *= 2;
            uint32_t *grown = realloc(g->edges, sizeof *g->edges * capacity);
            if (!grown)
                goto out_of_memory;
            g->edges = grown;
        }
        for (uint32_t i = block; i < end; i++) {
            if (g->mirror[i] < i)
                continue;
            int count = found_count[i - block] = kl_steps(raws[i], steps);
            for (int k = 0; k < count; k++) {
                found[i - block][k] = kl_raw_to_code(kl_step_apply(raws[i], steps[k]));
                kl_codemap_prefetch(&index, found[i - block][k]);
            }
        }
        for (uint32_t i = block; i < end; i++) {
            g->edge_start[i] = (uint32_t)used;
            uint32_t mirror = g->mirror[i];
            if (mirror < i) {
                /* The mirror image's neighbours are complete: reflect them. */
                for (uint32_t e = g->edge_start[mirror]; e < g->edge_start[mirror + 1]; e++)
                    g->edges[used++] = g->mirror[g->edges[e]];
            } else {
                for (int k = 0; k < found_count[i - block]; k++)
                    g->edges[used++] = local_index(&index, found[i - block][k]);
            }
        }
    }
    g->edge_start[n] = (uint32_t)used;
    kl_codemap_free(&index);
    free(raws);
    return 0;

out_of_memory:
    kl_codemap_free(&index);
    free(raws);
    class_graph_free(g);
    return -1;
}

void class_graph_free(struct class_graph *g)
{
    free(g->codes);
    free(g->edge_start);
    free(g->edges);
    free(g->mirror);
    memset(g, 0, sizeof *g);
}
