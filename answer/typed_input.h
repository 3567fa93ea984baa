/* A LAYOUT typed as text, in every form that names no file (README "The query tool"),
 * read through core/typed.h, the one way in that the library shares, with the error worded
 * for the tool: reported on stderr (answer/report.h), or as a line in the caller's buffer
 * for the server's replies and the page's engine.  Apart from input.h's files, stdin and
 * database lookups, so that the WebAssembly engine of the page with no server (site/)
 * reads what people type with this same code. */
#ifndef KLOTSKI_ANSWER_TYPED_INPUT_H
#define KLOTSKI_ANSWER_TYPED_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"

/* The message of a LAYOUT argument missing from a request (the server's, the page's),
 * after the argument's name. */
#define INPUT_LAYOUT_MISSING "missing (a LAYOUT: a code, #id, grid or classic name)"

/* Returns text without a leading UTF-8 byte-order mark and without the blanks around it
 * (kl_typed_trim): the form every parser here reads.  A malloc'd copy; free it. */
char *input_normalised(const char *text);

/* Parses text input_normalised has made as a LAYOUT in the forms that name no file
 * (kl_typed_parse).  Returns EXIT_ANSWERED with the code in *code, or reports on stderr
 * "klotski: TEXT: REASON" and returns EXIT_BAD_INPUT.  files: whether the caller reads
 * board files too (the reason's list of forms names them). */
int input_typed_normalised(const char *text, bool files, kl_code *code);

/* Parses a LAYOUT in the forms that name no file, for text from the network: returns true
 * with the code in *code, or false with the line "TEXT: REASON" in error (`size`
 * bytes), nothing reported. */
bool input_layout_typed(const char *text, kl_code *code, char *error, size_t size);

/* Parses an attempt (/api/check): the LAYOUTs of `text` separated by commas, blanks or
 * line ends, the start first, each read as input_layout_typed reads one.  Returns true
 * with *codes (malloc'd, free it) and *count (at least 1), or false with the line
 * "SUBJECT: MESSAGE" in error (`size` bytes): the first that is not a LAYOUT, or the
 * attempt missing when it names none. */
bool input_attempt_typed(const char *text, kl_code **codes, size_t *count, char *error, size_t size);

/* The verdict of the board editor (/api/board): whether `cells` (a board as its 20 cells
 * in a row, core/board.h's letters) or, when cells is NULL, the LAYOUT text `layout`
 * (input_layout_typed) is a legal layout.  Returns true and stores its code, or false
 * with the reason in error (size bytes): the codec's text for cells, the line
 * ("SUBJECT: MESSAGE") for a LAYOUT. */
bool input_board_verdict(const char *cells, const char *layout, kl_code *code, char *error, size_t size);

/* Whether text (blanks around it ignored) is written as a group name, four numbers
 * joined by '-' (5-4-1-1), or as a class name, three (5-4-1): what a command that reads
 * a LAYOUT or a GROUP in one place tells them apart by, never the database. */
bool input_is_group_name(const char *text);
bool input_is_class_name(const char *text);

#endif
