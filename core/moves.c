#include "core/moves.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Moves are generated on 20-bit cell masks (bit = address): where each kind of piece is
 * anchored, which cells are empty.  A row of the raw layout (12 bits) yields its part of
 * every mask by one table lookup. */
#define BOARD_MASK 0xFFFFFu
#define COLUMN_0 0x11111u
#define COLUMN_3 0x88888u
#define ROW_BITS (3 * KL_COLS)

struct row_masks {
    uint8_t empty;
    uint8_t anchors[KL_PIECE_KINDS - 1]; /* single, horizontal, vertical */
    int8_t king_col;                     /* column of the 2x2 anchor in the row, or -1 */
};

static struct row_masks row_table[1 << ROW_BITS];

/* [from][gap]: the anchors in line with `from`, in its row or its column, `gap` cells
 * away (a gap is at most KL_ROWS - 1). */
static uint32_t in_line_at_gap[KL_CELLS][KL_ROWS];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void)
{
    for (unsigned row = 0; row < (1u << ROW_BITS); row++) {
        struct row_masks m = {.king_col = -1};
        for (int col = 0; col < KL_COLS; col++) {
            enum kl_cell cell = (enum kl_cell)((row >> (3 * col)) & 7u);
            int kind = kl_piece_of_anchor_cell(cell);
            if (cell == KL_CELL_EMPTY)
                m.empty |= (uint8_t)(1u << col);
            else if (kind == KL_PIECE_KING)
                m.king_col = (int8_t)col;
            else if (kind >= 0)
                m.anchors[kind] |= (uint8_t)(1u << col);
        }
        row_table[row] = m;
    }
    for (int from = 0; from < KL_CELLS; from++)
        for (int to = 0; to < KL_CELLS; to++) {
            int rows = abs(to / KL_COLS - from / KL_COLS);
            int cols = abs(to % KL_COLS - from % KL_COLS);
            if (rows == 0 || cols == 0)
                in_line_at_gap[from][rows + cols] |= 1u << to;
        }
}

struct masks {
    uint32_t empty;
    uint32_t anchors[KL_PIECE_KINDS]; /* the king's as a one-bit mask */
};

static struct masks masks_of(kl_raw raw)
{
    struct masks m = {0, {0, 0, 0, 0}};
    for (int row = 0; row < KL_ROWS; row++) {
        const struct row_masks *r = &row_table[(raw >> (ROW_BITS * row)) & ((1u << ROW_BITS) - 1)];
        int shift = KL_COLS * row;
        m.empty |= (uint32_t)r->empty << shift;
        for (int kind = 0; kind < KL_PIECE_KINDS - 1; kind++)
            m.anchors[kind] |= (uint32_t)r->anchors[kind] << shift;
        if (r->king_col >= 0)
            m.anchors[KL_PIECE_KING] = 1u << (shift + r->king_col);
    }
    return m;
}

uint32_t kl_raw_empty_cells(kl_raw raw)
{
    pthread_once(&tables_once, fill_tables);
    return masks_of(raw).empty;
}

/* Cells one slide away from any cell of `cells`. */
static inline uint32_t neighbours(uint32_t cells)
{
    return (((cells << 1) & ~COLUMN_0) | ((cells >> 1) & ~COLUMN_3) | (cells << KL_COLS) |
            (cells >> KL_COLS)) & BOARD_MASK;
}

/* Anchors where a piece of `kind` lies wholly inside `free_cells`. */
static inline uint32_t anchors_inside(int kind, uint32_t free_cells)
{
    uint32_t f = free_cells;
    switch (kind) {
    case KL_PIECE_SINGLE: return f;
    case KL_PIECE_HORIZONTAL: return f & (f >> 1) & ~COLUMN_3;
    case KL_PIECE_VERTICAL: return f & (f >> KL_COLS);
    default: return f & (f >> 1) & (f >> KL_COLS) & (f >> (KL_COLS + 1)) & ~COLUMN_3;
    }
}

/* Where each step of a layout goes next: under kl_steps all to next[KL_METRIC_STEP], in
 * the order found; under kl_steps_by_metric each to the list of the strictest metric it
 * is a move in. */
struct step_places {
    struct kl_step *next[KL_METRIC_COUNT];
};

