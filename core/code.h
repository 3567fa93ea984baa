/* The layout code of SPEC.md and the engine's working form of a layout.
 *
 * A code (kl_code) is the 36-bit public name of a layout.  A raw layout (kl_raw) is the
 * form every algorithm works on: 20 cells of 3 bits each, cell `addr` in bits
 * 3*addr .. 3*addr+2, so that moving a piece is one XOR and encoding is table-driven. */
#ifndef KLOTSKI_CORE_CODE_H
#define KLOTSKI_CORE_CODE_H

#include <stdbool.h>
#include <stdint.h>

#define KL_ROWS 5
#define KL_COLS 4
#define KL_CELLS 20
#define KL_LAYOUT_COUNT 29334498u /* legal layouts, SPEC.md */
#define KL_SOLVED_KING_ADDR 13    /* a layout is solved when the 2x2 sits here */
#define KL_CODE_HEX_DIGITS 9
#define KL_CODE_TEXT_SIZE (KL_CODE_HEX_DIGITS + 1)
#define KL_RAW_ROW_BITS (3 * KL_COLS) /* one row of a raw layout */
#define KL_RAW_ROW_MASK ((1u << KL_RAW_ROW_BITS) - 1)

typedef uint64_t kl_code;
typedef uint64_t kl_raw;

/* What a raw cell holds. */
enum kl_cell {
    KL_CELL_EMPTY = 0,
    KL_CELL_SINGLE = 1,     /* a 1x1 piece */
    KL_CELL_H_LEFT = 2,     /* left cell of a horizontal piece */
    KL_CELL_H_RIGHT = 3,
    KL_CELL_V_TOP = 4,      /* top cell of a vertical piece */
    KL_CELL_V_BOTTOM = 5,
    KL_CELL_KING_ANCHOR = 6, /* top-left cell of the 2x2 */
    KL_CELL_KING_REST = 7
};

/* Why a code or a text is not a legal layout. */
enum kl_code_error {
    KL_OK = 0,
    KL_ERR_EMPTY_TEXT,      /* no hex digit at all */
    KL_ERR_BAD_CHARACTER,   /* a character that is not a hex digit */
    KL_ERR_TOO_LONG,        /* more than 9 hex digits */
    KL_ERR_KING_ADDRESS,    /* first digit is not a possible 2x2 address */
    KL_ERR_OFF_BOARD,       /* a piece would stick out of the board */
    KL_ERR_OVERLAP,         /* a piece would cover a cell already covered */
    KL_ERR_FEW_EMPTY,       /* fewer than two empty cells */
    KL_ERR_UNUSED_BITS      /* bits after the last cell are not zero */
};

/* Returns a short English sentence fragment describing `err` ("pieces overlap", ...);
 * never NULL. */
const char *kl_code_error_text(enum kl_code_error err);

/* Parses a code written in hex, short form allowed (trailing zeros dropped), any case,
 * surrounding blanks ignored.  text: NUL-terminated.  On success stores the code in *out
 * and returns KL_OK; otherwise returns the first reason it is not a legal layout and
 * leaves *out untouched. */
enum kl_code_error kl_code_parse(const char *text, kl_code *out);

/* Writes the 9-digit upper-case form of `code` and a NUL into buf (KL_CODE_TEXT_SIZE). */
void kl_code_format(kl_code code, char buf[KL_CODE_TEXT_SIZE]);

/* Writes the short form (trailing zeros dropped, at least one digit) into buf. */
void kl_code_format_short(kl_code code, char buf[KL_CODE_TEXT_SIZE]);

/* Checks `code` and decodes it.  Returns KL_OK and stores the raw layout in *out (may be
 * NULL to only check), or the reason the code is illegal. */
enum kl_code_error kl_code_to_raw(kl_code code, kl_raw *out);

/* Returns the code of a raw layout.  raw must be legal (as made by this engine). */
kl_code kl_raw_to_code(kl_raw raw);

/* Cell `addr` (0..19) of a raw layout. */
static inline enum kl_cell kl_raw_cell(kl_raw raw, int addr)
{
    return (enum kl_cell)((raw >> (3 * addr)) & 7u);
}

/* Address of the 2x2's top-left cell, from a code. */
static inline int kl_code_king(kl_code code) { return (int)(code >> 32); }

/* True when the layout is solved (2x2 at address 13). */
static inline bool kl_code_is_solved(kl_code code)
{
    return kl_code_king(code) == KL_SOLVED_KING_ADDR;
}

/* Address of the 2x2's top-left cell, from a legal raw layout: the one cell that holds
 * KL_CELL_KING_ANCHOR, found for all cells at once by comparing every 3-bit lane. */
static inline int kl_raw_king(kl_raw raw)
{
    const uint64_t lane_low = 0x0249249249249249ull; /* lowest bit of each cell */
    uint64_t x = raw ^ (lane_low * KL_CELL_KING_ANCHOR);
    uint64_t anchor_lane = ~(x | x >> 1 | x >> 2) & lane_low & ((1ull << (3 * KL_CELLS)) - 1);
    return __builtin_ctzll(anchor_lane) / 3;
}

#endif
