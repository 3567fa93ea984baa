#include "answer/route_value.h"

#include "answer/route_step.h"

static const char *const step_columns[] = {"step", "piece", "row", "col", "moves", "distance", "code", NULL};
/* CSV and Markdown hold the rows of every answer in one table: each row names its route's
 * start, as JSON's answer does once in `from`. */
static const char *const step_columns_with_start[] = {
    "from", "step", "piece", "row", "col", "moves", "distance", "code", NULL};
#define STEP_DETAIL_COLUMNS 5 /* piece .. distance: null in the row of the start */

static struct table *step_table(const kl_code *codes, size_t count, bool with_start)
{
    struct table *t = table_new(with_start ? step_columns_with_start : step_columns);
    char start[KL_CODE_TEXT_SIZE];
    kl_code_format(codes[0], start);
    for (size_t i = 0; i < count; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(codes[i], hex);
        if (with_start)
            table_text(t, start);
        table_number(t, (long long)i);
        if (i == 0) {
            for (int c = 0; c < STEP_DETAIL_COLUMNS; c++)
                table_null(t, NULL);
        } else {
            struct step_text s = route_describe_step(codes[i - 1], codes[i]);
            char piece[2] = {s.piece, '\0'};
            table_text(t, piece);
            table_number(t, s.row);
            table_number(t, s.col);
            table_text(t, s.moves);
            table_number(t, s.distance);
        }
        table_text(t, hex);
    }
    return t;
}

struct answer_value route_value(const kl_code *codes, size_t count, enum kl_metric metric, bool with_start)
{
    static const char *const summary_columns[] = {"from", "to", "steps", "metric", NULL};
    struct table *summary = table_new(summary_columns);
    char from[KL_CODE_TEXT_SIZE], to[KL_CODE_TEXT_SIZE];
    kl_code_format(codes[0], from);
    kl_code_format(codes[count - 1], to);
    table_text(summary, from);
    table_text(summary, to);
    table_number(summary, (long long)count - 1);
    table_text(summary, kl_metric_name(metric));
    return (struct answer_value){summary, "route", step_table(codes, count, with_start)};
}
