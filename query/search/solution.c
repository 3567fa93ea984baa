#include "query/search/solution.h"

#include <stdlib.h>

#include "answer/report.h"

kl_code *solution_route(struct db *db, const struct kl_db_layout_row *layout, int *status)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    int steps = layout->min_moves[db_metric(db)];
    if (steps == DB_NULL) {
        *status = report(EXIT_NOT_FOUND, hex, REPORT_UNSOLVABLE);
        return NULL;
    }
    kl_code *route = xmalloc(((size_t)steps + 1) * sizeof *route);
    if (!db_descend(db, layout->code, steps, route)) {
        free(route);
        *status = db_inconsistent(db, hex, "no step leads closer to solved");
        return NULL;
    }
    *status = EXIT_ANSWERED;
    return route;
}
