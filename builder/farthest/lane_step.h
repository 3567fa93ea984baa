/* The per-member, per-level step of the farthest phase's searches on a GPU, written once
 * for both compilers: nvcc builds it into the kernels of gpu.cu, gcc into the unit tests
 * that run it on the CPU against core/graph/bitparallel_bfs.c.  It is that file's search
 * in dense form: every member holds its lanes at every level (zero where the level does
 * not reach it), so that one thread per word of a member's lanes needs no frontier
 * bitmap, no candidate list and no clearing between levels.
 *
 * Layout: word w (0 .. LANE_WORDS - 1) of member v's lanes lies at [v * LANE_WORDS + w];
 * lane i is bit i % 64 of word i / 64, as in bitparallel_bfs.c. */
#ifndef KLOTSKI_BUILDER_FARTHEST_LANE_STEP_H
#define KLOTSKI_BUILDER_FARTHEST_LANE_STEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/graph/bitparallel_bfs.h"

#ifdef __CUDACC__
#define LANE_STEP static inline __host__ __device__
#else
#define LANE_STEP static inline
#endif

#define LANE_WORD_BITS 64
#define LANE_WORDS (BFS_LANES / LANE_WORD_BITS)

/* One level t of a pass over one group graph, as the step reads and writes it. */
struct lane_level {
    uint32_t count;              /* members */
    const uint32_t *edge_start;  /* the group graph's (core/graph/group_graph.h) */
    const uint32_t *edges;
    const uint64_t *cur;         /* the frontier of level t */
    const uint64_t *prev;        /* of level t - 1 (all zero at level 0) */
    uint64_t *next;              /* of level t + 1: may be prev, since the step of member
                                    v reads prev only at v, before writing it */
    /* Solution searches only (lane_pull_clean): */
    const uint64_t *clean_cur;   /* per member: its lanes of level t clean there */
    uint64_t *clean_next;        /* the same for level t + 1; never clean_cur */
    const uint64_t *target;      /* the target set, a bit per member (core/graph/bitset.h) */
    uint64_t live[LANE_WORDS];   /* the lanes still searched */
    uint64_t twice[LANE_WORDS];  /* the lanes that count twice */
};

LANE_STEP int lane_popcount(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return __popcll(x);
#else
    return __builtin_popcountll(x);
#endif
}

/* Word w of the lanes that reach member v first at level t + 1: in an undirected graph a
 * lane at a neighbour at level t reached v at t - 1, t or t + 1, so the new ones are those
 * of its neighbours but v's own at t and t - 1. */
LANE_STEP uint64_t lane_pull(const struct lane_level *l, uint32_t v, int w)
{
    uint64_t x = 0;
    for (uint32_t e = l->edge_start[v]; e < l->edge_start[v + 1]; e++)
        x |= l->cur[(size_t)l->edges[e] * LANE_WORDS + w];
    size_t at = (size_t)v * LANE_WORDS + w;
    return x & ~l->cur[at] & ~l->prev[at];
}

/* lane_pull for a solution search: returns word w of the live lanes new to member v at
 * level t + 1, and sets *clean to those of them clean at v (a lane is clean there when it
 * is clean at every neighbour it comes from; none is clean at a target, where the lanes'
 * solutions end). */
LANE_STEP uint64_t lane_pull_clean(const struct lane_level *l, uint32_t v, int w,
                                   uint64_t *clean)
{
    uint64_t x = 0, dirty = 0;
    for (uint32_t e = l->edge_start[v]; e < l->edge_start[v + 1]; e++) {
        size_t at_u = (size_t)l->edges[e] * LANE_WORDS + w;
        uint64_t lanes = l->cur[at_u];
        x |= lanes;
        dirty |= lanes & ~l->clean_cur[at_u];
    }
    size_t at = (size_t)v * LANE_WORDS + w;
    x &= ~l->cur[at] & ~l->prev[at] & l->live[w];
    bool is_target = l->target[v / 64] >> (v % 64) & 1;
    *clean = is_target ? 0 : x & ~dirty;
    return x;
}

/* The solutions that word w of a member's clean lanes adds to its count. */
LANE_STEP uint32_t lane_clean_count(const struct lane_level *l, int w, uint64_t clean)
{
    return (uint32_t)(lane_popcount(clean) + lane_popcount(clean & l->twice[w]));
}

/* Adds to counts[b] one for each bit b of `ending` set in word w of member v's lanes in
 * frontier: the members at a level of the lanes whose search ends there. */
LANE_STEP void lane_tally(const uint64_t *frontier, uint32_t v, int w, uint64_t ending,
                          uint32_t counts[LANE_WORD_BITS])
{
    for (uint64_t bits = frontier[(size_t)v * LANE_WORDS + w] & ending; bits;
         bits &= bits - 1) {
#ifdef __CUDA_ARCH__
        counts[__ffsll((long long)bits) - 1]++;
#else
        counts[__builtin_ctzll(bits)]++;
#endif
    }
}

#endif
