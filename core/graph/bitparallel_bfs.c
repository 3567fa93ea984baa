#include "core/graph/bitparallel_bfs.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/graph/bitset.h"

#define WORD_BITS 64 /* bits in one word of a lane vector */
#define LANE_WORDS (BFS_LANES / WORD_BITS)
#define COUNT_PLANES 21 /* bit-sliced counters up to 2^21 - 1, above any group's size */
#define HUGE_PAGE (2u << 20)

/* The searching functions are compiled once per vector unit and picked at load time:
 * the wider the unit, the fewer instructions per lane operation.  Clang 14 names the
 * dispatcher of such a function NAME.ifunc, which no other file can call, so its builds
 * (the fuzz targets, which reach the search through the query tool) take the default
 * code alone. */
#if defined(__clang__)
#define VECTOR_CLONES
#else
#define VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#endif

/* One bit per source; GCC lowers the operators to whatever vector unit it targets.
 * 512 lanes make one cache line per member: wider batches cost more in memory than they
 * save in passes, narrower ones pay the per-level bookkeeping more often. */
typedef uint64_t lanes __attribute__((vector_size(BFS_LANES / 8)));

/* The frontier of level t lives in frontier[t & 1]; an entry is valid only where the
 * bitmap in_frontier[t % 3] has the member's bit, so nothing needs clearing between
 * levels but these bitmaps.  A member is searched from at level t only when
 * candidate[t & 1] marks it as a neighbour of the level-t frontier. */
struct bfs_scratch {
    uint32_t max_count;
    lanes *frontier[2];
    uint64_t *in_frontier[3];
    uint64_t *candidate[2];
    /* The clean lanes of solution_bfs's level t (see struct clean_lanes): a frontier
     * member whose lanes are all clean has its bit in all_clean[t & 1]; one with some
     * clean and some not has its bit in some_clean[t & 1] and its clean lanes in
     * clean[t & 1]; one with none, neither.  Most are of the first kind or the last, so
     * the lane vectors are seldom read or written. */
    uint64_t *all_clean[2], *some_clean[2];
    lanes *clean[2];
    int (*stop)(void *context); /* bfs_scratch_watch's; NULL: never asked */
    void *stop_context;
};

void bfs_scratch_watch(struct bfs_scratch *s, int (*stop)(void *context), void *context)
{
    s->stop = stop;
    s->stop_context = context;
}

/* What solution_bfs carries beside the frontier.  A lane is "clean" at a member of its
 * frontier when no shortest path from its source to the member passes a target after
 * the source: it is clean there when it is clean, and not a target, at every neighbour
 * it came from (a source counts as clean in its own lane). */
struct clean_lanes {
    const uint64_t *target;
    lanes twice;      /* lanes that count twice */
    uint32_t *count;  /* per member: clean lanes seen there, as solution_bfs says */
    lanes live;       /* lanes clean at some non-target of the current level: the others
                         can reach no solution any more, and the search drops them */
    lanes live_next;  /* the same for the level being pulled */
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
    size_t words = kl_bitset_words(max_count), members = (size_t)max_count + 1;
    bool allocated = true;
    for (int k = 0; k < 3; k++)
        allocated &= (s->in_frontier[k] = malloc(sizeof(uint64_t) * words)) != NULL;
    for (int k = 0; k < 2; k++) {
        allocated &= (s->frontier[k] = huge_alloc(sizeof(lanes) * members)) != NULL;
        allocated &= (s->candidate[k] = malloc(sizeof(uint64_t) * words)) != NULL;
        allocated &= (s->all_clean[k] = malloc(sizeof(uint64_t) * words)) != NULL;
        allocated &= (s->some_clean[k] = malloc(sizeof(uint64_t) * words)) != NULL;
        /* Only solution_bfs touches it, and only where lanes are mixed: pages never
         * touched cost no memory. */
        allocated &= (s->clean[k] = huge_alloc(sizeof(lanes) * members)) != NULL;
    }
    if (!allocated) {
        bfs_scratch_free(s);
        return NULL;
    }
    return s;
}

