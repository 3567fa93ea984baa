/* The explorer's answers: the steps from a layout with their outcomes, best first, as
 * the chess tablebase probes list a position's moves.  Every answer is a handful of
 * rowid lookups: the step generator lists the steps, the database gives each resulting
 * layout's min_steps and farthest data.  Shared by the commands moves, hint and check and
 * by the web server.
 *
 * How a step is described, in text and in the fields of --json: the piece by its letter
 * (K the 2x2, H horizontal, V vertical, o 1x1), the row and column (from 1, top left) of
 * its top-left cell before and after the step, and the slides that carry it there
 * ("right 1, down 1"), as `solve` describes its steps; in text "V r1c1 down 1".
 *
 * NOT THREAD-SAFE on one struct db (its prepared statements are shared): give each
 * thread its own db_open. */
#ifndef KLOTSKI_QUERY_EXPLORE_MOVES_H
#define KLOTSKI_QUERY_EXPLORE_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "core/code.h"
#include "core/moves.h"
#include "query/db.h"

/* What a step does to the distance to solved. */
enum explore_change {
    EXPLORE_OPTIMAL = -1,  /* one step closer: on a minimal-step solution */
    EXPLORE_NEUTRAL = 0,   /* as far as before; also every step of an unsolvable group */
    EXPLORE_BACKWARDS = 1  /* one step farther */
};

/* One step from a layout, with its outcome. */
struct explore_move {
    kl_code to;              /* the layout after the step */
    struct kl_step step;     /* the piece moved: its shape (enum kl_piece), its top-left
                                address before and after, its one-cell slides */
    int min_steps;           /* of `to`, under the db's metric (db_metric); DB_NULL when
                                unsolvable */
    int change;              /* enum explore_change: min_steps(to) - min_steps(from);
                                0 when unsolvable */
    int farthest_steps;      /* of `to`; DB_NULL when not stored */
    int64_t farthest_num;    /* of `to`; DB_NULL when not stored */
};

/* Lists every move under the db's metric (db_metric: every step, straight move or unit
 * move) from the legal layout `code` into out (room for KL_MAX_STEPS), best
 * first: change ascending (optimal, neutral, backwards), ties by the resulting code
 * ascending, so the order is the same on every run.  An unsolvable layout's steps all
 * have change 0 and come in code order.
 * Returns how many steps (0 when no piece can move).  A code missing from the database
 * (only an incomplete one lacks a legal code) is listed with min_steps DB_NULL.
 * Errors: a failing database ends the process (query/db.h). */
size_t explore_moves(struct db *db, kl_code code, struct explore_move out[KL_MAX_STEPS]);

#define EXPLORE_MOVE_TEXT_SIZE 80

/* Writes the step's description for people ("V r1c1 down 1": piece, row and column
 * before, the slides) into buf.  `from` is the legal layout the step starts from. */
void explore_move_text(kl_code from, const struct explore_move *move, char buf[EXPLORE_MOVE_TEXT_SIZE]);

#endif
