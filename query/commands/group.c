/* `klotski group GROUP...`: a group's facts and depth histogram, or its members. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rank.h"
#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/commands/members.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "answer/group_value.h"
#include "answer/members_value.h"
#include "answer/report.h"
#include "answer/search/bfs.h"

#define BAR_WIDTH 40

struct group_options {
    bool members, svg, html;
    struct group_members members_page;
};

static const struct group_options option_defaults = {.members_page.depth = DB_NULL};

static const struct command_option group_option_table[] = {
    {.name = "members", .kind = OPTION_FLAG, .offset = offsetof(struct group_options, members), .help = "list its members: code, id, group_index and min_steps"},
    {.name = "depth", .value_name = "D", .kind = OPTION_STEPS, .offset = offsetof(struct group_options, members_page.depth),
     .help = "list only the members D steps from solved (implies --members)"},
    {.name = "offset", .value_name = "N", .kind = OPTION_INDEX, .offset = offsetof(struct group_options, members_page.offset),
     .help = "skip the first N members listed (implies --members)"},
    {.name = "limit", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct group_options, members_page.limit),
     .help = "list at most N members (implies --members)"},
    {.name = "svg", .kind = OPTION_FLAG, .offset = offsetof(struct group_options, svg), .help = "print instead its depth histogram as an SVG chart"},
    {.name = "html", .kind = OPTION_FLAG, .offset = offsetof(struct group_options, html),
     .help = "print instead a self-contained web page: its facts, depth\n"
             "histogram, and its hardest and farthest layouts as boards"},
    {NULL},
};

static const char *const depth_columns_for_people[] = {"depth", "layouts", "", NULL};

static struct table *summary_of(const struct kl_db_group_row *g)
{
    struct group_facts facts = {
        .name = g->name, .class_name = g->class_name, .size = g->size, .min_code = g->min_code, .solved = g->solved,
        .diameter = g->diameter, .radius = g->radius, .peripheral_count = g->peripheral_count,
        .central_count = g->central_count};
    for (int m = KL_METRIC_STEP; m < KL_METRIC_COUNT; m++) {
        facts.max_min_moves[m] = g->max_min_moves[m];
        facts.hardest_counts[m] = g->hardest_counts[m];
    }
    return group_value(&facts, GROUP_EVERY_FIELD);
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

static struct table *histogram_of(const struct kl_db_group_row *g, const struct layer *layers, size_t count,
                                  bool for_people)
{
    struct table *t = for_people ? table_new(depth_columns_for_people) : group_depths_new();
    size_t largest = 1;
    for (size_t i = 0; i < count; i++)
        largest = layers[i].size > largest ? layers[i].size : largest;
    for (size_t i = 0; i < count; i++) {
        if (!for_people) {
            group_depths_add(t, g->name, layers[i].depth, (long long)layers[i].size);
            continue;
        }
        table_number_or_null(t, layers[i].depth, "unsolvable");
        table_number(t, (long long)layers[i].size);
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
 * order and so gives each its group_index; the page of them that --offset and --limit
 * ask. */
static struct table *members_of(const struct group_members *options, const struct kl_db_group_row *g,
                                const struct layer *layers, size_t count, bool streamed)
{
    struct member *members = xmalloc((size_t)g->size * sizeof *members);
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        for (size_t k = 0; k < layers[i].size && n < (size_t)g->size; k++)
            members[n++] = (struct member){layers[i].ids[k], layers[i].depth};
    qsort(members, n, sizeof *members, compare_members);
    uint32_t *ids = xmalloc(n * sizeof *ids);
    int *depth = xmalloc(n * sizeof *depth);
    for (size_t i = 0; i < n; i++) {
        ids[i] = members[i].id;
        depth[i] = members[i].depth;
    }
    free(members);
    struct table *t = streamed ? table_new_streamed(members_columns, OUT_ID_DIGITS) : table_new(members_columns);
    struct members_page page = {options->depth == DB_NULL ? MEMBERS_ANY_DEPTH : options->depth,
                                (size_t)options->offset, (size_t)options->limit};
    members_value_add(t, g->name, &page, n, depth, ids, NULL);
    free(ids);
    free(depth);
    return t;
}

/* group --html: the page shows the group's hardest layouts and its peripheral ones.  When
 * the database does not store the peripheral layouts, it shows instead those farthest
 * from the first hardest layout, the one a player would most want to see the far side
 * of. */