void bfs_scratch_free(struct bfs_scratch *s)
{
    if (!s)
        return;
    for (int k = 0; k < 3; k++)
        free(s->in_frontier[k]);
    for (int k = 0; k < 2; k++) {
        free(s->frontier[k]);
        free(s->candidate[k]);
        free(s->all_clean[k]);
        free(s->some_clean[k]);
        free(s->clean[k]);
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

static inline uint32_t lanes_set(const lanes *x)
{
    uint32_t n = 0;
    for (int w = 0; w < LANE_WORDS; w++)
        n += (uint32_t)__builtin_popcountll((*x)[w]);
    return n;
}

static uint32_t lane_value(const lanes *planes, int plane_count, int lane)
{
    uint32_t v = 0;
    for (int p = 0; p < plane_count; p++)
        v |= (uint32_t)(planes[p][lane / WORD_BITS] >> (lane % WORD_BITS) & 1) << p;
    return v;
}

static inline void mark_neighbours(const struct group_graph *gg, uint32_t v,
                                   uint64_t *candidate)
{
    for (uint32_t e = gg->edge_start[v]; e < gg->edge_start[v + 1]; e++)
        kl_bitset_add(candidate, gg->edges[e]);
}

/* Member v, new to the lanes x at `level`, is dirty in the lanes `dirty`: counts its clean
 * lanes unless it is a target (then they end there) and records them for the next level. */
static inline void keep_clean(struct bfs_scratch *s, int level, struct clean_lanes *cl,
                              uint32_t v, const lanes *x, const lanes *dirty)
{
    lanes clean = *x & ~*dirty, mixed = *x & *dirty, twice = clean & cl->twice;
    if (is_zero(&clean) || kl_bitset_has(cl->target, v))
        return;
    cl->count[v] += lanes_set(&clean) + lanes_set(&twice);
    cl->live_next |= clean;
    if (is_zero(&mixed)) {
        kl_bitset_add(s->all_clean[level & 1], v);
    } else {
        s->clean[level & 1][v] = clean;
        kl_bitset_add(s->some_clean[level & 1], v);
    }
}

/* One level, pulled: every candidate, in member order so that neighbours are read near
 * each other, gathers the level-`level` frontier of its neighbours, keeps the lanes new
 * to it and becomes part of the next frontier.  In an undirected graph a neighbour of a
 * member at distance d lies at d-1, d or d+1, so the lanes already seen at a member are
 * those of its own last two frontiers.  ORs the lanes of the new level into reached.
 * With cl (a constant NULL where inlined without), also carries the clean lanes. */
static inline __attribute__((always_inline)) void
pull_members(const struct group_graph *gg, struct bfs_scratch *s, int level, lanes *reached,
             struct clean_lanes *cl)
{
    const lanes *cur = s->frontier[level & 1];
    lanes *next = s->frontier[(level + 1) & 1];
    const uint64_t *in_cur = s->in_frontier[level % 3];
    const uint64_t *in_prev = s->in_frontier[(level + 2) % 3];
    uint64_t *in_next = s->in_frontier[(level + 1) % 3];
    uint64_t *candidate = s->candidate[level & 1];
    uint64_t *next_candidate = s->candidate[(level + 1) & 1];
    uint32_t words = kl_bitset_words(gg->count);
    kl_bitset_clear(in_next, gg->count);
    if (cl) {
        kl_bitset_clear(s->all_clean[(level + 1) & 1], gg->count);
        kl_bitset_clear(s->some_clean[(level + 1) & 1], gg->count);
        cl->live_next = (lanes){0};
    }
    for (uint32_t word = 0; word < words; word++) {
        uint64_t bits = candidate[word];
        candidate[word] = 0;
        for (; bits; bits &= bits - 1) {
            uint32_t v = word * KL_BITSET_WORD_BITS + (uint32_t)__builtin_ctzll(bits);
            lanes x = {0}, dirty = {0};
            uint32_t end = gg->edge_start[v + 1];
            for (uint32_t e = gg->edge_start[v]; e < end; e++) {
                uint32_t u = gg->edges[e];
                if (!kl_bitset_has(in_cur, u))
                    continue;
                x |= cur[u];
                if (cl && !kl_bitset_has(s->all_clean[level & 1], u))
                    dirty |= kl_bitset_has(s->some_clean[level & 1], u)
                                 ? cur[u] & ~s->clean[level & 1][u]
                                 : cur[u];
            }
            if (kl_bitset_has(in_cur, v))
                x &= ~cur[v];
            if (kl_bitset_has(in_prev, v))
                x &= ~next[v];
            if (cl)
                x &= cl->live;
            if (is_zero(&x))
                continue;
            next[v] = x;
            kl_bitset_add(in_next, v);
            *reached |= x;
            mark_neighbours(gg, v, next_candidate);
            if (cl)
                keep_clean(s, level + 1, cl, v, &x, &dirty);
        }
    }
}

VECTOR_CLONES
static void pull_level(const struct group_graph *gg, struct bfs_scratch *s, int level,
                       lanes *reached)
{
    pull_members(gg, s, level, reached, NULL);
}

VECTOR_CLONES
static void pull_clean_level(const struct group_graph *gg, struct bfs_scratch *s, int level,
                             lanes *reached, struct clean_lanes *cl)
{
    pull_members(gg, s, level, reached, cl);
}

/* The lanes in `ending` reach no member beyond `level`: counts their members at that
 * level and stores it, with the level, as their result. */
VECTOR_CLONES
static void finish_lanes(const struct group_graph *gg, const struct bfs_scratch *s, int level,
                         const lanes *ending, uint16_t *steps, uint32_t *num)
{
    const lanes *frontier = s->frontier[level & 1];
    const uint64_t *in_frontier = s->in_frontier[level % 3];
    lanes planes[COUNT_PLANES] = {0};
    for (uint32_t word = 0; word < kl_bitset_words(gg->count); word++)
        for (uint64_t bits = in_frontier[word]; bits; bits &= bits - 1) {
            uint32_t v = word * KL_BITSET_WORD_BITS + (uint32_t)__builtin_ctzll(bits);
            lanes m = frontier[v] & *ending;
            count_lanes(planes, &m);
        }
    for (int w = 0; w < LANE_WORDS; w++)
        for (uint64_t bits = (*ending)[w]; bits; bits &= bits - 1) {
            int lane = w * WORD_BITS + __builtin_ctzll(bits);
            steps[lane] = (uint16_t)level;
            num[lane] = lane_value(planes, COUNT_PLANES, lane);
        }
}

/* Level 0 of a search from `source_count` distinct members sources[]: each holds its own
 * lane, and its neighbours are the candidates of level 1.  Sets *used to the lanes in use. */
static inline void start_search(const struct group_graph *gg, const uint32_t *sources,
                                int source_count, struct bfs_scratch *s, lanes *used)
{
    for (int k = 0; k < 3; k++)
        kl_bitset_clear(s->in_frontier[k], gg->count);
    for (int k = 0; k < 2; k++)
        kl_bitset_clear(s->candidate[k], gg->count);
    *used = (lanes){0};
    for (int i = 0; i < source_count; i++) {
        uint32_t v = sources[i];
        if (!kl_bitset_has(s->in_frontier[0], v)) {
            s->frontier[0][v] = (lanes){0};
            kl_bitset_add(s->in_frontier[0], v);
            mark_neighbours(gg, v, s->candidate[0]);
        }
        s->frontier[0][v][i / WORD_BITS] |= 1ull << (i % WORD_BITS);
        (*used)[i / WORD_BITS] |= 1ull << (i % WORD_BITS);
    }
}

VECTOR_CLONES
int eccentricity_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                     struct bfs_scratch *s, uint16_t *steps, uint32_t *num)
{
    if (gg->count > s->max_count)
        return -1;
    lanes reached;
    start_search(gg, sources, source_count, s, &reached);
    for (int level = 0; !is_zero(&reached); level++) {
        if (level >= (int)gg->count) /* no distance is that long: edges are one-way */
            return -1;
        if (s->stop && s->stop(s->stop_context))
            return 1;
        lanes next_reached = {0};
        pull_level(gg, s, level, &next_reached);
        lanes ending = reached & ~next_reached;
        if (!is_zero(&ending))
            finish_lanes(gg, s, level, &ending, steps, num);
        reached = next_reached;
    }
    return 0;
}

VECTOR_CLONES
int solution_bfs(const struct group_graph *gg, const uint32_t *sources, const bool *twice,
                 int source_count, const uint64_t *targets, struct bfs_scratch *s,
                 uint32_t *count)
{
    if (gg->count > s->max_count)
        return -1;
    lanes used;
    start_search(gg, sources, source_count, s, &used);
    struct clean_lanes cl = {.target = targets, .count = count, .live = used};
    kl_bitset_clear(s->all_clean[0], gg->count);
    kl_bitset_clear(s->some_clean[0], gg->count);
    for (int i = 0; i < source_count; i++) {
        kl_bitset_add(s->all_clean[0], sources[i]);
        if (twice[i])
            cl.twice[i / WORD_BITS] |= 1ull << (i % WORD_BITS);
    }
    for (int level = 0; !is_zero(&cl.live); level++) {
        if (level >= (int)gg->count) /* no distance is that long: edges are one-way */
            return -1;
        lanes reached = {0};
        pull_clean_level(gg, s, level, &reached, &cl);
        cl.live = cl.live_next;
    }
    return 0;
}
