/* The step generator of SPEC.md: one piece slides, through empty cells and possibly round
 * corners, to any position it can reach; every other piece stays put. */
#ifndef KLOTSKI_CORE_MOVES_H
#define KLOTSKI_CORE_MOVES_H

#include "core/code.h"
#include "core/piece.h"

#define KL_MAX_STEPS 68 /* most steps any legal layout has (SPEC.md) */

struct kl_step {
    uint8_t kind;     /* enum kl_piece of the moved piece */
    uint8_t from;     /* its top-left address before the step */
    uint8_t to;       /* and after */
    uint8_t distance; /* fewest one-cell slides that carry it there */
};

/* Lists every step of a legal raw layout into out (room for KL_MAX_STEPS), each
 * resulting layout once.  Returns how many.  Thread-safe. */
int kl_steps(kl_raw raw, struct kl_step out[KL_MAX_STEPS]);

/* Returns the layout after `step` (one made by kl_steps for this raw). */
static inline kl_raw kl_step_apply(kl_raw raw, struct kl_step step)
{
    return raw ^ kl_piece_pattern((enum kl_piece)step.kind, step.from) ^
           kl_piece_pattern((enum kl_piece)step.kind, step.to);
}

/* Bit mask (bit = address) of the empty cells of a raw layout. */
uint32_t kl_raw_empty_cells(kl_raw raw);

#endif
