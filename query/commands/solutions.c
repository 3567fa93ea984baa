/* `klotski solutions LAYOUT...`: the solved layouts a layout can reach first, found by
 * the search of answer/search/solutions.h (SPEC.md), shared with the page with no
 * server. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer/search/solutions.h"
#include "answer/solutions_value.h"
#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "answer/report.h"

#define SOLUTION_MINIMAL 3 /* the list's column saying whether a solution lies min_steps away */

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
    struct search_watch watch = db_search_watch(db);
    struct solutions found;
    if (!solutions_find(layout->code, (size_t)group->size, &watch, &found))
        return EXIT_NOT_FOUND; /* the server's watch: the answer is not wanted any more */
    size_t minimal;
    *answer = solutions_value(layout->code, layout->min_steps, &found, &minimal);
    size_t count = found.count;
    solutions_free(&found);
    /* Where the database stores the counts, they must be the search's. */
    int status = check_stored(hex, "min_solution_num", layout->min_solution_num, minimal,
                              EXIT_ANSWERED);
    return check_stored(hex, "solution_num", layout->solution_num, count, status);
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
