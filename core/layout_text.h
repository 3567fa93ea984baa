/* What people type for a layout, in every form that names no file and needs no table of
 * names, and the reason when a text is none (the codec's error texts), once for the
 * query tool and the library:
 *   #4091296              an id (core/rank.h), # and a number
 *   27732773144115510660  a 20-digit grid: 0 empty, 1 a 1x1, 2-6 generals, 7 the 2x2
 *   4WVE1                 a short code (core/rank.h): five characters of its alphabet
 *                         always are one, so a hex code that short is written with a
 *                         trailing 0 (1A9BF0)
 *   1A9BF0C00, 1a9bf0c    a code in hex (core/code.h), short form allowed
 *   a board               text with a line break: the letters of core/board.h, or a
 *                         drawing as core/drawing.h draws it
 * Every function here is pure and thread-safe. */
#ifndef KLOTSKI_CORE_LAYOUT_TEXT_H
#define KLOTSKI_CORE_LAYOUT_TEXT_H

#include "core/code.h"

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

/* True when text has the grid's form: exactly 20 decimal digits (whether they make a
 * layout is kl_layout_parse's test). */
bool kl_layout_is_grid(const char *text);

/* Parses a board alone (a drawing found anywhere in the text, else the letters of
 * core/board.h), as read from a file.  Returns true with the code in *code, or false
 * with "not a board: REASON" in message. */
bool kl_layout_parse_board(const char *text, kl_code *code, char message[KL_LAYOUT_MESSAGE_SIZE]);

#endif
