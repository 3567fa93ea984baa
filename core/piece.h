/* The four piece shapes and where they can stand on the board. */
#ifndef KLOTSKI_CORE_PIECE_H
#define KLOTSKI_CORE_PIECE_H

#include <stdbool.h>
#include <stdint.h>

#include "code.h"

enum kl_piece {
    KL_PIECE_SINGLE = 0,     /* 1x1 */
    KL_PIECE_HORIZONTAL = 1, /* 2 wide, 1 tall */
    KL_PIECE_VERTICAL = 2,   /* 1 wide, 2 tall */
    KL_PIECE_KING = 3,       /* 2x2 */
    KL_PIECE_KINDS = 4
};

/* True when a piece of `kind` with its top-left cell at `anchor` (any int) lies wholly
 * on the board. */
bool kl_piece_fits(enum kl_piece kind, int anchor);

/* Bit mask (bit = address) of the cells a piece of `kind` covers at `anchor`.
 * The piece must fit (kl_piece_fits). */
uint32_t kl_piece_cells(enum kl_piece kind, int anchor);

/* The raw-layout bits of a piece of `kind` at `anchor` on an otherwise empty board:
 * OR it into an empty area to place the piece, XOR it to remove it.  Must fit. */
kl_raw kl_piece_pattern(enum kl_piece kind, int anchor);

/* The piece whose top-left cell holds `cell`, or -1 for empty and non-anchor cells. */
int kl_piece_of_anchor_cell(enum kl_cell cell);

/* A one-letter name used in text boards and step descriptions: K, H, V or o. */
char kl_piece_letter(enum kl_piece kind);

#endif
