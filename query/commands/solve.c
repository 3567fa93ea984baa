/* `klotski solve LAYOUT...`: a minimal-step solution read off the stored depth layers.
 * From a layout d steps from solved, some step leads to a layout d-1 steps from solved;
 * looking up the min_steps of each neighbour finds one, so a solution costs about a
 * hundred rowid lookups and no search. */
#include <stdlib.h>

#include "query/commands/command.h"
#include "query/input/input.h"
#include "core/moves.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "query/report.h"
#include "query/render/route.h"

static struct {
    bool codes, html;
} options;

static const struct command_option solve_options[] = {
    {.name = "codes", .flag = &options.codes,
     .help = "print just the codes of the layouts on the way, one per line,\n"
             "from LAYOUT to the solved layout"},
    {.name = "html", .flag = &options.html,
     .help = "print instead a self-contained web page that plays the solution:\n"
             "buttons, arrow keys, a slider, play/pause and the list of steps"},
    {NULL},
};

/* Finds a neighbour of `code` whose min_steps is `steps`.  Returns false when none is. */
static bool step_closer(struct db *db, kl_code code, int steps, kl_code *next)
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    struct kl_step moves[KL_MAX_STEPS];
    int n = kl_steps(raw, moves);
    for (int i = 0; i < n; i++) {
        *next = kl_raw_to_code(kl_step_apply(raw, moves[i]));
        if (db_min_steps(db, *next) == steps)
            return true;
    }
    return false;
}

static int solve_layout(struct db *db, const struct layout_row *layout, const struct group_row *group)
{
    (void)group;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    int steps = layout->min_steps;
    if (steps == DB_NULL)
        return report(EXIT_NOT_FOUND, hex, "unsolvable: its group holds no solved layout");
    kl_code *route = xmalloc(((size_t)steps + 1) * sizeof *route);
    route[0] = layout->code;
    for (int i = 1; i <= steps; i++) {
        if (!step_closer(db, route[i - 1], steps - i, &route[i])) {
            free(route);
            return report(EXIT_BAD_INPUT, hex, "the database is inconsistent: no step leads closer "
                                               "to solved; rebuild it with `make`");
        }
    }
    if (options.html)
        picture_route(route, (size_t)steps + 1, "a minimal-step solution");
    else
        route_print(route, (size_t)steps + 1, options.codes);
    free(route);
    return EXIT_ANSWERED;
}

static int check_solve(void) { return picture_check_request(false, options.html, options.codes); }

static int run_solve(struct db *db, const struct request *req)
{
    if (picture_check_one_input(options.html ? "--html" : NULL, req) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    return input_each_layout(db, req, solve_layout);
}

const struct command command_solve = {
    .name = "solve",
    .synopsis = "solve [--codes] LAYOUT... | solve --html LAYOUT",
    .summary = "a minimal-step solution, step by step",
    .help = "Prints a minimal-step solution of each LAYOUT: numbered steps, each naming the\n"
            "piece (K 2x2, H horizontal, V vertical, o 1x1), the row and column it stood at,\n"
            "the directions and distance it slides, and the board after it.  Exits 1 for an\n"
            "unsolvable layout.\n",
    .options = solve_options,
    .check = check_solve,
    .run = run_solve,
};
