/* A board as an SVG picture: the board in its frame, the exit (the gap in the bottom of
 * the frame, where the 2x2 leaves when the layout is solved) marked, the pieces as
 * rounded rectangles coloured by shape, and optional caption lines under the board.
 *
 * The picture is meant for programs as much as for people: the <svg> element has
 * class "board", data-code (the layout's 9-digit code) and data-cell-size (the distance
 * between neighbouring cells, in user units); every piece is one
 *   <rect class="piece KIND" data-kind="KIND" data-cell="ADDR" x y width height>
 * where KIND is king (the 2x2), horizontal, vertical or single (the 1x1) and ADDR the
 * address of its top-left cell (SPEC.md: row*4 + col).  The pieces come in address
 * order, so the same layout always gives the same bytes. */
#ifndef KLOTSKI_CORE_PICTURE_SVG_BOARD_H
#define KLOTSKI_CORE_PICTURE_SVG_BOARD_H

#include <stdio.h>

#include "core/code.h"
#include "core/piece.h"

/* The word used for a piece kind in data-kind and in the class attribute. */
const char *svg_board_kind_name(enum kl_piece kind);

/* Writes one <svg> element (with its xmlns, so it stands alone as a file or inline in a
 * page) picturing the legal layout `code`.  caption: a NULL-terminated list of lines
 * written, escaped, under the board, the first one larger; NULL for none.  title: the
 * picture's <title> (what a viewer shows as its name, e.g. the code and the classic
 * names), or NULL for none. */
void svg_board_write(FILE *out, kl_code code, const char *const *caption, const char *title);

#endif
