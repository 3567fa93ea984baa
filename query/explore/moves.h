/* The explorer's words for the steps from a layout, which db_moves (query/db.h) lists
 * with their outcomes, best first, as the chess tablebase probes list a position's
 * moves.  Shared by the commands moves, hint and check and by the web server.
 *
 * How a step is described, in text and in the fields of --json: the piece by its letter
 * (K the 2x2, H horizontal, V vertical, o 1x1), the row and column (from 1, top left) of
 * its top-left cell before and after the step, and the slides that carry it there
 * ("right 1, down 1"), as `solve` describes its steps; in text "V r1c1 down 1". */
#ifndef KLOTSKI_QUERY_EXPLORE_MOVES_H
#define KLOTSKI_QUERY_EXPLORE_MOVES_H

#include "core/code.h"
#include "core/database/reader.h"

#define EXPLORE_MOVE_TEXT_SIZE 80

/* Writes the step's description for people ("V r1c1 down 1": piece, row and column
 * before, the slides) into buf.  `from` is the legal layout the step starts from. */
void explore_move_text(kl_code from, const struct kl_move_outcome *move, char buf[EXPLORE_MOVE_TEXT_SIZE]);

#endif
