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

/* The search from `start` with the passed layouts marked, through the whole group or
 * only as far as a solution may lie.  Returns false (nothing to free) when the watch
 * stopped it. */
static bool search_passing(kl_code start, size_t expected, bool whole_group, const struct search_watch *watch,
                           struct bfs *search, struct passing *passing)
{
    size_t room = expected > 0 ? expected : 1;
    *passing = (struct passing){xcalloc(room, sizeof(bool)), room};
    bfs_run(search, start, expected,
            &(struct bfs_visitor){.step = mark_passing, .level_done = whole_group ? NULL : any_open_path,
                                  .context = passing, .watch = watch});
    if (!search->stopped)
        return true;
    bfs_free(search);
    free(passing->passed);
    return false;
}

/* Whether the node at `i` is a solution. */
static bool is_solution(const struct bfs *search, const struct passing *passing, size_t i)
{
    return !passing->passed[i] && raw_is_solved(search->nodes[i]);
}

bool solutions_find(kl_code start, size_t expected, const struct search_watch *watch, struct solutions *found)
{
    struct bfs search;
    struct passing passing;
    if (!search_passing(start, expected, false, watch, &search, &passing))
        return false;
    *found = (struct solutions){xmalloc(search.count * sizeof *found->codes),
                                xmalloc(search.count * sizeof *found->distances), 0};
    for (int level = 0; level < search.levels; level++) {
        size_t first = found->count;
        for (size_t i = bfs_level_begin(&search, level); i < search.level_end[level]; i++)
            if (is_solution(&search, &passing, i)) {
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

bool layout_search_facts(kl_code start, size_t expected, const struct search_watch *watch,
                         struct layout_search_facts *facts)
{
    struct bfs search;
    struct passing passing;
    if (!search_passing(start, expected, true, watch, &search, &passing))
        return false;
    struct layout_search_facts f = {.group_size = (long long)search.count, .min_solution_num = -1,
                                    .solution_num = -1, .farthest_steps = search.levels - 1};
    f.farthest_num = (long long)(search.count - bfs_level_begin(&search, search.levels - 1));
    for (int level = 0; level < search.levels; level++)
        for (size_t i = bfs_level_begin(&search, level); i < search.level_end[level]; i++) {
            f.group_index += kl_raw_to_code(search.nodes[i]) < start;
            if (!is_solution(&search, &passing, i))
                continue;
            if (f.solution_num < 0) { /* the nearest solutions: at this level */
                f.solution_num = f.min_solution_num = 0;
                for (size_t j = i; j < search.level_end[level]; j++)
                    f.min_solution_num += is_solution(&search, &passing, j);
            }
            f.solution_num++;
        }
    bfs_free(&search);
    free(passing.passed);
    *facts = f;
    return true;
}
