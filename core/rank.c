#include "core/rank.h"

#include <ctype.h>
#include <pthread.h>
#include <string.h>

#include "core/piece.h"

/* Codes are the symbol sequences of a walk over the free cells in address order, so the
 * layouts that share a prefix are counted by a small state: the 2x2's address, the next
 * address, which of the next four cells earlier pieces already cover, and how many empty
 * cells were seen (capped at 2, all that legality asks). */
#define KINGS KL_ENUMERATION_PARTS /* the 2x2's addresses */
#define SPILL_STATES 16
#define EMPTY_STATES 3

static const int king_addresses[KINGS] = {0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14};
static uint32_t completions[KINGS][KL_CELLS + 1][SPILL_STATES][EMPTY_STATES];
static uint32_t king_offset[KINGS + 1];

/* Ranking and enumeration follow precomputed branches: from each state, by symbol, the
 * state after it (NO_STATE when it leads to no legal layout) and how many layouts the
 * smaller symbols complete (what choosing it adds to an id).  Indexed by symbol, a
 * code's rank costs one dependent look-up per symbol. */
#define STATES (KINGS * (KL_CELLS + 1) * SPILL_STATES * EMPTY_STATES)
#define NO_STATE UINT16_MAX
struct branches {
    uint32_t before[4];
    uint16_t next[4];
    bool finished; /* every cell is filled: the walk spelled a code */
};
static struct branches branches_of[STATES];
/* The same for two symbols at once (the pair a, b at 4a + b), which halves the look-ups
 * of a rank: a pair whose first symbol finishes the walk stands for it when b is 0 (the
 * code's unused low bits). */
struct pairs {
    uint32_t before[16];
    uint16_t next[16];
    bool finished;
};
static struct pairs pairs_of[STATES];
static uint16_t first_state[KINGS]; /* where the walk of each 2x2 address starts */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

struct walk {
    int king;      /* index into king_addresses */
    uint32_t king_cells;
    int addr;
    unsigned spill; /* cells addr..addr+3 covered by pieces placed earlier */
    int empties;
};

static bool covered_now(const struct walk *w)
{
    return (w->king_cells >> w->addr & 1u) || (w->spill & 1u);
}

/* The state after placing `symbol` (0 empty, 1 horizontal, 2 vertical, 3 single) at the
 * free cell w->addr; returns false when that symbol cannot stand there. */
static bool place(const struct walk *w, unsigned symbol, struct walk *next)
{
    *next = *w;
    next->addr = w->addr + 1;
    next->spill = w->spill >> 1;
    switch (symbol) {
    case 0:
        if (next->empties < 2)
            next->empties++;
        return true;
    case 1:
        if (!kl_piece_fits(KL_PIECE_HORIZONTAL, w->addr) ||
            ((w->king_cells >> (w->addr + 1)) & 1u) || (w->spill & 2u))
            return false;
        next->spill |= 1u;
        return true;
    case 2:
        if (!kl_piece_fits(KL_PIECE_VERTICAL, w->addr) ||
            ((w->king_cells >> (w->addr + KL_COLS)) & 1u))
            return false;
        next->spill |= 1u << (KL_COLS - 1);
        return true;
    default:
        return true;
    }
}

static void skip_covered(struct walk *w)
{
    while (w->addr < KL_CELLS && covered_now(w)) {
        w->addr++;
        w->spill >>= 1;
    }
}

static uint32_t count_of(const struct walk *w)
{
    return completions[w->king][w->addr][w->spill][w->empties];
}

static uint16_t state_id(const struct walk *w)
{
    return (uint16_t)(((w->king * (KL_CELLS + 1) + w->addr) * SPILL_STATES + (int)w->spill) *
                          EMPTY_STATES + w->empties);
}

