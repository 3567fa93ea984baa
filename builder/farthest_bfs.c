#include "farthest_bfs.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define WORD_BITS 64
#define LANE_WORDS (FARTHEST_LANES / WORD_BITS)
#define COUNT_PLANES 21 /* bit-sliced counters up to 2^21 - 1, above any group's size */
#define STEP_PLANES 8   /* distances fit a byte */
#define MAX_STEPS 254   /* level + 1 is kept in a byte */
#define HUGE_PAGE (2u << 20)

/* One bit per source; GCC lowers the operators to whatever vector unit it targets. */
typedef uint64_t lanes __attribute__((vector_size(FARTHEST_LANES / 8)));

/* The frontier of level t lives in frontier[t & 1]; an entry is valid only where its
 * stamp says level t (stamp = level + 1, 0 = never), so nothing needs clearing between
 * levels.  A member is searched from at level t only when `candidate` marks it as a
 * neighbour of the level-t frontier. */
struct bfs_scratch {
    uint32_t max_count;
    lanes *frontier[2];
    uint8_t *stamp[2];
    uint8_t *candidate[2];
};

static void *huge_alloc(size_t bytes)
{
    bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, bytes);
    if (p)
        madvise(p, bytes, MADV_HUGEPAGE); /* fewer TLB misses on random reads; optional */
    return p;
}

struct bfs_scratch *bfs_scratch_new(uint32_t max_count)
{
    if (max_count >= 1u << COUNT_PLANES)
        return NULL;
    struct bfs_scratch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->max_count = max_count;
    for (int k = 0; k < 2; k++) {
        s->frontier[k] = huge_alloc(sizeof(lanes) * ((size_t)max_count + 1));
        s->stamp[k] = malloc((size_t)max_count + 1);
        s->candidate[k] = malloc((size_t)max_count + 1);
        if (!s->frontier[k] || !s->stamp[k] || !s->candidate[k]) {
            bfs_scratch_free(s);
            return NULL;
        }
    }
    return s;
}

void bfs_scratch_free(struct bfs_scratch *s)
{
    if (!s)
        return;
    for (int k = 0; k < 2; k++) {
        free(s->frontier[k]);
        free(s->stamp[k]);
        free(s->candidate[k]);
    }
    free(s);
}

static inline int is_zero(const lanes *x)
{
    uint64_t any = 0;
    for (int w = 0; w < LANE_WORDS; w++)
        any |= (*x)[w];
    return any == 0;
}

/* Adds one to the counter of every lane set in m; planes[p] holds bit p of the counts. */
static inline void count_lanes(lanes planes[COUNT_PLANES], const lanes *m)
{
    lanes carry = *m;
    for (int p = 0; p < COUNT_PLANES && !is_zero(&carry); p++) {
        lanes next_carry = planes[p] & carry;
        planes[p] ^= carry;
        carry = next_carry;
    }
}

/* Per lane, the member count and distance of the deepest level reached so far. */
struct last_level {
    lanes count[COUNT_PLANES];
    lanes steps[STEP_PLANES];
};

/* The lanes set in `reached` reached level `level`, with the counts in planes. */
static void remember_level(struct last_level *last, const lanes planes[COUNT_PLANES],
                           const lanes *reached, int level)
{
    for (int p = 0; p < COUNT_PLANES; p++)
        last->count[p] = (last->count[p] & ~*reached) | (planes[p] & *reached);
    for (int p = 0; p < STEP_PLANES; p++)
        last->steps[p] = (level >> p & 1) ? last->steps[p] | *reached : last->steps[p] & ~*reached;
}

static uint32_t lane_value(const lanes *planes, int plane_count, int lane)
{
    uint32_t v = 0;
    for (int p = 0; p < plane_count; p++)
        v |= (uint32_t)(planes[p][lane / WORD_BITS] >> (lane % WORD_BITS) & 1) << p;
    return v;
}

static void mark_neighbours(const struct group_graph *gg, uint32_t v, uint8_t *candidate,
                            uint8_t stamp)
{
    for (uint32_t e = gg->edge_start[v]; e < gg->edge_start[v + 1]; e++)
        candidate[gg->edges[e]] = stamp;
}

/* One level, pulled: every candidate gathers the level-`level` frontier of its
 * neighbours, keeps the lanes new to it and becomes part of the next frontier.  In an
 * undirected graph a neighbour of a member at distance d lies at d-1, d or d+1, so the
 * lanes already seen at a member are those of its own last two frontiers.  Returns the
 * members searched from; fills planes with the per-lane counts of the new level and
 * reached with its lanes. */
static int64_t pull_level(const struct group_graph *gg, struct bfs_scratch *s, int level,
                          lanes planes[COUNT_PLANES], lanes *reached)
{
    int p = level & 1, q = p ^ 1;
    const lanes *cur = s->frontier[p];
    lanes *next = s->frontier[q];
    const uint8_t *cur_stamp = s->stamp[p];
    uint8_t *next_stamp = s->stamp[q];
    const uint8_t here = (uint8_t)(level + 1), there = (uint8_t)(level + 2);
    int64_t work = 0;
    for (uint32_t v = 0; v < gg->count; v++) {
        if (s->candidate[p][v] != here)
            continue;
        lanes x = {0};
        uint32_t end = gg->edge_start[v + 1];
        for (uint32_t e = gg->edge_start[v]; e < end; e++) {
            uint32_t u = gg->edges[e];
            if (cur_stamp[u] == here)
                x |= cur[u];
        }
        work += end - gg->edge_start[v];
        if (cur_stamp[v] == here)
            x &= ~cur[v];
        if (next_stamp[v] == level)
            x &= ~next[v];
        if (is_zero(&x))
            continue;
        next[v] = x;
        next_stamp[v] = there;
        *reached |= x;
        count_lanes(planes, &x);
        mark_neighbours(gg, v, s->candidate[q], there);
    }
    return work;
}

int64_t farthest_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                     struct bfs_scratch *s, uint8_t *steps, uint32_t *num)
{
    for (int k = 0; k < 2; k++) {
        memset(s->stamp[k], 0, gg->count);
        memset(s->candidate[k], 0, gg->count);
    }
    struct last_level last = {0};
    lanes reached = {0};
    for (int i = 0; i < source_count; i++) {
        uint32_t v = sources[i];
        if (s->stamp[0][v] != 1) {
            s->frontier[0][v] = (lanes){0};
            s->stamp[0][v] = 1;
            mark_neighbours(gg, v, s->candidate[0], 1);
        }
        s->frontier[0][v][i / WORD_BITS] |= 1ull << (i % WORD_BITS);
        reached[i / WORD_BITS] |= 1ull << (i % WORD_BITS);
    }
    remember_level(&last, (lanes[COUNT_PLANES]){reached}, &reached, 0);

    int64_t work = 0;
    for (int level = 0;; level++) {
        lanes planes[COUNT_PLANES] = {0};
        reached = (lanes){0};
        work += pull_level(gg, s, level, planes, &reached);
        if (is_zero(&reached))
            break;
        if (level + 1 > MAX_STEPS)
            return -1;
        remember_level(&last, planes, &reached, level + 1);
    }
    for (int i = 0; i < source_count; i++) {
        steps[i] = (uint8_t)lane_value(last.steps, STEP_PLANES, i);
        num[i] = lane_value(last.count, COUNT_PLANES, i);
    }
    return work;
}
