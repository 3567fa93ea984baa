#include "answer/value.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer/report.h"

#define NO_TEXT SIZE_MAX

/* A cell's text lives in the table's pool, so that a table of a million rows costs a
 * few large allocations, not millions of small ones. */
struct cell {
    enum cell_kind kind;
    size_t text; /* offset in the pool of the value as written (bools: "true"/"false"),
                    for nulls of the label; NO_TEXT for a null without a label */
};

struct table {
    const char *const *columns;
    size_t column_count;
    struct cell *cells;
    size_t cell_count, cell_capacity;
    char *pool;
    size_t pool_used, pool_capacity;
    void (*row_done)(struct table *t, void *context);
    void *row_context;
    void (*free_row_context)(void *context);
    char **owned_columns; /* table_new_owning's, else NULL */
    /* table_new_fields's: the columns kept (malloc'd), the fields kept, and the field
     * the next cell appended is for (of `field_count`); field_count 0: every cell kept */
    const char **kept_columns;
    unsigned long fields;
    size_t field_count, next_field;
};

struct table *table_new(const char *const *columns)
{
    struct table *t = xcalloc(1, sizeof *t);
    t->columns = columns;
    while (columns[t->column_count])
        t->column_count++;
    return t;
}

struct table *table_new_fields(const char *const *columns, unsigned long fields)
{
    size_t count = 0, kept = 0;
    while (columns[count])
        count++;
    const char **names = xcalloc(count + 1, sizeof *names);
    for (size_t i = 0; i < count; i++)
        if (fields & (1UL << i))
            names[kept++] = columns[i];
    struct table *t = table_new(names);
    t->kept_columns = names;
    t->fields = fields;
    t->field_count = count;
    return t;
}

struct table *table_new_owning(char **columns)
{
    struct table *t = table_new((const char *const *)columns);
    t->owned_columns = columns;
    return t;
}

static void add_cell(struct table *t, enum cell_kind kind, const char *text)
{
    if (t->field_count) {
        size_t field = t->next_field;
        t->next_field = (field + 1) % t->field_count;
        if (!(t->fields & (1UL << field)))
            return;
    }
    if (t->cell_count == t->cell_capacity) {
        t->cell_capacity = t->cell_capacity ? 2 * t->cell_capacity : 64;
        t->cells = xrealloc(t->cells, t->cell_capacity * sizeof *t->cells);
    }
    size_t offset = NO_TEXT;
    if (text) {
        size_t len = strlen(text) + 1;
        if (t->pool_used + len > t->pool_capacity) {
            t->pool_capacity = 2 * (t->pool_capacity + len);
            t->pool = xrealloc(t->pool, t->pool_capacity);
        }
        offset = t->pool_used;
        memcpy(t->pool + offset, text, len);
        t->pool_used += len;
    }
    t->cells[t->cell_count++] = (struct cell){kind, offset};
    if (t->row_done && t->cell_count % t->column_count == 0)
        t->row_done(t, t->row_context);
}

void table_text(struct table *t, const char *text) { add_cell(t, CELL_TEXT, text); }

void table_number(struct table *t, long long n)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", n);
    add_cell(t, CELL_NUMBER, buf);
}

void table_bool(struct table *t, bool b) { add_cell(t, CELL_BOOL, b ? "true" : "false"); }

void table_number_or_null(struct table *t, long long n, const char *label)
{
    if (n >= 0)
        table_number(t, n);
    else
        table_null(t, label);
}

void table_code(struct table *t, kl_code code)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    add_cell(t, CELL_TEXT, hex);
}

void table_null(struct table *t, const char *label) { add_cell(t, CELL_NULL, label); }

size_t table_rows(const struct table *t) { return t->cell_count / t->column_count; }

const char *const *table_columns(const struct table *t) { return t->columns; }

size_t table_column_count(const struct table *t) { return t->column_count; }

static const struct cell *cell_at(const struct table *t, size_t row, size_t col)
{
    return &t->cells[row * t->column_count + col];
}

enum cell_kind table_cell_kind(const struct table *t, size_t row, size_t col) { return cell_at(t, row, col)->kind; }

const char *table_cell_text(const struct table *t, size_t row, size_t col)
{
    const struct cell *c = cell_at(t, row, col);
    return c->text == NO_TEXT ? NULL : t->pool + c->text;
}

void table_on_row(struct table *t, void (*row_done)(struct table *t, void *context), void *context,
                  void (*free_context)(void *context))
{
    t->row_done = row_done;
    t->row_context = context;
    t->free_row_context = free_context;
}

void *table_row_context(const struct table *t) { return t->row_context; }

void table_drop_rows(struct table *t)
{
    t->cell_count = 0;
    t->pool_used = 0;
}

void table_free(struct table *t)
{
    if (!t)
        return;
    if (t->free_row_context)
        t->free_row_context(t->row_context);
    for (char **name = t->owned_columns; name && *name; name++)
        free(*name);
    free(t->owned_columns);
    free(t->kept_columns);
    free(t->cells);
    free(t->pool);
    free(t);
}

void answer_value_free(struct answer_value *answer)
{
    table_free(answer->summary);
    table_free(answer->list);
    *answer = (struct answer_value){0};
}
