/* `klotski moves LAYOUT...`: every step from a layout with its outcome, best first, as
 * the chess tablebase probes list a position's moves (query/explore/moves.h). */
#include <stdio.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/explore/moves.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/route.h"
#include "answer/report.h"

static const char *const move_columns[] = {
    "code", "piece", "row", "col", "to_row", "to_col", "moves", "distance", "min_steps",
    "change", "farthest_steps", "farthest_num", NULL};
/* For people the move is one column, as explore_move_text writes it ("o r4c2 down 1"),
 * and the columns say the db's metric's unit (JSON and CSV keep one set of names). */
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

/* The step's columns: for people one text, else piece, row, col, to_row, to_col, moves
 * and distance. */
static void add_step(struct table *t, kl_raw raw, kl_code from, const struct kl_move_outcome *m, bool for_people)
{
    if (for_people) {
        char text[EXPLORE_MOVE_TEXT_SIZE];
        explore_move_text(from, m, text);
        table_text(t, text);
        return;
    }
    struct step_text s = route_step_text(raw, m->step);
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
        add_step(t, raw, from, m, for_people);
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

struct answer_value moves_answer(struct db *db, const struct kl_db_layout_row *layout,
                                 const struct kl_db_group_row *group, bool for_people, size_t *optimal_count)
{
    struct kl_move_outcome moves[KL_MAX_STEPS];
    size_t count = db_moves(db, layout->code, moves);
    size_t optimal = 0;
    for (size_t i = 0; i < count; i++)
        optimal += moves[i].change == KL_MOVE_OPTIMAL;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    static const char *const summary_columns[] = {"code", "group", "min_steps", "moves_count", "optimal_count", NULL};
    struct table *summary = table_new(summary_columns);
    table_text(summary, hex);
    table_text(summary, group->name);
    table_number_or_null(summary, layout->min_moves[db_metric(db)], "unsolvable");
    table_number(summary, (long long)count);
    table_number(summary, (long long)optimal);
    *optimal_count = optimal;
    return (struct answer_value){summary, "move_list",
                                 move_table(layout->code, moves, count, db_metric(db), for_people)};
}

static int moves_of(struct db *db, const void *options, const struct kl_db_layout_row *layout,
                    const struct kl_db_group_row *group)
{
    (void)options; /* moves takes none */
    size_t optimal;
    struct answer_value answer = moves_answer(db, layout, group, out_format() == FORMAT_TEXT, &optimal);
    size_t count = table_rows(answer.list);
    char hex[KL_CODE_TEXT_SIZE], headline[160], distance[32] = "unsolvable";
    kl_code_format(layout->code, hex);
    enum kl_metric metric = db_metric(db);
    int distance_count = layout->min_moves[metric];
    if (distance_count != DB_NULL)
        snprintf(distance, sizeof distance, "%d %s from solved", distance_count,
                 kl_metric_unit(metric, distance_count));
    snprintf(headline, sizeof headline, "%s (%s): %zu %s, %zu optimal", hex, distance, count,
             kl_metric_unit(metric, (long long)count), optimal);
    answer_print(headline, &answer);
    answer_value_free(&answer);
    return EXIT_ANSWERED;
}

static int run_moves(struct db *db, const struct request *req) { return input_each_layout(db, req, moves_of); }

const struct command command_moves = {
    .name = "moves",
    .synopsis = "moves LAYOUT...",
    .summary = "every step from a layout with its outcome, best first",
    .not_found = "a layout not in the database",
    .help = "Lists every step from each LAYOUT: the layout it leads to, the piece moved (K 2x2,\n"
            "H horizontal, V vertical, o 1x1), the row and column of its top-left cell before\n"
            "and after (from 1, top left), the slides that carry it there, the new layout's\n"
            "min_steps and the change: -1 optimal (one step closer to solved), 0 neutral,\n"
            "+1 backwards; farthest_steps and farthest_num when the database has them.\n"
            "Best first: by change, ties by the resulting code ascending.  An unsolvable\n"
            "layout's steps are listed too, in code order, each with min_steps null\n"
            "(unsolvable) and change 0 (+0 neutral for people): no step brings it closer.\n"
            "Under --metric straight or unit, the straight or unit moves, min_steps counting\n"
            "in that metric (the text says its unit; JSON and CSV keep the field names).\n",
    .run = run_moves,
};
