/* `klotski show LAYOUT...`: everything known about a layout, beside its board. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classic.h"
#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "core/drawing.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "answer/layout_value.h"
#include "answer/report.h"

struct show_options {
    bool svg;
};

static const struct show_options option_defaults;

static const struct command_option show_option_table[] = {
    {.name = "svg", .kind = OPTION_FLAG, .offset = offsetof(struct show_options, svg),
     .help = "print instead an SVG picture of the board: pieces coloured by shape,\n"
             "the exit marked, the code, class and min_steps under it"},
    {NULL},
};

struct table *show_answer(const struct kl_db_layout_row *layout, const struct kl_db_group_row *group,
                          bool for_people)
{
    struct layout_facts facts = {
        .code = layout->code, .group = group->name, .group_index = layout->group_index, .group_size = group->size,
        .min_moves = {layout->min_moves[KL_METRIC_STEP], layout->min_moves[KL_METRIC_STRAIGHT],
                      layout->min_moves[KL_METRIC_UNIT]},
        .min_solution_num = layout->min_solution_num, .farthest_steps = layout->farthest_steps,
        .farthest_num = layout->farthest_num, .solution_num = layout->solution_num};
    return layout_value(&facts, LAYOUT_EVERY_FIELD, for_people);
}

static void print_for_people(const struct table *t, kl_code code)
{
    out_next_answer();
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    char drawing[KL_DRAWING_TEXT_SIZE];
    kl_drawing_format(raw, out_utf8(), drawing);
    char *blocks[2] = {drawing, card_text(t, 0)};
    blocks_print(blocks, 2);
    free(blocks[1]);
}

static int show_layout(struct db *db, const void *given, const struct kl_db_layout_row *layout,
                       const struct kl_db_group_row *group)
{
    (void)db;
    const struct show_options *options = given;
    if (options->svg) {
        char names[KL_CLASSIC_NAMES_SIZE];
        return picture_board(layout, group, kl_classic_names_of(layout->code, names) ? names : NULL);
    }
    struct table *t = show_answer(layout, group, out_format() == FORMAT_TEXT);
    if (out_format() == FORMAT_TEXT)
        print_for_people(t, layout->code);
    else
        table_print(t);
    table_free(t);
    return EXIT_ANSWERED;
}

static int check_show(const void *given)
{
    const struct show_options *options = given;
    return picture_check_request(options->svg, false, false);
}

static int run_show(struct db *db, const struct request *req)
{
    const struct show_options *options = req->options;
    if (picture_check_one_input(options->svg ? "--svg" : NULL, req) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    return input_each_layout(db, req, show_layout);
}

const struct command command_show = {
    .name = "show",
    .synopsis = "show LAYOUT... | show --svg LAYOUT",
    .summary = "a layout's board, code, id, class, group, min_steps, mirror",
    .not_found = "a layout not in the database",
    .help = "Shows each LAYOUT: its board, code, id, short code, class, group, group_index,\n"
            "group size, min_steps (or unsolvable) and the same counted in straight moves\n"
            "and in unit moves, min_solution_num (the solved layouts\n"
            "min_steps away), its mirror image and whether it is its own mirror, its\n"
            "classic names (names), its board as 20 cells in a row (board, in --json,\n"
            "--csv and --md: VKKVVKKVVHHVVooVo..o, a LAYOUT itself), and farthest_steps, farthest_num and solution_num when the\n"
            "database has them.\n"
            "With no LAYOUT, reads one per line from stdin, and boards (each up to a blank\n"
            "line).\n",
    .options = show_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_show,
    .run = run_show,
};
