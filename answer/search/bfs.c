#include "answer/search/bfs.h"

#include <stdlib.h>
#include <string.h>

#include "answer/report.h"
#include "answer/search/code_list.h"
#include "core/moves.h"

#define MIN_CAPACITY 1024
#define MIN_LEVELS 64
#define WATCH_EVERY 4096 /* layouts expanded between two questions to the watch: about a
                            millisecond, and a poll(2) costs a microsecond */

static void add_node(struct bfs *b, kl_raw raw, uint32_t parent)
{
    if (b->count == b->capacity) {
        b->capacity *= 2;
        b->nodes = xrealloc(b->nodes, b->capacity * sizeof *b->nodes);
        b->parent = xrealloc(b->parent, b->capacity * sizeof *b->parent);
    }
    b->nodes[b->count] = raw;
    b->parent[b->count++] = parent;
}

static void end_level(struct bfs *b)
{
    if ((size_t)b->levels == b->level_capacity) {
        b->level_capacity *= 2;
        b->level_end = xrealloc(b->level_end, b->level_capacity * sizeof *b->level_end);
    }
    b->level_end[b->levels++] = b->count;
}

void bfs_run(struct bfs *b, kl_code start, size_t expected, const struct bfs_visitor *v)
{
    kl_raw raw;
    kl_code_to_raw(start, &raw);
    memset(b, 0, sizeof *b);
    b->capacity = expected > MIN_CAPACITY ? expected : MIN_CAPACITY;
    b->nodes = xmalloc(b->capacity * sizeof *b->nodes);
    b->parent = xmalloc(b->capacity * sizeof *b->parent);
    b->level_capacity = MIN_LEVELS;
    b->level_end = xmalloc(b->level_capacity * sizeof *b->level_end);
    if (kl_codemap_init(&b->index, expected) != 0)
        out_of_memory();
    uint32_t position = 0;
    kl_codemap_add(&b->index, start, &position);
    add_node(b, raw, 0);
    end_level(b);
    if (v->level_done && !v->level_done(v->context, b, 0))
        return;
    for (size_t begin = 0, end = b->count; begin < end; begin = end, end = b->count) {
        for (size_t i = begin; i < end; i++) {
            if (i % WATCH_EVERY == 0 && search_stop_asked(v->watch)) {
                b->stopped = true;
                return;
            }
            struct kl_step steps[KL_MAX_STEPS];
            kl_raw next[KL_MAX_STEPS];
            kl_code code[KL_MAX_STEPS];
            int n = kl_moves(b->nodes[i], v->metric, steps);
            for (int s = 0; s < n; s++) {
                next[s] = kl_step_apply(b->nodes[i], steps[s]);
                code[s] = kl_raw_to_code(next[s]);
                kl_codemap_prefetch(&b->index, code[s]);
            }
            for (int s = 0; s < n; s++) {
                position = (uint32_t)b->count;
                int added = kl_codemap_add(&b->index, code[s], &position);
                if (added < 0)
                    out_of_memory();
                if (added)
                    add_node(b, next[s], (uint32_t)i);
                if (v->edge)
                    v->edge(v->context, (uint32_t)i, position);
                if (v->step && position >= end)
                    v->step(v->context, b, (uint32_t)i, position);
            }
        }
        if (b->count == end)
            break;
        end_level(b);
        if (v->level_done && !v->level_done(v->context, b, b->levels - 1))
            break;
    }
}

void bfs_free(struct bfs *b)
{
    free(b->nodes);
    free(b->parent);
    free(b->level_end);
    kl_codemap_free(&b->index);
}

kl_code *bfs_farthest(kl_code start, size_t expected, const struct search_watch *watch, size_t *count,
                      int *distance)
{
    struct bfs search;
    bfs_run(&search, start, expected, &(struct bfs_visitor){.watch = watch});
    if (search.stopped) {
        bfs_free(&search);
        return NULL;
    }
    *distance = search.levels - 1;
    size_t begin = bfs_level_begin(&search, *distance);
    *count = search.count - begin;
    kl_code *farthest = xmalloc(*count * sizeof *farthest);
    for (size_t i = 0; i < *count; i++)
        farthest[i] = kl_raw_to_code(search.nodes[begin + i]);
    bfs_free(&search);
    sort_codes(farthest, *count);
    return farthest;
}
