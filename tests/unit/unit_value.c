/* An answer's value (answer/value.h) and its one JSON writer (answer/value_json.h),
 * checked against JSON texts written out here by hand: every kind of cell, strings that
 * need escaping, a summary with its list, a table alone, a card alone, the fields a
 * source leaves out (table_new_fields), and the row callback of a streamed table. */
#include "tests/unit/unit_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer/value.h"
#include "answer/value_json.h"

static void write_row0(FILE *out, const void *t) { value_json_row(out, t, 0); }
static void write_rows(FILE *out, const void *t) { value_json_rows(out, t); }
static void write_answer(FILE *out, const void *answer) { value_json_answer(out, answer); }

static void expect_json(const char *expected, void (*write)(FILE *out, const void *what), const void *what)
{
    char *text = written_by(write, what);
    assert_string_equal(text, expected);
    free(text);
}

static const char *const kinds[] = {"text", "number", "negative", "yes", "no", "null", "count", "code", NULL};

/* One row of every kind of cell. */
static struct table *every_kind(void)
{
    struct table *t = table_new(kinds);
    table_text(t, "plain");
    table_number(t, 29334497);
    table_number(t, -3);
    table_bool(t, true);
    table_bool(t, false);
    table_null(t, "unsolvable");
    table_number_or_null(t, -1, "unsolvable");
    table_code(t, 0x1A9BF0C00ULL);
    return t;
}

static void cells_of_every_kind(void **state)
{
    (void)state;
    struct table *t = every_kind();
    assert_int_equal(table_rows(t), 1);
    assert_int_equal(table_column_count(t), 8);
    expect_json("{\"text\":\"plain\",\"number\":29334497,\"negative\":-3,\"yes\":true,\"no\":false,"
                "\"null\":null,\"count\":null,\"code\":\"1A9BF0C00\"}",
                write_row0, t);
    /* A null keeps its label for people; a missing count is a null with its label. */
    assert_int_equal(table_cell_kind(t, 0, 5), CELL_NULL);
    assert_string_equal(table_cell_text(t, 0, 5), "unsolvable");
    assert_int_equal(table_cell_kind(t, 0, 6), CELL_NULL);
    assert_int_equal(table_cell_kind(t, 0, 1), CELL_NUMBER);
    assert_string_equal(table_cell_text(t, 0, 3), "true");
    table_free(t);
}

static void strings_escaped(void **state)
{
    (void)state;
    static const char *const columns[] = {"a\"b", "s", NULL};
    struct table *t = table_new(columns);
    table_text(t, "say \"hi\"\\\n\t\x01\xff 横刀立马");
    table_null(t, NULL);
    expect_json("{\"a\\\"b\":\"say \\\"hi\\\"\\\\\\n\\u0009\\u0001? 横刀立马\",\"s\":null}", write_row0, t);
    table_free(t);
}

static const char *const summary_columns[] = {"code", "moves_count", NULL};
static const char *const list_columns[] = {"to", "change", NULL};

static void answers(void **state)
{
    (void)state;
    struct table *summary = table_new(summary_columns), *list = table_new(list_columns);
    table_text(summary, "X");
    table_number(summary, 2);
    table_text(list, "A");
    table_number(list, -1);
    table_text(list, "B");
    table_number(list, 1);
    expect_json("{\"code\":\"X\",\"moves_count\":2,\"move_list\":[{\"to\":\"A\",\"change\":-1},"
                "{\"to\":\"B\",\"change\":1}]}",
                write_answer, &(struct answer_value){summary, "move_list", list});
    expect_json("{\"code\":\"X\",\"moves_count\":2}", write_answer, &(struct answer_value){.summary = summary});
    expect_json("[{\"to\":\"A\",\"change\":-1},{\"to\":\"B\",\"change\":1}]", write_answer,
                &(struct answer_value){.list = list});
    struct answer_value answer = {summary, "move_list", list};
    answer_value_free(&answer);
    assert_null(answer.summary);
    assert_null(answer.list);

    /* An answer whose list is empty: no moves from the layout. */
    summary = table_new(summary_columns);
    table_text(summary, "Y");
    table_number(summary, 0);
    struct table *empty = table_new(list_columns);
    expect_json("[]", write_rows, empty);
    expect_json("{\"code\":\"Y\",\"moves_count\":0,\"move_list\":[]}", write_answer,
                &(struct answer_value){summary, "move_list", empty});
    table_free(empty);
    table_free(summary);
}

/* A source that holds fewer fields: the cells of the others are dropped, row after row. */
static void fields_left_out(void **state)
{
    (void)state;
    static const char *const columns[] = {"first", "second", "third", "fourth", NULL};
    struct table *t = table_new_fields(columns, 1UL << 1 | 1UL << 3);
    for (int row = 0; row < 3; row++) {
        table_number(t, row * 10 + 1);
        table_number(t, row * 10 + 2);
        table_number(t, row * 10 + 3);
        table_number(t, row * 10 + 4);
    }
    assert_int_equal(table_column_count(t), 2);
    assert_int_equal(table_rows(t), 3);
    expect_json("[{\"second\":2,\"fourth\":4},{\"second\":12,\"fourth\":14},{\"second\":22,\"fourth\":24}]",
                write_rows, t);
    table_free(t);

    t = table_new_fields(columns, 1UL << 0 | 1UL << 3);
    table_text(t, "a");
    table_text(t, NULL); /* left out: never read */
    table_null(t, NULL);
    table_text(t, "d");
    expect_json("{\"first\":\"a\",\"fourth\":\"d\"}", write_row0, t);
    table_free(t);
}

struct rows_seen {
    size_t calls;
    char last[16];
};

static void row_done(struct table *t, void *context)
{
    struct rows_seen *seen = context;
    seen->calls++;
    snprintf(seen->last, sizeof seen->last, "%s", table_cell_text(t, table_rows(t) - 1, 0));
    if (seen->calls % 2 == 0)
        table_drop_rows(t);
}

static void row_callback(void **state)
{
    (void)state;
    struct rows_seen seen = {0};
    struct table *t = table_new(list_columns);
    table_on_row(t, row_done, &seen, NULL);
    assert_ptr_equal(table_row_context(t), &seen);
    table_text(t, "A");
    assert_int_equal(seen.calls, 0); /* a row completes with its last cell */
    table_number(t, 1);
    assert_int_equal(seen.calls, 1);
    assert_string_equal(seen.last, "A");
    table_text(t, "B");
    table_number(t, 2);
    assert_int_equal(seen.calls, 2);
    assert_int_equal(table_rows(t), 0); /* dropped by the callback */
    table_text(t, "C");
    table_number(t, 3);
    expect_json("[{\"to\":\"C\",\"change\":3}]", write_rows, t);
    table_free(t);
}

/* Column names made at run time go with the table. */
static void owned_columns(void **state)
{
    (void)state;
    char **columns = calloc(3, sizeof *columns);
    assert_non_null(columns);
    columns[0] = strdup("min_unit_moves");
    columns[1] = strdup("layouts");
    struct table *t = table_new_owning(columns);
    table_number(t, 116);
    table_number(t, 7);
    expect_json("{\"min_unit_moves\":116,\"layouts\":7}", write_row0, t);
    table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cells_of_every_kind), cmocka_unit_test(strings_escaped), cmocka_unit_test(answers),
        cmocka_unit_test(fields_left_out),     cmocka_unit_test(row_callback),    cmocka_unit_test(owned_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
