/* What people type for a layout, in every form that names no file and needs no table of
 * names, and the reason when a text is none (a value of core/typed.h), once for the
 * query tool and the library:
 *   #4091296              an id (core/rank.h), # and a number
 *   27732773144115510660  a 20-digit grid: 0 empty, 1 a 1x1, 2-6 generals, 7 the 2x2
 *   VKKVVKKVVHHVVooVo..o  the 20 cells in a row, the letters of core/board.h, or one
 *                         symbol per piece (BAACBAACDEEFDGHFI..J, two blanks at least)
 *   BAAC/BAAC/DEEF/DGHF/I..J  5 rows joined by '/' (cells as in a board)
 *   4WVE1                 a short code (core/rank.h): five characters of its alphabet
 *                         always are one, so a hex code that short is written with a
 *                         trailing 0 (1A9BF0)
 *   1A9BF0C00, 1a9bf0c    a code in hex (core/code.h), short form allowed, 0x allowed
 *   a board               text with a line break: the letters of core/board.h, one
 *                         symbol per piece, or a drawing as core/drawing.h draws it
 *                         (kl_layout_parse_board)
 * kl_layout_parse reads text that kl_typed_trim (core/typed.h) has trimmed of a leading
 * UTF-8 byte-order mark and the blanks around it; a board read alone
 * (kl_layout_parse_board) ignores them, and CR characters, itself.  Every function here
 * is thread-safe. */
#ifndef KLOTSKI_CORE_LAYOUT_TEXT_H
#define KLOTSKI_CORE_LAYOUT_TEXT_H

#include <stddef.h>

#include "core/board.h"
#include "core/code.h"
#include "core/typed.h"

/* What is ignored around a text: a byte-order mark before it, blanks around it. */
#define KL_LAYOUT_UTF8_BOM "\xEF\xBB\xBF"
#define KL_LAYOUT_BLANKS " \t\r\n\v\f"

/* Room for any message below, with its NUL. */
#define KL_LAYOUT_MESSAGE_SIZE KL_TYPED_FORM_REASON_SIZE

/* Parses `text`, trimmed (kl_typed_trim), in the forms above, into *typed (whose other
 * fields the caller has cleared).  Returns KL_TYPED_OK with the code in typed->code; the
 * error of one of the forms with its details (core/typed.h); or KL_TYPED_NO_FORM for
 * text of none of them, which kl_typed_parse then reads as a classic name. */
enum kl_typed_error kl_layout_parse(const char *text, struct kl_typed *typed);

/* Returns where `text` starts without a leading UTF-8 byte-order mark and blanks, and in
 * *length how many bytes it has without the blanks after it. */
const char *kl_layout_trimmed(const char *text, size_t *length);

/* True when trimmed text has the form of an id, a grid or the 20 cells (never a file
 * name, which the query tool tries first for other text). */
bool kl_layout_is_typed_form(const char *text);

/* True when a line of text (blanks after it ignored) is a row of a board: 4 cells,
 * letters, digits or blanks (. _ or a space), not all blanks: how a reader of lines tells
 * the first line of a board from a line that is an input of its own. */
bool kl_layout_is_board_row(const char *line);

/* True when text has the grid's form: exactly 20 decimal digits (whether they make a
 * layout is kl_layout_parse's test). */
bool kl_layout_is_grid(const char *text);

/* How kl_layout_parse_board's messages begin; a caller that says so itself (the page's
 * board editor) shows what follows. */
#define KL_LAYOUT_NOT_A_BOARD "not a board: "

/* Parses a board alone, as read from a file: 5 lines of 4 cells (or 5 rows joined by '/',
 * or the 20 cells in a row) or a drawing as core/drawing.h draws it (other text around a
 * drawing is ignored); CR characters, a leading UTF-8 byte-order mark, lines of blanks
 * and blanks after a line's 4th cell are ignored.  The cells are core/board.h's letters,
 * or one symbol per piece: a letter or digit for each cell of a piece, each piece
 * recognised by the shape its cells form (2x2, 2x1, 1x2, 1x1), and . _ or a space for a
 * blank.  Returns true with the code in *code, or false with "not a board: REASON" in
 * message, the REASON naming the board's line or the symbol at fault. */
bool kl_layout_parse_board(const char *text, kl_code *code, char message[KL_LAYOUT_MESSAGE_SIZE]);

#endif
