#include "core/code.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>

#include "core/piece.h"

#define TAIL_BITS 32
#define SYMBOL_EMPTY 0u
#define SYMBOL_HORIZONTAL 1u
#define SYMBOL_VERTICAL 2u
#define SYMBOL_SINGLE 3u

/* Encoding works a row (4 cells, 12 raw bits) at a time through a table.
 * row_symbols: the row's 2-bit symbols (first most significant) | their count << 8. */
#define ROW_BITS KL_RAW_ROW_BITS
#define ROW_MASK KL_RAW_ROW_MASK

static uint16_t row_symbols[1 << ROW_BITS];
static pthread_once_t row_symbols_once = PTHREAD_ONCE_INIT;

/* Decoding reads a row at a time too: given which cells of the row are already covered
 * (4 bits) and the next four symbols (8 bits), row_decode says what the row holds.  An
 * entry is ROW_DECODE_BAD when a piece would leave the board or overlap inside the row;
 * the cell-by-cell walk then finds the reason. */
#define ROW_DECODE_BAD UINT32_MAX
#define DECODE_RAW(e) ((e) & ROW_MASK)                /* the row's raw bits, its own pieces */
#define DECODE_USED(e) (((e) >> 12) & 7u)             /* symbols consumed */
#define DECODE_DOWN(e) (((e) >> 15) & 0xfu)           /* cells of the next row covered */
#define DECODE_EMPTY(e) (((e) >> 19) & 7u)            /* empty cells in the row */
static uint32_t row_decode[1 << KL_COLS][1 << 8];
static pthread_once_t decode_table_once = PTHREAD_ONCE_INIT;

static void fill_decode_table(void)
{
    for (unsigned covered = 0; covered < (1u << KL_COLS); covered++)
        for (unsigned next = 0; next < (1u << 8); next++) {
            unsigned raw = 0, used = 0, down = 0, empty = 0, taken = covered;
            uint32_t entry = 0;
            for (int col = 0; col < KL_COLS && entry != ROW_DECODE_BAD; col++) {
                if (taken >> col & 1u)
                    continue;
                unsigned symbol = next >> (6 - 2 * used++) & 3u;
                if (symbol == SYMBOL_EMPTY) {
                    empty++;
                } else if (symbol == SYMBOL_SINGLE) {
                    raw |= (unsigned)KL_CELL_SINGLE << (3 * col);
                } else if (symbol == SYMBOL_VERTICAL) {
                    raw |= (unsigned)KL_CELL_V_TOP << (3 * col);
                    down |= 1u << col;
                } else if (col == KL_COLS - 1 || (taken >> (col + 1) & 1u)) {
                    entry = ROW_DECODE_BAD;
                } else {
                    raw |= ((unsigned)KL_CELL_H_LEFT | (unsigned)KL_CELL_H_RIGHT << 3) << (3 * col);
                    taken |= 2u << col;
                }
            }
            row_decode[covered][next] =
                entry == ROW_DECODE_BAD ? entry : raw | used << 12 | down << 15 | empty << 19;
        }
}

static void fill_row_symbols(void)
{
    for (unsigned row = 0; row <= ROW_MASK; row++) {
        unsigned bits = 0, count = 0;
        for (int col = 0; col < KL_COLS; col++) {
            unsigned cell = (row >> (3 * col)) & 7u;
            int symbol = -1;
            switch (cell) {
            case KL_CELL_EMPTY: symbol = SYMBOL_EMPTY; break;
            case KL_CELL_SINGLE: symbol = SYMBOL_SINGLE; break;
            case KL_CELL_H_LEFT: symbol = SYMBOL_HORIZONTAL; break;
            case KL_CELL_V_TOP: symbol = SYMBOL_VERTICAL; break;
            default: break;
            }
            if (symbol >= 0) {
                bits = bits << 2 | (unsigned)symbol;
                count++;
            }
        }
        row_symbols[row] = (uint16_t)(bits | count << 8);
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

/* The cell-by-cell decoding, which names the first thing wrong with an illegal code. */
static enum kl_code_error walk_cells(kl_code code, kl_raw *out)
{
    int king = kl_code_king(code);
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
    *out = raw;
    return KL_OK;
}

enum kl_code_error kl_code_to_raw(kl_code code, kl_raw *out)
{
    if (code >> (4 * KL_CODE_HEX_DIGITS))
        return KL_ERR_TOO_LONG;
    int king = kl_code_king(code);
    if (!king_address_possible(king))
        return KL_ERR_KING_ADDRESS;
    pthread_once(&decode_table_once, fill_decode_table);
    uint32_t king_cells = kl_piece_cells(KL_PIECE_KING, king);
    kl_raw raw = kl_piece_pattern(KL_PIECE_KING, king);
    uint64_t tail = (uint32_t)code;
    int left = TAIL_BITS; /* symbol bits not read yet */
    unsigned from_above = 0, empties = 0;
    for (int row = 0; row < KL_ROWS; row++) {
        unsigned king_row = king_cells >> (KL_COLS * row) & 0xfu;
        if (from_above & king_row)
            break; /* a vertical piece runs into the 2x2 */
        unsigned next = (unsigned)((tail << 8) >> left) & 0xffu;
        uint32_t e = row_decode[from_above | king_row][next];
        if (e == ROW_DECODE_BAD)
            break;
        for (unsigned c = from_above; c; c &= c - 1)
            raw |= (kl_raw)KL_CELL_V_BOTTOM << (3 * (KL_COLS * row + __builtin_ctz(c)));
        raw |= (kl_raw)DECODE_RAW(e) << (ROW_BITS * row);
        left -= 2 * (int)DECODE_USED(e);
        from_above = DECODE_DOWN(e);
        empties += DECODE_EMPTY(e);
        if (row == KL_ROWS - 1 && from_above == 0 && empties >= 2 &&
            (tail & ((1ull << left) - 1)) == 0) {
            if (out)
                *out = raw;
            return KL_OK;
        }
    }
    kl_raw ignored;
    return walk_cells(code, out ? out : &ignored);
}

kl_code kl_raw_to_code(kl_raw raw)
{
    pthread_once(&row_symbols_once, fill_row_symbols);
    uint64_t tail = 0;
    unsigned bits = 0;
    for (int row = 0; row < KL_ROWS; row++) {
        unsigned e = row_symbols[(raw >> (ROW_BITS * row)) & ROW_MASK];
        unsigned count = e >> 8;
        tail = tail << (2 * count) | (e & 0xffu);
        bits += 2 * count;
    }
    tail <<= TAIL_BITS - bits;
    return (kl_code)kl_raw_king(raw) << TAIL_BITS | tail;
}
