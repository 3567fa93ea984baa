/* The four piece shapes and where they can stand on the board. */
#ifndef KLOTSKI_CORE_PIECE_H
#define KLOTSKI_CORE_PIECE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/code.h"

enum kl_piece {
    KL_PIECE_SINGLE = 0,     /* 1x1 */
    KL_PIECE_HORIZONTAL = 1, /* 2 wide, 1 tall */
    KL_PIECE_VERTICAL = 2,   /* 1 wide, 2 tall */
    KL_PIECE_KING = 3,       /* 2x2 */
    KL_PIECE_KINDS = 4
};

/* True when a piece of `kind` with its top-left cell at `anchor` (any int) lies wholly
 * on the board. */
static inline bool kl_piece_fits(enum kl_piece kind, int anchor)
{
    if (anchor < 0 || anchor >= KL_CELLS)
        return false;
    int wide = (kind == KL_PIECE_HORIZONTAL || kind == KL_PIECE_KING);
    int tall = (kind == KL_PIECE_VERTICAL || kind == KL_PIECE_KING);
    return anchor % KL_COLS + wide < KL_COLS && anchor / KL_COLS + tall < KL_ROWS;
}

/* Bit mask (bit = address) of the cells a piece of `kind` covers at `anchor`.
 * The piece must fit (kl_piece_fits). */
static inline uint32_t kl_piece_cells(enum kl_piece kind, int anchor)
{
    static const uint32_t shape[KL_PIECE_KINDS] = {
        1u, 3u, 1u | 1u << KL_COLS, 3u | 3u << KL_COLS};
    return shape[kind] << anchor;
}

/* The raw-layout bits of a piece of `kind` at `anchor` on an otherwise empty board:
 * OR it into an empty area to place the piece, XOR it to remove it.  Must fit. */
static inline kl_raw kl_piece_pattern(enum kl_piece kind, int anchor)
{
    static const kl_raw shape[KL_PIECE_KINDS] = {
        (kl_raw)KL_CELL_SINGLE,
        (kl_raw)KL_CELL_H_LEFT | (kl_raw)KL_CELL_H_RIGHT << 3,
        (kl_raw)KL_CELL_V_TOP | (kl_raw)KL_CELL_V_BOTTOM << (3 * KL_COLS),
        (kl_raw)KL_CELL_KING_ANCHOR | (kl_raw)KL_CELL_KING_REST << 3 |
            (kl_raw)KL_CELL_KING_REST << (3 * KL_COLS) |
            (kl_raw)KL_CELL_KING_REST << (3 * KL_COLS + 3)};
    return shape[kind] << (3 * anchor);
}

/* The piece whose top-left cell holds `cell`, or -1 for empty and non-anchor cells. */
int kl_piece_of_anchor_cell(enum kl_cell cell);

/* A one-letter name used in text boards and step descriptions: K, H, V or o. */
char kl_piece_letter(enum kl_piece kind);

#endif
