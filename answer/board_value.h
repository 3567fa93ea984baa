/* A board's verdict as an answer's value: the server's /api/board and the page with no
 * server's answer whether cells typed or a LAYOUT make a legal board, and which. */
#ifndef KLOTSKI_ANSWER_BOARD_VALUE_H
#define KLOTSKI_ANSWER_BOARD_VALUE_H

#include "answer/value.h"
#include "core/code.h"

/* One row: with error NULL, legal (true), code, id and board (its 20 cells) of the legal
 * layout `code`; else legal (false) and error, the reason the board is not legal (`code`
 * unused).  Free it with table_free. */
struct table *board_value(kl_code code, const char *error);

#endif
