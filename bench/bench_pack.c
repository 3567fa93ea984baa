/* Speed of the pack's reader (core/pack/): opening a pack (its checksums, groups and
 * names), the exact min_steps of 4FEA13400 (138 steps, SPEC.md) by the walk on a pack
 * just opened (its blocks inflated on the way) and on one whose blocks are inflated
 * already, the moves with outcomes and a solution.  bench_pack PACK */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/pack/file.h"

#define FAR_LAYOUT 0x4FEA13400ull
#define OPENS 20
#define CALLS 2000

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench_pack PACK\n");
        return 2;
    }
    char message[KL_PACK_MESSAGE_SIZE];
    struct kl_pack_file file;
    double open_time = 0, cold_time = 0;
    int steps = -1;
    for (int i = 0; i < OPENS; i++) {
        double t = now();
        if (kl_pack_file_open(argv[1], &file, message) != KL_PACK_OK) {
            fprintf(stderr, "bench_pack: %s: %s\n", argv[1], message);
            return 1;
        }
        double opened = now();
        kl_pack_min_steps(file.pack, FAR_LAYOUT, &steps);
        cold_time += now() - opened;
        open_time += opened - t;
        if (i < OPENS - 1)
            kl_pack_file_close(&file);
    }
    printf("pack reader (%s, %zu bytes), one core:\n", argv[1], file.size);
    printf("  %-44s %8.2f ms\n", "open (read the file, checksums, groups, names)", open_time * 1e3 / OPENS);
    printf("  %-44s %8.3f ms (%d steps)\n", "min_steps of 4FEA13400, just opened", cold_time * 1e3 / OPENS, steps);
    double t = now();
    for (int i = 0; i < CALLS; i++)
        kl_pack_min_steps(file.pack, FAR_LAYOUT, &steps);
    printf("  %-44s %8.3f ms\n", "min_steps of 4FEA13400, blocks inflated", (now() - t) * 1e3 / CALLS);
    struct kl_move_outcome moves[KL_MAX_STEPS];
    int count;
    t = now();
    for (int i = 0; i < CALLS; i++)
        kl_pack_moves(file.pack, FAR_LAYOUT, moves, &count, &steps);
    printf("  %-44s %8.3f ms\n", "moves of 4FEA13400 with outcomes", (now() - t) * 1e3 / CALLS);
    struct kl_pack_facts facts;
    kl_pack_facts(file.pack, &facts);
    kl_code *route = malloc(sizeof *route * ((size_t)facts.max_min_steps + 1));
    t = now();
    for (int i = 0; route && i < CALLS; i++)
        kl_pack_solve(file.pack, FAR_LAYOUT, route, &count);
    printf("  %-44s %8.3f ms\n", "solution of 4FEA13400", (now() - t) * 1e3 / CALLS);
    free(route);
    kl_pack_file_close(&file);
    return 0;
}
