/* `klotski solutions LAYOUT...`: the solved layouts a layout can reach first.  A
 * breadth-first search marks a layout "passed" when some shortest path to it from the
 * start runs through a solved layout; the solutions are the solved layouts left unmarked
 * (SPEC.md).  The search stops at the first distance where every layout is passed or
 * solved, as nothing beyond can be a solution. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer/search/bfs.h"
#include "answer/search/code_list.h"
#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "answer/report.h"

/* True when a raw layout is solved (2x2 at address 13). */
static bool raw_is_solved(kl_raw raw)
{
    return kl_raw_cell(raw, KL_SOLVED_KING_ADDR) == KL_CELL_KING_ANCHOR;
}

struct passing {
    bool *passed;    /* by node position */
    size_t capacity;
};

static void mark_passing(void *context, const struct bfs *search, uint32_t from, uint32_t to)
{
    struct passing *p = context;
    if (to >= p->capacity) {
        size_t old = p->capacity;
        p->capacity = 2 * (to + 1);
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

static const char *const solution_columns[] = {"layout", "solution", "distance", "minimal", NULL};
#define SOLUTION_MINIMAL 3 /* the column saying whether a solution lies min_steps away */

/* The solutions found, by distance then code (the order of the search within a distance
 * is not code order). */
static struct table *solution_table(const struct bfs *search, const bool *passed, kl_code code, int min_steps,
                                    size_t *minimal_count)
{
    struct table *t = table_new(solution_columns);
    char layout[KL_CODE_TEXT_SIZE];
    kl_code_format(code, layout);
    *minimal_count = 0;
    for (int level = 0; level < search->levels; level++) {
        size_t begin = bfs_level_begin(search, level), count = 0;
        kl_code *found = xmalloc((search->level_end[level] - begin) * sizeof *found);
        for (size_t i = begin; i < search->level_end[level]; i++)
            if (!passed[i] && raw_is_solved(search->nodes[i]))
                found[count++] = kl_raw_to_code(search->nodes[i]);
        sort_codes(found, count);
        for (size_t i = 0; i < count; i++) {
            char hex[KL_CODE_TEXT_SIZE];
            kl_code_format(found[i], hex);
            table_text(t, layout);
            table_text(t, hex);
            table_number(t, level);
            table_bool(t, level == min_steps);
            *minimal_count += level == min_steps;
        }
        free(found);
    }
    return t;
}

/* The search's count `found` against the database's `stored` one (DB_NULL: none stored).
 * Returns `status`, or EXIT_NOT_FOUND after one line on stderr when they differ. */
static int check_stored(const char *hex, const char *column, int64_t stored, size_t found,
                        int status)
{
    if (stored == DB_NULL || stored == (int64_t)found)
        return status;
    return report(EXIT_NOT_FOUND, hex, "the database stores %s %lld, the search finds %zu: "
                  "the database is wrong; rebuild it", column, (long long)stored, found);
}

int solutions_answer(struct db *db, const struct kl_db_layout_row *layout, const struct kl_db_group_row *group,
                     struct answer_value *answer)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    if (layout->min_steps == DB_NULL)
        return report(EXIT_NOT_FOUND, hex, REPORT_UNSOLVABLE);
    struct passing passing = {xcalloc((size_t)group->size, sizeof(bool)), (size_t)group->size};
    struct search_watch watch = db_search_watch(db);
    struct bfs search;
    bfs_run(&search, layout->code, (size_t)group->size,
            &(struct bfs_visitor){.step = mark_passing, .level_done = any_open_path, .context = &passing,
                                  .watch = &watch});
    if (search.stopped) { /* the server's watch: the answer is not wanted any more */
        bfs_free(&search);
        free(passing.passed);
        return EXIT_NOT_FOUND;
    }
    size_t minimal;
    struct table *t = solution_table(&search, passing.passed, layout->code, layout->min_steps, &minimal);
    bfs_free(&search);
    free(passing.passed);
    static const char *const summary_columns[] = {"code", "min_steps", "solutions", "min_solutions", NULL};
    struct table *summary = table_new(summary_columns);
    table_text(summary, hex);
    table_number(summary, layout->min_steps);
    table_number(summary, (long long)table_rows(t));
    table_number(summary, (long long)minimal);
    *answer = (struct answer_value){summary, "solution_list", t};
    /* Where the database stores the counts, they must be the search's. */
    int status = check_stored(hex, "min_solution_num", layout->min_solution_num, minimal,
                              EXIT_ANSWERED);
    return check_stored(hex, "solution_num", layout->solution_num, table_rows(t), status);
}

static int solutions_of(struct db *db, const void *options, const struct kl_db_layout_row *layout,
                        const struct kl_db_group_row *group)
{
    (void)options; /* solutions takes none */
    struct answer_value answer = {0};
    int status = solutions_answer(db, layout, group, &answer);
    if (!answer.summary)
        return status;
    char hex[KL_CODE_TEXT_SIZE], headline[128];
    kl_code_format(layout->code, hex);
    size_t count = table_rows(answer.list), minimal = 0;
    for (size_t i = 0; i < count; i++)
        minimal += strcmp(table_cell_text(answer.list, i, SOLUTION_MINIMAL), "true") == 0;
    snprintf(headline, sizeof headline, "%s: %zu solution%s; %zu minimal, at %d steps", hex, count,
             count == 1 ? "" : "s", minimal, layout->min_steps);
    answer_print(headline, &answer);
    answer_value_free(&answer);
    return status;
}

static int run_solutions(struct db *db, const struct request *req)
{
    return input_each_layout(db, req, solutions_of);
}

const struct command command_solutions = {
    .name = "solutions",
    .synopsis = "solutions LAYOUT...",
    .summary = "the solved layouts a layout reaches first, with distances",
    .not_found = "unsolvable or not in the database, or a stored count is wrong",
    .help = "Lists the solutions of each LAYOUT with their distances: the solved layouts S such\n"
            "that no shortest path from LAYOUT to S passes another solved layout.  The minimal\n"
            "ones (min solutions) lie min_steps away.  Exits 1 for an unsolvable layout, and\n"
            "after one line on stderr when the database stores another solution count.\n",
    .run = run_solutions,
};
