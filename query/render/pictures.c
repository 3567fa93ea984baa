#include "query/render/pictures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/search/bfs.h"
#include "query/search/code_list.h"
#include "query/render/html_group.h"
#include "query/render/html_player.h"
#include "query/render/markup.h"
#include "query/report.h"
#include "query/render/svg_board.h"
#include "query/render/svg_chart.h"

#define GALLERY_LIMIT 12 /* boards per gallery: more would bury the page */
#define LINE_SIZE 320
#define SECTION_SIZE 8

int picture_check_request(const struct request *req, enum out_format format)
{
    if (!req->svg && !req->html)
        return EXIT_ANSWERED;
    const char *option = req->svg ? "--svg" : "--html";
    if (req->svg && req->html)
        return report(EXIT_BAD_INPUT, NULL, "--svg and --html: ask for one picture at a time");
    if (format != FORMAT_TEXT)
        return report(EXIT_BAD_INPUT, option, "the picture is the whole answer: leave out --json, --csv and --md");
    if (req->codes || req->members || req->depth != DB_NULL)
        return report(EXIT_BAD_INPUT, option,
                      "the picture is the whole answer: leave out --codes, --members and --depth");
    return EXIT_ANSWERED;
}

int picture_check_one_input(const struct request *req)
{
    if ((req->svg || req->html) && req->arg_count != 1)
        return report(EXIT_BAD_INPUT, req->svg ? "--svg" : "--html",
                      "a picture answers one input: give exactly one (- for a board on stdin)");
    return EXIT_ANSWERED;
}

static const char *plural(long long n) { return n == 1 ? "" : "s"; }

int picture_board(const struct layout_row *layout, const struct group_row *group)
{
    char hex[KL_CODE_TEXT_SIZE], facts[LINE_SIZE];
    kl_code_format(layout->code, hex);
    if (layout->min_steps == DB_NULL)
        snprintf(facts, sizeof facts, "class %s \u00b7 unsolvable", group->class_name);
    else
        snprintf(facts, sizeof facts, "class %s \u00b7 %d step%s to solve", group->class_name, layout->min_steps,
                 plural(layout->min_steps));
    const char *caption[] = {hex, facts, NULL};
    svg_board_write(stdout, layout->code, caption);
    return EXIT_ANSWERED;
}

void picture_route(const kl_code *codes, size_t count, const char *what)
{
    char first[KL_CODE_TEXT_SIZE], last[KL_CODE_TEXT_SIZE], title[LINE_SIZE];
    kl_code_format(codes[0], first);
    kl_code_format(codes[count - 1], last);
    snprintf(title, sizeof title, "%s \u2192 %s: %s in %zu step%s", first, last, what, count - 1,
             plural((long long)count - 1));
    html_player_write(stdout, title, codes, count);
}

/* Reads rows (x, value) of a statement into bars; rows whose x is NULL are left out and
 * their values summed into *left_out.  Returns the malloc'd bars and their number. */
static struct chart_bar *read_bars(struct db *db, sqlite3_stmt *stmt, size_t *count, long long *left_out)
{
    struct chart_bar *bars = NULL;
    size_t n = 0, capacity = 0;
    *left_out = 0;
    while (db_step(db, stmt)) {
        long long value = sqlite3_column_int64(stmt, 1);
        if (sqlite3_column_type(stmt, 0) == SQLITE_NULL) {
            *left_out += value;
            continue;
        }
        if (n == capacity) {
            capacity = capacity ? 2 * capacity : 256;
            bars = xrealloc(bars, capacity * sizeof *bars);
        }
        bars[n++] = (struct chart_bar){sqlite3_column_int64(stmt, 0), value};
    }
    sqlite3_finalize(stmt);
    *count = n;
    return bars;
}

static long long total_of(const struct chart_bar *bars, size_t count)
{
    long long total = 0;
    for (size_t i = 0; i < count; i++)
        total += bars[i].value;
    return total;
}

/* stats depths --svg: layouts per min_steps. */
static int depths_picture(struct db *db, int64_t class_id, const char *class_name)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT l.depth, sum(l.size) FROM layers l JOIN groups g USING (group_id)"
                                        " WHERE ?1 IS NULL OR g.class_id = ?1 GROUP BY l.depth ORDER BY l.depth");
    if (class_id != DB_NULL)
        sqlite3_bind_int64(stmt, 1, class_id);
    size_t count;
    long long unsolvable;
    struct chart_bar *bars = read_bars(db, stmt, &count, &unsolvable);
    if (count == 0) {
        free(bars);
        return report(EXIT_NOT_FOUND, class_name, "unsolvable: no layout has min_steps to draw");
    }
    char title[LINE_SIZE], note[LINE_SIZE], solvable[MARKUP_COUNT_SIZE], left_out[MARKUP_COUNT_SIZE];
    snprintf(title, sizeof title, "Layouts by min_steps%s%s", class_name ? " in class " : "",
             class_name ? class_name : "");
    int used = snprintf(note, sizeof note, "%s solvable layouts, 0 to %lld steps from solved",
                        markup_count(total_of(bars, count), solvable), bars[count - 1].x);
    if (unsolvable > 0)
        snprintf(note + used, sizeof note - (size_t)used, "; the %s unsolvable ones are not shown",
                 markup_count(unsolvable, left_out));
    svg_bar_chart(stdout, &(struct bar_chart){title, note, "min_steps", "layouts", bars, count});
    free(bars);
    return EXIT_ANSWERED;
}

