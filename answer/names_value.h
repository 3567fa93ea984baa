/* The classic names as an answer's value: what `klotski names` answers, in the server's
 * /api/names and in the page with no server, a row per name. */
#ifndef KLOTSKI_ANSWER_NAMES_VALUE_H
#define KLOTSKI_ANSWER_NAMES_VALUE_H

#include "answer/value.h"
#include "core/code.h"
#include "core/moves.h"

/* The answer's fields, in order: the bits of `fields` for names_value. */
enum names_field { NAMES_NAME, NAMES_CODE, NAMES_MIN_MOVES, NAMES_GROUP, NAMES_SECTION, NAMES_FIELD_COUNT };
#define NAMES_EVERY_FIELD ((1UL << NAMES_FIELD_COUNT) - 1)

/* An empty table of the fields in `fields` (1 << enum names_field each): name, code, the
 * layout's min count in `metric` (named min_steps, min_straight_moves or min_unit_moves),
 * group, section.  Fill it with names_value_add; free it with table_free. */
struct table *names_value(enum kl_metric metric, unsigned long fields);

/* Adds the name `name` of the layout `code`, which lies min_moves from solved (negative:
 * unsolvable) in the group named `group` (NULL when the table leaves the group out), from
 * the list `section`. */
void names_value_add(struct table *t, const char *name, kl_code code, long long min_moves, const char *group,
                     const char *section);

#endif
