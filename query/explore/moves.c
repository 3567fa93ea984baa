#include "query/explore/moves.h"

#include <stdio.h>
#include <stdlib.h>

#include "query/render/route.h"

/* The database's row of the move's layout. */
static void database_lookup(void *context, struct explore_move *move)
{
    struct db *db = context;
    struct kl_db_layout_row row = {.min_steps = DB_NULL,
                                   .min_moves = {DB_NULL, DB_NULL, DB_NULL},
                                   .farthest_steps = DB_NULL, .farthest_num = DB_NULL};
    db_layout(db, move->to, &row);
    move->min_steps = row.min_moves[db_metric(db)];
    move->farthest_steps = row.farthest_steps;
    move->farthest_num = row.farthest_num;
}

size_t explore_moves(struct db *db, kl_code code, struct explore_move out[KL_MAX_STEPS])
{
    return explore_rank(code, db_metric(db), db_min_moves(db, code), DB_NULL, database_lookup, db, out);
}

void explore_move_text(kl_code from, const struct explore_move *move, char buf[EXPLORE_MOVE_TEXT_SIZE])
{
    kl_raw raw;
    kl_code_to_raw(from, &raw);
    struct step_text text = route_step_text(raw, move->step);
    snprintf(buf, EXPLORE_MOVE_TEXT_SIZE, "%c r%dc%d %s", text.piece, text.row, text.col, text.moves);
}
