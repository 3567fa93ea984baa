#include "query/render/route.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/drawing.h"
#include "core/moves.h"
#include "query/render/output.h"
#include "answer/report.h"

#define CAPTION_SIZE 128

static char *drawn(kl_code code)
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    char *drawing = xmalloc(KL_DRAWING_TEXT_SIZE);
    kl_drawing_format(raw, out_utf8(), drawing);
    return drawing;
}

/* Two caption lines above a board. */
static char *captioned_board(const char *first, const char *second, kl_code code)
{
    char *board = drawn(code);
    char *block = xmalloc(strlen(first) + strlen(second) + strlen(board) + 3);
    sprintf(block, "%s\n%s\n%s", first, second, board);
    free(board);
    return block;
}

static void print_for_people(const kl_code *codes, size_t count, enum kl_metric metric)
{
    char first[KL_CODE_TEXT_SIZE], last[KL_CODE_TEXT_SIZE];
    kl_code_format(codes[0], first);
    kl_code_format(codes[count - 1], last);
    fprintf(out_stream(), "%s %s %s in %zu %s\n\n", first, out_utf8() ? "→" : "->", last,
            count - 1, kl_metric_unit(metric, (long long)count - 1));
    char **blocks = xmalloc(count * sizeof *blocks);
    for (size_t i = 0; i < count; i++) {
        char number[CAPTION_SIZE], move[CAPTION_SIZE] = "start";
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(codes[i], hex);
        snprintf(number, sizeof number, "%zu. %s", i, hex);
        if (i > 0) {
            struct step_text s = route_describe_step(codes[i - 1], codes[i]);
            snprintf(move, sizeof move, "%c r%dc%d %s", s.piece, s.row, s.col, s.moves);
        }
        blocks[i] = captioned_board(number, move, codes[i]);
    }
    blocks_print(blocks, count);
    for (size_t i = 0; i < count; i++)
        free(blocks[i]);
    free(blocks);
}

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

void route_print(const kl_code *codes, size_t count, enum kl_metric metric, bool codes_only)
{
    if (codes_only || out_format() == FORMAT_TEXT)
        out_next_answer();
    if (codes_only) {
        for (size_t i = 0; i < count; i++) {
            char hex[KL_CODE_TEXT_SIZE];
            kl_code_format(codes[i], hex);
            fprintf(out_stream(), "%s\n", hex);
        }
        return;
    }
    if (out_format() == FORMAT_TEXT) {
        print_for_people(codes, count, metric);
        return;
    }
    struct answer_value answer = route_answer(codes, count, metric,
                                              out_format() == FORMAT_CSV || out_format() == FORMAT_MD);
    answer_print(NULL, &answer);
    answer_value_free(&answer);
}

struct answer_value route_answer(const kl_code *codes, size_t count, enum kl_metric metric, bool with_start)
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
