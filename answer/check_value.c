#include "answer/check_value.h"

#include <stdio.h>

#include "answer/route_step.h"

/* JSON and CSV keep these names under every metric; for people the names say its unit. */
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

static enum kl_metric columns_metric(const struct check_value *c)
{
    return c->for_people ? c->metric : KL_METRIC_STEP;
}

void check_value_begin(struct check_value *c, enum kl_metric metric, bool for_people)
{
    *c = (struct check_value){.metric = metric, .for_people = for_people};
    c->steps = table_new(step_columns[columns_metric(c)]);
}

bool check_value_add(struct check_value *c, kl_code code, int line, int min_moves, const struct kl_move_outcome *moves,
                     size_t count, char error[CHECK_ERROR_SIZE])
{
    size_t m = 0;
    if (c->lines > 0) {
        while (m < count && moves[m].to != code)
            m++;
        if (m == count) {
            char hex[KL_CODE_TEXT_SIZE], previous[KL_CODE_TEXT_SIZE];
            kl_code_format(code, hex);
            kl_code_format(c->end, previous);
            snprintf(error, CHECK_ERROR_SIZE, "line %d: %s is not one %s from %s on line %d", line, hex,
                     kl_metric_unit(c->metric, 1), previous, c->end_line);
            return false;
        }
    }
    table_number(c->steps, line);
    table_code(c->steps, code);
    if (c->lines == 0) {
        for (int column = 0; column < STEP_DETAIL_COLUMNS; column++)
            table_null(c->steps, NULL);
        table_number_or_null(c->steps, min_moves, "unsolvable");
        table_null(c->steps, NULL);
        c->start = code;
        c->start_min = min_moves;
    } else {
        kl_raw raw;
        kl_code_to_raw(c->end, &raw);
        struct step_text s = route_step_text(raw, moves[m].step);
        char piece[2] = {s.piece, '\0'};
        table_text(c->steps, piece);
        table_number(c->steps, s.row);
        table_number(c->steps, s.col);
        table_text(c->steps, s.moves);
        table_number_or_null(c->steps, min_moves, "unsolvable");
        table_number(c->steps, moves[m].change);
        c->steps_taken++;
        if (moves[m].change != KL_MOVE_OPTIMAL && min_moves >= 0 && !c->first_not_optimal)
            c->first_not_optimal = line;
    }
    c->lines++;
    c->end = code;
    c->end_line = line;
    c->end_min = min_moves;
    return true;
}

struct answer_value check_value_end(struct check_value *c)
{
    struct table *summary = table_new(summary_columns[columns_metric(c)]);
    table_code(summary, c->start);
    table_code(summary, c->end);
    table_number(summary, c->steps_taken);
    table_number_or_null(summary, c->start_min, "unsolvable");
    table_number_or_null(summary, c->end_min, "unsolvable");
    table_bool(summary, kl_code_is_solved(c->end));
    if (c->first_not_optimal)
        table_number(summary, c->first_not_optimal);
    else
        table_null(summary, "none");
    /* The steps taken less the steps gained: a neutral step wastes one, a backward two. */
    table_number_or_null(summary, c->start_min < 0 ? -1 : c->steps_taken - (c->start_min - c->end_min), "-");
    struct answer_value value = {summary, "step_list", c->steps};
    c->steps = NULL;
    return value;
}

void check_value_drop(struct check_value *c)
{
    table_free(c->steps);
    c->steps = NULL;
}
