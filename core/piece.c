#include "piece.h"

static const enum kl_cell anchor_cell_of[KL_PIECE_KINDS] = {
    KL_CELL_SINGLE, KL_CELL_H_LEFT, KL_CELL_V_TOP, KL_CELL_KING_ANCHOR};

bool kl_piece_fits(enum kl_piece kind, int anchor)
{
    if (anchor < 0 || anchor >= KL_CELLS)
        return false;
    int row = anchor / KL_COLS, col = anchor % KL_COLS;
    int wide = (kind == KL_PIECE_HORIZONTAL || kind == KL_PIECE_KING);
    int tall = (kind == KL_PIECE_VERTICAL || kind == KL_PIECE_KING);
    return col + wide < KL_COLS && row + tall < KL_ROWS;
}

uint32_t kl_piece_cells(enum kl_piece kind, int anchor)
{
    uint32_t a = 1u << anchor;
    switch (kind) {
    case KL_PIECE_SINGLE: return a;
    case KL_PIECE_HORIZONTAL: return a | a << 1;
    case KL_PIECE_VERTICAL: return a | a << KL_COLS;
    default: return a | a << 1 | a << KL_COLS | a << (KL_COLS + 1);
    }
}

kl_raw kl_piece_pattern(enum kl_piece kind, int anchor)
{
    int s = 3 * anchor;
    switch (kind) {
    case KL_PIECE_SINGLE: return (kl_raw)KL_CELL_SINGLE << s;
    case KL_PIECE_HORIZONTAL:
        return (kl_raw)KL_CELL_H_LEFT << s | (kl_raw)KL_CELL_H_RIGHT << (s + 3);
    case KL_PIECE_VERTICAL:
        return (kl_raw)KL_CELL_V_TOP << s | (kl_raw)KL_CELL_V_BOTTOM << (s + 3 * KL_COLS);
    default:
        return (kl_raw)KL_CELL_KING_ANCHOR << s | (kl_raw)KL_CELL_KING_REST << (s + 3) |
               (kl_raw)KL_CELL_KING_REST << (s + 3 * KL_COLS) |
               (kl_raw)KL_CELL_KING_REST << (s + 3 * KL_COLS + 3);
    }
}

int kl_piece_of_anchor_cell(enum kl_cell cell)
{
    for (int kind = 0; kind < KL_PIECE_KINDS; kind++)
        if (anchor_cell_of[kind] == cell)
            return kind;
    return -1;
}

char kl_piece_letter(enum kl_piece kind)
{
    static const char letters[KL_PIECE_KINDS] = {'o', 'H', 'V', 'K'};
    return letters[kind];
}
