#include "builder/base/class_graph.h"

#include <stdlib.h>
#include <string.h>

#include "core/moves.h"

/* Code -> local index, open addressing.  A slot packs the 36-bit code above a 24-bit
 * index so a probe touches one word; classes hold fewer than 2^24 layouts. */
#define INDEX_BITS 24
#define EMPTY_SLOT UINT64_MAX
#define MIRROR_BATCH 32 /* lookups issued together so their cache misses overlap */

struct code_index {
    uint64_t *slots;
    uint64_t mask;
    int shift;
};

static uint64_t slot_of(const struct code_index *ix, kl_code code)
{
    return (code * 0x9E3779B97F4A7C15ull) >> ix->shift;
}

static int index_build(struct code_index *ix, const kl_code *codes, uint32_t count)
{
    int bits = 4;
    while ((1ull << bits) < 2ull * count)
        bits++;
    ix->shift = 64 - bits;
    ix->mask = (1ull << bits) - 1;
    ix->slots = malloc(sizeof *ix->slots << bits);
    if (!ix->slots)
        return -1;
    memset(ix->slots, 0xff, sizeof *ix->slots << bits);
    for (uint32_t i = 0; i < count; i++) {
        uint64_t s = slot_of(ix, codes[i]);
        while (ix->slots[s] != EMPTY_SLOT)
            s = (s + 1) & ix->mask;
        ix->slots[s] = codes[i] << INDEX_BITS | i;
    }
    return 0;
}

static uint32_t index_find(const struct code_index *ix, kl_code code)
{
    for (uint64_t s = slot_of(ix, code);; s = (s + 1) & ix->mask)
        if (ix->slots[s] >> INDEX_BITS == code)
            return (uint32_t)(ix->slots[s] & ((1u << INDEX_BITS) - 1));
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
    struct code_index ix = {0};
    if (!raws || !g->codes || !g->edge_start || !g->edges || !g->mirror)
        goto out_of_memory;
    for (uint32_t i = 0; i < n; i++)
        g->codes[i] = cat->codes[g->ids[i]];
    if (index_build(&ix, g->codes, n) != 0)
        goto out_of_memory;

    for (uint32_t i = 0; i < n; i++)
        kl_code_to_raw(g->codes[i], &raws[i]);
    for (uint32_t block = 0; block < n; block += MIRROR_BATCH) {
        uint32_t end = block + MIRROR_BATCH < n ? block + MIRROR_BATCH : n;
        kl_code mirrored[MIRROR_BATCH];
        for (uint32_t i = block; i < end; i++) {
            mirrored[i - block] = kl_raw_to_code(kl_raw_mirror(raws[i]));
            __builtin_prefetch(&ix.slots[slot_of(&ix, mirrored[i - block])]);
        }
        for (uint32_t i = block; i < end; i++)
            g->mirror[i] = index_find(&ix, mirrored[i - block]);
    }
    size_t used = 0;
    struct kl_step steps[KL_MAX_STEPS];
    for (uint32_t i = 0; i < n; i++) {
        if (capacity - used < KL_MAX_STEPS) {
            capacity *= 2;
            uint32_t *grown = realloc(g->edges, sizeof *g->edges * capacity);
            if (!grown)
                goto out_of_memory;
            g->edges = grown;
        }
        g->edge_start[i] = (uint32_t)used;
        uint32_t mirror = g->mirror[i];
        kl_raw raw = raws[i];
        if (mirror < i) {
            /* The mirror image's neighbours are complete: reflect them. */
            for (uint32_t e = g->edge_start[mirror]; e < g->edge_start[mirror + 1]; e++)
                g->edges[used++] = g->mirror[g->edges[e]];
        } else {
            int count = kl_steps(raw, steps);
            /* All slots are requested before any is read, so the cache misses overlap. */
            kl_code found[KL_MAX_STEPS];
            for (int k = 0; k < count; k++) {
                found[k] = kl_raw_to_code(kl_step_apply(raw, steps[k]));
                __builtin_prefetch(&ix.slots[slot_of(&ix, found[k])]);
            }
            for (int k = 0; k < count; k++)
                g->edges[used++] = index_find(&ix, found[k]);
        }
    }
    g->edge_start[n] = (uint32_t)used;
    free(ix.slots);
    free(raws);
    return 0;

out_of_memory:
    free(ix.slots);
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
