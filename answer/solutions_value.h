/* A layout's solutions as an answer's value: what `klotski solutions` answers, in the
 * server's /api/solutions and in the page with no server, from the solutions the search
 * of answer/search/solutions.h finds. */
#ifndef KLOTSKI_ANSWER_SOLUTIONS_VALUE_H
#define KLOTSKI_ANSWER_SOLUTIONS_VALUE_H

#include <stddef.h>

#include "answer/search/solutions.h"
#include "answer/value.h"
#include "core/code.h"

/* The solutions `found` of the layout `code`, which lies `min_steps` steps from solved:
 * the summary code, min_steps, solutions, min_solutions and the list "solution_list"
 * (layout, solution, distance, minimal: whether it lies min_steps away), in found's
 * order; *minimal_count gets the number of minimal ones.  Free it with
 * answer_value_free. */
struct answer_value solutions_value(kl_code code, int min_steps, const struct solutions *found,
                                    size_t *minimal_count);

#endif
