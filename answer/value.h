/* An answer as data: a table of typed cells (strings, numbers, booleans, nulls), filled
 * row by row, cell by cell, and an answer made of a summary row and a named list.  The
 * commands build it once; writers turn it into what each reader wants: JSON
 * (answer/value_json.h) for --json, the server and the page with no server, and the
 * query tool's text, CSV and Markdown (query/render/output.h). */
#ifndef KLOTSKI_ANSWER_VALUE_H
#define KLOTSKI_ANSWER_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"

enum cell_kind { CELL_TEXT, CELL_NUMBER, CELL_BOOL, CELL_NULL };

/* Columns of typed cells. */
struct table;

/* Returns an empty table with the given column names (a NULL-terminated list of static
 * strings; they are the field names of JSON and the headers of text, CSV and Markdown).
 * Never NULL (out of memory exits: answer/report.h). */
struct table *table_new(const char *const *columns);

/* As table_new, but keeping only the columns whose bit (1 << their index in `columns`)
 * is set in `fields`: the cells appended for the others are dropped.  So one function
 * writes every field of an answer, and a source that holds fewer facts (the pack of the
 * page with no server) names the fields it has (answer/README.md). */
struct table *table_new_fields(const char *const *columns, unsigned long fields);

/* As table_new, for column names made at run time: `columns` (a malloc'd NULL-terminated
 * array of malloc'd strings) becomes the table's, freed with it. */
struct table *table_new_owning(char **columns);

/* Appends a cell to the current row (a new row starts when the last one is full). */
void table_text(struct table *t, const char *text);
void table_number(struct table *t, long long n);
void table_bool(struct table *t, bool b);
/* A count that may be missing: a number when n >= 0, else table_null(t, label). */
void table_number_or_null(struct table *t, long long n, const char *label);
/* A layout code, as 9 hex digits. */
void table_code(struct table *t, kl_code code);
/* A missing value: null in JSON, empty in CSV and Markdown; for people `label`, or when
 * label is NULL "-" in tables and nothing (the field left out) in cards. */
void table_null(struct table *t, const char *label);

/* Number of complete rows held. */
size_t table_rows(const struct table *t);

/* The column names given to table_new, and their number. */
const char *const *table_columns(const struct table *t);
size_t table_column_count(const struct table *t);

/* The kind of the cell at `row`, `col` (both in range), and its text: the value as
 * written (booleans "true" or "false"), for a null its label, NULL when it has none. */
enum cell_kind table_cell_kind(const struct table *t, size_t row, size_t col);
const char *table_cell_text(const struct table *t, size_t row, size_t col);

/* Calls row_done(t, context) each time a row completes, so that a writer can let rows
 * go as they come (query/render/output.h's streamed tables); free_context(context) runs
 * in table_free (NULL: nothing to free).  table_row_context returns the context (NULL
 * when none was set). */
void table_on_row(struct table *t, void (*row_done)(struct table *t, void *context), void *context,
                  void (*free_context)(void *context));
void *table_row_context(const struct table *t);

/* Forgets every row held, keeping the columns and the row callback. */
void table_drop_rows(struct table *t);

/* Frees the table (NULL: nothing). */
void table_free(struct table *t);

/* An answer: the fields of a summary (row 0 of `summary`) and a list of rows named
 * `list_key`.  A table alone is an answer with no summary; a card alone one with no
 * list. */
struct answer_value {
    struct table *summary; /* NULL: none */
    const char *list_key;  /* the list's field name in JSON (static) */
    struct table *list;    /* NULL: none */
};

/* Frees both tables of the answer and empties it. */
void answer_value_free(struct answer_value *answer);

#endif
