/* A set of numbers below a known count, a bit each in 64-bit words: "seen?" answered from
 * cache where an array of numbers per member would not fit there.  A bitset is a plain
 * uint64_t array of kl_bitset_words(count) words; the caller allocates it (calloc, or
 * kl_bitset_new) and frees it with free().  The functions are inline so that the hot
 * loops of the searches pay no call; none locks, so one thread writes a bitset at a time. */
#ifndef KLOTSKI_CORE_GRAPH_BITSET_H
#define KLOTSKI_CORE_GRAPH_BITSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KL_BITSET_WORD_BITS 64

/* Returns the number of words a bitset of `count` numbers holds: one more than needed
 * when count is a multiple of 64, so that a loop over the words may read the word of
 * number `count` itself. */
static inline uint32_t kl_bitset_words(uint32_t count)
{
    return count / KL_BITSET_WORD_BITS + 1;
}

/* Returns a new empty bitset for numbers below `count`, or NULL when memory runs out.
 * Free it with free(). */
static inline uint64_t *kl_bitset_new(uint32_t count)
{
    return (uint64_t *)calloc(kl_bitset_words(count), sizeof(uint64_t)); /* C++ too: gpu.cu */
}

/* Empties a bitset of `count` numbers. */
static inline void kl_bitset_clear(uint64_t *bits, uint32_t count)
{
    memset(bits, 0, sizeof *bits * (size_t)kl_bitset_words(count));
}

/* Returns true when number i is in the set. */
static inline bool kl_bitset_has(const uint64_t *bits, uint32_t i)
{
    return bits[i / KL_BITSET_WORD_BITS] >> (i % KL_BITSET_WORD_BITS) & 1u;
}

/* Puts number i in the set. */
static inline void kl_bitset_add(uint64_t *bits, uint32_t i)
{
    bits[i / KL_BITSET_WORD_BITS] |= 1ull << (i % KL_BITSET_WORD_BITS);
}

#endif
