#include "builder/farthest/lane_pass.h"

#include <string.h>

static bool any_lane(const uint64_t x[LANE_WORDS])
{
    uint64_t any = 0;
    for (int w = 0; w < LANE_WORDS; w++)
        any |= x[w];
    return any != 0;
}

/* The lanes 0 .. count - 1. */
static void first_lanes(int count, uint64_t lanes[LANE_WORDS])
{
    memset(lanes, 0, sizeof(uint64_t) * LANE_WORDS);
    for (int i = 0; i < count; i++)
        lanes[i / LANE_WORD_BITS] |= 1ull << (i % LANE_WORD_BITS);
}

void lane_level_at(struct lane_level *l, int level, uint64_t *const frontier[2],
                   uint64_t *const clean[2], const uint64_t live[LANE_WORDS])
{
    l->cur = frontier[level & 1];
    l->prev = l->next = frontier[(level + 1) & 1];
    l->clean_cur = clean[level & 1];
    l->clean_next = clean[(level + 1) & 1];
    memcpy(l->live, live, sizeof l->live);
}

int lane_eccentricity(const struct lane_backend *b, const struct group_graph *gg,
                      const uint32_t *sources, int count, uint16_t *steps, uint32_t *num)
{
    uint64_t reached[LANE_WORDS], all[LANE_WORDS];
    first_lanes(count, reached);
    memset(all, 0xff, sizeof all);
    if (b->start(b->context, gg, sources, count, NULL, NULL) != 0)
        return -1;
    for (int level = 0; any_lane(reached); level++) {
        if (level >= (int)gg->count) /* no distance is that long: edges are one-way */
            return -1;
        uint64_t next[LANE_WORDS] = {0}, ending[LANE_WORDS];
        if (b->pull(b->context, level, all, next) != 0)
            return -1;
        for (int w = 0; w < LANE_WORDS; w++)
            ending[w] = reached[w] & ~next[w];
        if (any_lane(ending)) {
            uint32_t counts[BFS_LANES] = {0};
            if (b->tally(b->context, level, ending, counts) != 0)
                return -1;
            for (int lane = 0; lane < BFS_LANES; lane++)
                if (ending[lane / LANE_WORD_BITS] >> (lane % LANE_WORD_BITS) & 1) {
                    steps[lane] = (uint16_t)level;
                    num[lane] = counts[lane];
                }
        }
        memcpy(reached, next, sizeof reached);
    }
    return 0;
}

int lane_solutions(const struct lane_backend *b, const struct group_graph *gg,
                   const uint32_t *sources, const bool *twice, int count,
                   const uint64_t *targets, uint32_t *solutions)
{
    uint64_t live[LANE_WORDS];
    first_lanes(count, live);
    if (b->start(b->context, gg, sources, count, twice, targets) != 0)
        return -1;
    for (int level = 0; any_lane(live); level++) {
        if (level >= (int)gg->count) /* no distance is that long: edges are one-way */
            return -1;
        uint64_t live_next[LANE_WORDS] = {0};
        if (b->pull(b->context, level, live, live_next) != 0)
            return -1;
        memcpy(live, live_next, sizeof live);
    }
    return b->collect(b->context, solutions);
}
