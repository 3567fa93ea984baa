/* An attempt at the puzzle checked step by step, as an answer's value: what `klotski
 * check` answers, in the server's /api/check and in the page with no server, from each
 * layout's min moves and the ranked moves (core/move_outcomes.h) from the one before,
 * which the database or the pack gives. */
#ifndef KLOTSKI_ANSWER_CHECK_VALUE_H
#define KLOTSKI_ANSWER_CHECK_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/value.h"
#include "core/code.h"
#include "core/move_outcomes.h"
#include "core/moves.h"

#define CHECK_ERROR_SIZE 128 /* room for check_value_add's error */

/* The attempt so far: its lines and what they add up to.  Fill it with check_value_begin
 * and check_value_add, then take the value with check_value_end (or drop it with
 * check_value_drop). */
struct check_value {
    struct table *steps;     /* the list "step_list", a row per line */
    enum kl_metric metric;
    bool for_people;
    size_t lines;            /* lines added */
    kl_code start, end;
    int start_line, end_line;
    int start_min, end_min;  /* negative: unsolvable */
    int steps_taken;
    int first_not_optimal;   /* its line; 0 while every step was optimal */
};

/* Begins checking an attempt whose counts are in `metric`; for people (for_people) the
 * columns of the counts are named in its unit, else those of steps (JSON and CSV keep one
 * set of names). */
void check_value_begin(struct check_value *c, enum kl_metric metric, bool for_people);

/* Adds the layout `code` on line `line` of the attempt, `min_moves` from solved (negative:
 * unsolvable).  The first is the start; each later one must be one move (in the metric)
 * from the one before, whose moves `moves[0..count-1]` the caller gives (ignored for the
 * start): the row tells the piece moved (letter, row and column before the move, its
 * slides), the new min count and the change (-1, 0, +1).  Returns true, or false with
 * nothing added and the error "line N: CODE is not one step from CODE on line M" in
 * error (CHECK_ERROR_SIZE bytes) when the layout is none of them. */
bool check_value_add(struct check_value *c, kl_code code, int line, int min_moves, const struct kl_move_outcome *moves,
                     size_t count, char error[CHECK_ERROR_SIZE]);

/* The answer, its summary start, end, steps, start and end min counts, solved,
 * first_not_optimal and wasted (the steps taken less the steps they gained, null for an
 * unsolvable start), and the list "step_list".  Needs one line at least.  Free it with
 * answer_value_free. */
struct answer_value check_value_end(struct check_value *c);

/* Drops an attempt not wanted any more (after an error). */
void check_value_drop(struct check_value *c);

#endif