static void fill_branches(void)
{
    for (int k = 0; k < KINGS; k++) {
        uint32_t king_cells = kl_piece_cells(KL_PIECE_KING, king_addresses[k]);
        for (int addr = 0; addr <= KL_CELLS; addr++)
            for (unsigned s = 0; s < SPILL_STATES; s++)
                for (int e = 0; e < EMPTY_STATES; e++) {
                    struct walk w = {k, king_cells, addr, s, e}, next;
                    struct branches *b = &branches_of[state_id(&w)];
                    uint32_t completed = 0;
                    b->finished = addr >= KL_CELLS;
                    for (unsigned symbol = 0; symbol < 4; symbol++) {
                        b->next[symbol] = NO_STATE;
                        if (b->finished || covered_now(&w) || !place(&w, symbol, &next))
                            continue;
                        skip_covered(&next);
                        if (count_of(&next)) {
                            b->before[symbol] = completed;
                            b->next[symbol] = state_id(&next);
                            completed += count_of(&next);
                        }
                    }
                }
        struct walk first = {k, king_cells, 0, 0, 0};
        skip_covered(&first);
        first_state[k] = state_id(&first);
    }
}

static void fill_pairs(void)
{
    for (int s = 0; s < STATES; s++) {
        const struct branches *b = &branches_of[s];
        struct pairs *p = &pairs_of[s];
        p->finished = b->finished;
        for (unsigned pair = 0; pair < 16; pair++) {
            unsigned first = pair >> 2, second = pair & 3u;
            p->next[pair] = NO_STATE;
            if (b->finished || b->next[first] == NO_STATE)
                continue;
            const struct branches *after = &branches_of[b->next[first]];
            if (after->finished) {
                if (second == 0) {
                    p->next[pair] = b->next[first];
                    p->before[pair] = b->before[first];
                }
            } else if (after->next[second] != NO_STATE) {
                p->next[pair] = after->next[second];
                p->before[pair] = b->before[first] + after->before[second];
            }
        }
    }
}

static void fill_tables(void)
{
    for (int k = 0; k < KINGS; k++) {
        uint32_t king_cells = kl_piece_cells(KL_PIECE_KING, king_addresses[k]);
        for (unsigned s = 0; s < SPILL_STATES; s++)
            for (int e = 0; e < EMPTY_STATES; e++)
                completions[k][KL_CELLS][s][e] = (e >= 2);
        for (int addr = KL_CELLS - 1; addr >= 0; addr--)
            for (unsigned s = 0; s < SPILL_STATES; s++)
                for (int e = 0; e < EMPTY_STATES; e++) {
                    struct walk w = {k, king_cells, addr, s, e}, next;
                    uint32_t total = 0;
                    if (covered_now(&w)) {
                        next = w;
                        next.addr++;
                        next.spill >>= 1;
                        total = count_of(&next);
                    } else {
                        for (unsigned symbol = 0; symbol < 4; symbol++)
                            if (place(&w, symbol, &next))
                                total += count_of(&next);
                    }
                    completions[k][addr][s][e] = total;
                }
        king_offset[k + 1] = king_offset[k] + completions[k][0][0][0];
    }
    fill_branches();
    fill_pairs();
}

static int king_index(int addr)
{
    for (int k = 0; k < KINGS; k++)
        if (king_addresses[k] == addr)
            return k;
    return -1;
}

/* Both conversions follow the tables, a rank one look-up per pair of symbols: `klotski
 * pack --check` ranks every layout's neighbours, and the pack's reader each layout of a
 * walk. */
uint32_t kl_code_to_id(kl_code code)
{
    pthread_once(&tables_once, fill_tables);
    int k = king_index(kl_code_king(code));
    if (k < 0)
        return 0;
    uint32_t id = king_offset[k], tail = (uint32_t)code;
    const struct pairs *p = &pairs_of[first_state[k]];
    for (int shift = 28; !p->finished && shift >= 0; shift -= 4) {
        unsigned pair = tail >> shift & 15u;
        if (p->next[pair] == NO_STATE)
            break;
        id += p->before[pair];
        p = &pairs_of[p->next[pair]];
    }
    return id;
}

