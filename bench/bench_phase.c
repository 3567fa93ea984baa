/* Cost of the farthest phase's searches (builder/farthest/) on chosen groups, run as the
 * phase runs them, and a fingerprint of their results, so that two builds can be
 * compared without writing a database:
 *     bench_phase [--sample N] THREADS GROUP...   (GROUP: a name, e.g. 2-6-1-0)
 * Per group it searches the group's representative (the group whose results stand for
 * its image groups) on THREADS threads, and prints its size, batches, wall and CPU
 * seconds of the searches alone (graph building and planning excluded), the diameter,
 * radius, peripheral and central counts and a digest of every member's farthest_steps,
 * farthest_num and solution_num that does not depend on the order in which members are
 * numbered.  With --sample N it runs only N of the searches from members, spread evenly,
 * on one thread, and prints their seconds alone: a quicker measure for profilers
 * (perf record, valgrind --tool=cachegrind). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builder/catalog.h"
#include "builder/farthest/class.h"
#include "builder/farthest/group.h"
#include "builder/progress.h"

static double seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The one group a run searches. */
static bool only(uint32_t group_num, void *context)
{
    return group_num == *(const uint32_t *)context;
}

/* Mixes the bits of x (splitmix64's finalizer), so that summing mixed values keeps the
 * digest order-free without letting distinct results cancel out easily. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ x >> 31;
}

static uint64_t digest(const struct group_farthest *gf)
{
    const uint32_t *solutions = gf->solutions[TARGET_SOLVED];
    uint64_t sum = 0;
    for (uint32_t i = 0; i < gf->graph.count; i++)
        sum += mix(mix((uint64_t)gf->graph.member[i] << 40 ^ (uint64_t)gf->steps[i] << 24 ^
                       gf->num[i]) ^ (solutions ? solutions[i] : UINT32_MAX));
    return sum;
}

/* Searches the group named `name`; returns 0, 1 when it failed, 2 when the name is bad. */
/* Runs about `sample` of the searches from members of cs's one planned group, evenly
 * spread, on this thread.  Returns how many it ran, or -1 when one failed. */
static int run_sample(struct class_search *cs, struct bfs_scratch *s, uint32_t sample)
{
    struct group_farthest *gf = &cs->reps[0];
    uint32_t batches = gf->plan.batch_count;
    uint32_t stride = sample >= batches ? 1 : batches / sample;
    int ran = 0;
    for (uint32_t b = 0; b < batches; b += stride, ran++)
        if (group_farthest_batch(gf, b, s, NULL) != 0)
            return -1;
    return ran;
}

static int bench_group(const struct catalog *cat, int threads, uint32_t sample,
                       const char *name)
{
    char class_name[KL_CLASS_NAME_SIZE + 1];
    const char *dash = strrchr(name, '-');
    struct kl_class k;
    if (!dash || (size_t)(dash - name) >= sizeof class_name) {
        fprintf(stderr, "bench_phase: %s: not a group name (e.g. 2-6-1-0)\n", name);
        return 2;
    }
    memcpy(class_name, name, (size_t)(dash - name));
    class_name[dash - name] = '\0';
    char *end;
    unsigned long num = strtoul(dash + 1, &end, 10);
    if (*end || !kl_class_parse(class_name, &k)) {
        fprintf(stderr, "bench_phase: %s: not a group name (e.g. 2-6-1-0)\n", name);
        return 2;
    }
    struct class_search cs;
    if (class_search_open(&cs, cat, kl_class_id(k)) != 0) {
        fprintf(stderr, "bench_phase: out of memory\n");
        return 1;
    }
    if (num >= cs.groups.group_count) {
        fprintf(stderr, "bench_phase: %s: class %s has %u groups\n", name, class_name,
                cs.groups.group_count);
        class_search_close(&cs);
        return 2;
    }
    uint32_t rep = group_representative(&cs.reflections, (uint32_t)num);
    struct bfs_scratch *scratch[64] = {0};
    int rc = class_search_plan(&cs, only, &rep);
    for (int t = 0; t < threads && rc == 0; t++)
        if (!(scratch[t] = bfs_scratch_new(cs.groups.size[rep])))
            rc = -1;
    double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    uint32_t failed;
    int ran = 0;
    if (rc == 0 && sample)
        rc = (ran = run_sample(&cs, scratch[0], sample)) < 0 ? -1 : 0;
    else if (rc == 0)
        rc = class_search_run(&cs, scratch, threads, &failed);
    wall = seconds(CLOCK_MONOTONIC) - wall;
    cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    if (rc == 0 && sample) {
        printf("%s-%u: %u members, %d of %u batches: %.2f s wall, %.2f s CPU\n", class_name,
               rep, cs.reps[0].graph.count, ran, cs.reps[0].plan.batch_count, wall, cpu);
    } else if (rc == 0) {
        const struct group_farthest *gf = &cs.reps[0];
        printf("%s-%u: %u members, %u sources in %u batches (%u with the solution counts'): "
               "%.2f s wall, %.2f s CPU; "
               "diameter %d radius %d peripheral %u central %u digest %016llx\n",
               class_name, rep, gf->graph.count, gf->plan.count, gf->plan.batch_count,
               gf->batch_count, wall, cpu,
               gf->diameter, gf->radius, gf->peripheral_count, gf->central_count,
               (unsigned long long)digest(gf));
    } else {
        fprintf(stderr, "bench_phase: %s: out of memory or a broken group graph\n", name);
    }
    for (int t = 0; t < threads; t++)
        bfs_scratch_free(scratch[t]);
    class_search_close(&cs);
    return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    uint32_t sample = 0;
    int first = 1;
    if (argc > 2 && strcmp(argv[1], "--sample") == 0) {
        sample = (uint32_t)strtoul(argv[2], NULL, 10);
        first = 3;
    }
    int threads = argc > first + 1 ? atoi(argv[first]) : 0;
    if (threads < 1 || threads > 64 || (first == 3 && (sample < 1 || threads != 1))) {
        fprintf(stderr, "usage: bench_phase [--sample N] THREADS GROUP... (THREADS 1 "
                        "to 64, 1 with --sample; N from 1; GROUP e.g. 2-6-1-0)\n");
        return 2;
    }
    static struct catalog cat;
    if (catalog_build(&cat, threads) != 0) {
        fprintf(stderr, "bench_phase: out of memory\n");
        return 1;
    }
    progress_begin("bench", 0, "layouts"); /* class_search_run reports its work there */
    int rc = 0;
    for (int i = first + 1; i < argc && rc == 0; i++)
        rc = bench_group(&cat, threads, sample, argv[i]);
    progress_end();
    catalog_free(&cat);
    return rc;
}
