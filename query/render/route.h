/* A route: layouts each one step from the last (a solution, a shortest path), printed
 * with every step described: the piece, where it stood, the directions and distance it
 * slides, and the board after. */
#ifndef KLOTSKI_QUERY_ROUTE_H
#define KLOTSKI_QUERY_ROUTE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"
#include "core/moves.h"

#define ROUTE_MOVES_TEXT_SIZE 64

/* One step as people read it. */
struct step_text {
    struct kl_step step;               /* the piece's kind and anchors before and after */
    char piece;                        /* K H V o */
    int row, col;                      /* where its top-left cell stood, from 1 */
    int distance;                      /* one-cell slides */
    char moves[ROUTE_MOVES_TEXT_SIZE]; /* "right 1, down 1" */
};

/* Describes `step`, one that kl_steps made for the legal raw layout `before`. */
struct step_text route_step_text(kl_raw before, struct kl_step step);

/* Describes the step from the layout `from` to the layout `to`: legal codes one step
 * apart. */
struct step_text route_describe_step(kl_code from, kl_code to);

/* Prints the route codes[0] .. codes[count-1] (count >= 1; each a single move under
 * `metric` from the one before) in the current output format, or when codes_only just the
 * codes, one per line.  The count is worded in the metric ("in 116 unit moves"); the
 * JSON/CSV summary gives it as steps, beside the metric's name. */
void route_print(const kl_code *codes, size_t count, enum kl_metric metric, bool codes_only);

#endif
