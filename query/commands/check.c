/* `klotski check LAYOUT...`: checks an attempt at the puzzle, a list of layouts (the
 * arguments, or one per line on stdin), the start first: that each is one step from the
 * one before, what each step did to min_steps, the first step that was not optimal, and
 * the steps wasted against the optimum.  Each step is found among the moves of
 * db_moves (query/db.h), which also give the new min_steps. */
#include <stdio.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "core/move_outcomes.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/route.h"
#include "answer/report.h"

/* JSON and CSV keep these names under every metric, the counts being in the db's metric;
 * for people the names say its unit. */
static const char *const step_columns[KL_METRIC_COUNT][9] = {
    {"line", "code", "piece", "row", "col", "moves", "min_steps", "change", NULL},
    {"line", "code", "piece", "row", "col", "moves", "min_straight_moves", "change", NULL},
    {"line", "code", "piece", "row", "col", "moves", "min_unit_moves", "change", NULL}};
#define STEP_DETAIL_COLUMNS 4 /* piece .. moves: null in the row of the start */

static const char *const summary_columns[KL_METRIC_COUNT][9] = {
    {"start", "end", "steps", "start_min_steps", "end_min_steps", "solved", "first_not_optimal",
     "wasted", NULL},
    {"start", "end", "straight_moves", "start_min_straight_moves", "end_min_straight_moves",
     "solved", "first_not_optimal", "wasted", NULL},
    {"start", "end", "unit_moves", "start_min_unit_moves", "end_min_unit_moves", "solved",
     "first_not_optimal", "wasted", NULL}};

/* The column names of a table of check's in the current format: for people those of the
 * db's metric, else those of steps. */
static const char *const *columns_of(const char *const (*columns)[9], const struct db *db, bool for_people)
{
    return columns[for_people ? db_metric(db) : KL_METRIC_STEP];
}

/* What the attempt adds up to, filled step by step. */
struct tally {
    int steps;
    int first_not_optimal; /* its line; 0 while every step was optimal */
};

/* Appends line i of the attempt to the table; for i > 0 finds the step from line i-1.
 * Returns EXIT_ANSWERED, or reports a layout that is not one step from the one before
 * (naming both lines) and returns EXIT_BAD_INPUT. */
static int check_line(struct db *db, const struct input_list *attempt, size_t i, int min_steps,
                      struct table *t, struct tally *tally)
{
    kl_code code = attempt->codes[i];
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    table_number(t, attempt->lines[i]);
    table_text(t, hex);
    if (i == 0) {
        for (int c = 0; c < STEP_DETAIL_COLUMNS; c++)
            table_null(t, NULL);
        table_number_or_null(t, min_steps, "unsolvable");
        table_null(t, NULL);
        return EXIT_ANSWERED;
    }
    kl_code before = attempt->codes[i - 1];
    struct kl_move_outcome moves[KL_MAX_STEPS];
    size_t count = db_moves(db, before, moves), m = 0;
    while (m < count && moves[m].to != code)
        m++;
    if (m == count) {
        char line[32], previous[KL_CODE_TEXT_SIZE];
        snprintf(line, sizeof line, "line %d", attempt->lines[i]);
        kl_code_format(before, previous);
        return report(EXIT_BAD_INPUT, line, "%s is not one %s from %s on line %d", hex,
                      kl_metric_unit(db_metric(db), 1), previous, attempt->lines[i - 1]);
    }
    kl_raw raw;
    kl_code_to_raw(before, &raw);
    struct step_text s = route_step_text(raw, moves[m].step);
    char piece[2] = {s.piece, '\0'};
    table_text(t, piece);
    table_number(t, s.row);
    table_number(t, s.col);
    table_text(t, s.moves);
    table_number_or_null(t, min_steps, "unsolvable");
    table_number(t, moves[m].change);
    tally->steps++;
    if (moves[m].change != KL_MOVE_OPTIMAL && min_steps != DB_NULL && !tally->first_not_optimal)
        tally->first_not_optimal = attempt->lines[i];
    return EXIT_ANSWERED;
}

