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
#include "query/render/route.h"
#include "answer/report.h"

#define BAND_WIDTH 10 /* distances per band of level 1 */
#define LEVEL_BAND 1
#define LEVEL_PIECE 2
#define LEVEL_STEP 3

struct hint_options {
    long level;
};

static const struct hint_options option_defaults = {.level = LEVEL_BAND};

static const struct command_option hint_option_table[] = {
    {.name = "level", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct hint_options, level),
     .help = "how much to tell: 1 a band of ten distances (the default),\n"
             "2 also which piece to move, 3 also the exact step"},
    {NULL},
};

static const char *const hint_columns[] = {
    "code", "level", "steps_from", "steps_to", "piece", "row", "col", "moves", "to", NULL};
/* Where print_for_people finds the fields: the piece's is followed by its row and
 * column, the moves' by the layout they lead to. */
enum { HINT_CODE = 0, HINT_FROM = 2, HINT_TO = 3, HINT_PIECE = 4, HINT_MOVES = 7 };

/* The band of ten distances holding min_steps: 0 alone (solved), then 1-9, 10-19, ... */
static void band_of(int min_steps, int *from, int *to)
{
    *from = min_steps / BAND_WIDTH * BAND_WIDTH;
    *to = *from + BAND_WIDTH - 1;
    if (min_steps == 0)
        *to = 0;
    else if (*from == 0)
        *from = 1;
}

/* The hint (hint_columns, one row) as lines: the band, then as its level asks the piece
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
        return report(EXIT_NOT_FOUND, hex, "unsolvable: its group holds no solved layout");
    int from, to;
    band_of(min_moves, &from, &to);
    struct kl_move_outcome moves[KL_MAX_STEPS];
    bool solved = min_moves == 0;
    /* An unsolved layout's first move is optimal: some neighbour is one step closer. */
    if (!solved && (db_moves(db, layout->code, moves) == 0 || moves[0].change != KL_MOVE_OPTIMAL))
        return db_inconsistent(db, hex, "no %s leads closer to solved", kl_metric_unit(db_metric(db), 1));
    struct step_text s = {0};
    kl_code next = layout->code;
    if (!solved) {
        kl_raw raw;
        kl_code_to_raw(layout->code, &raw);
        s = route_step_text(raw, moves[0].step);
        next = moves[0].to;
    }
    struct table *t = table_new(hint_columns);
    table_text(t, hex);
    table_number(t, level);
    table_number(t, from);
    table_number(t, to);
    bool piece = !solved && level >= LEVEL_PIECE, step = !solved && level >= LEVEL_STEP;
    char letter[2] = {s.piece, '\0'};
    if (piece) {
        table_text(t, letter);
        table_number(t, s.row);
        table_number(t, s.col);
    } else {
        table_null(t, NULL);
        table_null(t, NULL);
        table_null(t, NULL);
    }
    if (step) {
        table_text(t, s.moves);
        table_code(t, next);
    } else {
        table_null(t, NULL);
        table_null(t, NULL);
    }
    *hint = t;
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
    if (options->level > LEVEL_STEP)
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
