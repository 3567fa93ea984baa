/* A hash map from layout codes to numbers below 2^28 (open addressing, linear probing):
 * the visited set of the searches over a group, far faster than database lookups.  A
 * search over a large group is bound by the memory latency of its probes, so a slot is
 * one 64-bit word (the code in the high 36 bits, the value in the low 28) and callers
 * can prefetch the slots of several codes before probing them. */
#ifndef KLOTSKI_QUERY_CODEMAP_H
#define KLOTSKI_QUERY_CODEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/code.h"

#define CODEMAP_VALUE_BITS 28
#define CODEMAP_MAX_VALUE ((1u << CODEMAP_VALUE_BITS) - 1)

struct codemap {
    uint64_t *slots; /* CODEMAP_FREE, or code << CODEMAP_VALUE_BITS | value */
    int shift;       /* 64 - log2(number of slots): a code's home slot is the top bits of
                        its product with an odd constant */
    size_t mask;     /* number of slots - 1 */
    size_t count;
};

/* Makes an empty map with room for `expected` codes before it grows. */
void codemap_init(struct codemap *map, size_t expected);

void codemap_free(struct codemap *map);

/* The slot where the search for `code` starts. */
static inline size_t codemap_home(const struct codemap *map, kl_code code)
{
    return (size_t)((code * 0x9E3779B97F4A7C15ull) >> map->shift);
}

/* Asks the processor to fetch the home slot of `code`, so that a probe soon after does
 * not wait for memory. */
static inline void codemap_prefetch(const struct codemap *map, kl_code code)
{
    __builtin_prefetch(&map->slots[codemap_home(map, code)]);
}

/* Looks up `code`.  Returns true and stores its value in *value when present. */
bool codemap_find(const struct codemap *map, kl_code code, uint32_t *value);

/* Looks up `code`.  When present returns false and stores its value in *value; when
 * absent stores *value (at most CODEMAP_MAX_VALUE) as its value and returns true. */
bool codemap_add(struct codemap *map, kl_code code, uint32_t *value);

#endif
