/* Layout ids: the rank of a code among all legal codes in ascending order (SPEC.md),
 * computed by counting, without any table of layouts. */
#ifndef KLOTSKI_CORE_RANK_H
#define KLOTSKI_CORE_RANK_H

#include <stddef.h>
#include <stdint.h>

#include "core/code.h"

/* Returns the id (0 .. KL_LAYOUT_COUNT-1) of a legal code.  The code must be legal
 * (kl_code_to_raw returns KL_OK); otherwise the result is meaningless. */
uint32_t kl_code_to_id(kl_code code);

/* Returns the code whose id is `id`; id must be below KL_LAYOUT_COUNT. */
kl_code kl_id_to_code(uint32_t id);

/* Writes every legal code in ascending order into out, which has room for
 * KL_LAYOUT_COUNT codes.  Returns the number written (KL_LAYOUT_COUNT). */
size_t kl_enumerate(kl_code *out);

#endif
