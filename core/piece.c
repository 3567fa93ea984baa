#include "core/piece.h"

static const enum kl_cell anchor_cell_of[KL_PIECE_KINDS] = {
    KL_CELL_SINGLE, KL_CELL_H_LEFT, KL_CELL_V_TOP, KL_CELL_KING_ANCHOR};

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
