#include "query/search/solution.h"

#include <stdlib.h>

#include "core/descent.h"
#include "query/report.h"

/* The descent's lookup: min_steps from the database, negative when none. */
static int stored_min_steps(void *db, kl_code code)
{
    return db_min_steps(db, code);
}

kl_code *solution_route(struct db *db, const struct layout_row *layout, int *status)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    int steps = layout->min_steps;
    if (steps == DB_NULL) {
        *status = report(EXIT_NOT_FOUND, hex, "unsolvable: its group holds no solved layout");
        return NULL;
    }
    kl_code *route = xmalloc(((size_t)steps + 1) * sizeof *route);
    if (!kl_descend(layout->code, steps, stored_min_steps, db, route)) {
        free(route);
        *status = report(EXIT_BAD_INPUT, hex, "the database is inconsistent: no step leads closer "
                                              "to solved; rebuild it with `make`");
        return NULL;
    }
    *status = EXIT_ANSWERED;
    return route;
}
