/* A staged hint as an answer's value: what `klotski hint` answers, in the server's
 * /api/hint and in the page with no server, from a layout's min moves and its best move
 * (the first of the moves that the database or the pack ranks, core/move_outcomes.h). */
#ifndef KLOTSKI_ANSWER_HINT_VALUE_H
#define KLOTSKI_ANSWER_HINT_VALUE_H

#include "answer/value.h"
#include "core/code.h"
#include "core/move_outcomes.h"

/* How much a hint tells: a band of ten distances, also the piece to move, also the step. */
enum hint_level { HINT_LEVEL_BAND = 1, HINT_LEVEL_PIECE = 2, HINT_LEVEL_STEP = 3 };

/* The hint's fields, in order: code, level, steps_from, steps_to, piece, row, col, moves,
 * to.  The piece's are followed by its row and column, the moves' by the layout they
 * lead to. */
enum hint_field { HINT_CODE = 0, HINT_FROM = 2, HINT_TO = 3, HINT_PIECE = 4, HINT_MOVES = 7 };

/* The hint of `level` (enum hint_level) for the legal layout `code`, `min_moves` (>= 0:
 * a solvable one) from solved, whose best move is `best` (an optimal one; ignored when
 * min_moves is 0): one row of the fields above, the band of ten distances holding
 * min_moves (0 alone, then 1-9, 10-19, ...), and as the level asks the piece (its letter,
 * the row and column of its top-left cell) and the step (its slides, the layout it leads
 * to); the fields not told, and all of them for a solved layout, null.  Free it with
 * table_free. */
struct table *hint_value(kl_code code, int min_moves, long level, const struct kl_move_outcome *best);

#endif
