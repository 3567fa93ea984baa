#include "answer/value_json.h"

#include "core/json.h"

/* The fields of row `row`, each after a comma but the first when `first`. */
static void write_fields(FILE *out, const struct table *t, size_t row, bool first)
{
    const char *const *columns = table_columns(t);
    for (size_t col = 0; col < table_column_count(t); col++) {
        if (!first || col > 0)
            fputc(',', out);
        kl_json_string(out, columns[col]);
        fputc(':', out);
        enum cell_kind kind = table_cell_kind(t, row, col);
        if (kind == CELL_TEXT)
            kl_json_string(out, table_cell_text(t, row, col));
        else
            fputs(kind == CELL_NULL ? "null" : table_cell_text(t, row, col), out);
    }
}

void value_json_row(FILE *out, const struct table *t, size_t row)
{
    fputc('{', out);
    write_fields(out, t, row, true);
    fputc('}', out);
}

void value_json_rows(FILE *out, const struct table *t)
{
    fputc('[', out);
    for (size_t row = 0; row < table_rows(t); row++) {
        if (row > 0)
            fputc(',', out);
        value_json_row(out, t, row);
    }
    fputc(']', out);
}

void value_json_answer(FILE *out, const struct answer_value *answer)
{
    if (!answer->summary) {
        value_json_rows(out, answer->list);
        return;
    }
    fputc('{', out);
    write_fields(out, answer->summary, 0, true);
    if (answer->list) {
        bool first = table_column_count(answer->summary) == 0;
        if (!first)
            fputc(',', out);
        kl_json_string(out, answer->list_key);
        fputc(':', out);
        value_json_rows(out, answer->list);
    }
    fputc('}', out);
}
