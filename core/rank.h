/* Layout ids: the rank of a code among all legal codes in ascending order (SPEC.md),
 * computed by counting, without any table of layouts. */
#ifndef KLOTSKI_CORE_RANK_H
#define KLOTSKI_CORE_RANK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/code.h"

/* Returns the id (0 .. KL_LAYOUT_COUNT-1) of a legal code.  The code must be legal
 * (kl_code_to_raw returns KL_OK); otherwise the result is meaningless. */
uint32_t kl_code_to_id(kl_code code);

/* Returns the code whose id is `id`; id must be below KL_LAYOUT_COUNT. */
kl_code kl_id_to_code(uint32_t id);

/* The short code of the newest public engine (SPEC.md): the id in base 32, most
 * significant digit first, always KL_SHORT_CODE_DIGITS digits, with the digits of
 * KL_SHORT_CODE_ALPHABET (no 0, I, L or O, which people misread).  4091296 is "4WVE1". */
#define KL_SHORT_CODE_DIGITS 5
#define KL_SHORT_CODE_TEXT_SIZE (KL_SHORT_CODE_DIGITS + 1)
#define KL_SHORT_CODE_ALPHABET "123456789ABCDEFGHJKMNPQRSTUVWXYZ"

/* Writes the short code of `id` (below KL_LAYOUT_COUNT) and a NUL into buf. */
void kl_short_code_format(uint32_t id, char buf[KL_SHORT_CODE_TEXT_SIZE]);

/* True when text has the form of a short code: exactly KL_SHORT_CODE_DIGITS digits of
 * the alphabet, in any case (whether it names a layout is kl_short_code_parse's test). */
bool kl_is_short_code(const char *text);

/* Reads a short code (any case).  Returns true and stores its id in *id, or false, *id
 * untouched, when text is not of the form (kl_is_short_code) or its id is not below
 * KL_LAYOUT_COUNT (32^5 exceeds the count: "VZ7Z2" is the last that names a layout). */
bool kl_short_code_parse(const char *text, uint32_t *id);

/* Writes every legal code in ascending order into out, which has room for
 * KL_LAYOUT_COUNT codes.  Returns the number written (KL_LAYOUT_COUNT). */
size_t kl_enumerate(kl_code *out);

/* Calls visit(context, id, code) for every legal code in ascending order, so with ids 0,
 * 1, 2 ..., until visit returns false: a walk over every layout that converts none.
 * Returns true when every code was visited. */
typedef bool (*kl_enumeration_visit)(void *context, uint32_t id, kl_code code);
bool kl_enumerate_each(kl_enumeration_visit visit, void *context);

/* The legal codes fall into KL_ENUMERATION_PARTS parts, one per address of the 2x2, each
 * a run of consecutive ids, so that threads can write them at once. */
#define KL_ENUMERATION_PARTS 12

/* Writes the legal codes of part `part` (0 to KL_ENUMERATION_PARTS - 1), in ascending
 * order, each at its id in out, which has room for KL_LAYOUT_COUNT codes; the rest of
 * out is left alone.  Returns the number written.  Thread-safe for distinct parts. */
size_t kl_enumerate_part(kl_code *out, int part);

#endif