kl_code kl_id_to_code(uint32_t id)
{
    pthread_once(&tables_once, fill_tables);
    int k = 0;
    while (k + 1 < KINGS && king_offset[k + 1] <= id)
        k++;
    id -= king_offset[k];
    uint32_t tail = 0;
    const struct branches *b = &branches_of[first_state[k]];
    for (int shift = 30; !b->finished; shift -= 2) {
        unsigned symbol = 3;
        while (b->next[symbol] == NO_STATE || b->before[symbol] > id)
            symbol--;
        id -= b->before[symbol];
        tail |= symbol << shift;
        b = &branches_of[b->next[symbol]];
    }
    return (kl_code)king_addresses[k] << 32 | tail;
}

/* Where an enumeration hands its codes, and the id of the next. */
struct sink {
    kl_enumeration_visit visit;
    void *context;
    uint32_t id;
    bool stopped;
};

static void enumerate_from(uint16_t state, uint32_t tail, int shift, kl_code head, struct sink *sink)
{
    const struct branches *b = &branches_of[state];
    if (b->finished) {
        sink->stopped = !sink->visit(sink->context, sink->id++, head | tail);
        return;
    }
    for (unsigned symbol = 0; symbol < 4 && !sink->stopped; symbol++)
        if (b->next[symbol] != NO_STATE)
            enumerate_from(b->next[symbol], tail | symbol << (shift - 2), shift - 2, head, sink);
}

static void enumerate_part(int part, struct sink *sink)
{
    enumerate_from(first_state[part], 0, 32, (kl_code)king_addresses[part] << 32, sink);
}

static bool store(void *context, uint32_t id, kl_code code)
{
    ((kl_code *)context)[id] = code;
    return true;
}

size_t kl_enumerate_part(kl_code *out, int part)
{
    pthread_once(&tables_once, fill_tables);
    struct sink sink = {store, out, king_offset[part], false};
    enumerate_part(part, &sink);
    return sink.id - king_offset[part];
}

bool kl_enumerate_each(kl_enumeration_visit visit, void *context)
{
    pthread_once(&tables_once, fill_tables);
    struct sink sink = {visit, context, 0, false};
    for (int part = 0; part < KL_ENUMERATION_PARTS && !sink.stopped; part++)
        enumerate_part(part, &sink);
    return !sink.stopped;
}

size_t kl_enumerate(kl_code *out)
{
    size_t written = 0;
    for (int part = 0; part < KL_ENUMERATION_PARTS; part++)
        written += kl_enumerate_part(out, part);
    return written;
}

void kl_short_code_format(uint32_t id, char buf[KL_SHORT_CODE_TEXT_SIZE])
{
    for (int i = KL_SHORT_CODE_DIGITS - 1; i >= 0; i--, id /= 32)
        buf[i] = KL_SHORT_CODE_ALPHABET[id % 32];
    buf[KL_SHORT_CODE_DIGITS] = '\0';
}

/* The value of a short code digit, any case; -1 for a character that is none. */
static int short_code_digit(char c)
{
    const char *at = c ? strchr(KL_SHORT_CODE_ALPHABET, toupper((unsigned char)c)) : NULL;
    return at ? (int)(at - KL_SHORT_CODE_ALPHABET) : -1;
}

bool kl_is_short_code(const char *text)
{
    for (int i = 0; i < KL_SHORT_CODE_DIGITS; i++)
        if (short_code_digit(text[i]) < 0)
            return false;
    return text[KL_SHORT_CODE_DIGITS] == '\0';
}

bool kl_short_code_parse(const char *text, uint32_t *id)
{
    if (!kl_is_short_code(text))
        return false;
    uint32_t value = 0;
    for (int i = 0; i < KL_SHORT_CODE_DIGITS; i++)
        value = value * 32 + (uint32_t)short_code_digit(text[i]);
    if (value >= KL_LAYOUT_COUNT)
        return false;
    *id = value;
    return true;
}
