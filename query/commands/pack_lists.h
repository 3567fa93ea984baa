/* The pack's lists part (schema/pack.md) from the database: every solvable group's layer
 * sizes under each metric (the depths chunk) and every group's hardest layouts under
 * each metric, its peripheral and its central layouts (the lists chunk), before they
 * are deflated.  For `klotski pack` (pack.c). */
#ifndef KLOTSKI_QUERY_PACK_LISTS_H
#define KLOTSKI_QUERY_PACK_LISTS_H

#include <stddef.h>
#include <stdint.h>

#include "query/db.h"

/* The two chunks' plain bytes (malloc'd: free both). */
struct pack_lists {
    unsigned char *depths, *lists;
    size_t depths_size, lists_size;
};

/* Reads the layers, move_layers, hardest and hardest_moves tables and the groups'
 * peripheral_ids and central_ids of the database's group_count groups into *out.
 * Returns EXIT_ANSWERED, or EXIT_BAD_INPUT (reported) when a row names no group, a
 * depth beyond its group's largest or a list not ascending. */
int pack_lists_of_database(struct db *db, uint32_t group_count, struct pack_lists *out);

#endif
