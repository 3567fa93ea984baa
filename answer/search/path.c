#include "answer/search/path.h"

#include <stdlib.h>

#include "answer/report.h"

/* The search's target, and where its progress goes. */
struct target {
    kl_code code;
    size_t *searched;
};

/* bfs_run's level_done: the progress so far; stops once the search has reached the
 * target. */
static bool stop_at_target(void *context, const struct bfs *search, int level)
{
    (void)level;
    const struct target *target = context;
    if (target->searched)
        *target->searched = search->count;
    uint32_t position;
    return !kl_codemap_find(&search->index, target->code, &position);
}

/* The route from the search's start to node `position`, following first parents. */
static kl_code *route_to(const struct bfs *search, uint32_t position, size_t *length)
{
    size_t count = 1;
    for (uint32_t at = position; at != 0; at = search->parent[at])
        count++;
    kl_code *route = xmalloc(count * sizeof *route);
    size_t i = count;
    for (uint32_t at = position;; at = search->parent[at]) {
        route[--i] = kl_raw_to_code(search->nodes[at]);
        if (at == 0)
            break;
    }
    *length = count;
    return route;
}

bool path_find(kl_code from, kl_code to, size_t expected, enum kl_metric metric, const struct search_watch *watch,
               size_t *searched, kl_code **route, size_t *length)
{
    struct target target = {to, searched};
    struct bfs search;
    bfs_run(&search, from, expected,
            &(struct bfs_visitor){.level_done = stop_at_target, .context = &target, .metric = metric,
                                  .watch = watch});
    uint32_t position;
    bool found = !search.stopped;
    *route = NULL;
    *length = 0;
    if (found && kl_codemap_find(&search.index, to, &position))
        *route = route_to(&search, position, length);
    bfs_free(&search);
    return found;
}
