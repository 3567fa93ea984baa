/* Boards drawn for people: every piece outlined with box-drawing characters (or + - | in
 * ASCII), its letter (K H V o, as in core/board.h) in each of its cells, empty cells
 * blank.  A drawing reads back: the letters sit at fixed places, so show's output is an
 * accepted LAYOUT. */
#ifndef KLOTSKI_QUERY_DRAWING_H
#define KLOTSKI_QUERY_DRAWING_H

#include <stdbool.h>

#include "core/code.h"

/* Returns the drawing of a legal raw layout: 11 lines of 17 characters, each ending in
 * '\n'; box-drawing characters when utf8, else ASCII.  A malloc'd string; free it. */
char *drawing_of(kl_raw raw, bool utf8);

#define DRAWING_CELLS_SIZE (KL_CELLS + 1)

/* Writes the board of the legal layout `code` as its 20 cells in a row, the letters of
 * core/board.h (VKKVVKKVVHHVVooVo..o), and a NUL into cells: the form the page, the API
 * and show --json write a board in, and a LAYOUT of its own (query/input/input.h). */
void drawing_cells(kl_code code, char cells[DRAWING_CELLS_SIZE]);

/* True when `line` (after blanks) starts with the top-left corner of a drawing's frame. */
bool drawing_starts(const char *line);

/* Finds a drawing in text (the first line that starts, after blanks, with the top-left
 * corner of a frame, and the 10 lines below it; other text around it is ignored) and
 * writes the letters of its cells as a core/board.h board into board (KL_BOARD_TEXT_SIZE
 * bytes).  Returns true when text holds a drawing, false otherwise (board untouched). */
bool drawing_read(const char *text, char *board);

#endif
