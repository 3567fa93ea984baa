/* `klotski hint LAYOUT... [--level 1|2|3]`: a staged hint that spoils as little as asked:
 * level 1 a band of ten distances ("between 80 and 89 steps left"), level 2 adds which
 * piece to move, level 3 the exact step.  The step is the first optimal one of db_moves
 * (query/db.h, ranked by core/move_outcomes.h: the lowest resulting code among the
 * optimal steps), so the hint is the same on every run. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "core/move_outcomes.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "answer/hint_value.h"
#include "answer/report.h"

struct hint_options {
    long level;
};

static const struct hint_options option_defaults = {.level = HINT_LEVEL_BAND};

static const struct command_option hint_option_table[] = {
    {.name = "level", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct hint_options, level),
     .help = "how much to tell: 1 a band of ten distances (the default),\n"
             "2 also which piece to move, 3 also the exact step"},
    {NULL},
};

/* The hint (answer/hint_value.h, one row) as lines: the band, then as its level asks the piece
 * and the step; the fields not told are null. */
static void print_for_people(const struct table *t, enum kl_metric metric)
{
    const char *hex = table_cell_text(t, 0, HINT_CODE), *from = table_cell_text(t, 0, HINT_FROM);
    const char *to = table_cell_text(t, 0, HINT_TO);
    out_next_answer();
    if (strcmp(to, "0") == 0) {
        printf("%s: solved, no %s left\n", hex, kl_metric_unit(metric, 1));
        return;
    }
    printf("%s: between %s and %s %s left\n", hex, from, to, kl_metric_unit(metric, atoi(to)));
    if (table_cell_kind(t, 0, HINT_PIECE) != CELL_NULL)
        printf("move the %s at row %s, column %s\n", table_cell_text(t, 0, HINT_PIECE),
               table_cell_text(t, 0, HINT_PIECE + 1), table_cell_text(t, 0, HINT_PIECE + 2));
    if (table_cell_kind(t, 0, HINT_MOVES) != CELL_NULL)
        printf("slide it %s, to %s\n", table_cell_text(t, 0, HINT_MOVES), table_cell_text(t, 0, HINT_MOVES + 1));
}

int hint_answer(struct db *db, const struct kl_db_layout_row *layout, long level, struct table **hint)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    int min_moves = layout->min_moves[db_metric(db)];
    if (min_moves == DB_NULL)
        return report(EXIT_NOT_FOUND, hex, REPORT_UNSOLVABLE);
    struct kl_move_outcome moves[KL_MAX_STEPS];
    /* An unsolved layout's first move is optimal: some neighbour is one step closer. */
    if (min_moves != 0 && (db_moves(db, layout->code, moves) == 0 || moves[0].change != KL_MOVE_OPTIMAL))
        return db_inconsistent(db, hex, "no %s leads closer to solved", kl_metric_unit(db_metric(db), 1));
    *hint = hint_value(layout->code, min_moves, level, &moves[0]);
    return EXIT_ANSWERED;
}

static int hint_of(struct db *db, const void *given, const struct kl_db_layout_row *layout,
                   const struct kl_db_group_row *group)
{
    const struct hint_options *options = given;
    (void)group;
    struct table *t;
    int status = hint_answer(db, layout, options->level, &t);
    if (status != EXIT_ANSWERED)
        return status;
    if (out_format() == FORMAT_TEXT)
        print_for_people(t, db_metric(db));
    else
        table_print(t);
    table_free(t);
    return EXIT_ANSWERED;
}

static int check_hint(const void *given)
{
    const struct hint_options *options = given;
    if (options->level > HINT_LEVEL_STEP)
        return report(EXIT_BAD_INPUT, "--level", "takes 1, 2 or 3, not %ld", options->level);
    return EXIT_ANSWERED;
}

static int run_hint(struct db *db, const struct request *req) { return input_each_layout(db, req, hint_of); }

const struct command command_hint = {
    .name = "hint",
    .synopsis = "hint [--level 1|2|3] LAYOUT...",
    .summary = "a hint that spoils as little as asked",
    .not_found = "an unsolvable layout, or one not in the database",
    .help = "Gives a hint for each LAYOUT, as much as --level asks: 1 how far it is from\n"
            "solved, as a band of ten (between 80 and 89 steps left); 2 also the piece to\n"
            "move (its letter and the row and column of its top-left cell); 3 also the exact\n"
            "step and the layout it leads to.  The step is an optimal one, the first that\n"
            "`klotski moves` lists.  Exits 1 for an unsolvable layout.  Under --metric\n"
            "straight or unit, the band and the move are in that metric (\"between 110 and\n"
            "119 unit moves left\"); the JSON fields keep their names (steps_from, steps_to).\n",
    .options = hint_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_hint,
    .run = run_hint,
};
