/* A route, layouts each one move from the last (a solution, a shortest path), as an
 * answer's value: what solve and path answer on the command line (--json, --csv, --md),
 * in the server's API and in the page with no server. */
#ifndef KLOTSKI_ANSWER_ROUTE_VALUE_H
#define KLOTSKI_ANSWER_ROUTE_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/value.h"
#include "core/code.h"
#include "core/moves.h"

/* The route codes[0] .. codes[count-1] (count >= 1; each a single move under `metric`
 * from the one before) as an answer's value: the summary from, to, steps (count - 1) and metric (its name), and the list "route",
 * a row per layout (step, piece, row, col, moves, distance, code; the start's step
 * fields null), each row first naming the start in a column "from" when with_start
 * (the rows of CSV and Markdown, where several answers share one table).  Free it with
 * answer_value_free. */
struct answer_value route_value(const kl_code *codes, size_t count, enum kl_metric metric, bool with_start);

#endif
