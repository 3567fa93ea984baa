/* The layouts of its group farthest from a layout as an answer's value: what `klotski
 * farthest LAYOUT` answers, in the server's /api/farthest?layout= and in the page with
 * no server, from the search of answer/search/bfs.h (bfs_farthest). */
#ifndef KLOTSKI_ANSWER_FARTHEST_VALUE_H
#define KLOTSKI_ANSWER_FARTHEST_VALUE_H

#include <stddef.h>

#include "answer/value.h"
#include "core/code.h"

/* The `count` layouts `farthest` (ascending), `distance` steps from the layout `code` of
 * the group named `group`: the summary code, group, farthest_steps, farthest_num (the
 * whole count) and the list "farthest" (layout, farthest, distance), `limit` rows at
 * most (0: all).  Free it with answer_value_free. */
struct answer_value farthest_layout_value(kl_code code, const char *group, int distance, const kl_code *farthest,
                                          size_t count, long limit);

#endif
