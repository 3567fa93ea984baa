#include "builder/graph/class_graph.h"

#include <stdlib.h>
#include <string.h>

#include "core/graph/codemap.h"
#include "core/moves.h"
#include "core/symmetry.h"

#define IMAGE_BATCH 32 /* lookups issued together so their cache misses overlap */
#define IMAGE_UNKNOWN UINT32_MAX /* an image not yet looked up */
#define STEP_BLOCK 8 /* members whose neighbours are looked up together */

/* The local index of `code`, which the class holds: every step stays in the class. */
static inline uint32_t local_index(const struct kl_codemap *index, kl_code code)
{
    uint32_t value = 0;
    kl_codemap_find(index, code, &value);
    return value;
}

/* Fills image[] with the local index of each member's image under `reflect`, which maps
 * the class onto itself.  Reflections are involutions: one lookup gives the images of
 * both members of a pair, so the second member of each pair is skipped. */
static void find_images(const struct class_graph *g, const struct kl_codemap *index,
                        const kl_raw *raws, kl_raw (*reflect)(kl_raw), uint32_t *image)
{
    memset(image, 0xFF, sizeof *image * g->count);
    for (uint32_t block = 0; block < g->count; block += IMAGE_BATCH) {
        uint32_t end = block + IMAGE_BATCH < g->count ? block + IMAGE_BATCH : g->count;
        kl_code reflected[IMAGE_BATCH];
        for (uint32_t i = block; i < end; i++)
            if (image[i] == IMAGE_UNKNOWN) {
                reflected[i - block] = kl_raw_to_code(reflect(raws[i]));
                kl_codemap_prefetch(index, reflected[i - block]);
            }
        for (uint32_t i = block; i < end; i++)
            if (image[i] == IMAGE_UNKNOWN) {
                uint32_t other = local_index(index, reflected[i - block]);
                image[i] = other;
                image[other] = i;
            }
    }
}

/* Which image of member i comes before it in code order, if any: then its neighbours are
 * the images of that member's, and no steps need generating.  Of the four layouts a
 * reflection of the board maps onto each other, only the first is searched for steps. */
enum image_before { NO_IMAGE_BEFORE, FLIP_LEFT_RIGHT_BEFORE, FLIP_UP_DOWN_BEFORE,
                    TURN_HALF_BEFORE };

static inline enum image_before image_before(const struct class_graph *g, uint32_t i)
{
    if (g->mirror[i] < i)
        return FLIP_LEFT_RIGHT_BEFORE;
    if (g->up_down[i] < i)
        return FLIP_UP_DOWN_BEFORE;
    if (g->mirror[g->up_down[i]] < i)
        return TURN_HALF_BEFORE;
    return NO_IMAGE_BEFORE;
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
    g->metric_degree = malloc(sizeof *g->metric_degree * (n + 1));
    g->mirror = malloc(sizeof *g->mirror * (n + 1));
    g->up_down = malloc(sizeof *g->up_down * (n + 1));
    kl_raw *raws = malloc(sizeof *raws * n + 1);
    struct kl_codemap index = {0};
    if (!raws || !g->codes || !g->edge_start || !g->edges || !g->metric_degree || !g->mirror ||
        !g->up_down)
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
    find_images(g, &index, raws, kl_raw_mirror, g->mirror);
    find_images(g, &index, raws, kl_raw_flip_up_down, g->up_down);
    /* Members go in blocks: every neighbour's slot of a block is requested before any is
     * read, so that many cache misses overlap, not only one member's. */
    size_t used = 0;
    struct kl_step steps[KL_METRIC_COUNT][KL_MAX_STEPS];
    kl_code found[STEP_BLOCK][KL_MAX_STEPS];
    int found_count[STEP_BLOCK];
    for (uint32_t block = 0; block < n; block += STEP_BLOCK) {
        uint32_t end = block + STEP_BLOCK < n ? block + STEP_BLOCK : n;
        if (capacity - used < (size_t)STEP_BLOCK * KL_MAX_STEPS) {
            uint32_t *grown = realloc(g->edges, sizeof *g->edges * capacity * 2);
            capacity *= 2;
            if (!grown)
                goto out_of_memory;
            g->edges = grown;
        }
        for (uint32_t i = block; i < end; i++) {
            if (image_before(g, i) != NO_IMAGE_BEFORE)
                continue;
            /* The strictest metric's list first: see metric_degree. */
            int count[KL_METRIC_COUNT], listed = 0;
            kl_steps_by_metric(raws[i], steps, count);
            for (int m = KL_METRIC_UNIT; m >= KL_METRIC_STEP; m--) {
                for (int k = 0; k < count[m]; k++, listed++) {
                    kl_code next = kl_raw_to_code(kl_step_apply(raws[i], steps[m][k]));
                    found[i - block][listed] = next;
                    kl_codemap_prefetch(&index, next);
                }
                g->metric_degree[i][m] = (uint8_t)listed;
            }
            found_count[i - block] = listed;
        }
        for (uint32_t i = block; i < end; i++) {
            g->edge_start[i] = (uint32_t)used;
            uint32_t from;
            switch (image_before(g, i)) {
            case FLIP_LEFT_RIGHT_BEFORE:
                from = g->mirror[i];
                for (uint32_t e = g->edge_start[from]; e < g->edge_start[from + 1]; e++)
                    g->edges[used++] = g->mirror[g->edges[e]];
                break;
            case FLIP_UP_DOWN_BEFORE:
                from = g->up_down[i];
                for (uint32_t e = g->edge_start[from]; e < g->edge_start[from + 1]; e++)
                    g->edges[used++] = g->up_down[g->edges[e]];
                break;
            case TURN_HALF_BEFORE:
                from = g->mirror[g->up_down[i]];
                for (uint32_t e = g->edge_start[from]; e < g->edge_start[from + 1]; e++)
                    g->edges[used++] = g->mirror[g->up_down[g->edges[e]]];
                break;
            default:
                for (int k = 0; k < found_count[i - block]; k++)
                    g->edges[used++] = local_index(&index, found[i - block][k]);
                continue;
            }
            /* The board's reflections keep a step's length and whether it turns, and the
             * order of the edges. */
            memcpy(g->metric_degree[i], g->metric_degree[from], sizeof *g->metric_degree);
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

/* The first member whose code is at least `code`. */
static uint32_t lower_bound(const struct class_graph *g, kl_code code)
{
    uint32_t low = 0, high = g->count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        if (g->codes[middle] < code)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

uint32_t class_graph_solved(const struct class_graph *g, uint32_t *first)
{
    *first = lower_bound(g, (kl_code)KL_SOLVED_KING_ADDR << 32);
    return lower_bound(g, (kl_code)(KL_SOLVED_KING_ADDR + 1) << 32) - *first;
}

void class_graph_free(struct class_graph *g)
{
    free(g->codes);
    free(g->edge_start);
    free(g->edges);
    free(g->metric_degree);
    free(g->mirror);
    free(g->up_down);
    memset(g, 0, sizeof *g);
}