/* Appends a step of the piece at `from` to each anchor of `to_cells`. */
static inline void append_steps(struct step_places *places, enum kl_metric metric, int kind,
                                int from, uint32_t to_cells, int distance)
{
    struct kl_step *next = places->next[metric];
    for (uint32_t f = to_cells; f; f &= f - 1)
        *next++ = (struct kl_step){(uint8_t)kind, (uint8_t)from, (uint8_t)__builtin_ctz(f),
                                   (uint8_t)distance};
    places->next[metric] = next;
}

/* Breadth-first over the piece's anchors, a whole frontier per bit operation.  Sorting by
 * metric, the first frontier is the unit moves, and the anchors of a later frontier in
 * line with `from` at a gap of their distance its straight moves (a path as short as the
 * gap keeps to the line).  Always inlined, so that each caller's `by_metric` is a
 * constant. */
static inline __attribute__((always_inline)) void
slide_piece(int kind, int from, uint32_t empty, bool by_metric, struct step_places *places)
{
    uint32_t allowed = anchors_inside(kind, empty | kl_piece_cells((enum kl_piece)kind, from));
    uint32_t reached = 1u << from, frontier = reached;
    for (int distance = 1; frontier; distance++) {
        frontier = neighbours(frontier) & allowed & ~reached;
        reached |= frontier;
        if (!by_metric) {
            append_steps(places, KL_METRIC_STEP, kind, from, frontier, distance);
        } else if (distance == 1) {
            append_steps(places, KL_METRIC_UNIT, kind, from, frontier, distance);
        } else {
            uint32_t straight = distance < KL_ROWS ? frontier & in_line_at_gap[from][distance] : 0;
            append_steps(places, KL_METRIC_STRAIGHT, kind, from, straight, distance);
            append_steps(places, KL_METRIC_STEP, kind, from, frontier & ~straight, distance);
        }
    }
}

/* Every step of a legal raw layout, to its place (see struct step_places). */
static inline __attribute__((always_inline)) void all_steps(kl_raw raw, bool by_metric,
                                                            struct step_places *places)
{
    pthread_once(&tables_once, fill_tables);
    struct masks m = masks_of(raw);
    /* Only pieces touching an empty cell can move. */
    uint32_t touching = neighbours(m.empty);
    uint32_t movable[KL_PIECE_KINDS] = {
        m.anchors[KL_PIECE_SINGLE] & touching,
        m.anchors[KL_PIECE_HORIZONTAL] & (touching | touching >> 1),
        m.anchors[KL_PIECE_VERTICAL] & (touching | touching >> KL_COLS),
        m.anchors[KL_PIECE_KING] &
            (touching | touching >> 1 | touching >> KL_COLS | touching >> (KL_COLS + 1))};
    for (int kind = 0; kind < KL_PIECE_KINDS; kind++)
        for (uint32_t a = movable[kind]; a; a &= a - 1)
            slide_piece(kind, __builtin_ctz(a), m.empty, by_metric, places);
}

int kl_steps(kl_raw raw, struct kl_step out[KL_MAX_STEPS])
{
    struct step_places places = {.next = {[KL_METRIC_STEP] = out}};
    all_steps(raw, false, &places);
    return (int)(places.next[KL_METRIC_STEP] - out);
}

int kl_steps_by_metric(kl_raw raw, struct kl_step out[KL_METRIC_COUNT][KL_MAX_STEPS],
                       int count[KL_METRIC_COUNT])
{
    struct step_places places;
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        places.next[m] = out[m];
    all_steps(raw, true, &places);
    int total = 0;
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        total += count[m] = (int)(places.next[m] - out[m]);
    return total;
}

int kl_moves(kl_raw raw, enum kl_metric metric, struct kl_step out[KL_MAX_STEPS])
{
    int count = kl_steps(raw, out), kept = 0;
    for (int k = 0; k < count; k++)
        if (kl_step_counts_in(out[k], metric))
            out[kept++] = out[k];
    return kept;
}

static const char *const metric_names[KL_METRIC_COUNT] = {"step", "straight", "unit"};

const char *kl_metric_name(enum kl_metric metric)
{
    return metric_names[metric];
}

const char *kl_metric_unit(enum kl_metric metric, long long count)
{
    static const char *const units[KL_METRIC_COUNT][2] = {
        {"step", "steps"}, {"straight move", "straight moves"}, {"unit move", "unit moves"}};
    return units[metric][count != 1 && count != -1];
}

bool kl_metric_parse(const char *text, enum kl_metric *out)
{
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        if (strcmp(text, metric_names[m]) == 0) {
            *out = (enum kl_metric)m;
            return true;
        }
    return false;
}
