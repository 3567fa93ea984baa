/* A step written as `moves` and `solve` print it: the piece's letter (K H V o), the row
 * and column (from 1) of its top-left cell before the step, and its slides, e.g.
 * `o r4c2 down 1` or `V r1c1 down 1, right 1`.  An attempt for `check` may give each
 * layout after the start as such a step from the one before. */
#ifndef KLOTSKI_QUERY_INPUT_STEP_H
#define KLOTSKI_QUERY_INPUT_STEP_H

#include <stdbool.h>

#include "core/code.h"

/* True when text has the form of a step (a letter, a blank, rNcN, the slides): whether
 * it is a step from a given layout is input_step's test. */
bool input_is_step(const char *text);

/* Reads the step `text` from the legal layout `from` (letters and directions in any case,
 * blanks and commas between the slides as they come).  Returns EXIT_ANSWERED and stores
 * the layout after it in *to, or reports that no piece of `from` makes that step (the
 * report names the step and `where` it was read, "stdin, line 3") and returns
 * EXIT_BAD_INPUT. */
int input_step(const char *where, const char *text, kl_code from, kl_code *to);

#endif
