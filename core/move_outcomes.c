#include "core/move_outcomes.h"

#include <stdlib.h>

/* Best first: change ascending, then the resulting code ascending. */
static int compare_moves(const void *a, const void *b)
{
    const struct kl_move_outcome *x = a, *y = b;
    if (x->change != y->change)
        return x->change < y->change ? -1 : 1;
    return (x->to > y->to) - (x->to < y->to);
}

size_t kl_moves_ranked(kl_code code, enum kl_metric metric, int from_steps, int none, kl_outcome_lookup lookup,
                    void *context, struct kl_move_outcome out[KL_MAX_STEPS])
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    struct kl_step steps[KL_MAX_STEPS];
    int count = kl_moves(raw, metric, steps);
    for (int i = 0; i < count; i++) {
        struct kl_move_outcome *m = &out[i];
        m->to = kl_raw_to_code(kl_step_apply(raw, steps[i]));
        m->step = steps[i];
        lookup(context, m);
        m->change = from_steps == none || m->min_steps == none ? KL_MOVE_NEUTRAL : m->min_steps - from_steps;
    }
    qsort(out, (size_t)count, sizeof *out, compare_moves);
    return (size_t)count;
}
