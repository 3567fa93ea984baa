#include "query/explore/moves.h"

#include <stdio.h>
#include <stdlib.h>

#include "query/render/route.h"

/* Best first: change ascending, then the resulting code ascending. */
static int compare_moves(const void *a, const void *b)
{
    const struct explore_move *x = a, *y = b;
    if (x->change != y->change)
        return x->change < y->change ? -1 : 1;
    return (x->to > y->to) - (x->to < y->to);
}

size_t explore_moves(struct db *db, kl_code code, struct explore_move out[KL_MAX_STEPS])
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    enum kl_metric metric = db_metric(db);
    int from_steps = db_min_moves(db, code);
    struct kl_step steps[KL_MAX_STEPS];
    int count = kl_moves(raw, metric, steps);
    for (int i = 0; i < count; i++) {
        struct explore_move *m = &out[i];
        struct kl_db_layout_row row = {.min_steps = DB_NULL,
                                 .min_moves = {DB_NULL, DB_NULL, DB_NULL},
                                 .farthest_steps = DB_NULL, .farthest_num = DB_NULL};
        m->to = kl_raw_to_code(kl_step_apply(raw, steps[i]));
        db_layout(db, m->to, &row);
        m->step = steps[i];
        m->min_steps = row.min_moves[metric];
        m->change = from_steps == DB_NULL || m->min_steps == DB_NULL ? EXPLORE_NEUTRAL
                                                                     : m->min_steps - from_steps;
        m->farthest_steps = row.farthest_steps;
        m->farthest_num = row.farthest_num;
    }
    qsort(out, (size_t)count, sizeof *out, compare_moves);
    return (size_t)count;
}

void explore_move_text(kl_code from, const struct explore_move *move, char buf[EXPLORE_MOVE_TEXT_SIZE])
{
    kl_raw raw;
    kl_code_to_raw(from, &raw);
    struct step_text text = route_step_text(raw, move->step);
    snprintf(buf, EXPLORE_MOVE_TEXT_SIZE, "%c r%dc%d %s", text.piece, text.row, text.col, text.moves);
}