static int page_of(struct db *db, const struct kl_db_group_row *g, const struct chart_bar *bars, size_t count)
{
    struct group_page_layouts layouts = {0};
    kl_code *hardest = members_hardest(db, g, &layouts.hardest_count);
    kl_code *farthest = members_peripheral(db, g, &layouts.farthest_count);
    layouts.peripheral = farthest != NULL;
    if (!farthest) {
        layouts.from = hardest ? hardest[0] : g->min_code;
        struct search_watch watch = db_search_watch(db);
        farthest = bfs_farthest(layouts.from, (size_t)g->size, &watch, &layouts.farthest_count, &layouts.distance);
        if (!farthest) { /* the server's watch stopped the search */
            free(hardest);
            return EXIT_NOT_FOUND;
        }
    }
    layouts.hardest = hardest;
    layouts.farthest = farthest;
    int status = picture_group(g, bars, count, &layouts);
    free(hardest);
    free(farthest);
    return status;
}

/* group --svg or --html: the depth histogram's bars are the layers of a solvable group
 * (an unsolvable one has none). */
static int picture_of(struct db *db, const struct group_options *options, const struct kl_db_group_row *g)
{
    struct layer *layers;
    size_t layer_count = db_group_layers(db, g->group_id, &layers), count = 0;
    struct chart_bar *bars = xmalloc(layer_count * sizeof *bars);
    for (size_t i = 0; i < layer_count; i++)
        if (layers[i].depth != DB_NULL)
            bars[count++] = (struct chart_bar){layers[i].depth, (long long)layers[i].size};
    db_free_layers(layers, layer_count);
    int status = options->html ? page_of(db, g, bars, count) : picture_group(g, bars, count, NULL);
    free(bars);
    return status;
}

struct answer_value group_facts_answer(struct db *db, const struct kl_db_group_row *g, bool for_people)
{
    struct layer *layers;
    size_t count = db_group_layers(db, g->group_id, &layers);
    struct answer_value answer = {summary_of(g), "depths", histogram_of(g, layers, count, for_people)};
    db_free_layers(layers, count);
    return answer;
}

int group_members_answer(struct db *db, const struct group_members *options, const struct kl_db_group_row *g,
                         bool streamed, struct table **list)
{
    char reason[MEMBERS_REASON_SIZE];
    if (!members_depth_held(g->max_min_steps, options->depth == DB_NULL ? MEMBERS_ANY_DEPTH : options->depth, reason))
        return report(EXIT_NOT_FOUND, g->name, "%s", reason);
    struct layer *layers;
    size_t count = db_group_layers(db, g->group_id, &layers);
    *list = members_of(options, g, layers, count, streamed);
    db_free_layers(layers, count);
    return EXIT_ANSWERED;
}

static int answer_group(struct db *db, const void *given, const struct kl_db_group_row *g)
{
    const struct group_options *options = given;
    if (options->svg || options->html)
        return picture_of(db, options, g);
    if (!(options->members || options->members_page.depth != DB_NULL || options->members_page.offset ||
          options->members_page.limit)) {
        struct answer_value answer = group_facts_answer(db, g, out_format() == FORMAT_TEXT);
        answer_print(NULL, &answer);
        answer_value_free(&answer);
        return EXIT_ANSWERED;
    }
    struct table *list;
    int status = group_members_answer(db, &options->members_page, g, true, &list);
    if (status != EXIT_ANSWERED)
        return status;
    out_next_answer();
    table_print(list);
    table_free(list);
    return EXIT_ANSWERED;
}

static int check_group(const void *given)
{
    const struct group_options *options = given;
    return picture_check_request(options->svg, options->html,
                                 options->members || options->members_page.depth != DB_NULL ||
                                     options->members_page.offset || options->members_page.limit);
}

static int run_group(struct db *db, const struct request *req)
{
    const struct group_options *options = req->options;
    const char *picture = options->svg ? "--svg" : options->html ? "--html" : NULL;
    if (picture_check_one_input(picture, req) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    return input_each_group(db, req, answer_group);
}

const struct command command_group = {
    .name = "group",
    .synopsis = "group [--members] [--depth D] [--offset N] [--limit N] GROUP... | group --svg|--html GROUP",
    .summary = "a group's class, size, min code, solvability, depth histogram, members",
    .not_found = "no such group, or no members at the depth asked",
    .help = "Shows each GROUP (a name like 5-4-1-1, or a LAYOUT meaning its group): its class,\n"
            "size, smallest code, whether it is solvable, its solved layouts, its largest\n"
            "min_steps and how many reach it, the same two in straight moves and in unit\n"
            "moves, and its depth histogram (layouts per min_steps, in steps under every\n"
            "--metric: the database keeps its layers by min_steps).\n",
    .options = group_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_group,
    .run = run_group,
};
