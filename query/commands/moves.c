/* `klotski moves LAYOUT...`: every step from a layout with its outcome, best first, as
 * the chess tablebase probes list a position's moves (answer/moves_value.h). */
#include <stdio.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "answer/moves_value.h"
#include "answer/report.h"

struct answer_value moves_answer(struct db *db, const struct kl_db_layout_row *layout,
                                 const struct kl_db_group_row *group, bool for_people, size_t *optimal_count)
{
    struct kl_move_outcome moves[KL_MAX_STEPS];
    size_t count = db_moves(db, layout->code, moves);
    *optimal_count = 0;
    for (size_t i = 0; i < count; i++)
        *optimal_count += moves[i].change == KL_MOVE_OPTIMAL;
    return moves_value(layout->code, group->name, layout->min_moves[db_metric(db)], db_metric(db), moves, count,
                       for_people);
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