int check_answer(struct db *db, const struct input_list *attempt, bool for_people, struct answer_value *answer)
{
    struct table *t = table_new(columns_of(step_columns, db, for_people));
    struct tally tally = {0};
    int start_steps = DB_NULL, end_steps = DB_NULL, status = EXIT_ANSWERED;
    for (size_t i = 0; i < attempt->count && status == EXIT_ANSWERED; i++) {
        struct kl_db_layout_row row;
        if (!db_layout(db, attempt->codes[i], &row)) {
            char hex[KL_CODE_TEXT_SIZE];
            kl_code_format(attempt->codes[i], hex);
            status = report(EXIT_NOT_FOUND, hex, "not in the database");
            break;
        }
        if (i == 0)
            start_steps = row.min_moves[db_metric(db)];
        end_steps = row.min_moves[db_metric(db)];
        status = check_line(db, attempt, i, row.min_moves[db_metric(db)], t, &tally);
    }
    if (status == EXIT_ANSWERED) {
        char start[KL_CODE_TEXT_SIZE], end[KL_CODE_TEXT_SIZE];
        kl_code_format(attempt->codes[0], start);
        kl_code_format(attempt->codes[attempt->count - 1], end);
        struct table *summary = table_new(columns_of(summary_columns, db, for_people));
        table_text(summary, start);
        table_text(summary, end);
        table_number(summary, tally.steps);
        table_number_or_null(summary, start_steps, "unsolvable");
        table_number_or_null(summary, end_steps, "unsolvable");
        table_bool(summary, kl_code_is_solved(attempt->codes[attempt->count - 1]));
        if (tally.first_not_optimal)
            table_number(summary, tally.first_not_optimal);
        else
            table_null(summary, "none");
        /* The steps taken less the steps gained: a neutral step wastes one, a backward two. */
        table_number_or_null(summary, start_steps == DB_NULL ? DB_NULL : tally.steps - (start_steps - end_steps),
                             "-");
        *answer = (struct answer_value){summary, "step_list", t};
        return EXIT_ANSWERED;
    }
    table_free(t);
    return status;
}

static int run_check(struct db *db, const struct request *req)
{
    struct input_list attempt;
    struct answer_value answer;
    int status = input_layout_list(req, &attempt);
    if (status == EXIT_ANSWERED)
        status = check_answer(db, &attempt, out_format() == FORMAT_TEXT, &answer);
    input_list_free(&attempt);
    if (status != EXIT_ANSWERED)
        return status;
    answer_print(NULL, &answer);
    /* CSV and Markdown print the list alone: the summary follows as a table of its own
     * (in CSV after a blank line), since what the attempt adds up to is check's answer. */
    if (out_format() == FORMAT_CSV)
        fputc('\n', out_stream());
    if (out_format() == FORMAT_CSV || out_format() == FORMAT_MD)
        table_print(answer.summary);
    answer_value_free(&answer);
    return EXIT_ANSWERED;
}

const struct command command_check = {
    .name = "check",
    .synopsis = "check LAYOUT...",
    .summary = "an attempt checked step by step against the optimum",
    .not_found = "a layout of the attempt not in the database",
    .help = "Checks an attempt: the LAYOUTs (or one per line on stdin), the start first, each\n"
            "meant to be one step from the one before.  Prints per line the piece moved (its\n"
            "letter, row and column before the step, its slides), the new min_steps and the\n"
            "change (-1 optimal, 0 neutral, +1 backwards); then the start and end, the steps,\n"
            "the first line whose step was not optimal, whether the end is solved, and the\n"
            "steps wasted: the steps taken less the steps they gained (start_min_steps -\n"
            "end_min_steps), 0 for a minimal-step solution.  A layout that is not one step\n"
            "from the one before is an error naming its line (the argument's position, or\n"
            "the line of stdin): exit 2.  --csv and --md print the steps, then the summary\n"
            "as a table of its own (in CSV after a blank line).  Under --metric straight or\n"
            "unit, each line must be one such move from the one before and every count is\n"
            "in that metric: the text says its unit, JSON and CSV keep the names above.\n",
    .run = run_check,
};
