/* A minimal-step solution read off the stored min_steps: from a layout d steps from
 * solved some step leads to a layout d-1 steps from solved, and looking up the
 * min_steps of each neighbour finds one, so a solution costs about a hundred rowid
 * lookups and no search.  `solve` prints it; the server plays it. */
#ifndef KLOTSKI_QUERY_SOLUTION_H
#define KLOTSKI_QUERY_SOLUTION_H

#include "core/code.h"
#include "query/db.h"

/* Finds a minimal solution of the layout `layout` (a row of the database) under the
 * metric of db (db_metric: steps, straight moves or unit moves).
 * Returns a malloc'd array of layout->min_moves[db_metric(db)] + 1 codes, from layout->code to a
 * solved layout (free it).  Returns NULL after reporting when the layout is unsolvable
 * (*status EXIT_NOT_FOUND) or the database is inconsistent (*status EXIT_BAD_INPUT). */
kl_code *solution_route(struct db *db, const struct kl_db_layout_row *layout, int *status);

#endif
