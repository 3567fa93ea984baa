#include "query/render/pictures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/picture/markup.h"
#include "core/picture/svg_board.h"
#include "query/render/html_group.h"
#include "answer/html_player.h"
#include "query/render/output.h"
#include "query/render/svg_chart.h"
#include "answer/report.h"

#define GALLERY_LIMIT 12 /* boards per gallery: more would bury the page */
#define LINE_SIZE 320
#define SIZE_BINS 40 /* group sizes up to 2^40 */

int picture_check_request(bool svg, bool html, bool listing)
{
    if (!svg && !html)
        return EXIT_ANSWERED;
    const char *option = svg ? "--svg" : "--html";
    if (svg && html)
        return report(EXIT_BAD_INPUT, NULL, "--svg and --html: ask for one picture at a time");
    if (out_format() != FORMAT_TEXT)
        return report(EXIT_BAD_INPUT, option, "the picture is the whole answer: leave out --json, --csv and --md");
    if (listing)
        return report(EXIT_BAD_INPUT, option,
                      "the picture is the whole answer: leave out --codes, --members and --depth");
    return EXIT_ANSWERED;
}

int picture_check_one_input(const char *option, const struct request *req)
{
    if (option && req->arg_count != 1)
        return report(EXIT_BAD_INPUT, option,
                      "a picture answers one input: give exactly one (- for a board on stdin)");
    return EXIT_ANSWERED;
}

static const char *plural(long long n) { return n == 1 ? "" : "s"; }

int picture_board(const struct kl_db_layout_row *layout, const struct kl_db_group_row *group, const char *names)
{
    char hex[KL_CODE_TEXT_SIZE], facts[LINE_SIZE];
    kl_code_format(layout->code, hex);
    if (layout->min_steps == DB_NULL)
        snprintf(facts, sizeof facts, "class %s \u00b7 unsolvable", group->class_name);
    else
        snprintf(facts, sizeof facts, "class %s \u00b7 %d step%s to solve", group->class_name, layout->min_steps,
                 plural(layout->min_steps));
    const char *caption[] = {hex, facts, NULL};
    char title[LINE_SIZE];
    snprintf(title, sizeof title, "%s%s%s", hex, names ? " " : "", names ? names : "");
    svg_board_write(out_stream(), layout->code, caption, title);
    return EXIT_ANSWERED;
}

void picture_route(const kl_code *codes, size_t count, const char *what, enum kl_metric metric,
                   const char *start_names)
{
    html_player_route(out_stream(), codes, count, what, metric, start_names);
}

void picture_solution(const kl_code *codes, size_t count, enum kl_metric metric, const char *start_names)
{
    html_player_solution(out_stream(), codes, count, metric, start_names);
}

static long long total_of(const struct chart_bar *bars, size_t count)
{
    long long total = 0;
    for (size_t i = 0; i < count; i++)
        total += bars[i].value;
    return total;
}

int picture_depths(const struct chart_bar *bars, size_t count, long long unsolvable, const char *class_name,
                   enum kl_metric metric)
{
    const char *column = kl_db_min_moves_column(metric);
    if (count == 0)
        return report(EXIT_NOT_FOUND, class_name, "unsolvable: no layout has %s to draw", column);
    char title[LINE_SIZE], note[LINE_SIZE], solvable[MARKUP_COUNT_SIZE], left_out[MARKUP_COUNT_SIZE];
    snprintf(title, sizeof title, "Layouts by %s%s%s", column, class_name ? " in class " : "",
             class_name ? class_name : "");
    int used = snprintf(note, sizeof note, "%s solvable layouts, 0 to %lld %s from solved",
                        markup_count(total_of(bars, count), solvable), bars[count - 1].x,
                        kl_metric_unit(metric, bars[count - 1].x));
    if (unsolvable > 0)
        snprintf(note + used, sizeof note - (size_t)used, "; the %s unsolvable ones are not shown",
                 markup_count(unsolvable, left_out));
    svg_bar_chart(out_stream(), &(struct bar_chart){title, note, column, "layouts", bars, count});
    return EXIT_ANSWERED;
}

/* The bin of a group size: k for sizes 2^k to 2^(k+1) - 1. */
static int size_bin(long long size)
{
    int k = 0;
    while (k < SIZE_BINS - 1 && size >= 2LL << k)
        k++;
    return k;
}

void picture_class_groups(const struct chart_bar *bars, size_t count, const char *class_name)
{
    /* A bar per group would draw a class of thousands of groups as hairlines, its largest
     * group among them: the sizes go into bins instead, doubling, each bar the layouts
     * in the groups of its bin, so that the few large groups stand out. */
    struct chart_bar bins[SIZE_BINS];
    int last = 0;
    long long most = 0;
    for (int k = 0; k < SIZE_BINS; k++)
        bins[k] = (struct chart_bar){1LL << k, 0};
    for (size_t i = 0; i < count; i++) {
        int k = size_bin(bars[i].value);
        bins[k].value += bars[i].value;
        last = k > last ? k : last;
        most = bars[i].value > most ? bars[i].value : most;
    }
    char title[LINE_SIZE], note[LINE_SIZE], groups[MARKUP_COUNT_SIZE], layouts[MARKUP_COUNT_SIZE],
        largest[MARKUP_COUNT_SIZE];
    snprintf(title, sizeof title, "Layouts by the size of their group in class %s", class_name);
    snprintf(note, sizeof note, "%s layouts in %s group%s (the largest: %s layouts); a bar per group size "
                                "from N to 2N\u22121",
             markup_count(total_of(bars, count), layouts), markup_count((long long)count, groups),
             plural((long long)count), markup_count(most, largest));
    svg_bar_chart(out_stream(), &(struct bar_chart){title, note, "group size from", "layouts", bins,
                                                    (size_t)last + 1});
}