/* stats groups --class CLASS --svg: the size of each group of one class. */
static void class_groups_picture(struct db *db, int64_t class_id, const char *class_name)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT group_num, size FROM groups WHERE class_id = ? ORDER BY group_num");
    sqlite3_bind_int64(stmt, 1, class_id);
    size_t count;
    long long none;
    struct chart_bar *bars = read_bars(db, stmt, &count, &none);
    char title[LINE_SIZE], note[LINE_SIZE], groups[MARKUP_COUNT_SIZE], layouts[MARKUP_COUNT_SIZE];
    snprintf(title, sizeof title, "Group sizes in class %s", class_name);
    snprintf(note, sizeof note, "%s layouts in %s group%s, largest first (group_num order)",
             markup_count(total_of(bars, count), layouts), markup_count((long long)count, groups),
             plural((long long)count));
    svg_bar_chart(stdout, &(struct bar_chart){title, note, "group_num", "layouts", bars, count});
    free(bars);
}

/* A column of the group-size chart: one class. */
struct class_column {
    char label[KL_CLASS_NAME_SIZE];
    char section[SECTION_SIZE];
    size_t first, count; /* its dots in the shared array */
};

/* stats groups --svg: every class's group sizes, a dot per size. */
static void all_groups_picture(struct db *db)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT c.name, c.jiang, g.size, count(*) FROM groups g"
                                        " JOIN classes c USING (class_id)"
                                        " GROUP BY g.class_id, g.size ORDER BY g.class_id, g.size DESC");
    struct class_column classes[KL_CLASS_COUNT];
    struct chart_dot *dots = NULL;
    size_t class_count = 0, dot_count = 0, capacity = 0;
    long long groups = 0;
    while (db_step(db, stmt)) {
        const char *name = (const char *)sqlite3_column_text(stmt, 0);
        if (class_count == 0 || strcmp(classes[class_count - 1].label, name) != 0) {
            if (class_count == KL_CLASS_COUNT)
                break;
            struct class_column *c = &classes[class_count++];
            snprintf(c->label, sizeof c->label, "%s", name);
            snprintf(c->section, sizeof c->section, "%d", sqlite3_column_int(stmt, 1));
            c->first = dot_count;
            c->count = 0;
        }
        if (dot_count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            dots = xrealloc(dots, capacity * sizeof *dots);
        }
        dots[dot_count++] = (struct chart_dot){sqlite3_column_int64(stmt, 2), sqlite3_column_int64(stmt, 3)};
        classes[class_count - 1].count++;
        groups += sqlite3_column_int64(stmt, 3);
    }
    sqlite3_finalize(stmt);
    struct chart_column columns[KL_CLASS_COUNT];
    for (size_t i = 0; i < class_count; i++)
        columns[i] = (struct chart_column){classes[i].label, classes[i].section, dots + classes[i].first,
                                           classes[i].count};
    char note[LINE_SIZE], total[MARKUP_COUNT_SIZE];
    snprintf(note, sizeof note, "%s groups in %zu classes; a dot per group size, larger where more groups "
                                "share it", markup_count(groups, total), class_count);
    svg_dot_chart(stdout, &(struct dot_chart){"Group sizes per class", note,
                                              "classes in jiang-bing-style order, banded by jiang "
                                              "(horizontal + vertical pieces)",
                                              "layouts in the group", columns, class_count});
    free(dots);
}

int picture_statistic(struct db *db, const char *table, int64_t class_id, const char *class_name)
{
    if (strcmp(table, "depths") == 0)
        return depths_picture(db, class_id, class_name);
    if (strcmp(table, "groups") != 0)
        return report(EXIT_BAD_INPUT, table, "no picture of this table; --svg draws depths and groups");
    if (class_id != DB_NULL)
        class_groups_picture(db, class_id, class_name);
    else
        all_groups_picture(db);
    return EXIT_ANSWERED;
}

