/* The tests' one naive model of the board: a deliberately plain second implementation of
 * the layout rules of SPEC.md.  The unit tests (tests/unit/) compare the engine in core/
 * with it, db_crosscheck.c the built database and step_check.c the routes klotski prints.
 * It keeps a grid of piece numbers instead of the engine's packed cells and shares no code
 * with core/: it takes only the public constants, types and documented bit layouts of
 * core/code.h and core/piece.h, and needs no library.
 *
 * Several programs include it, each using part of it, so the helpers are static inline
 * (an unused one must not warn).  Nothing here asserts: a failure is a return value, and
 * tests/unit/unit_test.h turns it into a cmocka failure. */
#ifndef KLOTSKI_TESTS_REFERENCE_LAYOUT_MODEL_H
#define KLOTSKI_TESTS_REFERENCE_LAYOUT_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/code.h"
#include "core/piece.h"

#define MODEL_NONE (-1)
/* Room for the steps of one layout: more than any layout has (SPEC.md says 68), so that a
 * wrong generator shows as a mismatch rather than as a lack of room. */
#define MODEL_NEIGHBOURS_ROOM 128

struct model_piece {
    int kind;   /* enum kl_piece */
    int row, col; /* top-left cell */
};

struct model {
    int count;
    struct model_piece piece[KL_CELLS];
    int owner[KL_ROWS][KL_COLS]; /* index into piece[], or MODEL_NONE */
};

static inline int model_width(int kind)
{
    return (kind == KL_PIECE_HORIZONTAL || kind == KL_PIECE_KING) ? 2 : 1;
}

static inline int model_height(int kind)
{
    return (kind == KL_PIECE_VERTICAL || kind == KL_PIECE_KING) ? 2 : 1;
}

static inline void model_clear(struct model *m)
{
    m->count = 0;
    for (int r = 0; r < KL_ROWS; r++)
        for (int c = 0; c < KL_COLS; c++)
            m->owner[r][c] = MODEL_NONE;
}

/* True when a piece of `kind` at (row, col) is on the board and covers only cells that
 * are empty or already belong to piece `self` (MODEL_NONE for a new piece). */
static inline bool model_room(const struct model *m, int kind, int row, int col, int self)
{
    if (row < 0 || col < 0 || row + model_height(kind) > KL_ROWS ||
        col + model_width(kind) > KL_COLS)
        return false;
    for (int r = row; r < row + model_height(kind); r++)
        for (int c = col; c < col + model_width(kind); c++)
            if (m->owner[r][c] != MODEL_NONE && m->owner[r][c] != self)
                return false;
    return true;
}

static inline void model_paint(struct model *m, int index, int value)
{
    const struct model_piece *p = &m->piece[index];
    for (int r = p->row; r < p->row + model_height(p->kind); r++)
        for (int c = p->col; c < p->col + model_width(p->kind); c++)
            m->owner[r][c] = value;
}

/* Adds a piece; returns false (and changes nothing) when it does not fit. */
static inline bool model_add(struct model *m, int kind, int row, int col)
{
    if (!model_room(m, kind, row, col, MODEL_NONE))
        return false;
    m->piece[m->count] = (struct model_piece){kind, row, col};
    model_paint(m, m->count, m->count);
    m->count++;
    return true;
}

/* Removes the piece added last (the placers of the tests work like a stack). */
static inline void model_pop(struct model *m)
{
    m->count--;
    model_paint(m, m->count, MODEL_NONE);
}

static inline void model_move(struct model *m, int index, int row, int col)
{
    model_paint(m, index, MODEL_NONE);
    m->piece[index].row = row;
    m->piece[index].col = col;
    model_paint(m, index, index);
}

static inline int model_empty_cells(const struct model *m)
{
    int n = 0;
    for (int r = 0; r < KL_ROWS; r++)
        for (int c = 0; c < KL_COLS; c++)
            n += m->owner[r][c] == MODEL_NONE;
    return n;
}

static inline int model_count_kind(const struct model *m, int kind)
{
    int n = 0;
    for (int i = 0; i < m->count; i++)
        n += m->piece[i].kind == kind;
    return n;
}

static inline bool model_legal(const struct model *m)
{
    return model_count_kind(m, KL_PIECE_KING) == 1 && model_empty_cells(m) >= 2;
}

/* The 2-bit symbol SPEC.md gives a piece whose first cell is met by the code walk. */
static inline unsigned model_symbol(int kind)
{
    switch (kind) {
    case KL_PIECE_HORIZONTAL: return 1;
    case KL_PIECE_VERTICAL: return 2;
    default: return 3;
    }
}

/* The code, straight from SPEC.md's description: the 2x2's address, then a symbol per
 * cell not covered by the 2x2 or by a piece met earlier in the walk. */
