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
#include "query/explore/rank.h"

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
