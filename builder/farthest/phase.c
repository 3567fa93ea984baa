#include "builder/farthest/phase.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "builder/catalog.h"
#include "builder/farthest/class.h"
#include "builder/farthest/store.h"
#include "core/database/idlist.h"
#include "builder/progress.h"
#include "builder/threads.h"

#define WORD_BITS 64
/* Classes opened and not yet finished at once: the one searched and the next, opened
 * while the first is searched, so that no thread waits for a class's graph and plan
 * (each holds its class graph, group graphs and results: the second cost 0.1 GB of peak
 * memory in the whole phase). */
#define CLASSES_AHEAD 2
#define NO_SOLUTIONS UINT32_MAX /* solution_num of an unsolvable layout: NULL */

/* Results computed but not committed yet. */
struct pending_group {
    uint32_t group_id;
    int diameter, radius;
    uint32_t peripheral_count, central_count;
    unsigned char *peripheral_blob, *central_blob; /* their ids, "id list v1" */
    size_t peripheral_size, central_size;
};

struct phase {
    const struct farthest_options *o;
    struct farthest_store store;
    struct catalog cat;
    struct bfs_scratch **scratch; /* one per thread */
    struct gpu_search *gpu;       /* thread 0's, or NULL: the CPU threads alone */
    char gpu_note[320];           /* the GPU used, or why none is */
    int threads;
    uint16_t *steps;              /* per layout id, where pending */
    uint32_t *num;
    uint32_t *solutions;          /* solution_num, or NO_SOLUTIONS */
    uint64_t *pending;            /* bit per layout id */
    struct pending_group *groups;
    size_t group_count, group_room;
    double last_commit;
    uint32_t groups_done;         /* this run */
    uint64_t layouts_done;
    int classes[KL_CLASS_COUNT];  /* the classes with groups to do, in order */
    uint32_t class_count;
    struct class_search open[CLASSES_AHEAD]; /* class number k of classes in open[k % AHEAD] */
    double open_cpu[CLASSES_AHEAD];          /* the CPU seconds its graph and plan took */
    double cpu_graph;             /* thread CPU seconds of the classes' graphs and plans */
    double seconds_search, seconds_store;
    double seconds_beside;        /* of seconds_store, spent while classes were searched */
    atomic_flag failed;           /* set by the first failure, which writes err */
    char store_err[512];          /* the store's reason for a failure, copied into err */
    char *err;
    size_t err_size;
};

/* Says why the phase failed in p->err, unless an earlier failure (on another thread)
 * already did.  Returns -1. */
static int fail(struct phase *p, const char *format, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct phase *p, const char *format, ...)
{
    if (!atomic_flag_test_and_set(&p->failed)) {
        va_list args;
        va_start(args, format);
        vsnprintf(p->err, p->err_size, format, args);
        va_end(args);
    }
    return -1;
}

static int out_of_memory(struct phase *p)
{
    return fail(p, "out of memory");
}

static bool to_do(const struct phase *p, uint32_t group_id)
{
    const struct stored_group *sg = &p->store.groups[group_id];
    return !sg->done && sg->size <= p->o->max_group_size;
}

/* Whether group `group_num` of the class being searched is to do. */
struct class_choice {
    const struct phase *p;
    uint32_t group_base;
};

static bool chosen(uint32_t group_num, void *context)
{
    const struct class_choice *choice = context;
    return to_do(choice->p, choice->group_base + group_num);
}

/* Lists as "id list v1" the layouts ids[i] (ascending) whose farthest_steps is `steps`. */
static int encode_members_at(const struct phase *p, const uint32_t *ids, uint32_t n, int steps,
                             uint32_t count, unsigned char **blob, size_t *size)
{
    uint32_t *members = malloc(sizeof *members * (count + 1));
    if (!members)
        return -1;
    uint32_t found = 0;
    for (uint32_t i = 0; i < n && found < count; i++)
        if (p->steps[ids[i]] == steps)
            members[found++] = ids[i];
    int rc = kl_idlist_encode(members, found, blob, size);
    free(members);
    return rc;
}

