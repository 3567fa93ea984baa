/* Lists of codes: sorting them, and turning the ids of the database's member lists
 * into codes. */
#ifndef KLOTSKI_ANSWER_SEARCH_CODE_LIST_H
#define KLOTSKI_ANSWER_SEARCH_CODE_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "core/code.h"

/* Sorts codes ascending. */
void sort_codes(kl_code *codes, size_t count);

/* Returns the codes of `count` ids (a malloc'd array in the same order; free it). */
kl_code *codes_of_ids(const uint32_t *ids, size_t count);

#endif
