/* The one JSON writer of an answer's value (answer/value.h): the query tool's --json,
 * the server's /api/ answers and the page with no server's all write through it, so that
 * each field is written in one place.  Strings go through core/json.h.  Each function
 * writes to `out` (the caller's stream; write errors are out's error flag) and reports
 * nothing; a table's columns are the field names, in order. */
#ifndef KLOTSKI_ANSWER_VALUE_JSON_H
#define KLOTSKI_ANSWER_VALUE_JSON_H

#include <stdio.h>

#include "answer/value.h"

/* Row `row` (in range) of t as one object: {"column":value,...}, no newline.  Text
 * cells are strings, numbers and booleans as they are, nulls null. */
void value_json_row(FILE *out, const struct table *t, size_t row);

/* Every row of t as an array of objects, no newline: [] when it has none. */
void value_json_rows(FILE *out, const struct table *t);

/* An answer as one object, no newline: the summary's fields (its row 0) and then, when
 * it has a list, the field list_key holding the list's rows as an array.  With no
 * summary, the list's rows as an array (value_json_rows). */
void value_json_answer(FILE *out, const struct answer_value *answer);

#endif
