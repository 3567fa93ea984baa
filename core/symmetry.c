#include "core/symmetry.h"

#include <pthread.h>

/* Both flips work a row (4 cells, 12 raw bits) at a time through tables.
 * row_mirror: the row read right to left, horizontal halves swapped, and the 2x2's top
 * row relabelled so that its anchor stays on the left.
 * row_flip: the row's cells with the halves of vertical pieces swapped and the 2x2's
 * anchor made a plain 2x2 cell: which row of the 2x2 is on top is known only once the
 * rows are reversed, so the anchor is put back afterwards. */
static uint16_t row_mirror[1 << KL_RAW_ROW_BITS];
static uint16_t row_flip[1 << KL_RAW_ROW_BITS];
static pthread_once_t row_tables_once = PTHREAD_ONCE_INIT;

static unsigned mirrored_cell(unsigned cell)
{
    switch (cell) {
    case KL_CELL_H_LEFT: return KL_CELL_H_RIGHT;
    case KL_CELL_H_RIGHT: return KL_CELL_H_LEFT;
    default: return cell;
    }
}

static unsigned flipped_cell(unsigned cell)
{
    switch (cell) {
    case KL_CELL_V_TOP: return KL_CELL_V_BOTTOM;
    case KL_CELL_V_BOTTOM: return KL_CELL_V_TOP;
    case KL_CELL_KING_ANCHOR: return KL_CELL_KING_REST;
    default: return cell;
    }
}

static void fill_row_tables(void)
{
    for (unsigned row = 0; row <= KL_RAW_ROW_MASK; row++) {
        unsigned mirrored = 0, flipped = 0;
        for (int col = 0; col < KL_COLS; col++) {
            unsigned cell = (row >> (3 * col)) & 7u;
            mirrored |= mirrored_cell(cell) << (3 * (KL_COLS - 1 - col));
            flipped |= flipped_cell(cell) << (3 * col);
        }
        for (int col = 0; col + 1 < KL_COLS; col++) {
            unsigned pair = (mirrored >> (3 * col)) & 077u;
            if (pair == (KL_CELL_KING_REST | KL_CELL_KING_ANCHOR << 3))
                mirrored ^= (pair ^ (KL_CELL_KING_ANCHOR | KL_CELL_KING_REST << 3)) << (3 * col);
        }
        row_mirror[row] = (uint16_t)mirrored;
        row_flip[row] = (uint16_t)flipped;
    }
}

kl_raw kl_raw_mirror(kl_raw raw)
{
    pthread_once(&row_tables_once, fill_row_tables);
    kl_raw mirrored = 0;
    for (int row = 0; row < KL_ROWS; row++)
        mirrored |= (kl_raw)row_mirror[(raw >> (KL_RAW_ROW_BITS * row)) & KL_RAW_ROW_MASK]
                    << (KL_RAW_ROW_BITS * row);
    return mirrored;
}

kl_raw kl_raw_flip_up_down(kl_raw raw)
{
    pthread_once(&row_tables_once, fill_row_tables);
    kl_raw flipped = 0;
    for (int row = 0; row < KL_ROWS; row++)
        flipped |= (kl_raw)row_flip[(raw >> (KL_RAW_ROW_BITS * row)) & KL_RAW_ROW_MASK]
                   << (KL_RAW_ROW_BITS * (KL_ROWS - 1 - row));
    /* The 2x2's top row r lands where its bottom row r + 1 is counted from the end. */
    int king = kl_raw_king(raw);
    int anchor = (KL_ROWS - 2 - king / KL_COLS) * KL_COLS + king % KL_COLS;
    return flipped ^ (kl_raw)(KL_CELL_KING_REST ^ KL_CELL_KING_ANCHOR) << (3 * anchor);
}

kl_raw kl_raw_turn_half(kl_raw raw) { return kl_raw_mirror(kl_raw_flip_up_down(raw)); }

/* The code of the image of a legal code under one of the raw symmetries. */
static kl_code code_image(kl_code code, kl_raw (*symmetry)(kl_raw))
{
    kl_raw raw = 0;
    kl_code_to_raw(code, &raw);
    return kl_raw_to_code(symmetry(raw));
}

kl_code kl_code_mirror(kl_code code) { return code_image(code, kl_raw_mirror); }

kl_code kl_code_flip_up_down(kl_code code) { return code_image(code, kl_raw_flip_up_down); }

kl_code kl_code_turn_half(kl_code code) { return code_image(code, kl_raw_turn_half); }
