/* How far apart two texts are, in character edits (Levenshtein distance over code
 * points): what the suggestions for a mistyped classic name or its pinyin (classic.c) and
 * a mistyped command (query/main.c) measure.  Pure functions, thread-safe. */
#ifndef KLOTSKI_CORE_TEXT_DISTANCE_H
#define KLOTSKI_CORE_TEXT_DISTANCE_H

#include <stddef.h>

/* Characters of a text that a distance compares at most. */
#define KL_TEXT_DISTANCE_MAX_CHARS 64

/* Decodes UTF-8 text into code points (room for `room`), each byte that starts no
 * well-formed character as U+FFFD (core/utf8.h); returns how many. */
size_t kl_text_code_points(const char *s, unsigned *out, size_t room);

/* The distance between a and b (code points, each at most KL_TEXT_DISTANCE_MAX_CHARS) when it
 * is at most `bound`, else bound + 1.  Only the cells within `bound` of the diagonal can
 * hold a distance that small, and a row with none that small ends it. */
size_t kl_text_distance_within(const unsigned *a, size_t na, const unsigned *b, size_t nb, size_t bound);

/* Of `count` words, the one fewest edits from `typed` when that is at most `bound` (the
 * first on ties), else NULL. */
const char *kl_text_nearest(const char *typed, const char *const *words, size_t count, size_t bound);

#endif