/* Queues one group's results: members[i] (class-local, ascending) takes the results of
 * the searched group's member from[i], its solution_num from the counts of target set
 * `set` (none when the searched group holds no such targets: then it is unsolvable). */
static int queue_group(struct phase *p, const struct class_graph *g, uint32_t group_id,
                       const struct group_farthest *gf, const uint32_t *members,
                       const uint32_t *from, int set)
{
    uint32_t n = gf->graph.count;
    uint32_t *ids = malloc(sizeof *ids * (n + 1));
    if (!ids)
        return out_of_memory(p);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = ids[i] = g->ids[members[i]];
        p->steps[id] = gf->steps[from[i]];
        p->num[id] = gf->num[from[i]];
        p->solutions[id] = gf->solutions[set] ? gf->solutions[set][from[i]] : NO_SOLUTIONS;
        p->pending[id / WORD_BITS] |= 1ull << (id % WORD_BITS);
    }
    if (p->group_count == p->group_room) {
        size_t room = p->group_room ? 2 * p->group_room : 256;
        struct pending_group *grown = realloc(p->groups, sizeof *grown * room);
        if (!grown) {
            free(ids);
            return out_of_memory(p);
        }
        p->groups = grown;
        p->group_room = room;
    }
    struct pending_group *pg = &p->groups[p->group_count];
    *pg = (struct pending_group){group_id, gf->diameter, gf->radius, gf->peripheral_count,
                                 gf->central_count, NULL, NULL, 0, 0};
    int rc = encode_members_at(p, ids, n, gf->diameter, gf->peripheral_count,
                               &pg->peripheral_blob, &pg->peripheral_size);
    if (rc == 0)
        rc = encode_members_at(p, ids, n, gf->radius, gf->central_count, &pg->central_blob,
                               &pg->central_size);
    free(ids);
    if (rc != 0) {
        free(pg->peripheral_blob);
        return out_of_memory(p);
    }
    p->group_count++;
    p->groups_done++;
    p->layouts_done += n;
    progress_add_count(1);
    progress_add(n);
    return 0;
}

