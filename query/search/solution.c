#include "query/search/solution.h"

#include <stdlib.h>

#include "core/descent.h"
#include "query/report.h"

/* The descent's lookup: min moves under the db's metric, negative when none. */
static int stored_min_moves(void *db, kl_code code)
{
    return db_min_moves(db, code);
}

kl_code *solution_route(struct db *db, const struct kl_db_layout_row *layout, int *status)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    int steps = layout->min_moves[db_metric(db)];
    if (steps == DB_NULL) {
        *status = report(EXIT_NOT_FOUND, hex, "unsolvable: its group holds no solved layout");
        return NULL;
    }
    kl_code *route = xmalloc(((size_t)steps + 1) * sizeof *route);
    if (!kl_descend(layout->code, steps, db_metric(db), stored_min_moves, db, route)) {
        free(route);
        *status = report(EXIT_BAD_INPUT, hex, "the database is inconsistent: no step leads closer "
                                              "to solved; rebuild it with `make`");
        return NULL;
    }
    *status = EXIT_ANSWERED;
    return route;
}
