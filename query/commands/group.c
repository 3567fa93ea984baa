/* `klotski group GROUP...`: a group's facts and depth histogram, or its members. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "core/rank.h"
#include "query/report.h"

#define BAR_WIDTH 40

static const char *const summary_columns[] = {
    "group", "class", "size", "min_code", "solvable", "solved", "max_min_steps", "hardest_count",
    "diameter", "radius", "peripheral_count", NULL};
static const char *const depth_columns[] = {"group", "depth", "layouts", NULL};
static const char *const depth_columns_for_people[] = {"depth", "layouts", "", NULL};
static const char *const member_columns[] = {"group", "code", "id", "group_index", "min_steps", NULL};

static struct table *summary_of(const struct group_row *g)
{
    struct table *t = table_new(summary_columns);
    table_text(t, g->name);
    table_text(t, g->class_name);
    table_number(t, g->size);
    table_code(t, g->min_code);
    table_bool(t, g->solved > 0);
    table_number(t, g->solved);
    table_number_or_null(t, g->max_min_steps, "-");
    table_number_or_null(t, g->hardest_count, "-");
    table_number_or_null(t, g->diameter, NULL);
    table_number_or_null(t, g->radius, NULL);
    table_number_or_null(t, g->peripheral_count, NULL);
    return t;
}

/* A bar of `size` against `largest`, for people. */
static void add_bar(struct table *t, size_t size, size_t largest)
{
    char bar[BAR_WIDTH * 3 + 1] = "";
    size_t length = (size * BAR_WIDTH + largest - 1) / largest;
    for (size_t i = 0; i < length; i++)
        strcat(bar, out_utf8() ? "█" : "#");
    table_text(t, bar);
}

static struct table *histogram_of(const struct group_row *g, const struct layer *layers, size_t count)
{
    bool for_people = out_format() == FORMAT_TEXT;
    struct table *t = table_new(for_people ? depth_columns_for_people : depth_columns);
    size_t largest = 1;
    for (size_t i = 0; i < count; i++)
        largest = layers[i].size > largest ? layers[i].size : largest;
    for (size_t i = 0; i < count; i++) {
        if (!for_people)
            table_text(t, g->name);
        table_number_or_null(t, layers[i].depth, "unsolvable");
        table_number(t, (long long)layers[i].size);
        if (for_people)
            add_bar(t, layers[i].size, largest);
    }
    return t;
}

struct member {
    uint32_t id;
    int depth;
};

static int compare_members(const void *a, const void *b)
{
    uint32_t x = ((const struct member *)a)->id, y = ((const struct member *)b)->id;
    return (x > y) - (x < y);
}

/* The members (all, or those `depth` steps from solved), in code order, which is id
 * order and so gives each its group_index. */
static struct table *members_of(const struct group_row *g, const struct layer *layers, size_t count, int depth)
{
    struct member *members = xmalloc((size_t)g->size * sizeof *members);
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        for (size_t k = 0; k < layers[i].size && n < (size_t)g->size; k++)
            members[n++] = (struct member){layers[i].ids[k], layers[i].depth};
    qsort(members, n, sizeof *members, compare_members);
    struct table *t = table_new(member_columns);
    for (size_t i = 0; i < n; i++) {
        if (depth != DB_NULL && members[i].depth != depth)
            continue;
        table_text(t, g->name);
        table_code(t, kl_id_to_code(members[i].id));
        table_number(t, members[i].id);
        table_number(t, (long long)i);
        table_number_or_null(t, members[i].depth, "unsolvable");
    }
    free(members);
    return t;
}

static int answer_group(struct db *db, const struct request *req, const struct group_row *g)
{
    if (req->svg || req->html)
        return picture_group(db, req, g);
    bool members = req->members || req->depth != DB_NULL;
    if (req->depth != DB_NULL && (g->max_min_steps == DB_NULL || req->depth > g->max_min_steps))
        return report(EXIT_NOT_FOUND, g->name, "no members %d steps from solved (%s)", req->depth,
                      g->max_min_steps == DB_NULL ? "the group is unsolvable" : "see its depth histogram");
    struct layer *layers;
    size_t count = db_group_layers(db, g->group_id, &layers);
    if (members) {
        struct table *t = members_of(g, layers, count, req->depth);
        out_next_answer();
        table_print(t);
        table_free(t);
    } else {
        struct table *summary = summary_of(g), *histogram = histogram_of(g, layers, count);
        answer_print(NULL, summary, "depths", histogram);
        table_free(summary);
        table_free(histogram);
    }
    db_free_layers(layers, count);
    return EXIT_ANSWERED;
}

static int run_group(struct db *db, const struct request *req)
{
    if (picture_check_one_input(req) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    return input_each_group(db, req, answer_group);
}

const struct command cmd_group = {
    .name = "group",
    .synopsis = "group [--members] [--depth D] GROUP... | group --svg|--html GROUP",
    .summary = "a group's class, size, min code, solvability, depth histogram, members",
    .help = "Shows each GROUP (a name like 5-4-1-1, or a LAYOUT meaning its group): its class,\n"
            "size, smallest code, whether it is solvable, its solved layouts, its largest\n"
            "min_steps and how many reach it, and its depth histogram (layouts per min_steps).\n\n"
            "  --members   list its members: code, id, group_index and min_steps\n"
            "  --depth D   list only the members D steps from solved (implies --members)\n"
            "  --svg       print instead its depth histogram as an SVG chart\n"
            "  --html      print instead a self-contained web page: its facts, depth\n"
            "              histogram, and its hardest and farthest layouts as boards\n",
    .options = OPTION_MEMBERS | OPTION_DEPTH | OPTION_SVG | OPTION_HTML,
    .run = run_group,
};