static inline kl_code model_to_code(const struct model *m)
{
    kl_code code = 0;
    int shift = 32;
    for (int r = 0; r < KL_ROWS; r++)
        for (int c = 0; c < KL_COLS; c++) {
            int who = m->owner[r][c];
            if (who == MODEL_NONE) {
                shift -= 2;
                continue;
            }
            const struct model_piece *p = &m->piece[who];
            if (p->kind == KL_PIECE_KING) {
                if (p->row == r && p->col == c)
                    code |= (kl_code)(r * KL_COLS + c) << 32;
            } else if (p->row == r && p->col == c) {
                shift -= 2;
                code |= (kl_code)model_symbol(p->kind) << shift;
            }
        }
    return code;
}

/* Decodes a code with the same walk run forwards; false when the code is not a legal
 * layout for any reason. */
static inline bool model_from_code(kl_code code, struct model *m)
{
    model_clear(m);
    if (code >> 36)
        return false;
    int king = (int)(code >> 32);
    if (!model_add(m, KL_PIECE_KING, king / KL_COLS, king % KL_COLS))
        return false;
    int shift = 32;
    for (int r = 0; r < KL_ROWS; r++)
        for (int c = 0; c < KL_COLS; c++) {
            if (m->owner[r][c] != MODEL_NONE)
                continue;
            shift -= 2;
            static const int kind_of_symbol[4] = {
                -1, KL_PIECE_HORIZONTAL, KL_PIECE_VERTICAL, KL_PIECE_SINGLE};
            int kind = kind_of_symbol[(code >> shift) & 3u];
            if (kind >= 0 && !model_add(m, kind, r, c))
                return false;
        }
    uint32_t unused = shift > 0 ? (uint32_t)code & ((1u << shift) - 1u) : 0;
    return unused == 0 && model_empty_cells(m) >= 2;
}

/* A layout one step away, with the fewest one-cell slides that reach it. */
struct model_neighbour {
    kl_code code;
    int distance;
};

/* Every layout one step from m, by brute force: flood-fill each piece's one-cell slides
 * with the others fixed.  Lists them in piece order, then address order (not by code);
 * returns how many, or -1 when there are more than `room`.  Leaves m as it was. */
static inline int model_neighbours(struct model *m, struct model_neighbour *out, int room)
{
    int n = 0;
    for (int i = 0; i < m->count; i++) {
        const int kind = m->piece[i].kind;
        const int home_r = m->piece[i].row, home_c = m->piece[i].col;
        int dist[KL_ROWS][KL_COLS];
        for (int r = 0; r < KL_ROWS; r++)
            for (int c = 0; c < KL_COLS; c++)
                dist[r][c] = -1;
        int queue[KL_CELLS], head = 0, tail = 0;
        dist[home_r][home_c] = 0;
        queue[tail++] = home_r * KL_COLS + home_c;
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        while (head < tail) {
            int r = queue[head] / KL_COLS, c = queue[head] % KL_COLS;
            head++;
            for (int d = 0; d < 4; d++) {
                int nr = r + dr[d], nc = c + dc[d];
                if (!model_room(m, kind, nr, nc, i) || dist[nr][nc] >= 0)
                    continue;
                dist[nr][nc] = dist[r][c] + 1;
                queue[tail++] = nr * KL_COLS + nc;
            }
        }
        for (int r = 0; r < KL_ROWS; r++)
            for (int c = 0; c < KL_COLS; c++) {
                if (dist[r][c] <= 0)
                    continue;
                if (n == room)
                    return -1;
                model_move(m, i, r, c);
                out[n++] = (struct model_neighbour){model_to_code(m), dist[r][c]};
                model_move(m, i, home_r, home_c);
            }
    }
    return n;
}

/* Every layout one move from m when a move slides one piece in one direction (up, down,
 * left, right) by 1 to `longest` cells, every cell on the way free: the straight moves
 * of SPEC.md with longest = KL_ROWS, its unit moves with longest = 1.  Each comes with
 * its length.  Lists them in piece order, then direction order; returns how many, or -1
 * when there are more than `room`.  Leaves m as it was. */
static inline int model_line_neighbours(struct model *m, int longest,
                                        struct model_neighbour *out, int room)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int n = 0;
    for (int i = 0; i < m->count; i++) {
        const int kind = m->piece[i].kind;
        const int home_r = m->piece[i].row, home_c = m->piece[i].col;
        for (int d = 0; d < 4; d++)
            for (int k = 1; k <= longest; k++) {
                int r = home_r + k * dr[d], c = home_c + k * dc[d];
                if (!model_room(m, kind, r, c, i))
                    break;
                if (n == room)
                    return -1;
                model_move(m, i, r, c);
                out[n++] = (struct model_neighbour){model_to_code(m), k};
                model_move(m, i, home_r, home_c);
            }
    }
    return n;
}

/* Reads a picture of 20 cell letters, row after row (K H V o .).  Runs of H pair up from
 * the left and runs of V from the top, as board.h documents.  Returns false when the
 * picture is not 20 such letters or not a legal layout. */
