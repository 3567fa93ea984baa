#include "builder/catalog.h"

#include <stdlib.h>
#include <string.h>

#include "builder/progress.h"
#include "core/rank.h"

#define MAX_PIECES 16

int catalog_build(struct catalog *cat)
{
    memset(cat, 0, sizeof *cat);
    cat->codes = malloc(sizeof *cat->codes * KL_LAYOUT_COUNT);
    cat->class_of = malloc(KL_LAYOUT_COUNT);
    cat->class_ids = malloc(sizeof *cat->class_ids * KL_LAYOUT_COUNT);
    if (!cat->codes || !cat->class_of || !cat->class_ids) {
        catalog_free(cat);
        return -1;
    }
    progress_begin("enumerate", KL_LAYOUT_COUNT, "layouts");
    kl_enumerate(cat->codes);
    progress_add(KL_LAYOUT_COUNT);

    /* class_id by (jiang, bing, style), so the per-layout lookup is one load. */
    static uint8_t class_by_counts[MAX_PIECES][MAX_PIECES][MAX_PIECES];
    memset(class_by_counts, 0xff, sizeof class_by_counts);
    for (int id = 0; id < KL_CLASS_COUNT; id++) {
        struct kl_class c = kl_class_from_id(id);
        class_by_counts[c.jiang][c.bing][c.style] = (uint8_t)id;
    }
    uint32_t counts[KL_CLASS_COUNT] = {0};
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id++) {
        struct kl_class c = kl_class_of_code(cat->codes[id]);
        int class_id = class_by_counts[c.jiang][c.bing][c.style];
        cat->class_of[id] = (uint8_t)class_id;
        counts[class_id]++;
    }
    uint32_t fill[KL_CLASS_COUNT];
    for (int c = 0; c < KL_CLASS_COUNT; c++) {
        cat->class_start[c + 1] = cat->class_start[c] + counts[c];
        fill[c] = cat->class_start[c];
    }
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id++)
        cat->class_ids[fill[cat->class_of[id]]++] = id;
    progress_end();
    return 0;
}

void catalog_free(struct catalog *cat)
{
    free(cat->codes);
    free(cat->class_of);
    free(cat->class_ids);
    memset(cat, 0, sizeof *cat);
}