void picture_group_sizes(const struct chart_column *columns, size_t count)
{
    long long groups = 0;
    for (size_t i = 0; i < count; i++)
        for (size_t k = 0; k < columns[i].count; k++)
            groups += columns[i].dots[k].weight;
    char note[LINE_SIZE], total[MARKUP_COUNT_SIZE];
    snprintf(note, sizeof note, "%s groups in %zu classes; a dot per group size, larger where more groups "
                                "share it", markup_count(groups, total), count);
    svg_dot_chart(out_stream(), &(struct dot_chart){"Group sizes per class", note,
                                              "classes in jiang-bing-style order, banded by jiang "
                                              "(horizontal + vertical pieces)",
                                              "layouts in the group", columns, count});
}

/* A gallery's words, which it points to. */
struct gallery_words {
    char text[LINE_SIZE];
    char detail[LINE_SIZE];
};

/* Fills in the gallery with the codes (at most GALLERY_LIMIT shown of count). */
static void fill_gallery(struct board_gallery *gallery, const char *heading, struct gallery_words *words,
                         const kl_code *codes, size_t count)
{
    if (count > GALLERY_LIMIT) {
        size_t used = strlen(words->text);
        snprintf(words->text + used, sizeof words->text - used, " The first %d by code are shown.", GALLERY_LIMIT);
    }
    *gallery = (struct board_gallery){heading, words->text, codes, count < GALLERY_LIMIT ? count : GALLERY_LIMIT,
                                      words->detail};
}

/* The gallery of the group's hardest layouts. */
static void hardest_gallery(const struct kl_db_group_row *g, const struct group_page_layouts *layouts,
                            struct board_gallery *gallery, struct gallery_words *words)
{
    size_t count = layouts->hardest_count;
    char number[MARKUP_COUNT_SIZE];
    if (count > 0) {
        snprintf(words->text, sizeof words->text, "The %s layout%s that need%s the most steps to solve: %d.",
                 markup_count((long long)count, number), plural((long long)count), count == 1 ? "s" : "",
                 g->max_min_steps);
        snprintf(words->detail, sizeof words->detail, "%d steps to solve", g->max_min_steps);
    } else {
        snprintf(words->text, sizeof words->text, "None: no layout of the group can be solved.");
        words->detail[0] = '\0';
    }
    fill_gallery(gallery, "Hardest layouts", words, layouts->hardest, count);
}

/* The gallery of the group's peripheral layouts, or of those farthest from a layout. */
static void farthest_gallery(const struct kl_db_group_row *g, const struct group_page_layouts *layouts,
                             struct board_gallery *gallery, struct gallery_words *words)
{
    size_t count = layouts->farthest_count;
    char number[MARKUP_COUNT_SIZE], from[KL_CODE_TEXT_SIZE];
    if (layouts->peripheral) {
        snprintf(words->text, sizeof words->text, "The %s peripheral layout%s: the ends of the group's longest "
                 "shortest paths, %d steps.", markup_count((long long)count, number), plural((long long)count),
                 g->diameter);
        snprintf(words->detail, sizeof words->detail, "%d steps to its farthest", g->diameter);
    } else {
        kl_code_format(layouts->from, from);
        snprintf(words->text, sizeof words->text, "The database does not store the peripheral layouts (the "
                 "farthest phase of klotski-build has not run); shown instead: the %s layout%s farthest "
                 "from %s, %d steps away.", markup_count((long long)count, number), plural((long long)count), from,
                 layouts->distance);
        snprintf(words->detail, sizeof words->detail, "%d steps from %s", layouts->distance, from);
    }
    fill_gallery(gallery, "Farthest layouts", words, layouts->farthest, count);
}

int picture_group(const struct kl_db_group_row *g, const struct chart_bar *bars, size_t count,
                  const struct group_page_layouts *layouts)
{
    char title[LINE_SIZE], note[LINE_SIZE], size[MARKUP_COUNT_SIZE];
    snprintf(title, sizeof title, "Depth histogram of group %s", g->name);
    snprintf(note, sizeof note, "%s layouts of class %s: how many need each number of steps to solve",
             markup_count(g->size, size), g->class_name);
    struct bar_chart chart = {title, note, "min_steps", "layouts", bars, count};
    if (layouts) {
        struct board_gallery galleries[2];
        struct gallery_words words[2];
        hardest_gallery(g, layouts, &galleries[0], &words[0]);
        farthest_gallery(g, layouts, &galleries[1], &words[1]);
        html_group_write(out_stream(), &(struct group_page){g, count ? &chart : NULL, galleries, 2});
        return EXIT_ANSWERED;
    }
    if (count == 0)
        return report(EXIT_NOT_FOUND, g->name, "unsolvable: the group has no depth histogram to draw");
    svg_bar_chart(out_stream(), &chart);
    return EXIT_ANSWERED;
}
