#include "moves.h"

#include <pthread.h>

/* Where each shape may stand and what it covers there; filled once. */
static uint32_t cells_at[KL_PIECE_KINDS][KL_CELLS];
static uint8_t fits_at[KL_PIECE_KINDS][KL_CELLS];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void)
{
    for (int kind = 0; kind < KL_PIECE_KINDS; kind++)
        for (int addr = 0; addr < KL_CELLS; addr++) {
            fits_at[kind][addr] = kl_piece_fits((enum kl_piece)kind, addr);
            if (fits_at[kind][addr])
                cells_at[kind][addr] = kl_piece_cells((enum kl_piece)kind, addr);
        }
}

uint32_t kl_raw_empty_cells(kl_raw raw)
{
    uint32_t empty = 0;
    for (int addr = 0; addr < KL_CELLS; addr++)
        if (((raw >> (3 * addr)) & 7u) == KL_CELL_EMPTY)
            empty |= 1u << addr;
    return empty;
}

/* Top-left address of the piece covering `addr`, which must be covered. */
static int anchor_of(kl_raw raw, int addr, int king)
{
    switch (kl_raw_cell(raw, addr)) {
    case KL_CELL_H_RIGHT: return addr - 1;
    case KL_CELL_V_BOTTOM: return addr - KL_COLS;
    case KL_CELL_KING_REST: return king;
    default: return addr;
    }
}

/* Pieces next to an empty cell: the only ones that can move. */
static uint32_t movable_anchors(kl_raw raw, uint32_t empty, int king)
{
    uint32_t anchors = 0;
    for (uint32_t e = empty; e; e &= e - 1) {
        int addr = __builtin_ctz(e), col = addr % KL_COLS;
        int near[4] = {addr - KL_COLS, addr + KL_COLS, col > 0 ? addr - 1 : -1,
                       col < KL_COLS - 1 ? addr + 1 : -1};
        for (int i = 0; i < 4; i++) {
            int n = near[i];
            if (n >= 0 && n < KL_CELLS && !(empty >> n & 1u))
                anchors |= 1u << anchor_of(raw, n, king);
        }
    }
    return anchors;
}

/* Breadth-first over the positions of one piece, its own cells counting as free. */
static int slide_piece(int kind, int from, uint32_t empty, struct kl_step *out)
{
    uint32_t free_cells = empty | cells_at[kind][from];
    uint8_t queue[KL_CELLS], depth[KL_CELLS];
    uint32_t seen = 1u << from;
    int head = 0, tail = 0, count = 0;
    queue[tail] = (uint8_t)from;
    depth[tail++] = 0;
    while (head < tail) {
        int at = queue[head], d = depth[head++], col = at % KL_COLS;
        int next[4] = {at - KL_COLS, at + KL_COLS, col > 0 ? at - 1 : -1,
                       col < KL_COLS - 1 ? at + 1 : -1};
        for (int i = 0; i < 4; i++) {
            int to = next[i];
            if (to < 0 || to >= KL_CELLS || (seen >> to & 1u) || !fits_at[kind][to] ||
                (cells_at[kind][to] & ~free_cells))
                continue;
            seen |= 1u << to;
            queue[tail] = (uint8_t)to;
            depth[tail++] = (uint8_t)(d + 1);
            out[count++] = (struct kl_step){(uint8_t)kind, (uint8_t)from, (uint8_t)to,
                                            (uint8_t)(d + 1)};
        }
    }
    return count;
}

int kl_steps(kl_raw raw, struct kl_step out[KL_MAX_STEPS])
{
    pthread_once(&tables_once, fill_tables);
    uint32_t empty = kl_raw_empty_cells(raw);
    int king = 0;
    while (kl_raw_cell(raw, king) != KL_CELL_KING_ANCHOR)
        king++;
    int count = 0;
    for (uint32_t a = movable_anchors(raw, empty, king); a; a &= a - 1) {
        int from = __builtin_ctz(a);
        int kind = kl_piece_of_anchor_cell(kl_raw_cell(raw, from));
        count += slide_piece(kind, from, empty, out + count);
    }
    return count;
}
