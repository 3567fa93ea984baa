/* Everything the query tool prints on stdout: the output format, and the writers of an answer's value (answer/value.h, tables of typed cells
 * and answers made of a summary and a list) as aligned text, CSV and Markdown, and as
 * JSON through the one JSON writer (answer/value_json.h); text blocks laid out side by
 * side. */
#ifndef KLOTSKI_QUERY_OUTPUT_H
#define KLOTSKI_QUERY_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "answer/value.h"

enum out_format {
    FORMAT_TEXT, /* for people: aligned tables, drawn boards */
    FORMAT_JSON, /* one JSON object per line per answer */
    FORMAT_CSV,  /* RFC 4180 tables */
    FORMAT_MD    /* Markdown tables */
};

/* Chooses the format of everything printed afterwards and reads the locale's character
 * set (call after setlocale).  The format is FORMAT_TEXT until this is called. */
void out_init(enum out_format format);

/* The format chosen by out_init. */
enum out_format out_format(void);

/* The stream everything is printed to: stdout. */
FILE *out_stream(void);

/* True when the locale's character set is UTF-8, so that boxes can be drawn with
 * box-drawing characters. */
bool out_utf8(void);

/* Digits of the largest id (29,334,497): the widest number a list of layouts holds. */
#define OUT_ID_DIGITS 8

/* Returns an empty table that prints its rows as they come, so that its memory does not
 * grow with its length: once it holds 1024 complete rows (which set the widths of a text
 * table, its numeric columns at least `number_width` wide, the widest number the caller
 * can list: a later, wider cell pushes its line wider) it prints its header and those
 * rows, and afterwards each row as it completes; table_print prints the rest.  Only
 * for a table printed on its own with table_print (not a list of answer_print); free it
 * with table_free. */
struct table *table_new_streamed(const char *const *columns, size_t number_width);

/* Prints every row in the current format: text (aligned columns under a header line),
 * CSV or Markdown (a header line, left out when the previous table printed had the same
 * columns, so that the rows of several answers form one table), or JSON (one object per
 * row, one per line). */
void table_print(const struct table *t);

/* Returns row `row` as lines "name   value" for people (a malloc'd string, each line
 * ending in '\n'; free it).  Underscores in names become blanks; a value with '\n' in it
 * goes on several lines, each under the first. */
char *card_text(const struct table *t, size_t row);

/* Prints one answer made of a summary and a list (both given): for people the headline
 * (or, when headline is NULL, the summary as a card) and the list as a table; in JSON
 * the answer's one object (value_json_answer) on a line; in CSV and Markdown the list's
 * rows alone.  Starts with out_next_answer. */
void answer_print(const char *headline, const struct answer_value *answer);

/* Starts an answer for people: a blank line before each answer but the first, in the
 * text format (other formats need none). */
void out_next_answer(void);

/* Prints text blocks (each a string of '\n'-terminated lines) side by side, as many in a
 * row as fit the terminal ($COLUMNS, else the terminal's width, else 80 columns), each
 * column as wide as its widest block, and a blank line between rows of blocks. */
void blocks_print(char *const *blocks, size_t count);

#endif
