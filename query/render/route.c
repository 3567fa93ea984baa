#include "query/render/route.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/drawing.h"
#include "core/moves.h"
#include "query/render/output.h"
#include "answer/report.h"
#include "answer/route_value.h"

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
    struct answer_value answer = route_value(codes, count, metric,
                                              out_format() == FORMAT_CSV || out_format() == FORMAT_MD);
    answer_print(NULL, &answer);
    answer_value_free(&answer);
}
