/* A LAYOUT typed as text, in every form that names no file (README "The query tool"):
 * the parsers of core/layout_text.h, then the classic names, with a reported error
 * (query/report.h) for anything else.  Apart from input.h's files, stdin and database
 * lookups, so that the WebAssembly engine of the page with no server (site/) reads what
 * people type with this same code. */
#ifndef KLOTSKI_QUERY_INPUT_TYPED_H
#define KLOTSKI_QUERY_INPUT_TYPED_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"

/* Returns text without a leading UTF-8 byte-order mark and without the blanks around it:
 * the form every parser here reads.  A malloc'd copy; free it. */
char *input_normalised(const char *text);

/* Parses a LAYOUT in the forms that name no file: a code, a short code, an id, a grid or
 * a classic name (never a board file, never stdin), for text from the network.  Returns and
 * reports as input_layout. */
int input_layout_typed(const char *text, kl_code *code);

/* input_layout_typed of text input_normalised has made: every form of
 * core/layout_text.h, then the classic names, in characters or pinyin (core/classic.h). */
int input_typed_normalised(const char *text, kl_code *code);

/* The verdict of the board editor (/api/board): whether `cells` (a board as its 20 cells
 * in a row, core/board.h's letters) or, when cells is NULL, the LAYOUT text `layout`
 * (input_layout_typed) is a legal layout.  Returns true and stores its code, or false
 * with the reason in error (size bytes): the codec's text for cells, the reported line
 * ("SUBJECT: MESSAGE") for a LAYOUT. */
bool input_board_verdict(const char *cells, const char *layout, kl_code *code, char *error, size_t size);

#endif
