#include "answer/moves_value.h"

#include <stdio.h>

#include "answer/route_step.h"

#define MOVE_TEXT_SIZE 80

static const char *const move_columns[] = {
    "code", "piece", "row", "col", "to_row", "to_col", "moves", "distance", "min_steps",
    "change", "farthest_steps", "farthest_num", NULL};
/* For people the move is one column, as move_text writes it ("o r4c2 down 1"), and the
 * columns say the metric's unit (JSON and CSV keep one set of names). */
static const char *const move_columns_for_people[KL_METRIC_COUNT][7] = {
    {"code", "step", "min_steps", "change", "farthest_steps", "farthest_num", NULL},
    {"code", "straight_move", "min_straight_moves", "change", "farthest_steps", "farthest_num", NULL},
    {"code", "unit_move", "min_unit_moves", "change", "farthest_steps", "farthest_num", NULL}};

/* The word people read for a change in min_steps: every step of an unsolvable layout is
 * neutral (change 0), in text as in JSON and the help. */
static const char *change_word(const struct kl_move_outcome *m)
{
    return m->change < 0 ? "optimal" : m->change > 0 ? "backwards" : "neutral";
}

/* The step's columns: for people one text, "V r1c1 down 1" (piece, row and column
 * before, the slides), else piece, row, col, to_row, to_col, moves
 * and distance. */
static void add_step(struct table *t, kl_raw raw, const struct kl_move_outcome *m, bool for_people)
{
    struct step_text s = route_step_text(raw, m->step);
    if (for_people) {
        char text[MOVE_TEXT_SIZE];
        snprintf(text, sizeof text, "%c r%dc%d %s", s.piece, s.row, s.col, s.moves);
        table_text(t, text);
        return;
    }
    char piece[2] = {s.piece, '\0'};
    table_text(t, piece);
    table_number(t, s.row);
    table_number(t, s.col);
    table_number(t, m->step.to / KL_COLS + 1);
    table_number(t, m->step.to % KL_COLS + 1);
    table_text(t, s.moves);
    table_number(t, s.distance);
}

static struct table *move_table(kl_code from, const struct kl_move_outcome *moves, size_t count,
                                enum kl_metric metric, bool for_people)
{
    kl_raw raw;
    kl_code_to_raw(from, &raw);
    struct table *t = table_new(for_people ? move_columns_for_people[metric] : move_columns);
    for (size_t i = 0; i < count; i++) {
        const struct kl_move_outcome *m = &moves[i];
        table_code(t, m->to);
        add_step(t, raw, m, for_people);
        table_number_or_null(t, m->min_steps, "unsolvable");
        if (for_people) {
            char change[32];
            snprintf(change, sizeof change, "%+d %s", m->change, change_word(m));
            table_text(t, change);
        } else {
            table_number(t, m->change);
        }
        table_number_or_null(t, m->farthest_steps, NULL);
        table_number_or_null(t, m->farthest_num, NULL);
    }
    return t;
}

struct answer_value moves_value(kl_code code, const char *group, int min_steps, enum kl_metric metric,
                                const struct kl_move_outcome *moves, size_t count, bool for_people)
{
    size_t optimal = 0;
    for (size_t i = 0; i < count; i++)
        optimal += moves[i].change == KL_MOVE_OPTIMAL;
    static const char *const summary_columns[] = {"code", "group", "min_steps", "moves_count", "optimal_count", NULL};
    struct table *summary = table_new(summary_columns);
    table_code(summary, code);
    table_text(summary, group);
    table_number_or_null(summary, min_steps, "unsolvable");
    table_number(summary, (long long)count);
    table_number(summary, (long long)optimal);
    return (struct answer_value){summary, "move_list", move_table(code, moves, count, metric, for_people)};
}
