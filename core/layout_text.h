/* What people type for a layout, in every form that names no file and needs no table of
 * names, and the reason when a text is none (the codec's error texts), once for the
 * query tool and the library:
 *   #4091296              an id (core/rank.h), # and a number
 *   27732773144115510660  a 20-digit grid: 0 empty, 1 a 1x1, 2-6 generals, 7 the 2x2
 *   VKKVVKKVVHHVVooVo..o  the 20 cells in a row, the letters of core/board.h
 *   4WVE1                 a short code (core/rank.h): five characters of its alphabet
 *                         always are one, so a hex code that short is written with a
 *                         trailing 0 (1A9BF0)
 *   1A9BF0C00, 1a9bf0c    a code in hex (core/code.h), short form allowed, 0x allowed
 *   a board               text with a line break: the letters of core/board.h, or a
 *                         drawing as core/drawing.h draws it
 * A leading UTF-8 byte-order mark and the blanks around the text are ignored, CR
 * characters in a board too.  Every function here is thread-safe. */
#ifndef KLOTSKI_CORE_LAYOUT_TEXT_H
#define KLOTSKI_CORE_LAYOUT_TEXT_H

#include <stddef.h>

#include "core/board.h"
#include "core/code.h"

/* What is ignored around a text: a byte-order mark before it, blanks around it. */
#define KL_LAYOUT_UTF8_BOM "\xEF\xBB\xBF"
#define KL_LAYOUT_BLANKS " \t\r\n\v\f"

/* Room for any message below, with its NUL. */
#define KL_LAYOUT_MESSAGE_SIZE 128

/* What kl_layout_parse made of a text. */
enum kl_layout_parse_result {
    KL_LAYOUT_PARSED = 0, /* a legal layout, in *code */
    KL_LAYOUT_INVALID,    /* one of the forms, but no legal layout: message says why */
    KL_LAYOUT_NO_FORM     /* none of the forms (the query tool then tries the classic
                             names): message says so */
};

/* Parses `text` (NUL-terminated) in the forms above.  Returns KL_LAYOUT_PARSED with the
 * code in *code; otherwise the reason, with a one-line English message such as "not a
 * layout code: unused low bits are not zero" in message (the caller names the input
 * before it), *code untouched. */
enum kl_layout_parse_result kl_layout_parse(const char *text, kl_code *code,
                                            char message[KL_LAYOUT_MESSAGE_SIZE]);

/* Returns where `text` starts without a leading UTF-8 byte-order mark and blanks, and in
 * *length how many bytes it has without the blanks after it. */
const char *kl_layout_trimmed(const char *text, size_t *length);

/* True when trimmed text has the form of an id, a grid or the 20 cells (never a file
 * name, which the query tool tries first for other text). */
bool kl_layout_is_typed_form(const char *text);

/* Reads a board alone: the 20 cells in a row, 5 lines of 4 letters, or a drawing as
 * core/drawing.h draws it (other text around a drawing is ignored); CR characters and a
 * leading UTF-8 byte-order mark are ignored.  Returns KL_BOARD_OK and stores the layout
 * in *raw, or why it is no legal layout (kl_board_error_text). */
enum kl_board_error kl_layout_read_board(const char *text, kl_raw *raw);

/* True when text has the grid's form: exactly 20 decimal digits (whether they make a
 * layout is kl_layout_parse's test). */
bool kl_layout_is_grid(const char *text);

/* Parses a board alone, as kl_layout_read_board, as read from a file.  Returns true with
 * the code in *code, or false with "not a board: REASON" in message. */
bool kl_layout_parse_board(const char *text, kl_code *code, char message[KL_LAYOUT_MESSAGE_SIZE]);

#endif
