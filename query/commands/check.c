/* `klotski check LAYOUT...`: checks an attempt at the puzzle, a list of layouts (the
 * arguments, or one per line on stdin), the start first: that each is one step from the
 * one before, what each step did to min_steps, the first step that was not optimal, and
 * the steps wasted against the optimum (answer/check_value.h), each step found among
 * the moves of db_moves (query/db.h). */
#include <stdio.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "core/move_outcomes.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "answer/check_value.h"
#include "answer/report.h"

int check_answer(struct db *db, const struct input_list *attempt, bool for_people, struct answer_value *answer)
{
    struct check_value c;
    check_value_begin(&c, db_metric(db), for_people);
    for (size_t i = 0; i < attempt->count; i++) {
        struct kl_db_layout_row row;
        char hex[KL_CODE_TEXT_SIZE], error[CHECK_ERROR_SIZE];
        struct kl_move_outcome moves[KL_MAX_STEPS];
        size_t count = 0;
        if (!db_layout(db, attempt->codes[i], &row)) {
            kl_code_format(attempt->codes[i], hex);
            check_value_drop(&c);
            return report(EXIT_NOT_FOUND, hex, "not in the database");
        }
        if (i > 0)
            count = db_moves(db, attempt->codes[i - 1], moves);
        if (!check_value_add(&c, attempt->codes[i], attempt->lines[i], row.min_moves[db_metric(db)], moves, count,
                             error)) {
            check_value_drop(&c);
            return report(EXIT_BAD_INPUT, NULL, "%s", error);
        }
    }
    *answer = check_value_end(&c);
    return EXIT_ANSWERED;
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
