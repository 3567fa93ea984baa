/* The pack's byte format (schema/pack.md), written down once for its writer (`klotski
 * pack`) and its reader (pack.c): the header's offsets, the chunk order, the layouts of
 * the blocks and of the groups chunk, the values that stand for "none". */
#ifndef KLOTSKI_CORE_PACK_FORMAT_H
#define KLOTSKI_CORE_PACK_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define KL_PACK_MAGIC "\x89KLPACK\n"
#define KL_PACK_MAGIC_SIZE 8
#define KL_PACK_FORMAT_VERSION 3

/* The header: 80 bytes at offset 0, each field a little-endian uint32 at its offset. */
#define KL_PACK_HEADER_SIZE 80
enum kl_pack_header_offset {
    KL_PACK_AT_FORMAT_VERSION = 8,
    KL_PACK_AT_LAYOUT_COUNT = 12,
    KL_PACK_AT_GROUP_COUNT = 16,
    KL_PACK_AT_NAME_COUNT = 20,
    KL_PACK_AT_NAMES_SIZE = 24,
    KL_PACK_AT_RESIDUE_BLOCK_LAYOUTS = 28,
    KL_PACK_AT_GROUP_BLOCK_LAYOUTS = 32,
    KL_PACK_AT_MAX_MIN_STEPS = 36,
    KL_PACK_AT_SOURCE_CRC32 = 40,
    KL_PACK_AT_CONTENT_CRC32 = 44, /* of the steps part: the header's end to metrics_offset */
    KL_PACK_AT_METRICS_OFFSET = 48, /* where the metrics part (the straight and unit residues) begins */
    KL_PACK_AT_METRICS_CRC32 = 52,  /* of the metrics part: metrics_offset to lists_offset */
    KL_PACK_AT_LISTS_OFFSET = 56,   /* where the lists part (the groups' layers and lists) begins */
    KL_PACK_AT_LISTS_CRC32 = 60,    /* of the lists part: lists_offset to the end */
    KL_PACK_AT_DEPTHS_SIZE = 64,    /* plain bytes of the depths chunk */
    KL_PACK_AT_LISTS_SIZE = 68,     /* plain bytes of the lists chunk */
    KL_PACK_AT_RESERVED = 72,       /* 0 */
    KL_PACK_AT_HEADER_CRC32 = 76    /* CRC-32 of the 76 bytes before it */
};

/* The block sizes `klotski pack` writes (a reader takes those of the header): 32 KB of
 * plain residues, 64 KB of plain group numbers.  A walk of 138 steps touches about half
 * of the residue blocks whatever their size, so smaller ones gain little on a first
 * lookup and cost size: 16 KB blocks made the pack 5.53 MB, 32 KB 5.36, 64 KB 5.22, a
 * first min_steps of 4FEA13400 taking 11, 12 and 22 ms (README, "The pack"). */
#define KL_PACK_RESIDUE_BLOCK_LAYOUTS 131072u
#define KL_PACK_GROUP_BLOCK_LAYOUTS 32768u

/* A residue: min_steps mod 3, or this for an unsolvable layout. */
#define KL_PACK_RESIDUE_UNSOLVABLE 3

/* The chunks of the steps part after the index: the residue blocks, the group blocks,
 * then these two (the groups and the names). */
#define KL_PACK_TRAILING_CHUNKS 2

/* The metrics part after them: the residue blocks of min_straight_moves, then those of
 * min_unit_moves, as many as the steps' residue blocks each, in the steps' format.  Apart
 * so that a page downloads them only when a question needs them. */
#define KL_PACK_METRIC_PARTS 2

/* The lists part after them, two chunks: the depths chunk (every solvable group's layer
 * sizes under each metric) and the lists chunk (every group's hardest layouts under each
 * metric, its peripheral and its central layouts).  Apart so that a page downloads them
 * only when a question about a group's layers or lists needs them. */
#define KL_PACK_LIST_CHUNKS 2

/* The lists chunk holds per group, in group_id order, its lists in the order of pack.h's
 * enum kl_pack_list (its hardest layouts under each metric, its peripheral layouts, its
 * central layouts), each its ids ascending as LEB128 varints of the first id and of each
 * gap to the next (schema/tables.sql's "id list v1" before zlib); the depths chunk per
 * group and metric its layer sizes, uint32 each. */

/* The groups chunk: one column per field, in this order, each group_count values of the
 * given width.  KL_PACK_GROUP_COLUMNS expands X(field, bytes) once per column. */
#define KL_PACK_GROUP_COLUMNS(X)                                                            \
    X(class_id, 1) X(group_num, 2) X(size, 4) X(min_id, 4) X(solved, 4) X(hardest_count, 4) \
    X(peripheral_count, 4) X(central_count, 4) X(max_min_steps, 2) X(diameter, 2) X(radius, 2) \
    X(max_min_straight_moves, 2) X(max_min_unit_moves, 2) X(reserved, 3)
#define KL_PACK_GROUP_RECORD_BYTES 40
#define KL_PACK_NONE16 0xFFFFu     /* a 2-byte field's "none" (unsolvable, not found) */
#define KL_PACK_NONE32 0xFFFFFFFFu /* a 4-byte field's */

/* Little-endian integers of n bytes (1 to 4) at p. */
static inline uint32_t kl_pack_get(const unsigned char *p, int n)
{
    uint32_t value = 0;
    for (int i = n - 1; i >= 0; i--)
        value = value << 8 | p[i];
    return value;
}

static inline void kl_pack_put(unsigned char *p, int n, uint32_t value)
{
    for (int i = 0; i < n; i++, value >>= 8)
        p[i] = (unsigned char)value;
}

#endif
