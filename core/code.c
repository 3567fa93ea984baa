#include "code.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>

#include "piece.h"

#define TAIL_BITS 32
#define SYMBOL_EMPTY 0u
#define SYMBOL_HORIZONTAL 1u
#define SYMBOL_VERTICAL 2u
#define SYMBOL_SINGLE 3u

/* Encoding works a row (4 cells, 12 raw bits) at a time: what the row emits. */
struct row_symbols {
    uint8_t bits;     /* the row's 2-bit symbols, first one most significant */
    uint8_t count;    /* how many symbols */
    int8_t king_col;  /* column of the 2x2 anchor in this row, or -1 */
};

static struct row_symbols row_table[1 << (3 * KL_COLS)];
static pthread_once_t row_table_once = PTHREAD_ONCE_INIT;

static void fill_row_table(void)
{
    for (unsigned row = 0; row < (1u << (3 * KL_COLS)); row++) {
        struct row_symbols e = {0, 0, -1};
        for (int col = 0; col < KL_COLS; col++) {
            unsigned cell = (row >> (3 * col)) & 7u;
            int symbol = -1;
            switch (cell) {
            case KL_CELL_EMPTY: symbol = SYMBOL_EMPTY; break;
            case KL_CELL_SINGLE: symbol = SYMBOL_SINGLE; break;
            case KL_CELL_H_LEFT: symbol = SYMBOL_HORIZONTAL; break;
            case KL_CELL_V_TOP: symbol = SYMBOL_VERTICAL; break;
            case KL_CELL_KING_ANCHOR: e.king_col = (int8_t)col; break;
            default: break;
            }
            if (symbol >= 0) {
                e.bits = (uint8_t)(e.bits << 2 | (unsigned)symbol);
                e.count++;
            }
        }
        row_table[row] = e;
    }
}

const char *kl_code_error_text(enum kl_code_error err)
{
    switch (err) {
    case KL_OK: return "valid";
    case KL_ERR_EMPTY_TEXT: return "no hex digits";
    case KL_ERR_BAD_CHARACTER: return "not a hex digit";
    case KL_ERR_TOO_LONG: return "more than 9 hex digits";
    case KL_ERR_KING_ADDRESS: return "first digit is not a possible 2x2 address (0,1,2,4,5,6,8,9,A,C,D,E)";
    case KL_ERR_OFF_BOARD: return "a piece would stick out of the board";
    case KL_ERR_OVERLAP: return "pieces overlap";
    case KL_ERR_FEW_EMPTY: return "fewer than two empty cells";
    case KL_ERR_UNUSED_BITS: return "unused low bits are not zero";
    }
    return "unknown error";
}

enum kl_code_error kl_code_parse(const char *text, kl_code *out)
{
    while (isspace((unsigned char)*text))
        text++;
    kl_code value = 0;
    int digits = 0;
    for (; *text && !isspace((unsigned char)*text); text++) {
        int c = tolower((unsigned char)*text), v;
        if (c >= '0' && c <= '9')
            v = c - '0';
        else if (c >= 'a' && c <= 'f')
            v = c - 'a' + 10;
        else
            return KL_ERR_BAD_CHARACTER;
        if (++digits > KL_CODE_HEX_DIGITS)
            return KL_ERR_TOO_LONG;
        value = value << 4 | (kl_code)v;
    }
    while (isspace((unsigned char)*text))
        text++;
    if (*text)
        return KL_ERR_BAD_CHARACTER;
    if (digits == 0)
        return KL_ERR_EMPTY_TEXT;
    value <<= 4 * (KL_CODE_HEX_DIGITS - digits);
    enum kl_code_error err = kl_code_to_raw(value, NULL);
    if (err == KL_OK)
        *out = value;
    return err;
}

void kl_code_format(kl_code code, char buf[KL_CODE_TEXT_SIZE])
{
    snprintf(buf, KL_CODE_TEXT_SIZE, "%09llX", (unsigned long long)code);
}

void kl_code_format_short(kl_code code, char buf[KL_CODE_TEXT_SIZE])
{
    kl_code_format(code, buf);
    int end = KL_CODE_HEX_DIGITS;
    while (end > 1 && buf[end - 1] == '0')
        end--;
    buf[end] = '\0';
}

static bool king_address_possible(int addr)
{
    return addr < KL_CELLS && kl_piece_fits(KL_PIECE_KING, addr);
}

enum kl_code_error kl_code_to_raw(kl_code code, kl_raw *out)
{
    if (code >> (4 * KL_CODE_HEX_DIGITS))
        return KL_ERR_TOO_LONG;
    int king = kl_code_king(code);
    if (!king_address_possible(king))
        return KL_ERR_KING_ADDRESS;
    uint32_t covered = kl_piece_cells(KL_PIECE_KING, king);
    kl_raw raw = kl_piece_pattern(KL_PIECE_KING, king);
    uint32_t tail = (uint32_t)code;
    int shift = TAIL_BITS;
    int empties = 0;
    for (int addr = 0; addr < KL_CELLS; addr++) {
        if (covered >> addr & 1u)
            continue;
        shift -= 2;
        unsigned symbol = tail >> shift & 3u;
        enum kl_piece kind;
        switch (symbol) {
        case SYMBOL_EMPTY: empties++; continue;
        case SYMBOL_HORIZONTAL: kind = KL_PIECE_HORIZONTAL; break;
        case SYMBOL_VERTICAL: kind = KL_PIECE_VERTICAL; break;
        default: kind = KL_PIECE_SINGLE; break;
        }
        if (!kl_piece_fits(kind, addr))
            return KL_ERR_OFF_BOARD;
        uint32_t cells = kl_piece_cells(kind, addr);
        if (covered & cells)
            return KL_ERR_OVERLAP;
        covered |= cells;
        raw |= kl_piece_pattern(kind, addr);
    }
    if (shift > 0 && (tail & ((1u << shift) - 1u)))
        return KL_ERR_UNUSED_BITS;
    if (empties < 2)
        return KL_ERR_FEW_EMPTY;
    if (out)
        *out = raw;
    return KL_OK;
}

kl_code kl_raw_to_code(kl_raw raw)
{
    pthread_once(&row_table_once, fill_row_table);
    uint64_t tail = 0;
    int bits = 0, king = 0;
    for (int row = 0; row < KL_ROWS; row++) {
        struct row_symbols e = row_table[(raw >> (3 * KL_COLS * row)) & 0xfffu];
        tail = tail << (2 * e.count) | e.bits;
        bits += 2 * e.count;
        if (e.king_col >= 0)
            king = row * KL_COLS + e.king_col;
    }
    tail <<= TAIL_BITS - bits;
    return (kl_code)king << TAIL_BITS | tail;
}

kl_code kl_code_mirror(kl_code code)
{
    kl_raw raw = 0, mirrored = 0;
    kl_code_to_raw(code, &raw);
    for (int addr = 0; addr < KL_CELLS; addr++) {
        int kind = kl_piece_of_anchor_cell(kl_raw_cell(raw, addr));
        if (kind < 0)
            continue;
        int wide = (kind == KL_PIECE_HORIZONTAL || kind == KL_PIECE_KING);
        int col = addr % KL_COLS;
        int mirror_anchor = addr - col + (KL_COLS - 1 - col - wide);
        mirrored |= kl_piece_pattern((enum kl_piece)kind, mirror_anchor);
    }
    return kl_raw_to_code(mirrored);
}
