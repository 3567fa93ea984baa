/* The catalog: every legal code in ascending order (so a layout's id is its index) and
 * the partition of the ids into the 203 classes. */
#ifndef KLOTSKI_BUILDER_CATALOG_H
#define KLOTSKI_BUILDER_CATALOG_H

#include <stdint.h>

#include "core/classes.h"
#include "core/code.h"

struct catalog {
    kl_code *codes;        /* KL_LAYOUT_COUNT codes, ascending; codes[id] */
    uint8_t *class_of;     /* class_id of each id */
    uint32_t *class_ids;   /* ids grouped by class, ascending within each class */
    uint32_t class_start[KL_CLASS_COUNT + 1]; /* class c owns class_ids[start[c]..start[c+1]) */
};

/* Enumerates all layouts and partitions them, on up to `threads` threads (builder/
 * threads.h).  Returns 0, or -1 when memory runs out (then nothing needs freeing). */
int catalog_build(struct catalog *cat, int threads);

/* Layouts in class `class_id`. */
static inline uint32_t catalog_class_size(const struct catalog *cat, int class_id)
{
    return cat->class_start[class_id + 1] - cat->class_start[class_id];
}

/* Frees what catalog_build allocated. */
void catalog_free(struct catalog *cat);

#endif
