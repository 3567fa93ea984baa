/* One step of a route as people read it: the piece, where its top-left cell stood, and
 * the slides that carry it where it goes ("right 1, down 1").  Apart from route.h's
 * printing so that the WebAssembly engine of the page with no server (site/) describes
 * moves with the same code, without the output formats. */
#ifndef KLOTSKI_ANSWER_ROUTE_STEP_H
#define KLOTSKI_ANSWER_ROUTE_STEP_H

#include "core/code.h"
#include "core/moves.h"

#define ROUTE_MOVES_TEXT_SIZE 64

/* One step as people read it. */
struct step_text {
    struct kl_step step;               /* the piece's kind and anchors before and after */
    char piece;                        /* K H V o */
    int row, col;                      /* where its top-left cell stood, from 1 */
    int distance;                      /* one-cell slides */
    char moves[ROUTE_MOVES_TEXT_SIZE]; /* "right 1, down 1" */
};

/* Describes `step`, one that kl_steps made for the legal raw layout `before`. */
struct step_text route_step_text(kl_raw before, struct kl_step step);

/* Describes the step from the layout `from` to the layout `to`: legal codes one step
 * apart. */
struct step_text route_describe_step(kl_code from, kl_code to);

#endif