static inline bool model_from_picture(const char *picture, struct model *m)
{
    model_clear(m);
    if (strlen(picture) != KL_CELLS)
        return false;
    for (int r = 0; r < KL_ROWS; r++)
        for (int c = 0; c < KL_COLS; c++) {
            if (m->owner[r][c] != MODEL_NONE)
                continue;
            int kind;
            switch (picture[r * KL_COLS + c]) {
            case '.': continue;
            case 'o': kind = KL_PIECE_SINGLE; break;
            case 'H': kind = KL_PIECE_HORIZONTAL; break;
            case 'V': kind = KL_PIECE_VERTICAL; break;
            case 'K': kind = KL_PIECE_KING; break;
            default: return false;
            }
            if (!model_add(m, kind, r, c))
                return false;
        }
    return model_legal(m);
}

/* The raw cell value of (r, c), from the cell enum of code.h. */
static inline enum kl_cell model_cell(const struct model *m, int r, int c)
{
    int who = m->owner[r][c];
    if (who == MODEL_NONE)
        return KL_CELL_EMPTY;
    const struct model_piece *p = &m->piece[who];
    bool anchor = p->row == r && p->col == c;
    switch (p->kind) {
    case KL_PIECE_SINGLE: return KL_CELL_SINGLE;
    case KL_PIECE_HORIZONTAL: return anchor ? KL_CELL_H_LEFT : KL_CELL_H_RIGHT;
    case KL_PIECE_VERTICAL: return anchor ? KL_CELL_V_TOP : KL_CELL_V_BOTTOM;
    default: return anchor ? KL_CELL_KING_ANCHOR : KL_CELL_KING_REST;
    }
}

/* The raw layout, packed as code.h documents: 3 bits per cell, address order. */
static inline kl_raw model_to_raw(const struct model *m)
{
    kl_raw raw = 0;
    for (int r = 0; r < KL_ROWS; r++)
        for (int c = 0; c < KL_COLS; c++)
            raw |= (kl_raw)model_cell(m, r, c) << (3 * (r * KL_COLS + c));
    return raw;
}

/* Lists layouts by placing pieces cell by cell in address order, each piece at the first
 * cell it covers; model_place_all fills it in and runs it. */
struct model_placer {
    struct model m;                /* the layout placed so far */
    int most[KL_PIECE_KINDS];      /* pieces of each kind allowed beside the one 2x2 */
    int most_empty;                /* empty cells allowed */
    int placed[KL_PIECE_KINDS];    /* pieces of each kind placed so far, the 2x2 included */
    int empty;                     /* empty cells left so far */
    /* Receives each layout, with placed[] and empty describing it; returns false to end
     * the listing. */
    bool (*emit)(struct model_placer *p, kl_code code);
    void *context; /* the caller's, for emit */
    bool stopped;  /* emit asked to end */
};

static inline void model_place_from(struct model_placer *p, int addr, kl_code code, int shift)
{
    while (addr < KL_CELLS && p->m.owner[addr / KL_COLS][addr % KL_COLS] != MODEL_NONE)
        addr++;
    if (p->stopped)
        return;
    if (addr == KL_CELLS) {
        if (p->empty >= 2 && !p->emit(p, code))
            p->stopped = true;
        return;
    }
    if (p->empty < p->most_empty) {
        p->empty++;
        model_place_from(p, addr + 1, code, shift - 2);
        p->empty--;
    }
    static const int kinds[3] = {KL_PIECE_HORIZONTAL, KL_PIECE_VERTICAL, KL_PIECE_SINGLE};
    for (int i = 0; i < 3; i++) {
        int kind = kinds[i];
        if (p->placed[kind] == p->most[kind] ||
            !model_add(&p->m, kind, addr / KL_COLS, addr % KL_COLS))
            continue;
        p->placed[kind]++;
        model_place_from(p, addr + 1, code | (kl_code)model_symbol(kind) << (shift - 2),
                         shift - 2);
        p->placed[kind]--;
        model_pop(&p->m);
    }
}

/* Calls p->emit for every legal layout with at most p->most[kind] pieces of each kind
 * beside its 2x2 and at most p->most_empty empty cells, in ascending order of code, until
 * emit returns false.  Trying empty, horizontal, vertical, 1x1 in that order at each free
 * cell gives that order, as their 2-bit symbols are 00 < 01 < 10 < 11; so a listing
 * needs no sort and can be searched by code.  The caller sets most, most_empty, emit and
 * context; the rest is set here. */
static inline void model_place_all(struct model_placer *p)
{
    model_clear(&p->m);
    memset(p->placed, 0, sizeof p->placed);
    p->empty = 0;
    p->stopped = false;
    for (int king = 0; king < KL_CELLS && !p->stopped; king++)
        if (model_add(&p->m, KL_PIECE_KING, king / KL_COLS, king % KL_COLS)) {
            p->placed[KL_PIECE_KING] = 1;
            model_place_from(p, 0, (kl_code)king << 32, 32);
            model_pop(&p->m);
        }
}

#endif
