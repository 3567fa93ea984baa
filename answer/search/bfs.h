/* Breadth-first search over the step graph from one layout, through its whole group
 * (core's step generator and a kl_codemap, no database nor pack): the distances behind
 * farthest, path and solutions, for the query tool and the page with no server alike. */
#ifndef KLOTSKI_ANSWER_SEARCH_BFS_H
#define KLOTSKI_ANSWER_SEARCH_BFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/code.h"
#include "core/moves.h"
#include "core/graph/codemap.h"

struct bfs {
    kl_raw *nodes;       /* the layouts reached, by distance; nodes[0] is the start */
    uint32_t *parent;    /* parent[i]: the node nodes[i] was first reached from */
    size_t count;
    size_t *level_end;   /* nodes at distance d: from level_end[d-1] (0 for d = 0) to
                            level_end[d] - 1 */
    int levels;          /* distances 0 .. levels-1 were reached */
    bool stopped;        /* the visitor's watch stopped the search before its end */
    size_t capacity, level_capacity;
    struct kl_codemap index; /* code of a layout -> its position in nodes */
};

/* Asked every few milliseconds of a long search whether to stop it (the server's
 * deadline, a page's progress line): stop(context) returns true to stop.  A watch whose
 * stop is NULL never stops a search. */
struct search_watch {
    bool (*stop)(void *context);
    void *context;
};

/* Whether the watch `watch` (NULL: none) asks to stop now. */
static inline bool search_stop_asked(const struct search_watch *watch)
{
    return watch && watch->stop && watch->stop(watch->context);
}

/* What a caller may learn while the search runs; any member may be NULL. */
struct bfs_visitor {
    /* Called for each step from node `from` to node `to` one step farther from the start
     * (whether `to` was reached before through another node or not). */
    void (*step)(void *context, const struct bfs *search, uint32_t from, uint32_t to);
    /* Called for every step, from node `from` to node `to` wherever it lies: each node's
     * steps together, the nodes in order of position (the search's graph). */
    void (*edge)(void *context, uint32_t from, uint32_t to);
    /* Called once every layout at distance `level` and every step into them is known.
     * Returns false to end the search there. */
    bool (*level_done)(void *context, const struct bfs *search, int level);
    void *context;
    enum kl_metric metric; /* the moves the search makes (core/moves.h); 0 is the step */
    const struct search_watch *watch; /* when not NULL, asked every few milliseconds
                                         whether to stop: then the search ends, `stopped`
                                         set */
};

/* Searches from the layout `start` (a legal code) until the group is exhausted or the visitor
 * stops it; expected (the group size, when known) sizes the memory.  Free the result
 * with bfs_free. */
void bfs_run(struct bfs *search, kl_code start, size_t expected, const struct bfs_visitor *visitor);

void bfs_free(struct bfs *search);

/* The layouts of its group farthest from the layout `start` (a legal code): searches the
 * whole group (expected: its size, when known) and returns their codes ascending (a
 * malloc'd array; free it), their number in *count and their distance in *distance; or
 * NULL when `watch` (NULL: none) stopped the search. */
kl_code *bfs_farthest(kl_code start, size_t expected, const struct search_watch *watch, size_t *count,
                      int *distance);

/* First position of distance `level` in nodes. */
static inline size_t bfs_level_begin(const struct bfs *search, int level)
{
    return level > 0 ? search->level_end[level - 1] : 0;
}

#endif