static int by_member(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Queues the results of the class's searched group number `rep` and of the groups it
 * stands for. */
static int queue_images(struct phase *p, const struct class_search *cs, uint32_t group_base,
                        uint32_t rep)
{
    const struct group_farthest *gf = &cs->reps[rep];
    const struct class_reflections *r = &cs->reflections;
    uint32_t num = cs->rep_num[rep], n = gf->graph.count;
    uint32_t *members = malloc(sizeof *members * (n + 1));
    uint32_t *from = malloc(sizeof *from * (n + 1));
    uint64_t *pairs = malloc(sizeof *pairs * (n + 1));
    int rc = members && from && pairs ? 0 : out_of_memory(p);
    for (uint32_t i = 0; rc == 0 && i < n; i++)
        from[i] = i;
    if (rc == 0)
        rc = queue_group(p, &cs->graph, group_base + num, gf, gf->graph.member, from,
                         TARGET_SOLVED);
    for (int k = 0; k < REFLECTIONS && rc == 0; k++) {
        uint32_t image = r->group_image[k][num];
        bool first = image != num;
        for (int j = 0; j < k; j++)
            first &= r->group_image[j][num] != image;
        if (!first)
            continue;
        /* The image's members in code order, each with its preimage's number. */
        for (uint32_t i = 0; i < n; i++)
            pairs[i] = (uint64_t)r->image[k][gf->graph.member[i]] << 32 | i;
        qsort(pairs, n, sizeof *pairs, by_member);
        for (uint32_t i = 0; i < n; i++) {
            members[i] = (uint32_t)(pairs[i] >> 32);
            from[i] = (uint32_t)pairs[i];
        }
        rc = queue_group(p, &cs->graph, group_base + image, gf, members, from,
                         k == FLIP_LEFT_RIGHT ? TARGET_SOLVED : TARGET_TOP);
    }
    free(members);
    free(from);
    free(pairs);
    return rc;
}

/* Writes every pending result in one transaction. */
static int commit(struct phase *p)
{
    double start = progress_now();
    struct farthest_store *fs = &p->store;
    int rc = farthest_store_begin(fs);
    /* Ascending ids are ascending codes: the updates walk the table once. */
    for (uint32_t word = 0; rc == 0 && word <= KL_LAYOUT_COUNT / WORD_BITS; word++)
        for (uint64_t bits = p->pending[word]; rc == 0 && bits; bits &= bits - 1) {
            uint32_t id = word * WORD_BITS + (uint32_t)__builtin_ctzll(bits);
            rc = farthest_store_layout(fs, p->cat.codes[id], p->steps[id], p->num[id],
                                       p->solutions[id] == NO_SOLUTIONS ? -1
                                                                        : (int64_t)p->solutions[id]);
        }
    for (size_t i = 0; i < p->group_count; i++) {
        const struct pending_group *pg = &p->groups[i];
        struct group_summary x = {pg->diameter, pg->radius, pg->peripheral_count,
                                   pg->peripheral_blob, pg->peripheral_size,
                                   pg->central_count, pg->central_blob, pg->central_size};
        if (rc == 0)
            rc = farthest_store_group(fs, pg->group_id, &x);
        free(pg->peripheral_blob);
        free(pg->central_blob);
    }
    p->group_count = 0;
    memset(p->pending, 0, sizeof *p->pending * (KL_LAYOUT_COUNT / WORD_BITS + 1));
    if (rc == 0)
        rc = farthest_store_commit(fs);
    p->last_commit = progress_now();
    p->seconds_store += p->last_commit - start;
    return rc;
}

/* The class's groups must be the database's, or the results would land on other rows. */
static int check_class(struct phase *p, int class_id, const struct class_search *cs)
{
    uint32_t base = p->store.group_base[class_id];
    bool same = cs->groups.group_count == p->store.group_base[class_id + 1] - base;
    for (uint32_t num = 0; same && num < cs->groups.group_count; num++)
        same = p->store.groups[base + num].size == cs->groups.size[num] &&
               p->store.groups[base + num].min_code == cs->graph.codes[cs->groups.first[num]];
    if (!same) {
        char name[KL_CLASS_NAME_SIZE];
        kl_class_name(kl_class_from_id(class_id), name);
        return fail(p, "the groups of class %s differ from this builder's", name);
    }
    return 0;
}

/* threads_stages.open: builds the graph of class number k of p->classes and plans the
 * searches of its groups to do, one task per batch. */
static int open_class(void *phase, uint32_t k, uint32_t *tasks)
{
    struct phase *p = phase;
    int class_id = p->classes[k];
    struct class_search *cs = &p->open[k % CLASSES_AHEAD];
    struct class_choice choice = {p, p->store.group_base[class_id]};
    double start = threads_cpu_seconds();
    if (class_search_open(cs, &p->cat, class_id) != 0)
        return out_of_memory(p);
    if (check_class(p, class_id, cs) != 0)
        return -1;
    if (class_search_plan(cs, chosen, &choice) != 0)
        return out_of_memory(p);
    *tasks = cs->batch_count;
    p->open_cpu[k % CLASSES_AHEAD] = threads_cpu_seconds() - start;
    return 0;
}

/* threads_stages.task: one batch of class number k's searches. */
static int search_class_batch(void *phase, uint32_t k, uint32_t batch, int thread)
{
    struct phase *p = phase;
    struct class_search *cs = &p->open[k % CLASSES_AHEAD];
    uint32_t failed;
    struct gpu_search *gpu = thread == 0 ? p->gpu : NULL;
    if (class_search_batch(cs, batch, p->scratch[thread], gpu, &failed) == 0)
        return 0;
    char name[KL_CLASS_NAME_SIZE];
    kl_class_name(kl_class_from_id(p->classes[k]), name);
    if (gpu && gpu_search_error(gpu))
        return fail(p, "group %s-%u: the GPU search failed: %s", name, failed,
                    gpu_search_error(gpu));
    return fail(p, "group %s-%u: search failed, its steps are not two-way", name, failed);
}

/* threads_stages.finish: queues the results of class number k's groups, and frees it. */
static int finish_class(void *phase, uint32_t k)
{
    struct phase *p = phase;
    struct class_search *cs = &p->open[k % CLASSES_AHEAD];
    class_search_finish(cs);
    int rc = 0;
    for (uint32_t rep = 0; rc == 0 && rep < cs->rep_count; rep++)
        rc = queue_images(p, cs, p->store.group_base[p->classes[k]], rep);
    p->cpu_graph += p->open_cpu[k % CLASSES_AHEAD];
    class_search_close(cs);
    return rc;
}

/* threads_stages.flush_due: a commit is due once the last is commit_seconds old. */
static bool commit_due(void *phase)
{
    struct phase *p = phase;
    return p->group_count > 0 && progress_now() - p->last_commit >= p->o->commit_seconds;
}

/* threads_stages.flush: commits, while other threads search: it reads only results
 * queued by finished classes, and no class is finished meanwhile. */
static int commit_beside(void *phase)
{
    struct phase *p = phase;
    double before = p->seconds_store;
    int rc = commit(p);
    p->seconds_beside += p->seconds_store - before;
    return rc == 0 ? 0 : fail(p, "%s", p->store_err);
}

/* Searches every class with groups to do, on all threads (threads_pipeline): a class's
 * graph and plan, its batches, the queueing of its results and the commits overlap one
 * another on the threads, CLASSES_AHEAD classes at a time. */
static int run_classes(struct phase *p)
{
    for (int c = 0; c < KL_CLASS_COUNT; c++) {
        bool any = false;
        for (uint32_t id = p->store.group_base[c]; id < p->store.group_base[c + 1]; id++)
            any |= to_do(p, id);
        if (any)
            p->classes[p->class_count++] = c;
    }
    static const struct threads_stages stages = {open_class, search_class_batch, finish_class,
                                                 commit_due, commit_beside};
    double start = progress_now();
    int rc = threads_pipeline(p->threads, p->class_count, CLASSES_AHEAD, &stages, p);
    p->seconds_search = progress_now() - start;
    for (int k = 0; k < CLASSES_AHEAD; k++)
        class_search_close(&p->open[k]);
    return rc == 0 ? 0 : -1;
}

static uint32_t largest_to_do(const struct phase *p)
{
    uint32_t largest = 0;
    for (uint32_t id = 0; id < p->store.group_count; id++)
        if (to_do(p, id) && p->store.groups[id].size > largest)
            largest = p->store.groups[id].size;
    return largest;
}

/* Opens the GPU unless told not to: a --device gpu without one fails even with nothing
 * to do, so that a script learns at once that its device is missing. */
static int open_gpu(struct phase *p)
{
    if (p->o->device == DEVICE_CPU)
        return 0;
    char why[256];
    p->gpu = gpu_search_open(largest_to_do(p), why, sizeof why);
    if (!p->gpu && p->o->device == DEVICE_GPU)
        return fail(p, "--device gpu: %s", why);
    if (p->gpu)
        gpu_search_describe(p->gpu, p->gpu_note, sizeof p->gpu_note);
    else
        snprintf(p->gpu_note, sizeof p->gpu_note, "none (%s): the CPU threads alone", why);
    return 0;
}

static int allocate(struct phase *p)
{
    uint32_t largest = largest_to_do(p);
    p->steps = malloc(sizeof *p->steps * KL_LAYOUT_COUNT);
    p->num = malloc(sizeof *p->num * KL_LAYOUT_COUNT);
    p->solutions = malloc(sizeof *p->solutions * KL_LAYOUT_COUNT);
    p->pending = calloc(KL_LAYOUT_COUNT / WORD_BITS + 1, sizeof *p->pending);
    p->scratch = calloc((size_t)p->threads, sizeof *p->scratch);
    if (!p->steps || !p->num || !p->solutions || !p->pending || !p->scratch)
        return out_of_memory(p);
    for (int t = 0; t < p->threads; t++)
        if (!(p->scratch[t] = bfs_scratch_new(largest)))
            return out_of_memory(p);
    return catalog_build(&p->cat, p->threads) != 0 ? out_of_memory(p) : 0;
}

static void release(struct phase *p)
{
    gpu_search_close(p->gpu);
    for (int t = 0; p->scratch && t < p->threads; t++)
        bfs_scratch_free(p->scratch[t]);
    free(p->scratch);
    free(p->steps);
    free(p->num);
    free(p->solutions);
    free(p->pending);
    for (size_t i = 0; i < p->group_count; i++) {
        free(p->groups[i].peripheral_blob);
        free(p->groups[i].central_blob);
    }
    free(p->groups);
    catalog_free(&p->cat);
}

/* CPU seconds of the whole process so far, every thread's, user and system. */
static double process_cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec * 1e-6;
}

