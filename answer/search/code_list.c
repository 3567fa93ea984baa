#include "answer/search/code_list.h"

#include <stdlib.h>

#include "core/rank.h"
#include "answer/report.h"

static int compare_codes(const void *a, const void *b)
{
    kl_code x = *(const kl_code *)a, y = *(const kl_code *)b;
    return (x > y) - (x < y);
}

void sort_codes(kl_code *codes, size_t count) { qsort(codes, count, sizeof *codes, compare_codes); }

kl_code *codes_of_ids(const uint32_t *ids, size_t count)
{
    kl_code *codes = xmalloc(count * sizeof *codes);
    for (size_t i = 0; i < count; i++)
        codes[i] = kl_id_to_code(ids[i]);
    return codes;
}
