#include "query/explore/moves.h"

#include <stdio.h>

#include "query/render/route.h"

void explore_move_text(kl_code from, const struct kl_move_outcome *move, char buf[EXPLORE_MOVE_TEXT_SIZE])
{
    kl_raw raw;
    kl_code_to_raw(from, &raw);
    struct step_text text = route_step_text(raw, move->step);
    snprintf(buf, EXPLORE_MOVE_TEXT_SIZE, "%c r%dc%d %s", text.piece, text.row, text.col, text.moves);
}