static void print_summary(const struct phase *p, double seconds, double seconds_compact,
                          double cpu)
{
    struct stat st;
    double mb = stat(p->o->db, &st) == 0 ? (double)st.st_size / 1e6 : 0;
    printf("klotski-build --farthest: %s (%.1f MB): %u groups with %llu layouts done in "
           "%.1f s; %u of %u groups hold farthest data\n",
           p->o->db, mb, p->groups_done, (unsigned long long)p->layouts_done, seconds,
           p->store.done_count, p->store.group_count);
    printf("  search %.1f s wall on %d threads (graphs and plans %.1f s CPU, beside) | store "
           "%.1f s (%.1f s of it beside the search) | compact %.1f s | CPU %.1f s, %.0f%% of "
           "%d threads' time\n",
           p->seconds_search, p->threads, p->cpu_graph, p->seconds_store, p->seconds_beside,
           seconds_compact, cpu, seconds > 0 ? 100 * cpu / (seconds * p->threads) : 0.0,
           p->threads);
    if (p->gpu_note[0])
        printf("  GPU: %s\n", p->gpu_note);
}

int farthest_phase_run(const struct farthest_options *o, char *err, size_t err_size)
{
    double start = progress_now(), cpu_start = process_cpu();
    struct phase p = {.o = o, .threads = o->threads, .err = err, .err_size = err_size,
                      .failed = ATOMIC_FLAG_INIT};
    if (farthest_store_open(&p.store, o->db, p.store_err, sizeof p.store_err) != 0) {
        snprintf(err, err_size, "%s", p.store_err);
        return -1;
    }
    uint32_t groups = 0;
    uint64_t layouts = 0;
    double work = 0;
    for (uint32_t id = 0; id < p.store.group_count; id++)
        if (to_do(&p, id)) {
            groups++;
            layouts += p.store.groups[id].size;
            work += (double)p.store.groups[id].size * p.store.groups[id].size;
        }
    int rc = groups || o->device == DEVICE_GPU ? open_gpu(&p) : 0;
    if (rc == 0 && groups)
        rc = allocate(&p);
    progress_begin("farthest", layouts, "layouts");
    progress_weigh(work);
    progress_count("groups", groups);
    p.last_commit = progress_now();
    if (rc == 0 && groups)
        rc = run_classes(&p);
    if (rc == 0 && groups && commit(&p) != 0)
        rc = fail(&p, "%s", p.store_err);
    progress_end();
    double seconds_compact = 0;
    if (rc == 0 && groups && p.store.done_count == p.store.group_count) {
        double compact_start = progress_now();
        if (farthest_store_compact(&p.store) != 0)
            rc = fail(&p, "%s", p.store_err);
        seconds_compact = progress_now() - compact_start;
    }
    if (rc == 0 && !o->quiet)
        print_summary(&p, progress_now() - start, seconds_compact, process_cpu() - cpu_start);
    release(&p);
    farthest_store_close(&p.store);
    return rc;
}
