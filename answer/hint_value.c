#include "answer/hint_value.h"

#include "answer/route_step.h"

#define BAND_WIDTH 10 /* distances per band of level 1 */

static const char *const hint_columns[] = {
    "code", "level", "steps_from", "steps_to", "piece", "row", "col", "moves", "to", NULL};

/* The band of ten distances holding min_moves: 0 alone (solved), then 1-9, 10-19, ... */
static void band_of(int min_moves, int *from, int *to)
{
    *from = min_moves / BAND_WIDTH * BAND_WIDTH;
    *to = *from + BAND_WIDTH - 1;
    if (min_moves == 0)
        *to = 0;
    else if (*from == 0)
        *from = 1;
}

struct table *hint_value(kl_code code, int min_moves, long level, const struct kl_move_outcome *best)
{
    int from, to;
    band_of(min_moves, &from, &to);
    bool solved = min_moves == 0;
    struct step_text s = {0};
    if (!solved) {
        kl_raw raw;
        kl_code_to_raw(code, &raw);
        s = route_step_text(raw, best->step);
    }
    struct table *t = table_new(hint_columns);
    table_code(t, code);
    table_number(t, level);
    table_number(t, from);
    table_number(t, to);
    bool piece = !solved && level >= HINT_LEVEL_PIECE, step = !solved && level >= HINT_LEVEL_STEP;
    char letter[2] = {s.piece, '\0'};
    if (piece) {
        table_text(t, letter);
        table_number(t, s.row);
        table_number(t, s.col);
    } else {
        for (int field = HINT_PIECE; field < HINT_MOVES; field++)
            table_null(t, NULL);
    }
    if (step) {
        table_text(t, s.moves);
        table_code(t, best->to);
    } else {
        table_null(t, NULL);
        table_null(t, NULL);
    }
    return t;
}
