/* Building blocks of a breadth-first walk over a graph in compact (CSR) form: members
 * numbered 0..count-1, the neighbours of member v in edges[edge_start[v] ..
 * edge_start[v + 1]).  The builder's class graphs and group graphs have that form; the
 * walks that find groups, depth layers, a group's members and the farthest phase's
 * source batches are built from these blocks, each keeping its own loop (what it does
 * on reaching a member differs), with no call per edge: everything here is inline.
 *
 * A walk over a large graph waits on memory, not on arithmetic, unless it looks ahead:
 * kl_walk_next asks the cache for the neighbour lists of members queued a few places
 * further on.  The usual loop:
 *
 *     kl_walk_init(&w, edge_start, edges, queue);
 *     kl_bitset_add(seen, start);
 *     kl_walk_push(&w, start);
 *     while (kl_walk_more(&w)) {
 *         uint32_t at = kl_walk_next(&w);
 *         ...
 *         kl_walk_expand(&w, seen, at);
 *     }
 *
 * A walk belongs to one thread; distinct walks may share the graph. */
#ifndef KLOTSKI_CORE_GRAPH_WALK_H
#define KLOTSKI_CORE_GRAPH_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "core/graph/bitset.h"

/* One breadth-first walk: the graph it walks and its queue.  queue[0 .. tail) are the
 * members reached so far in the order reached (by distance from the start members),
 * queue[head .. tail) those not yet expanded. */
struct kl_walk {
    const uint32_t *edge_start; /* count + 1 offsets into edges (borrowed) */
    const uint32_t *edges;      /* neighbour lists (borrowed) */
    uint32_t *queue;            /* room for every member (owned by the caller) */
    uint32_t head, tail;
};

/* Starts an empty walk over the graph (edge_start, edges) with the caller's queue
 * (room for each member once).  Call it again to reuse the queue for another walk. */
static inline void kl_walk_init(struct kl_walk *w, const uint32_t *edge_start,
                                const uint32_t *edges, uint32_t *queue)
{
    *w = (struct kl_walk){edge_start, edges, queue, 0, 0};
}

/* Queues member v, which the caller has marked as reached. */
static inline void kl_walk_push(struct kl_walk *w, uint32_t v)
{
    w->queue[w->tail++] = v;
}

/* Returns true while some queued member is not yet expanded. */
static inline bool kl_walk_more(const struct kl_walk *w)
{
    return w->head < w->tail;
}

/* Returns the next queued member (kl_walk_more must be true), after asking the cache for
 * the neighbour list of the member queued AHEAD places later and for the offsets of one
 * twice as far.  Always inlined: as a call, gcc finds the prefetches have no effect and
 * drops them. */
static inline __attribute__((always_inline)) uint32_t kl_walk_next(struct kl_walk *w)
{
    enum { AHEAD = 8 };
    if (w->head + 2 * AHEAD < w->tail)
        __builtin_prefetch(&w->edge_start[w->queue[w->head + 2 * AHEAD]]);
    if (w->head + AHEAD < w->tail)
        __builtin_prefetch(&w->edges[w->edge_start[w->queue[w->head + AHEAD]]]);
    return w->queue[w->head++];
}

/* Queues every neighbour of member `at` not yet in the bitset `seen`, adding it there.
 * The members queued are queue[tail before the call .. tail after). */
static inline void kl_walk_expand(struct kl_walk *w, uint64_t *seen, uint32_t at)
{
    for (uint32_t e = w->edge_start[at]; e < w->edge_start[at + 1]; e++) {
        uint32_t to = w->edges[e];
        if (!kl_bitset_has(seen, to)) {
            kl_bitset_add(seen, to);
            w->queue[w->tail++] = to;
        }
    }
}

/* Like kl_walk_expand, over the targets of edges[begin .. end) (a part of a member's
 * list), without a branch on whether a target is new: each is written at the queue's end
 * and kept there only if new, so the queue needs room for one member more than the graph
 * has.  For walks where a target is new about as often as not (a member's few unit or
 * straight moves), there the branch is a coin toss to the predictor; over all of a
 * member's steps most targets were seen already, and kl_walk_expand's branch is cheaper
 * (the groups walk took 1.16-1.17 s with this one, 1.05-1.09 s with that). */
static inline void kl_walk_expand_edges(struct kl_walk *w, uint64_t *seen, uint32_t begin,
                                        uint32_t end)
{
    uint32_t tail = w->tail;
    for (uint32_t e = begin; e < end; e++) {
        uint32_t to = w->edges[e];
        uint64_t *word = &seen[to / KL_BITSET_WORD_BITS];
        uint64_t bit = 1ull << (to % KL_BITSET_WORD_BITS);
        w->queue[tail] = to;
        tail += !(*word & bit);
        *word |= bit;
    }
    w->tail = tail;
}

/* Like kl_walk_expand, for a walk that marks the members it reaches in an array instead
 * of a bitset: queues every neighbour of `at` whose mark differs from `stamp`, setting
 * its mark to `stamp`.  Walks that reuse one array for many walks (a new stamp each)
 * or that mark in an array they need anyway use this one. */
static inline void kl_walk_expand_stamped(struct kl_walk *w, uint32_t *mark, uint32_t stamp,
                                          uint32_t at)
{
    for (uint32_t e = w->edge_start[at]; e < w->edge_start[at + 1]; e++) {
        uint32_t to = w->edges[e];
        if (mark[to] != stamp) {
            mark[to] = stamp;
            w->queue[w->tail++] = to;
        }
    }
}

#endif
