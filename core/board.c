#include "core/board.h"

#include <ctype.h>
#include <string.h>

#include "core/piece.h"

const char *kl_board_error_text(enum kl_board_error err)
{
    switch (err) {
    case KL_BOARD_OK: return "valid";
    case KL_BOARD_SHAPE: return "a board is 5 lines of 4 cells";
    case KL_BOARD_CHARACTER: return "cells are K H V o or .";
    case KL_BOARD_KING: return "there must be exactly one 2x2 block of K";
    case KL_BOARD_HORIZONTAL: return "an H has no H partner to its right";
    case KL_BOARD_VERTICAL: return "a V has no V partner below it";
    case KL_BOARD_FEW_EMPTY: return "fewer than two empty cells";
    }
    return "unknown error";
}

void kl_board_format(kl_raw raw, char buf[KL_BOARD_TEXT_SIZE])
{
    static const char letter_of_cell[8] = {'.', 'o', 'H', 'H', 'V', 'V', 'K', 'K'};
    char *p = buf;
    for (int row = 0; row < KL_ROWS; row++) {
        for (int col = 0; col < KL_COLS; col++)
            *p++ = letter_of_cell[kl_raw_cell(raw, row * KL_COLS + col)];
        *p++ = '\n';
    }
    *p = '\0';
}

/* Reads the cells into grid (upper-case letters); returns KL_BOARD_OK or the error. */
static enum kl_board_error read_grid(const char *text, char grid[KL_CELLS])
{
    int rows = 0;
    while (*text) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        while (len > 0 && isspace((unsigned char)text[len - 1]))
            len--;
        if (len > 0) {
            if (len != KL_COLS || rows == KL_ROWS)
                return KL_BOARD_SHAPE;
            for (int col = 0; col < KL_COLS; col++) {
                char c = (char)toupper((unsigned char)text[col]);
                if (!strchr("KHVO.", c))
                    return KL_BOARD_CHARACTER;
                grid[rows * KL_COLS + col] = c;
            }
            rows++;
        }
        text += len;
        text += strcspn(text, "\n");
        if (*text)
            text++;
    }
    return rows == KL_ROWS ? KL_BOARD_OK : KL_BOARD_SHAPE;
}

enum kl_board_error kl_board_parse(const char *text, kl_raw *out)
{
    char grid[KL_CELLS];
    enum kl_board_error err = read_grid(text, grid);
    if (err != KL_BOARD_OK)
        return err;
    kl_raw raw = 0;
    uint32_t claimed = 0;
    int kings = 0, empties = 0;
    for (int addr = 0; addr < KL_CELLS; addr++) {
        if (claimed >> addr & 1u)
            continue;
        enum kl_piece kind;
        switch (grid[addr]) {
        case '.': empties++; continue;
        case 'O': kind = KL_PIECE_SINGLE; break;
        case 'H': kind = KL_PIECE_HORIZONTAL; break;
        case 'V': kind = KL_PIECE_VERTICAL; break;
        default: kind = KL_PIECE_KING; break;
        }
        static const enum kl_board_error misfit[KL_PIECE_KINDS] = {
            KL_BOARD_OK, KL_BOARD_HORIZONTAL, KL_BOARD_VERTICAL, KL_BOARD_KING};
        if (!kl_piece_fits(kind, addr))
            return misfit[kind];
        uint32_t cells = kl_piece_cells(kind, addr);
        for (uint32_t c = cells; c; c &= c - 1) {
            int cell = __builtin_ctz(c);
            if ((claimed >> cell & 1u) || grid[cell] != grid[addr])
                return misfit[kind];
        }
        if (kind == KL_PIECE_KING && ++kings > 1)
            return KL_BOARD_KING;
        claimed |= cells;
        raw |= kl_piece_pattern(kind, addr);
    }
    if (kings != 1)
        return KL_BOARD_KING;
    if (empties < 2)
        return KL_BOARD_FEW_EMPTY;
    *out = raw;
    return KL_BOARD_OK;
}
