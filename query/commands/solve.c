/* `klotski solve LAYOUT...`: a minimal-step solution read off the stored min_steps
 * (query/search/solution.h). */
#include <stddef.h>
#include <stdlib.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "core/classic.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "answer/report.h"
#include "answer/route_value.h"
#include "query/render/route.h"
#include "query/search/solution.h"

struct solve_options {
    bool codes, html;
};

static const struct solve_options option_defaults;

static const struct command_option solve_option_table[] = {
    {.name = "codes", .kind = OPTION_FLAG, .offset = offsetof(struct solve_options, codes),
     .help = "print just the codes of the layouts on the way, one per line,\n"
             "from LAYOUT to the solved layout"},
    {.name = "html", .kind = OPTION_FLAG, .offset = offsetof(struct solve_options, html),
     .help = "print instead a self-contained web page that plays the solution:\n"
             "buttons, arrow keys, a slider, play/pause and the list of steps"},
    {NULL},
};

int solve_answer(struct db *db, const struct kl_db_layout_row *layout, bool with_start,
                 struct answer_value *answer)
{
    int status;
    kl_code *route = solution_route(db, layout, &status);
    if (!route)
        return status;
    *answer = route_value(route, (size_t)layout->min_moves[db_metric(db)] + 1, db_metric(db), with_start);
    free(route);
    return EXIT_ANSWERED;
}

static int solve_layout(struct db *db, const void *given, const struct kl_db_layout_row *layout,
                        const struct kl_db_group_row *group)
{
    (void)group;
    const struct solve_options *options = given;
    int status;
    kl_code *route = solution_route(db, layout, &status);
    if (!route)
        return status;
    size_t count = (size_t)layout->min_moves[db_metric(db)] + 1;
    if (options->html) {
        char names[KL_CLASSIC_NAMES_SIZE];
        picture_solution(route, count, db_metric(db), kl_classic_names_of(layout->code, names) ? names : NULL);
    }
    else
        route_print(route, count, db_metric(db), options->codes);
    free(route);
    return EXIT_ANSWERED;
}

static int check_solve(const void *given)
{
    const struct solve_options *options = given;
    return picture_check_request(false, options->html, options->codes);
}

static int run_solve(struct db *db, const struct request *req)
{
    const struct solve_options *options = req->options;
    if (picture_check_one_input(options->html ? "--html" : NULL, req) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    return input_each_layout(db, req, solve_layout);
}

const struct command command_solve = {
    .name = "solve",
    .synopsis = "solve [--codes] LAYOUT... | solve --html LAYOUT",
    .summary = "a minimal-step solution, step by step",
    .not_found = "an unsolvable layout, or one not in the database",
    .help = "Prints a minimal-step solution of each LAYOUT: numbered steps, each naming the\n"
            "piece (K 2x2, H horizontal, V vertical, o 1x1), the row and column it stood at,\n"
            "the directions and distance it slides, and the board after it.  Exits 1 for an\n"
            "unsolvable layout.  Under --metric straight or unit, a minimal solution in\n"
            "that metric, each move one straight slide or one cell.\n",
    .options = solve_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_solve,
    .run = run_solve,
};
