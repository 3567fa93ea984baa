#include "answer/html_player.h"

#include "answer/route_step.h"
#include "core/picture/markup.h"
#include "core/picture/svg_board.h"

/* The page's style sheet and script, answer/assets/player.css and player.js,
 * compiled in by the Makefile.  Every step is replayed from the step list: its items
 * carry the moved piece's anchors before and after (data-from, data-to), so the script
 * needs no knowledge of codes; a piece is found by the address of its top-left cell,
 * which is unique. */
static const char player_style[] =
#include "answer/assets/player.css.inc"
    ;
static const char player_script[] =
#include "answer/assets/player.js.inc"
    ;

static void write_steps(FILE *out, const kl_code *codes, size_t count)
{
    fputs("<ol id=\"steps\" start=\"0\">\n", out);
    for (size_t i = 0; i < count; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(codes[i], hex);
        if (i == 0) {
            fprintf(out, "<li data-code=\"%s\">start %s</li>\n", hex, hex);
            continue;
        }
        struct step_text s = route_describe_step(codes[i - 1], codes[i]);
        fprintf(out, "<li data-code=\"%s\" data-kind=\"%s\" data-from=\"%d\" data-to=\"%d\">%c r%dc%d %s</li>\n",
                hex, svg_board_kind_name((enum kl_piece)s.step.kind), s.step.from, s.step.to, s.piece, s.row,
                s.col, s.moves);
    }
    fputs("</ol>\n", out);
}

void html_player_write(FILE *out, const char *title, const char *unit, const kl_code *codes, size_t count)
{
    char hex[KL_CODE_TEXT_SIZE], body[128];
    kl_code_format(codes[0], hex);
    snprintf(body, sizeof body, "data-steps=\"%zu\" data-step=\"0\" data-code=\"%s\" data-unit=\"%s\"", count - 1,
             hex, unit);
    markup_page_begin(out, title, player_style, body);
    fputs("<h1>", out);
    markup_text(out, title);
    fputs("</h1>\n<main>\n<div class=\"stage\">\n", out);
    svg_board_write(out, codes[0], NULL, NULL);
    fprintf(out,
            "<p id=\"counter\">%s 0 of %zu</p>\n<p id=\"move\"></p>\n"
            "<input id=\"slider\" type=\"range\" min=\"0\" max=\"%zu\" value=\"0\" aria-label=\"step\">\n"
            "<div class=\"controls\">\n"
            "<button id=\"first\" title=\"first (Home)\">|\u25c0</button>\n"
            "<button id=\"prev\" title=\"previous (\u2190)\">\u25c0</button>\n"
            "<button id=\"play\" title=\"play or pause (space)\">\u25b6 play</button>\n"
            "<button id=\"next\" title=\"next (\u2192)\">\u25b6</button>\n"
            "<button id=\"last\" title=\"last (End)\">\u25b6|</button>\n"
            "</div>\n</div>\n",
            unit, count - 1, count - 1);
    write_steps(out, codes, count);
    fputs("</main>\n", out);
    markup_page_end(out, player_script);
}

void html_player_route(FILE *out, const kl_code *codes, size_t count, const char *what, enum kl_metric metric,
                       const char *start_names)
{
    char first[KL_CODE_TEXT_SIZE], last[KL_CODE_TEXT_SIZE], title[320];
    kl_code_format(codes[0], first);
    kl_code_format(codes[count - 1], last);
    snprintf(title, sizeof title, "%s%s%s%s \u2192 %s: %s in %zu %s", start_names ? start_names : "",
             start_names ? " (" : "", first, start_names ? ")" : "", last, what, count - 1,
             kl_metric_unit(metric, (long long)count - 1));
    html_player_write(out, title, kl_metric_unit(metric, 1), codes, count);
}

void html_player_solution(FILE *out, const kl_code *codes, size_t count, enum kl_metric metric,
                          const char *start_names)
{
    /* "minimal-step" is the name SPEC.md gives; the other metrics say theirs in the length. */
    html_player_route(out, codes, count, metric == KL_METRIC_STEP ? "a minimal-step solution" : "a minimal solution",
                      metric, start_names);
}
