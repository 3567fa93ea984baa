/* Cost of the solution counts in the farthest phase (builder/farthest/group.h): runs one
 * group's searches on one thread, the first BATCHES (default all) of its searches from
 * members, which give the eccentricities, and as many of its searches from solved (and
 * top-solved) members, which give the solution counts, each REPEATS times:
 *     bench_farthest CLASS GROUP_NUM [BATCHES]
 * Prints the best time per batch of each kind and, scaled to all the group's batches,
 * what the solution counts add to the eccentricities. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builder/catalog.h"
#include "builder/farthest/group.h"

#define REPEATS 3

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The best of REPEATS runs of batch b in seconds, or a negative number on failure.  A
 * search from targets adds to the group's counts each time, which only the time needs. */
static double best_time(struct group_farthest *gf, uint32_t b, struct bfs_scratch *s)
{
    double best = 1e30;
    for (int r = 0; r < REPEATS; r++) {
        double start = now();
        if (group_farthest_batch(gf, b, s, NULL) != 0)
            return -1;
        double t = now() - start;
        best = t < best ? t : best;
    }
    return best;
}

/* Seconds per batch of batches first .. first + count - 1 (count at most `limit`), or
 * a negative number on failure; 0 when there are none. */
static double per_batch(struct group_farthest *gf, uint32_t first, uint32_t count,
                        uint32_t limit, struct bfs_scratch *s)
{
    count = count < limit ? count : limit;
    double sum = 0;
    for (uint32_t b = first; b < first + count; b++) {
        double t = best_time(gf, b, s);
        if (t < 0)
            return -1;
        sum += t;
    }
    return count ? sum / count : 0;
}

int main(int argc, char **argv)
{
    struct kl_class k;
    if (argc < 3 || argc > 4 || !kl_class_parse(argv[1], &k)) {
        fprintf(stderr, "usage: bench_farthest CLASS GROUP_NUM [BATCHES]\n");
        return 2;
    }
    static struct catalog cat;
    struct class_graph g;
    struct class_groups cg;
    struct class_reflections r;
    if (catalog_build(&cat, 1) || class_graph_build(&g, &cat, kl_class_id(k)) ||
        class_groups_find(&cg, &g) || class_reflections_build(&r, &g, &cg)) {
        fprintf(stderr, "bench_farthest: out of memory\n");
        return 1;
    }
    uint32_t num = (uint32_t)strtoul(argv[2], NULL, 10);
    if (num >= cg.group_count) {
        fprintf(stderr, "bench_farthest: %s: class %s has %u groups\n", argv[2], argv[1],
                cg.group_count);
        return 2;
    }
    uint32_t *number = malloc(sizeof *number * (g.count + 1));
    struct group_farthest gf;
    if (!number)
        return 1;
    memset(number, 0xff, sizeof *number * g.count);
    struct bfs_scratch *s = bfs_scratch_new(cg.size[num]);
    if (!s || group_farthest_init(&gf, &g, &cg, &r, num, number) != 0) {
        fprintf(stderr, "bench_farthest: out of memory\n");
        return 1;
    }
    uint32_t limit = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : UINT32_MAX;
    uint32_t members = gf.plan.batch_count, targets = gf.solution_batch_count;
    double eccentricity = per_batch(&gf, 0, members, limit, s);
    double solutions = per_batch(&gf, members, targets, limit, s);
    if (eccentricity < 0 || solutions < 0) {
        fprintf(stderr, "bench_farthest: a search failed\n");
        return 1;
    }
    printf("%s-%u: %u members (%s solved, %s top-solved): %u batches from members, "
           "%.4f s each; %u from targets, %.4f s each; solution counts add %.1f%% "
           "(best of %d, batches measured: at most %u of each kind)\n",
           argv[1], num, gf.graph.count, gf.target[TARGET_SOLVED] ? "with" : "no",
           gf.target[TARGET_TOP] ? "with" : "no", members, eccentricity, targets, solutions,
           100.0 * targets * solutions / (members * eccentricity), REPEATS,
           limit < members || limit < targets ? limit : (members > targets ? members : targets));
    group_farthest_free(&gf);
    bfs_scratch_free(s);
    free(number);
    class_reflections_free(&r);
    class_groups_free(&cg);
    class_graph_free(&g);
    catalog_free(&cat);
    return 0;
}
