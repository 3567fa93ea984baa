#include "builder/catalog.h"

#include <stdlib.h>
#include <string.h>

#include "builder/progress.h"
#include "builder/threads.h"
#include "core/rank.h"

#define MAX_PIECES 16

#define CLASSIFY_CHUNKS 64 /* items of the job that finds each id's class */

/* threads_work: the codes of one part of the enumeration (core/rank.h). */
static int enumerate_part(void *context, uint32_t part, int thread)
{
    (void)thread;
    struct catalog *cat = context;
    kl_enumerate_part(cat->codes, (int)part);
    return 0;
}

/* threads_work: the class of every id of one chunk. */
static int classify_chunk(void *context, uint32_t chunk, int thread)
{
    (void)thread;
    struct catalog *cat = context;
    /* class_id by (jiang, bing, style), so the per-layout lookup is one load. */
    uint8_t class_by_counts[MAX_PIECES][MAX_PIECES][MAX_PIECES];
    memset(class_by_counts, 0xff, sizeof class_by_counts);
    for (int id = 0; id < KL_CLASS_COUNT; id++) {
        struct kl_class c = kl_class_from_id(id);
        class_by_counts[c.jiang][c.bing][c.style] = (uint8_t)id;
    }
    uint32_t begin = (uint32_t)((uint64_t)KL_LAYOUT_COUNT * chunk / CLASSIFY_CHUNKS);
    uint32_t end = (uint32_t)((uint64_t)KL_LAYOUT_COUNT * (chunk + 1) / CLASSIFY_CHUNKS);
    for (uint32_t id = begin; id < end; id++) {
        struct kl_class c = kl_class_of_code(cat->codes[id]);
        cat->class_of[id] = class_by_counts[c.jiang][c.bing][c.style];
    }
    return 0;
}

int catalog_build(struct catalog *cat, int threads)
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
    threads_run(threads, KL_ENUMERATION_PARTS, enumerate_part, cat);
    threads_run(threads, CLASSIFY_CHUNKS, classify_chunk, cat);
    progress_add(KL_LAYOUT_COUNT);

    uint32_t counts[KL_CLASS_COUNT] = {0};
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id++)
        counts[cat->class_of[id]]++;
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
