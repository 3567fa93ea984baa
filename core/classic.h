/* The names of classic layouts (data/classic_names.tsv, compiled in: core/database/names.h),
 * indexed for names typed as a LAYOUT, once for the query tool and the library: one name
 * may name several layouts and one layout may have several names.  The compiled-in copy,
 * not the database's names table, so that a name reads without a database and without a
 * query.  A name may also be typed in pinyin (core/pinyin.h).  Every function here is
 * thread-safe (the index is made once, on first use). */
#ifndef KLOTSKI_CORE_CLASSIC_H
#define KLOTSKI_CORE_CLASSIC_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"
#include "core/typed.h"

#define KL_CLASSIC_SUGGESTIONS 3
#define KL_CLASSIC_NAMES_SIZE 512     /* room for the names of any one layout, joined */

/* Stores in codes (room for `room`) the distinct codes named exactly `name`, ascending.
 * Returns how many there are (may exceed room; 0 when the name is unknown, or when
 * memory ran out for the index). */
size_t kl_classic_codes(const char *name, kl_code *codes, size_t room);

/* Stores in names the (at most KL_CLASSIC_SUGGESTIONS) known names closest to `name`:
 * names that contain it first, then those fewer character edits away than `name` has
 * characters, fewest first, on ties the one earlier in data/classic_names.tsv; only the
 * first 64 characters of each name count.  Returns how many (0 when no name is close).
 * Cost: only the names that share a character with `name` or contain it are measured,
 * nearest first, each only as far as the list still takes it. */
size_t kl_classic_suggest(const char *name, const char *names[KL_CLASSIC_SUGGESTIONS]);

/* Writes the names of `code` joined by ", " into names (cut to fit).  Returns false, with
 * names empty, when the layout has no classic name. */
bool kl_classic_names_of(kl_code code, char names[KL_CLASSIC_NAMES_SIZE]);

/* Reads `text` (trimmed: kl_typed_trim), which kl_layout_parse found to be no layout with
 * the error `form`, as kl_typed_parse describes: a classic name, NAME#N, or a name in
 * pinyin.  Returns KL_TYPED_OK with the code in typed->code, or the error with its
 * details in *typed: KL_TYPED_UNPICKED, KL_TYPED_PICK_RANGE, KL_TYPED_AMBIGUOUS,
 * KL_TYPED_MISSPELT_PINYIN (the closest names by their pinyin, before `form`'s reason),
 * KL_TYPED_NOT_A_NAME (for text of no form: the closest names, maybe none), `form`
 * itself, or KL_TYPED_NOMEM. */
enum kl_typed_error kl_classic_parse(const char *text, enum kl_typed_error form, struct kl_typed *typed);

#endif
