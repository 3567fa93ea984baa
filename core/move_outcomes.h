/* The moves from a layout with their outcomes, best first, whoever knows the distances:
 * the database (core/database/reader.h, for the query tool and the library) or the pack
 * of the page with no server (site/), through the caller's lookup.  How a move is
 * described in words: answer/moves_value.h. */
#ifndef KLOTSKI_CORE_MOVE_OUTCOMES_H
#define KLOTSKI_CORE_MOVE_OUTCOMES_H

#include <stddef.h>
#include <stdint.h>

#include "core/code.h"
#include "core/moves.h"

/* What a step does to the distance to solved. */
enum kl_move_change {
    KL_MOVE_OPTIMAL = -1,  /* one step closer: on a minimal-step solution */
    KL_MOVE_NEUTRAL = 0,   /* as far as before; also every step of an unsolvable group */
    KL_MOVE_BACKWARDS = 1  /* one step farther */
};

/* One step from a layout, with its outcome. */
struct kl_move_outcome {
    kl_code to;              /* the layout after the step */
    struct kl_step step;     /* the piece moved: its shape (enum kl_piece), its top-left
                                address before and after, its one-cell slides */
    int min_steps;           /* of `to`, under the metric ranked; the lookup's null
                                (DB_NULL) when unsolvable */
    int change;              /* enum kl_move_change: min_steps(to) - min_steps(from);
                                0 when unsolvable */
    int farthest_steps;      /* of `to`; the lookup's null when not stored */
    int64_t farthest_num;    /* of `to`; the lookup's null when not stored */
};

/* Fills move->min_steps (under the metric ranked), move->farthest_steps and
 * move->farthest_num of the layout move->to, each `none` when unknown.  context: the
 * caller's, passed through. */
typedef void (*kl_outcome_lookup)(void *context, struct kl_move_outcome *move);

/* Lists every move under `metric` from the legal layout `code`, whose distance is
 * `from_steps` (`none` when unsolvable), into out (room for KL_MAX_STEPS), best first:
 * change ascending (optimal, neutral, backwards), ties by the resulting code ascending,
 * so the order is the same on every run; a move whose distance or start's distance is
 * `none` has change 0.  Returns how many (0 when no piece can move).  Thread-safe as far
 * as `lookup` is. */
size_t kl_moves_ranked(kl_code code, enum kl_metric metric, int from_steps, int none, kl_outcome_lookup lookup,
                    void *context, struct kl_move_outcome out[KL_MAX_STEPS]);

#endif
