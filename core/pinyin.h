/* Classic names typed in pinyin: 横刀立马 as hengdaolima, heng dao li ma or héng dāo lì mǎ,
 * in any case.  The readings are those of data/classic_pinyin.tsv (compiled in), which
 * data/classic_pinyin.sh makes from Unicode's Unihan database (Debian's unicode-data):
 * for each Han character of the names its customary reading first, then its other
 * readings.  A character of several readings (多音字, 长 cháng/zhǎng) is matched by any of
 * them, since a name gives no context to choose by and a reader may know either; the
 * tones are left out of the comparison, since most people type none.  Pure functions on
 * a constant table: thread-safe. */
#ifndef KLOTSKI_CORE_PINYIN_H
#define KLOTSKI_CORE_PINYIN_H

#include <stdbool.h>
#include <stddef.h>

/* Room for a key or a spelling of any classic name, with its NUL. */
#define KL_PINYIN_SIZE 256

/* Reduces typed text to the letters its pinyin is compared by: ASCII letters in lower
 * case, tone marks dropped (precomposed, as in ǎ, or combining), ü and v written u,
 * digits kept; blanks, apostrophes, hyphens and middle dots dropped.  Returns true with
 * the letters in key (`size` bytes) when text holds at least one letter and nothing but
 * the above (and fits); false otherwise, for text with a Han character among others. */
bool kl_pinyin_key(const char *text, char *key, size_t size);

/* True when `key` (of kl_pinyin_key) reads as `name`: one reading of each of its Han
 * characters, without tones, in order, its ASCII letters and digits as themselves, other
 * characters (（, Ⅰ, _) not read. */
bool kl_pinyin_reads_as(const char *key, const char *name);

/* Writes the pinyin of `name` into out (`size` bytes, cut to fit): each Han character's
 * first reading, and its ASCII letters and digits; toned: with tone marks, a blank
 * between characters ("héng dāo lì mǎ"); not toned: as a key, lower case without tones
 * or blanks ("hengdaolima"). */
void kl_pinyin_spell(const char *name, bool toned, char *out, size_t size);

#endif
