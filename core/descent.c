#include "core/descent.h"

#include "core/moves.h"

/* Finds a layout one move under `metric` from `code` whose distance is `steps`.  Returns false when none is. */
static bool step_closer(kl_code code, int steps, enum kl_metric metric, kl_min_steps_lookup lookup,
                        void *context, kl_code *next)
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    struct kl_step moves[KL_MAX_STEPS];
    int n = kl_moves(raw, metric, moves);
    for (int i = 0; i < n; i++) {
        *next = kl_raw_to_code(kl_step_apply(raw, moves[i]));
        if (lookup(context, *next) == steps)
            return true;
    }
    return false;
}

bool kl_descend(kl_code code, int steps, enum kl_metric metric, kl_min_steps_lookup lookup, void *context,
                kl_code *route)
{
    route[0] = code;
    for (int i = 1; i <= steps; i++)
        if (!step_closer(route[i - 1], steps - i, metric, lookup, context, &route[i]))
            return false;
    return true;
}
