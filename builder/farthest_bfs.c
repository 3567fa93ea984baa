#include "farthest_bfs.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define WORD_BITS 64
#define LANE_WORDS (FARTHEST_LANES / WORD_BITS)
#define COUNT_PLANES 21 /* bit-sliced counters up to 2^21 - 1, above any group's size */
#define STEP_PLANES 8   /* distances fit a byte */
#define MAX_STEPS 255
#define PREFETCH_AHEAD 8
#define HUGE_PAGE (2u << 20)

/* One bit per source; GCC lowers the operators to whatever vector unit it targets. */
typedef uint64_t lanes __attribute__((vector_size(FARTHEST_LANES / 8)));

struct bfs_scratch {
    uint32_t max_count;
    lanes *frontier[3]; /* per member; all zero between searches */
    uint32_t *list[3];  /* the members whose frontier entry is not zero */
};

struct bfs_scratch *bfs_scratch_new(uint32_t max_count)
{
    if (max_count >= 1u << COUNT_PLANES)
        return NULL;
    struct bfs_scratch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->max_count = max_count;
    size_t bytes = sizeof(lanes) * ((size_t)max_count + 1);
    bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    for (int k = 0; k < 3; k++) {
        s->frontier[k] = aligned_alloc(HUGE_PAGE, bytes);
        if (s->frontier[k])
            madvise(s->frontier[k], bytes, MADV_HUGEPAGE);
        s->list[k] = malloc(sizeof *s->list[k] * ((size_t)max_count + 1));
        if (!s->frontier[k] || !s->list[k]) {
            bfs_scratch_free(s);
            return NULL;
        }
        memset(s->frontier[k], 0, bytes);
    }
    return s;
}

void bfs_scratch_free(struct bfs_scratch *s)
{
    if (!s)
        return;
    for (int k = 0; k < 3; k++) {
        free(s->frontier[k]);
        free(s->list[k]);
    }
    free(s);
}

static inline int is_zero(lanes x)
{
    uint64_t any = 0;
    for (int w = 0; w < LANE_WORDS; w++)
        any |= x[w];
    return any == 0;
}

/* Adds one to the counter of every lane set in m; planes[p] holds bit p of the counts. */
static inline void count_lanes(lanes planes[COUNT_PLANES], lanes m)
{
    for (int p = 0; p < COUNT_PLANES && !is_zero(m); p++) {
        lanes carry = planes[p] & m;
        planes[p] ^= m;
        m = carry;
    }
}

/* The counts and distance of the lanes set in `active` replace those remembered. */
static void remember_level(lanes saved_count[COUNT_PLANES], lanes saved_steps[STEP_PLANES],
                           const lanes planes[COUNT_PLANES], lanes active, int level)
{
    for (int p = 0; p < COUNT_PLANES; p++)
        saved_count[p] = (saved_count[p] & ~active) | (planes[p] & active);
    for (int p = 0; p < STEP_PLANES; p++)
        saved_steps[p] = (level >> p & 1) ? saved_steps[p] | active : saved_steps[p] & ~active;
}

static uint32_t lane_value(const lanes *planes, int plane_count, int lane)
{
    uint32_t v = 0;
    for (int p = 0; p < plane_count; p++)
        v |= (uint32_t)(planes[p][lane / WORD_BITS] >> (lane % WORD_BITS) & 1) << p;
    return v;
}

int64_t farthest_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                     struct bfs_scratch *s, uint8_t *steps, uint32_t *num)
{
    lanes *prev = s->frontier[0], *cur = s->frontier[1], *next = s->frontier[2];
    uint32_t *prev_list = s->list[0], *cur_list = s->list[1], *next_list = s->list[2];
    uint32_t prev_count = 0, cur_count = 0;
    lanes planes[COUNT_PLANES] = {0}, saved_count[COUNT_PLANES] = {0};
    lanes saved_steps[STEP_PLANES] = {0}, active = {0};
    for (int i = 0; i < source_count; i++) {
        uint32_t v = sources[i];
        if (is_zero(cur[v]))
            cur_list[cur_count++] = v;
        cur[v][i / WORD_BITS] |= 1ull << (i % WORD_BITS);
        active[i / WORD_BITS] |= 1ull << (i % WORD_BITS);
    }
    remember_level(saved_count, saved_steps, (lanes[COUNT_PLANES]){active}, active, 0);

    int64_t work = 0;
    int too_far = 0;
    for (int level = 1;; level++) {
        /* Every neighbour of the frontier gets the frontier's lanes... */
        uint32_t next_count = 0;
        for (uint32_t k = 0; k < cur_count; k++) {
            uint32_t v = cur_list[k];
            lanes f = cur[v];
            uint32_t end = gg->edge_start[v + 1];
            for (uint32_t e = gg->edge_start[v]; e < end; e++) {
                uint32_t w = gg->edges[e];
                __builtin_prefetch(&next[gg->edges[e + PREFETCH_AHEAD]], 1);
                lanes x = next[w];
                next_list[next_count] = w;
                next_count += is_zero(x);
                next[w] = x | f;
            }
        }
        work += cur_count;
        /* ...less those where it already was: in an undirected graph a neighbour of a
         * member at distance d lies at d-1, d or d+1. */
        memset(planes, 0, sizeof planes);
        active = (lanes){0};
        uint32_t kept = 0;
        for (uint32_t k = 0; k < next_count; k++) {
            uint32_t w = next_list[k];
            lanes m = next[w] & ~cur[w] & ~prev[w];
            next[w] = m;
            if (is_zero(m))
                continue;
            next_list[kept++] = w;
            active |= m;
            count_lanes(planes, m);
        }
        for (uint32_t k = 0; k < prev_count; k++)
            prev[prev_list[k]] = (lanes){0};
        if (kept == 0)
            break;
        if (level > MAX_STEPS) {
            too_far = 1;
            for (uint32_t k = 0; k < kept; k++)
                next[next_list[k]] = (lanes){0};
            break;
        }
        remember_level(saved_count, saved_steps, planes, active, level);
        lanes *spare = prev;
        uint32_t *spare_list = prev_list;
        prev = cur, prev_list = cur_list, prev_count = cur_count;
        cur = next, cur_list = next_list, cur_count = kept;
        next = spare, next_list = spare_list;
    }
    for (uint32_t k = 0; k < cur_count; k++)
        cur[cur_list[k]] = (lanes){0};
    if (too_far)
        return -1;
    for (int i = 0; i < source_count; i++) {
        steps[i] = (uint8_t)lane_value(saved_steps, STEP_PLANES, i);
        num[i] = lane_value(saved_count, COUNT_PLANES, i);
    }
    return work;
}
