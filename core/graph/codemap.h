/* A hash map from layout codes to numbers below 2^28 (open addressing, linear probing):
 * the code -> index map of the builder's class graphs and the visited set of the query
 * tool's searches.  Both are bound by the memory latency of their probes, so a slot is one
 * 64-bit word (the code in the high 36 bits, the value in the low 28) and callers look up
 * codes in batches: kl_codemap_prefetch for each code of a batch, then kl_codemap_find or
 * kl_codemap_add for each, so that the cache misses overlap.
 *
 * Thread safety: a map may be read (kl_codemap_find, kl_codemap_prefetch) by any number
 * of threads at once, but written (kl_codemap_add) by one thread that no reader races. */
#ifndef KLOTSKI_CORE_GRAPH_CODEMAP_H
#define KLOTSKI_CORE_GRAPH_CODEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/code.h"

#define KL_CODEMAP_VALUE_BITS 28
#define KL_CODEMAP_MAX_VALUE ((1u << KL_CODEMAP_VALUE_BITS) - 1)
#define KL_CODEMAP_FREE UINT64_MAX /* an empty slot: no legal code has all bits set */

/* One map.  It stays at most half full (it doubles when an add would pass that), which
 * keeps probe runs short. */
struct kl_codemap {
    uint64_t *slots; /* KL_CODEMAP_FREE, or code << KL_CODEMAP_VALUE_BITS | value */
    int shift;       /* 64 - log2(number of slots): a code's home slot is the top bits of
                        its product with an odd constant */
    size_t mask;     /* number of slots - 1 */
    size_t count;    /* codes held */
};

/* Makes *map an empty map with room for `expected` codes before it grows.
 * Returns 0, or -1 when memory runs out (then *map holds nothing to free). */
int kl_codemap_init(struct kl_codemap *map, size_t expected);

/* Frees what the map holds; *map may then be initialised again.  Safe on a map whose
 * kl_codemap_init failed. */
void kl_codemap_free(struct kl_codemap *map);

/* Returns the slot where the probe for `code` starts. */
static inline size_t kl_codemap_home(const struct kl_codemap *map, kl_code code)
{
    return (size_t)((code * 0x9E3779B97F4A7C15ull) >> map->shift);
}

/* Asks the processor to fetch the home slot of `code`, so that a probe soon after does
 * not wait for memory.  Has no other effect. */
static inline void kl_codemap_prefetch(const struct kl_codemap *map, kl_code code)
{
    __builtin_prefetch(&map->slots[kl_codemap_home(map, code)]);
}

/* Returns the slot that holds `code`, or the free slot where it would go. */
static inline size_t kl_codemap_probe(const struct kl_codemap *map, kl_code code)
{
    size_t slot = kl_codemap_home(map, code);
    while (map->slots[slot] != KL_CODEMAP_FREE &&
           map->slots[slot] >> KL_CODEMAP_VALUE_BITS != code)
        slot = (slot + 1) & map->mask;
    return slot;
}

/* Looks up `code`.  Returns true and stores its value in *value when the map holds it;
 * returns false and leaves *value alone otherwise.  Inline: the builder calls it once
 * per step of every layout. */
static inline bool kl_codemap_find(const struct kl_codemap *map, kl_code code, uint32_t *value)
{
    uint64_t slot = map->slots[kl_codemap_probe(map, code)];
    if (slot == KL_CODEMAP_FREE)
        return false;
    *value = (uint32_t)(slot & KL_CODEMAP_MAX_VALUE);
    return true;
}

/* Do not call directly: kl_codemap_add's slow path, which doubles the slots and then
 * adds `code` with `value`.  Returns 1, or -1 when memory runs out (map unchanged). */
int kl_codemap_grow_and_add(struct kl_codemap *map, kl_code code, uint32_t value);

/* Adds `code` (a legal code) with the value *value (at most KL_CODEMAP_MAX_VALUE) unless
 * the map holds it already.  Returns 1 when it was added; 0 when it was there, storing
 * its value in *value; -1 when the map had to grow and memory ran out (the map is then
 * unchanged and still usable).  Inline but for growing: the builder adds every layout
 * of a class. */
static inline int kl_codemap_add(struct kl_codemap *map, kl_code code, uint32_t *value)
{
    size_t slot = kl_codemap_probe(map, code);
    if (map->slots[slot] != KL_CODEMAP_FREE) {
        *value = (uint32_t)(map->slots[slot] & KL_CODEMAP_MAX_VALUE);
        return 0;
    }
    if ((map->count + 1) * 2 > map->mask + 1)
        return kl_codemap_grow_and_add(map, code, *value);
    map->slots[slot] = code << KL_CODEMAP_VALUE_BITS | *value;
    map->count++;
    return 1;
}

#endif
