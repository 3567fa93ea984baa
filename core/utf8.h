/* UTF-8 as RFC 3629 has it, read in one place: which bytes start a well-formed character
 * (no overlong form, no surrogate U+D800..U+DFFF, nothing above U+10FFFF, nothing cut
 * short) and which code point it is.  The messages (message.c), the JSON strings
 * (json.c), the edit distance (text_distance.c), the terminal's columns
 * (query/render/output.c) and the server's pages all judge text through it.  Pure
 * functions, thread-safe. */
#ifndef KLOTSKI_CORE_UTF8_H
#define KLOTSKI_CORE_UTF8_H

#include <stddef.h>

/* The code point kl_utf8_decode gives a byte that starts no well-formed character. */
#define KL_UTF8_REPLACEMENT 0xFFFDu

/* The length in bytes (1 to 4) of the well-formed UTF-8 character that text[0, size)
 * starts; an ASCII byte, NUL included, is a character of 1.  Returns 0 when size is 0 or
 * no well-formed character starts there: a continuation byte, C0, C1, F5..FF, an
 * overlong form, a surrogate, a code point above U+10FFFF, a sequence cut short by a
 * byte that continues nothing or by the end of the `size` bytes.  Reads no byte past
 * the first that fails, so a NUL-terminated text may pass size SIZE_MAX. */
size_t kl_utf8_length(const char *text, size_t size);

/* Decodes the character text[0, size) starts into *code_point and returns its length in
 * bytes, as kl_utf8_length; where none is well-formed, *code_point is
 * KL_UTF8_REPLACEMENT and the length 1 (the byte alone, so that a reader moves on by one
 * byte and resynchronises).  Returns 0, *code_point untouched, when size is 0. */
size_t kl_utf8_decode(const char *text, size_t size, unsigned *code_point);

#endif
