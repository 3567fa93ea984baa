/* The names of classic layouts (data/classic_names.tsv, compiled in: core/database/names.h),
 * indexed for names typed as a LAYOUT: one name may name several layouts and one layout
 * may have several names.  The compiled-in copy, not the database's names table, so that
 * a name reads without a database and without a query. */
#ifndef KLOTSKI_QUERY_CLASSIC_H
#define KLOTSKI_QUERY_CLASSIC_H

#include <stddef.h>

#include "core/code.h"

#define CLASSIC_SUGGESTIONS 3

/* Stores in codes (room for `room`) the distinct codes named exactly `name`, ascending.
 * Returns how many there are (may exceed room; 0 when the name is unknown). */
size_t classic_codes(const char *name, kl_code *codes, size_t room);

/* Stores in names the (at most CLASSIC_SUGGESTIONS) known names closest to `name`:
 * names that contain it first, then those fewer character edits away than `name` has
 * characters, fewest first, on ties the one earlier in data/classic_names.tsv; only the
 * first 64 characters of each name count.  Returns how many (0 when no name is close).
 * Cost: only the names that share a character with `name` or contain it are measured,
 * nearest first, each only as far as the list still takes it.  Thread-safe. */
size_t classic_suggest(const char *name, const char *names[CLASSIC_SUGGESTIONS]);

/* Returns the names of `code` joined by ", " (a malloc'd string; free it), or NULL when
 * the layout has no classic name. */
char *classic_names_of(kl_code code);

#endif
