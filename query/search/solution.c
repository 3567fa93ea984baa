#include "query/search/solution.h"

#include <stdlib.h>

#include "core/moves.h"
#include "query/report.h"

/* Finds a layout one move (under the db's metric) from `code` whose min moves are
 * `steps`.  Returns false when none is. */
static bool step_closer(struct db *db, kl_code code, int steps, kl_code *next)
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    struct kl_step moves[KL_MAX_STEPS];
    int n = kl_moves(raw, db_metric(db), moves);
    for (int i = 0; i < n; i++) {
        *next = kl_raw_to_code(kl_step_apply(raw, moves[i]));
        if (db_min_moves(db, *next) == steps)
            return true;
    }
    return false;
}

kl_code *solution_route(struct db *db, const struct layout_row *layout, int *status)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    int steps = layout->min_moves[db_metric(db)];
    if (steps == DB_NULL) {
        *status = report(EXIT_NOT_FOUND, hex, "unsolvable: its group holds no solved layout");
        return NULL;
    }
    kl_code *route = xmalloc(((size_t)steps + 1) * sizeof *route);
    route[0] = layout->code;
    for (int i = 1; i <= steps; i++) {
        if (!step_closer(db, route[i - 1], steps - i, &route[i])) {
            free(route);
            *status = report(EXIT_BAD_INPUT, hex, "the database is inconsistent: no step leads closer "
                                                  "to solved; rebuild it with `make`");
            return NULL;
        }
    }
    *status = EXIT_ANSWERED;
    return route;
}
