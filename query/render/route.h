/* A route: layouts each one step from the last (a solution, a shortest path), printed
 * with every step described: the piece, where it stood, the directions and distance it
 * slides, and the board after. */
#ifndef KLOTSKI_QUERY_ROUTE_H
#define KLOTSKI_QUERY_ROUTE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"
#include "core/moves.h"
#include "answer/route_step.h"

/* Prints the route codes[0] .. codes[count-1] (count >= 1; each a single move under
 * `metric` from the one before) in the current output format, or when codes_only just the
 * codes, one per line.  The count is worded in the metric ("in 116 unit moves"); the
 * JSON/CSV summary gives it as steps, beside the metric's name. */
void route_print(const kl_code *codes, size_t count, enum kl_metric metric, bool codes_only);


#endif
