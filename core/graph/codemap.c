#include "core/graph/codemap.h"

#include <stdlib.h>
#include <string.h>

#define MIN_SLOTS_LOG2 10

static int allocate(struct kl_codemap *map, int slots_log2)
{
    size_t slots = (size_t)1 << slots_log2;
    map->slots = malloc(slots * sizeof *map->slots);
    if (!map->slots)
        return -1;
    memset(map->slots, 0xFF, slots * sizeof *map->slots);
    map->shift = 64 - slots_log2;
    map->mask = slots - 1;
    map->count = 0;
    return 0;
}

int kl_codemap_init(struct kl_codemap *map, size_t expected)
{
    int slots_log2 = MIN_SLOTS_LOG2;
    while (((size_t)1 << slots_log2) < 2 * expected)
        slots_log2++;
    return allocate(map, slots_log2);
}

void kl_codemap_free(struct kl_codemap *map)
{
    free(map->slots);
    map->slots = NULL;
}

/* Doubles the slots, keeping probes short.  Returns 0, or -1 when memory runs out (then
 * the map is unchanged). */
static int grow(struct kl_codemap *map)
{
    struct kl_codemap old = *map;
    if (allocate(map, 64 - old.shift + 1) != 0) {
        *map = old;
        return -1;
    }
    for (size_t i = 0; i <= old.mask; i++) {
        kl_code code = old.slots[i] >> KL_CODEMAP_VALUE_BITS;
        if (old.slots[i] != KL_CODEMAP_FREE)
            map->slots[kl_codemap_probe(map, code)] = old.slots[i];
    }
    map->count = old.count;
    kl_codemap_free(&old);
    return 0;
}

int kl_codemap_grow_and_add(struct kl_codemap *map, kl_code code, uint32_t value)
{
    if (grow(map) != 0)
        return -1;
    map->slots[kl_codemap_probe(map, code)] = code << KL_CODEMAP_VALUE_BITS | value;
    map->count++;
    return 1;
}
