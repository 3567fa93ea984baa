#include "answer/route_step.h"

#include <stdio.h>
#include <string.h>

#include "core/moves.h"

/* The slides of a step, straight runs merged: a breadth-first search over the piece's
 * positions (as core's step generator does) that keeps each position's predecessor. */
static void describe_slides(kl_raw before, struct kl_step step, char moves[ROUTE_MOVES_TEXT_SIZE])
{
    static const int offset[4] = {-KL_COLS, KL_COLS, -1, 1};
    static const char *const direction[4] = {"up", "down", "left", "right"};
    enum kl_piece kind = (enum kl_piece)step.kind;
    uint32_t free_cells = kl_raw_empty_cells(before) | kl_piece_cells(kind, step.from);
    int came_from[KL_CELLS], came_by[KL_CELLS], queue[KL_CELLS], head = 0, tail = 0;
    for (int i = 0; i < KL_CELLS; i++)
        came_from[i] = -1;
    came_from[step.from] = step.from;
    queue[tail++] = step.from;
    while (head < tail && came_from[step.to] < 0) {
        int at = queue[head++];
        for (int d = 0; d < 4; d++) {
            int next = at + offset[d];
            bool same_row = d < 2 || next / KL_COLS == at / KL_COLS;
            if (next < 0 || next >= KL_CELLS || !same_row || came_from[next] >= 0 ||
                !kl_piece_fits(kind, next) || (kl_piece_cells(kind, next) & ~free_cells))
                continue;
            came_from[next] = at;
            came_by[next] = d;
            queue[tail++] = next;
        }
    }
    int path[KL_CELLS], length = 0;
    for (int at = step.to; at != step.from; at = came_from[at])
        path[length++] = came_by[at];
    moves[0] = '\0';
    for (int i = length - 1; i >= 0;) {
        int run = 1;
        while (i - run >= 0 && path[i - run] == path[i])
            run++;
        snprintf(moves + strlen(moves), ROUTE_MOVES_TEXT_SIZE - strlen(moves), "%s%s %d",
                 moves[0] ? ", " : "", direction[path[i]], run);
        i -= run;
    }
}

struct step_text route_step_text(kl_raw before, struct kl_step step)
{
    struct step_text text = {
        .step = step,
        .piece = kl_piece_letter((enum kl_piece)step.kind),
        .row = step.from / KL_COLS + 1,
        .col = step.from % KL_COLS + 1,
        .distance = step.distance,
    };
    describe_slides(before, step, text.moves);
    return text;
}

/* Finds the step that leads from one layout to the next. */
struct step_text route_describe_step(kl_code from, kl_code to)
{
    kl_raw before, after;
    kl_code_to_raw(from, &before);
    kl_code_to_raw(to, &after);
    struct kl_step steps[KL_MAX_STEPS];
    int n = kl_steps(before, steps);
    for (int s = 0; s < n; s++)
        if (kl_step_apply(before, steps[s]) == after)
            return route_step_text(before, steps[s]);
    return (struct step_text){0};
}
