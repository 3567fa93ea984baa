/* Speed of the core engine on one core: enumeration, code <-> raw, the step generator
 * (in its order, and sorted by metric as the class graphs take it), mirror, and
 * id <-> code.  Prints one line per figure. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/code.h"
#include "core/moves.h"
#include "core/rank.h"
#include "core/symmetry.h"

#define RANK_STRIDE 29

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void report(const char *what, double seconds, double count, const char *unit)
{
    printf("  %-34s %7.3f s  %8.1f ns/%s\n", what, seconds, seconds * 1e9 / count, unit);
}

int main(void)
{
    kl_code *codes = malloc(sizeof *codes * KL_LAYOUT_COUNT);
    kl_raw *raws = malloc(sizeof *raws * KL_LAYOUT_COUNT);
    if (!codes || !raws) {
        fprintf(stderr, "bench_core: out of memory\n");
        return 1;
    }
    printf("core engine, one core:\n");
    double t = now();
    size_t n = kl_enumerate(codes);
    report("enumerate all layouts", now() - t, (double)n, "layout");

    t = now();
    for (size_t i = 0; i < n; i++)
        kl_code_to_raw(codes[i], &raws[i]);
    report("code -> raw (checked)", now() - t, (double)n, "layout");

    t = now();
    uint64_t steps = 0, check = 0;
    struct kl_step out[KL_MAX_STEPS];
    for (size_t i = 0; i < n; i++)
        steps += (uint64_t)kl_steps(raws[i], out);
    report("step generator", now() - t, (double)n, "layout");

    t = now();
    struct kl_step by_metric[KL_METRIC_COUNT][KL_MAX_STEPS];
    int metric_count[KL_METRIC_COUNT];
    for (size_t i = 0; i < n; i++)
        check += (uint64_t)kl_steps_by_metric(raws[i], by_metric, metric_count) +
                 (uint64_t)metric_count[KL_METRIC_UNIT];
    report("step generator, sorted by metric", now() - t, (double)n, "layout");

    t = now();
    for (size_t i = 0; i < n; i++) {
        int count = kl_steps(raws[i], out);
        for (int k = 0; k < count; k++)
            check += kl_raw_to_code(kl_step_apply(raws[i], out[k]));
    }
    report("steps + neighbour codes", now() - t, (double)steps, "step");

    t = now();
    for (size_t i = 0; i < n; i++)
        check += kl_raw_to_code(kl_raw_mirror(raws[i]));
    report("mirror", now() - t, (double)n, "layout");

    t = now();
    size_t ranked = 0;
    for (size_t i = 0; i < n; i += RANK_STRIDE, ranked++)
        check += kl_code_to_id(codes[i]) + kl_id_to_code((uint32_t)i);
    report("code -> id and id -> code", now() - t, (double)ranked, "pair");
    printf("  (%llu steps in all; checksum %llx)\n", (unsigned long long)steps,
           (unsigned long long)check);
    free(codes);
    free(raws);
    return 0;
}
