#include "answer/search/solutions.h"

#include <stdlib.h>
#include <string.h>

#include "answer/report.h"
#include "answer/search/code_list.h"

static bool raw_is_solved(kl_raw raw)
{
    return kl_raw_cell(raw, KL_SOLVED_KING_ADDR) == KL_CELL_KING_ANCHOR;
}

struct passing {
    bool *passed; /* by node position */
    size_t capacity;
};

static void mark_passing(void *context, const struct bfs *search, uint32_t from, uint32_t to)
{
    struct passing *p = context;
    if (to >= p->capacity) {
        size_t old = p->capacity;
        p->capacity = 2 * ((size_t)to + 1);
        p->passed = xrealloc(p->passed, p->capacity * sizeof *p->passed);
        memset(p->passed + old, 0, (p->capacity - old) * sizeof *p->passed);
    }
    if (p->passed[from] || raw_is_solved(search->nodes[from]))
        p->passed[to] = true;
}

/* Whether a layout at distance `level` can still lead to a solution. */
static bool any_open_path(void *context, const struct bfs *search, int level)
{
    const struct passing *p = context;
    for (size_t i = bfs_level_begin(search, level); i < search->level_end[level]; i++)
        if (!p->passed[i] && !raw_is_solved(search->nodes[i]))
            return true;
    return false;
}

bool solutions_find(kl_code start, size_t expected, const struct search_watch *watch, struct solutions *found)
{
    size_t room = expected > 0 ? expected : 1;
    struct passing passing = {xcalloc(room, sizeof(bool)), room};
    struct bfs search;
    bfs_run(&search, start, expected,
            &(struct bfs_visitor){.step = mark_passing, .level_done = any_open_path, .context = &passing,
                                  .watch = watch});
    if (search.stopped) {
        bfs_free(&search);
        free(passing.passed);
        return false;
    }
    *found = (struct solutions){xmalloc(search.count * sizeof *found->codes),
                                xmalloc(search.count * sizeof *found->distances), 0};
    for (int level = 0; level < search.levels; level++) {
        size_t first = found->count;
        for (size_t i = bfs_level_begin(&search, level); i < search.level_end[level]; i++)
            if (!passing.passed[i] && raw_is_solved(search.nodes[i])) {
                found->codes[found->count] = kl_raw_to_code(search.nodes[i]);
                found->distances[found->count++] = level;
            }
        /* the search's order within a distance is not code order */
        sort_codes(found->codes + first, found->count - first);
    }
    bfs_free(&search);
    free(passing.passed);
    return true;
}

void solutions_free(struct solutions *found)
{
    free(found->codes);
    free(found->distances);
    *found = (struct solutions){0};
}
