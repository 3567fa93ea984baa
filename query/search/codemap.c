#include "query/search/codemap.h"

#include <stdlib.h>
#include <string.h>

#include "query/report.h"

#define MIN_SLOTS_LOG2 10
#define CODEMAP_FREE UINT64_MAX /* no legal code has all bits set (2x2 address F) */

static void allocate(struct codemap *map, int slots_log2)
{
    size_t slots = (size_t)1 << slots_log2;
    map->slots = xmalloc(slots * sizeof *map->slots);
    memset(map->slots, 0xFF, slots * sizeof *map->slots);
    map->shift = 64 - slots_log2;
    map->mask = slots - 1;
    map->count = 0;
}

void codemap_init(struct codemap *map, size_t expected)
{
    int slots_log2 = MIN_SLOTS_LOG2;
    while (((size_t)1 << slots_log2) < 2 * expected)
        slots_log2++;
    allocate(map, slots_log2);
}

void codemap_free(struct codemap *map)
{
    free(map->slots);
    map->slots = NULL;
}

/* Doubles the slots once the map is half full, keeping probes short. */
static void grow(struct codemap *map)
{
    struct codemap old = *map;
    allocate(map, 64 - old.shift + 1);
    for (size_t i = 0; i <= old.mask; i++) {
        uint32_t value = (uint32_t)(old.slots[i] & CODEMAP_MAX_VALUE);
        if (old.slots[i] != CODEMAP_FREE)
            codemap_add(map, old.slots[i] >> CODEMAP_VALUE_BITS, &value);
    }
    codemap_free(&old);
}

/* The slot holding `code`, or the free slot where it would go. */
static size_t probe(const struct codemap *map, kl_code code)
{
    size_t slot = codemap_home(map, code);
    while (map->slots[slot] != CODEMAP_FREE && map->slots[slot] >> CODEMAP_VALUE_BITS != code)
        slot = (slot + 1) & map->mask;
    return slot;
}

bool codemap_find(const struct codemap *map, kl_code code, uint32_t *value)
{
    size_t slot = probe(map, code);
    if (map->slots[slot] == CODEMAP_FREE)
        return false;
    *value = (uint32_t)(map->slots[slot] & CODEMAP_MAX_VALUE);
    return true;
}

bool codemap_add(struct codemap *map, kl_code code, uint32_t *value)
{
    size_t slot = probe(map, code);
    if (map->slots[slot] != CODEMAP_FREE) {
        *value = (uint32_t)(map->slots[slot] & CODEMAP_MAX_VALUE);
        return false;
    }
    map->slots[slot] = code << CODEMAP_VALUE_BITS | *value;
    if (++map->count * 2 > map->mask + 1)
        grow(map);
    return true;
}
