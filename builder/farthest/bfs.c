#include "builder/farthest/bfs.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/graph/bitset.h"

#define WORD_BITS 64 /* bits in one word of a lane vector */
#define LANE_WORDS (FARTHEST_LANES / WORD_BITS)
#define COUNT_PLANES 21 /* bit-sliced counters up to 2^21 - 1, above any group's size */
#define HUGE_PAGE (2u << 20)

/* The searching functions are compiled once per vector unit and picked at load time:
 * the wider the unit, the fewer instructions per lane operation. */
#define VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

/* One bit per source; GCC lowers the operators to whatever vector unit it targets.
 * 512 lanes make one cache line per member: wider batches cost more in memory than they
 * save in passes, narrower ones pay the per-level bookkeeping more often. */
typedef uint64_t lanes __attribute__((vector_size(FARTHEST_LANES / 8)));

/* The frontier of level t lives in frontier[t & 1]; an entry is valid only where the
 * bitmap in_frontier[t % 3] has the member's bit, so nothing needs clearing between
 * levels but these bitmaps.  A member is searched from at level t only when
 * candidate[t & 1] marks it as a neighbour of the level-t frontier. */
struct bfs_scratch {
    uint32_t max_count;
    lanes *frontier[2];
    uint64_t *in_frontier[3];
    uint64_t *candidate[2];
    /* Per target set, level t's clean lanes (see struct solution_lanes) in
     * clean[set][t & 1], valid where in_clean[set][t & 1] has the member's bit: stored
     * only where some lane is clean, so that the search reads them only there. */
    lanes *clean[TARGET_SETS][2];
    uint64_t *in_clean[TARGET_SETS][2];
};

/* The solution counts a search carries.  A lane is "clean" at a member of its frontier
 * when no shortest path from its source to the member passes a target before the member:
 * it is clean there when it is clean, and not a target, at every neighbour it came from.
 * Each target reached clean is a solution of the lane's source.  A set stops being
 * followed at the first level where no lane is clean at a non-target member. */