/* The histogram's bars: the layers of a solvable group (an unsolvable one has none). */
static struct chart_bar *depth_bars(const struct layer *layers, size_t count, size_t *bar_count)
{
    struct chart_bar *bars = xmalloc(count * sizeof *bars);
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        if (layers[i].depth != DB_NULL)
            bars[n++] = (struct chart_bar){layers[i].depth, (long long)layers[i].size};
    *bar_count = n;
    return bars;
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

/* The group's hardest layouts.  Returns their codes (malloc'd, or NULL when the group is
 * unsolvable) for the caller to free once the gallery is written. */
static kl_code *hardest_gallery(struct db *db, const struct group_row *g, struct board_gallery *gallery,
                                struct gallery_words *words)
{
    uint32_t *ids;
    size_t count = g->max_min_steps == DB_NULL ? 0 : db_layer_ids(db, g->group_id, g->max_min_steps, &ids);
    kl_code *codes = NULL;
    char number[MARKUP_COUNT_SIZE];
    if (count > 0) {
        codes = codes_of_ids(ids, count);
        free(ids);
        snprintf(words->text, sizeof words->text, "The %s layout%s that need%s the most steps to solve: %d.",
                 markup_count((long long)count, number), plural((long long)count), count == 1 ? "s" : "",
                 g->max_min_steps);
        snprintf(words->detail, sizeof words->detail, "%d steps to solve", g->max_min_steps);
    } else {
        snprintf(words->text, sizeof words->text, "None: no layout of the group can be solved.");
        words->detail[0] = '\0';
    }
    fill_gallery(gallery, "Hardest layouts", words, codes, count);
    return codes;
}

/* The group's peripheral layouts when the database stores them, else (a search away)
 * those farthest from `start`.  Returns their codes for the caller to free. */
static kl_code *farthest_gallery(struct db *db, const struct group_row *g, kl_code start,
                                 struct board_gallery *gallery, struct gallery_words *words)
{
    uint32_t *ids;
    size_t count = db_peripheral_ids(db, g->group_id, &ids);
    kl_code *codes;
    char number[MARKUP_COUNT_SIZE], from[KL_CODE_TEXT_SIZE];
    if (count > 0) {
        codes = codes_of_ids(ids, count);
        free(ids);
        snprintf(words->text, sizeof words->text, "The %s peripheral layout%s: the ends of the group's longest "
                 "shortest paths, %d steps.", markup_count((long long)count, number), plural((long long)count),
                 g->diameter);
        snprintf(words->detail, sizeof words->detail, "%d steps to its farthest", g->diameter);
    } else {
        int distance;
        codes = bfs_farthest(start, (size_t)g->size, &count, &distance);
        kl_code_format(start, from);
        snprintf(words->text, sizeof words->text, "The database does not store the peripheral layouts (the "
                 "farthest phase of klotski-build has not run); shown instead: the %s layout%s farthest "
                 "from %s, %d steps away.", markup_count((long long)count, number), plural((long long)count), from,
                 distance);
        snprintf(words->detail, sizeof words->detail, "%d steps from %s", distance, from);
    }
    fill_gallery(gallery, "Farthest layouts", words, codes, count);
    return codes;
}

/* The page of group --html; the farthest layouts are measured from the first hardest
 * layout, the one a player would most want to see the far side of. */
static void group_page(struct db *db, const struct group_row *g, const struct bar_chart *depths)
{
    struct board_gallery galleries[2];
    struct gallery_words words[2];
    kl_code *hardest = hardest_gallery(db, g, &galleries[0], &words[0]);
    kl_code *farthest = farthest_gallery(db, g, hardest ? hardest[0] : g->min_code, &galleries[1], &words[1]);
    html_group_write(stdout, &(struct group_page){g, depths, galleries, 2});
    free(hardest);
    free(farthest);
}

int picture_group(struct db *db, const struct request *req, const struct group_row *g)
{
    struct layer *layers;
    size_t layer_count = db_group_layers(db, g->group_id, &layers), count;
    struct chart_bar *bars = depth_bars(layers, layer_count, &count);
    db_free_layers(layers, layer_count);
    char title[LINE_SIZE], note[LINE_SIZE], size[MARKUP_COUNT_SIZE];
    snprintf(title, sizeof title, "Depth histogram of group %s", g->name);
    snprintf(note, sizeof note, "%s layouts of class %s: how many need each number of steps to solve",
             markup_count(g->size, size), g->class_name);
    struct bar_chart chart = {title, note, "min_steps", "layouts", bars, count};
    int status = EXIT_ANSWERED;
    if (req->html)
        group_page(db, g, count ? &chart : NULL);
    else if (count)
        svg_bar_chart(stdout, &chart);
    else
        status = report(EXIT_NOT_FOUND, g->name, "unsolvable: the group has no depth histogram to draw");
    free(bars);
    return status;
}
