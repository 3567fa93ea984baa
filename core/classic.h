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

#define KL_CLASSIC_SUGGESTIONS 3
#define KL_CLASSIC_NAMES_SIZE 512     /* room for the names of any one layout, joined */
#define KL_CLASSIC_MESSAGE_SIZE 1024  /* room for any message of kl_classic_parse */

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

/* Parses a typed LAYOUT: every form of kl_layout_parse (core/layout_text.h), then a
 * classic name, NAME#N for the Nth (from 1, by code) of a name's several layouts, or a
 * name in pinyin (hengdaolima, heng dao li ma, héng dāo lì mǎ, any case; also with #N).
 * Several names that read alike in pinyin: the shortest of them, since the others are it
 * with marks added (xiaoxuanfeng is 小旋风, not 小旋风Ⅰ); several of the same length are
 * refused with the list.  The forms come first: a spelling that is also a code or a short
 * code (tanke, five letters of the short code's alphabet) is that code, and a blank makes
 * it a name (tan ke).
 * text: NUL-terminated; blanks around it and a byte-order mark are ignored.  forms: what
 * the caller reads, for the message when text is none of them ("a code, id, grid, board
 * file or classic name").  Returns true with the code in *code, or false with the reason
 * in message (`size` bytes, KL_CLASSIC_MESSAGE_SIZE holds any), without the input before
 * it: "not FORMS; closest names: 横刀立马, ..." (pinyin: "横刀立马 (héng dāo lì mǎ)"),
 * "names 2 layouts; pick one: NAME#1 = CODE, ...", the form's reason (kl_layout_parse)
 * followed by the closest names when it reads as misspelt pinyin, or "out of memory". */
bool kl_classic_parse(const char *text, const char *forms, kl_code *code, char *message, size_t size);

#endif
