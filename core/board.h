/* Layouts as text boards: 5 lines of 4 characters, one per cell.
 *   K  the 2x2      H  a horizontal piece      V  a vertical piece
 *   o  a 1x1        .  an empty cell
 * Runs of H (V) pair up from the left (top), so every legal layout has one board and the
 * printed form parses back to the same layout. */
#ifndef KLOTSKI_CORE_BOARD_H
#define KLOTSKI_CORE_BOARD_H

#include <stddef.h>

#include "core/code.h"

/* Size of a board text: 5 lines of 4 characters and a newline each, and a NUL. */
#define KL_BOARD_TEXT_SIZE (KL_ROWS * (KL_COLS + 1) + 1)

/* Why a text board is not a legal layout. */
enum kl_board_error {
    KL_BOARD_OK = 0,
    KL_BOARD_SHAPE,        /* not 5 lines of 4 cells */
    KL_BOARD_CHARACTER,    /* a character other than K H V o . */
    KL_BOARD_KING,         /* not exactly one 2x2 block of K */
    KL_BOARD_HORIZONTAL,   /* an H without a partner to its right */
    KL_BOARD_VERTICAL,     /* a V without a partner below */
    KL_BOARD_FEW_EMPTY     /* fewer than two empty cells */
};

/* A short description of `err`; never NULL. */
const char *kl_board_error_text(enum kl_board_error err);

/* Writes the board of a legal raw layout into buf: 5 lines, each ending in '\n'. */
void kl_board_format(kl_raw raw, char buf[KL_BOARD_TEXT_SIZE]);

/* Parses a board.  text holds 5 non-blank lines of exactly 4 cell characters (letters in
 * any case; blank lines, '\r' and trailing blanks ignored).  Returns KL_BOARD_OK and
 * stores the layout in *out, or the first reason the text is not a legal layout. */
enum kl_board_error kl_board_parse(const char *text, kl_raw *out);

#endif
