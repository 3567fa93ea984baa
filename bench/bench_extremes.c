/* Cost of the group extremes (builder/extremes/extremes.h) over every group of up to
 * MAX_GROUP members (default: all), the classes shared by THREADS threads (default 2):
 *     bench_extremes [THREADS [MAX_GROUP [CLASS [MAX_WORK]]]]
 * Prints the CPU seconds of the extremes alone (the class graphs are built first and not
 * counted), the searches and bit-parallel passes in all and per group, and one line per
 * group of at least REPORTED_SIZE members.  With CLASS (a name, e.g. 2-6-1; "all": every
 * class) only it.  With MAX_WORK, each group's work is bounded by it as in the base build
 * (builder/extremes/extremes.h): the groups given up on are counted apart. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builder/catalog.h"
#include "builder/extremes/base_work.h"
#include "builder/graph/class_graph.h"
#include "builder/graph/group_graph.h"
#include "builder/graph/groups.h"
#include "builder/threads.h"

#define REPORTED_SIZE 10000

struct bench {
    const struct catalog *cat;
    uint32_t max_group;
    uint64_t max_work;
    int classes[KL_CLASS_COUNT];
    int class_count;
    pthread_mutex_t lock;   /* guards everything below */
    double cpu;             /* extremes only, all threads */
    uint64_t searches, batches, batched_sources, skipped_members, work, given_up_work;
    uint32_t *per_group;    /* searches + batches of each searched group */
    uint32_t searched, skipped;
    uint32_t given_up;      /* over max_work */
    uint64_t given_up_members;
    double given_up_cpu;    /* spent on them */
};

static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void record(struct bench *b, const char *class_name, uint32_t num, uint32_t size,
                   const struct group_extremes *x, double cpu)
{
    pthread_mutex_lock(&b->lock);
    b->cpu += cpu;
    b->searches += x->searches;
    b->batches += x->batches;
    b->batched_sources += x->batched_sources;
    b->work += x->work;
    b->per_group[b->searched++] = x->searches + x->batches;
    if (size >= REPORTED_SIZE)
        printf("  %s-%u: %u members, diameter %d (%u peripheral), radius %d (%u central): "
               "%u searches, %u passes (%u sources), %.2f s CPU\n",
               class_name, num, size, x->diameter, x->peripheral_count, x->radius,
               x->central_count, x->searches, x->batches, x->batched_sources, cpu);
    pthread_mutex_unlock(&b->lock);
}

/* threads_work: every representative group of one class. */
static int bench_class(void *context, uint32_t item, int thread)
{
    (void)thread;
    struct bench *b = context;
    int class_id = b->classes[item];
    char name[KL_CLASS_NAME_SIZE];
    kl_class_name(kl_class_from_id(class_id), name);
    struct class_graph g;
    struct class_groups cg;
    struct class_reflections r;
    if (class_graph_build(&g, b->cat, class_id) || class_groups_find(&cg, &g) ||
        class_reflections_build(&r, &g, &cg))
        return -1;
    uint32_t *number = malloc(sizeof *number * (g.count + 1));
    struct extremes_scratch *s = extremes_scratch_new(cg.size[0]);
    if (!number || !s)
        return -1;
    memset(number, 0xff, sizeof *number * g.count);
    int rc = 0;
    for (uint32_t num = 0; num < cg.group_count && rc == 0; num++) {
        if (group_representative(&r, num) != num)
            continue;
        if (cg.size[num] > b->max_group) {
            pthread_mutex_lock(&b->lock);
            b->skipped++;
            b->skipped_members += cg.size[num];
            pthread_mutex_unlock(&b->lock);
            continue;
        }
        struct group_graph gg;
        struct group_extremes x;
        if (group_graph_build(&gg, &g, &cg, &r, num, number) != 0)
            return -1;
        double start = thread_cpu();
        rc = group_extremes_find(&x, &gg, s, b->max_work);
        if (rc == 0)
            record(b, name, num, gg.count, &x, thread_cpu() - start);
        if (rc == 1) {
            pthread_mutex_lock(&b->lock);
            b->given_up++;
            b->given_up_members += gg.count;
            b->given_up_cpu += thread_cpu() - start;
            b->given_up_work += x.work;
            pthread_mutex_unlock(&b->lock);
            rc = 0;
        }
        group_extremes_free(&x);
        group_graph_free(&gg);
    }
    extremes_scratch_free(s);
    free(number);
    class_reflections_free(&r);
    class_groups_free(&cg);
    class_graph_free(&g);
    return rc;
}

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    static struct bench b;
    b.max_group = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : KL_LAYOUT_COUNT;
    bool one_class = argc > 3 && strcmp(argv[3], "all") != 0;
    b.max_work = argc > 4 ? strtoull(argv[4], NULL, 10) : EXTREMES_ANY_WORK;
    struct kl_class k;
    if (threads < 1 || b.max_group < 1 || (one_class && !kl_class_parse(argv[3], &k))) {
        fprintf(stderr, "usage: bench_extremes [THREADS [MAX_GROUP [CLASS|all [MAX_WORK]]]]\n");
        return 2;
    }
    static struct catalog cat;
    b.per_group = malloc(sizeof *b.per_group * 30000);
    if (!b.per_group || catalog_build(&cat, threads) != 0) {
        fprintf(stderr, "bench_extremes: out of memory\n");
        return 1;
    }
    b.cat = &cat;
    for (int c = 0; c < KL_CLASS_COUNT; c++)
        if (!one_class || c == kl_class_id(k))
            b.classes[b.class_count++] = c;
    pthread_mutex_init(&b.lock, NULL);
    if (threads_run(threads, (uint32_t)b.class_count, bench_class, &b) != 0) {
        fprintf(stderr, "bench_extremes: out of memory or a broken group graph\n");
        return 1;
    }
    qsort(b.per_group, b.searched, sizeof *b.per_group, ascending);
    printf("groups searched %u (one of each set of images; %u of more than %u members "
           "skipped, %llu members)\n", b.searched, b.skipped, b.max_group,
           (unsigned long long)b.skipped_members);
    if (b.max_work != EXTREMES_ANY_WORK)
        printf("given up over %llu work: %u groups (%llu members), %.2f s CPU and %llu work "
               "spent on them\n", (unsigned long long)b.max_work, b.given_up,
               (unsigned long long)b.given_up_members, b.given_up_cpu,
               (unsigned long long)b.given_up_work);
    printf("extremes CPU %.2f s, work %llu; searches %llu, bit-parallel passes %llu (%llu "
           "sources)\n", b.cpu, (unsigned long long)b.work, (unsigned long long)b.searches,
           (unsigned long long)b.batches, (unsigned long long)b.batched_sources);
    if (b.searched)
        printf("searches + passes per group: median %u, 90%% %u, 99%% %u, max %u\n",
               b.per_group[b.searched / 2], b.per_group[b.searched * 9 / 10],
               b.per_group[b.searched * 99 / 100], b.per_group[b.searched - 1]);
    return 0;
}