struct solution_lanes {
    const uint64_t *target[TARGET_SETS]; /* NULL: not counted */
    bool live[TARGET_SETS];              /* some lane clean at a non-target of the level */
    lanes planes[TARGET_SETS][COUNT_PLANES]; /* solutions so far, bit-sliced by lane */
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
        /* Touched only by searches that count solutions, and only as far as lanes stay
         * clean: untouched pages cost no memory. */
        for (int set = 0; set < TARGET_SETS; set++) {
            allocated &= (s->clean[set][k] = huge_alloc(sizeof(lanes) * members)) != NULL;
            allocated &= (s->in_clean[set][k] = malloc(sizeof(uint64_t) * words)) != NULL;
        }
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
        for (int set = 0; set < TARGET_SETS; set++) {
            free(s->clean[set][k]);
            free(s->in_clean[set][k]);
        }
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

/* One level, pulled: every candidate, in member order so that neighbours are read near
 * each other, gathers the level-`level` frontier of its neighbours, keeps the lanes new
 * to it and becomes part of the next frontier.  In an undirected graph a neighbour of a
 * member at distance d lies at d-1, d or d+1, so the lanes already seen at a member are
 * those of its own last two frontiers.  ORs the lanes of the new level into reached.
 * With sl (a constant NULL where inlined without), also carries the clean lanes of the
 * sets still live and counts the targets reached clean. */
static inline __attribute__((always_inline)) void
pull_members(const struct group_graph *gg, struct bfs_scratch *s, int level, lanes *reached,
             struct solution_lanes *sl)
{
    const lanes *cur = s->frontier[level & 1];
    lanes *next = s->frontier[(level + 1) & 1];
    const uint64_t *in_cur = s->in_frontier[level % 3];
    const uint64_t *in_prev = s->in_frontier[(level + 2) % 3];
    uint64_t *in_next = s->in_frontier[(level + 1) % 3];
    uint64_t *candidate = s->candidate[level & 1];
    uint64_t *next_candidate = s->candidate[(level + 1) & 1];
    uint32_t words = kl_bitset_words(gg->count);
    bool live[TARGET_SETS] = {false}, live_next[TARGET_SETS] = {false};
    for (int set = 0; sl && set < TARGET_SETS; set++)
        if ((live[set] = sl->live[set]))
            kl_bitset_clear(s->in_clean[set][(level + 1) & 1], gg->count);
    kl_bitset_clear(in_next, gg->count);
    for (uint32_t word = 0; word < words; word++) {
        uint64_t bits = candidate[word];
        candidate[word] = 0;
        for (; bits; bits &= bits - 1) {
            uint32_t v = word * KL_BITSET_WORD_BITS + (uint32_t)__builtin_ctzll(bits);
            lanes x = {0}, dirty[TARGET_SETS] = {{0}};
            uint32_t end = gg->edge_start[v + 1];
            for (uint32_t e = gg->edge_start[v]; e < end; e++) {
                uint32_t u = gg->edges[e];
                if (!kl_bitset_has(in_cur, u))
                    continue;
                x |= cur[u];
                for (int set = 0; sl && set < TARGET_SETS; set++)
                    if (live[set])
                        dirty[set] |= kl_bitset_has(s->in_clean[set][level & 1], u)
                                          ? cur[u] & ~s->clean[set][level & 1][u]
                                          : cur[u];
            }
            if (kl_bitset_has(in_cur, v))
                x &= ~cur[v];
            if (kl_bitset_has(in_prev, v))
                x &= ~next[v];
            if (is_zero(&x))
                continue;
            next[v] = x;
            kl_bitset_add(in_next, v);
            *reached |= x;
            mark_neighbours(gg, v, next_candidate);
            for (int set = 0; sl && set < TARGET_SETS; set++) {
                lanes clean = x & ~dirty[set];
                if (!live[set] || is_zero(&clean))
                    continue;
                if (kl_bitset_has(sl->target[set], v)) {
                    count_lanes(sl->planes[set], &clean);
                } else {
                    s->clean[set][(level + 1) & 1][v] = clean;
                    kl_bitset_add(s->in_clean[set][(level + 1) & 1], v);
                    live_next[set] = true;
                }
            }
        }
    }
    for (int set = 0; sl && set < TARGET_SETS; set++)
        sl->live[set] = live_next[set];
}

VECTOR_CLONES
static void pull_level(const struct group_graph *gg, struct bfs_scratch *s, int level,
                       lanes *reached)
{
    pull_members(gg, s, level, reached, NULL);
}

VECTOR_CLONES
static void pull_level_counting(const struct group_graph *gg, struct bfs_scratch *s,
                                int level, lanes *reached, struct solution_lanes *sl)
{
    pull_members(gg, s, level, reached, sl);
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

/* Level 0 of the solution lanes: a source is clean in its own lane, or, when it is a
 * target, its own solution. */
static void start_solution_lanes(const struct group_graph *gg, const uint32_t *sources,
                                 int source_count, struct bfs_scratch *s,
                                 struct solution_lanes *sl)
{
    for (int set = 0; set < TARGET_SETS; set++) {
        if (!sl->target[set])
            continue;
        kl_bitset_clear(s->in_clean[set][0], gg->count);
        for (int i = 0; i < source_count; i++) {
            uint32_t v = sources[i];
            lanes lane = {0};
            lane[i / WORD_BITS] = 1ull << (i % WORD_BITS);
            if (kl_bitset_has(sl->target[set], v)) {
                count_lanes(sl->planes[set], &lane);
                continue;
            }
            if (!kl_bitset_has(s->in_clean[set][0], v)) {
                s->clean[set][0][v] = (lanes){0};
                kl_bitset_add(s->in_clean[set][0], v);
            }
            s->clean[set][0][v] |= lane;
            sl->live[set] = true;
        }
    }
}

/* farthest_bfs, with the solution lanes sl (NULL: none). */
VECTOR_CLONES
static int search(const struct group_graph *gg, const uint32_t *sources, int source_count,
                  struct bfs_scratch *s, uint16_t *steps, uint32_t *num,
                  struct solution_lanes *sl)
{
    if (gg->count > s->max_count)
        return -1;
    for (int k = 0; k < 3; k++)
        kl_bitset_clear(s->in_frontier[k], gg->count);
    for (int k = 0; k < 2; k++)
        kl_bitset_clear(s->candidate[k], gg->count);
    lanes reached = {0};
    for (int i = 0; i < source_count; i++) {
        uint32_t v = sources[i];
        if (!kl_bitset_has(s->in_frontier[0], v)) {
            s->frontier[0][v] = (lanes){0};
            kl_bitset_add(s->in_frontier[0], v);
            mark_neighbours(gg, v, s->candidate[0]);
        }
        s->frontier[0][v][i / WORD_BITS] |= 1ull << (i % WORD_BITS);
        reached[i / WORD_BITS] |= 1ull << (i % WORD_BITS);
    }
    if (sl)
        start_solution_lanes(gg, sources, source_count, s, sl);
    for (int level = 0; !is_zero(&reached); level++) {
        if (level >= (int)gg->count) /* no distance is that long: edges are one-way */
            return -1;
        lanes next_reached = {0};
        if (sl && (sl->live[TARGET_SOLVED] || sl->live[TARGET_TOP]))
            pull_level_counting(gg, s, level, &next_reached, sl);
        else
            pull_level(gg, s, level, &next_reached);
        lanes ending = reached & ~next_reached;
        if (!is_zero(&ending))
            finish_lanes(gg, s, level, &ending, steps, num);
        reached = next_reached;
    }
    return 0;
}

int farthest_bfs(const struct group_graph *gg, const uint32_t *sources, int source_count,
                 struct bfs_scratch *s, uint16_t *steps, uint32_t *num)
{
    return search(gg, sources, source_count, s, steps, num, NULL);
}

int farthest_bfs_solutions(const struct group_graph *gg, const uint32_t *sources,
                           int source_count, const struct bfs_targets *targets,
                           struct bfs_scratch *s, uint16_t *steps, uint32_t *num,
                           uint32_t solutions[TARGET_SETS][FARTHEST_LANES])
{
    struct solution_lanes sl = {.target = {targets->member[TARGET_SOLVED],
                                           targets->member[TARGET_TOP]}};
    if (search(gg, sources, source_count, s, steps, num, &sl) != 0)
        return -1;
    for (int set = 0; set < TARGET_SETS; set++)
        for (int i = 0; sl.target[set] && i < source_count; i++)
            solutions[set][i] = lane_value(sl.planes[set], COUNT_PLANES, i);
    return 0;
}
