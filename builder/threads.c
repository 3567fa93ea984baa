#include "builder/threads.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

double threads_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One call of threads_run, shared by its threads. */
struct job {
    threads_work *work;
    void *context;
    uint32_t count;            /* items 0 to count - 1 */
    atomic_uint_fast64_t next; /* the next item to take; 64 bits, so that the threads'
                                * last draws, past count, cannot wrap round */
    atomic_int failed;         /* 1 once a call of work returned nonzero */
};

/* One thread of a job. */
struct runner {
    struct job *job;
    int thread; /* the number work sees */
};

static void *take_items(void *arg)
{
    const struct runner *r = arg;
    struct job *job = r->job;
    for (;;) {
        uint64_t item = atomic_fetch_add(&job->next, 1);
        if (item >= job->count || atomic_load(&job->failed))
            break;
        if (job->work(job->context, (uint32_t)item, r->thread) != 0)
            atomic_store(&job->failed, 1);
    }
    return NULL;
}

/* Starts run(arg_k) on up to `wanted` new threads, args[k] for the k-th started, so that
 * the threads that run are numbered without gaps (a thread that cannot be created leaves
 * its slot to the next try).  Returns how many started; their ids are in ids. */
static int start_threads(uint32_t wanted, pthread_t *ids, void *(*run)(void *), void *args,
                         size_t arg_size)
{
    int started = 0;
    for (uint32_t t = 0; t < wanted; t++)
        if (pthread_create(&ids[started], NULL, run, (char *)args + arg_size * started) == 0)
            started++;
    return started;
}

int threads_run(int threads, uint32_t count, threads_work *work, void *context)
{
    struct job job = {.work = work, .context = context, .count = count};
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    /* Threads to create: one item each at least, the calling thread counting for one. */
    uint32_t others_max = threads > 1 ? (uint32_t)threads - 1 : 0;
    if (others_max > (count > 0 ? count - 1 : 0))
        others_max = count > 0 ? count - 1 : 0;
    /* The calling thread is thread 0. */
    struct runner self = {.job = &job, .thread = 0};
    struct runner *others = others_max ? malloc(sizeof *others * others_max) : NULL;
    pthread_t *ids = others_max ? malloc(sizeof *ids * others_max) : NULL;
    for (uint32_t t = 0; others && t < others_max; t++)
        others[t] = (struct runner){.job = &job, .thread = (int)t + 1};
    int started = others && ids ? start_threads(others_max, ids, take_items, others,
                                                sizeof *others)
                                : 0;
    take_items(&self);
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(others);
    free(ids);
    return atomic_load(&job.failed) ? -1 : 0;
}

/* One item of a pipeline while it is open: its slot is item % ahead. */
struct pipeline_item {
    bool opened;         /* open returned: tasks is known */
    uint32_t tasks;
    uint32_t next_task;  /* the next task to take */
    uint32_t done_tasks;
};

/* One call of threads_pipeline, shared by its threads under `lock`. */
struct pipeline {
    const struct threads_stages *stages;
    void *context;
    uint32_t items, ahead;
    struct pipeline_item *slots; /* ahead of them */
    uint32_t first;              /* the oldest item not finished */
    uint32_t next_open;          /* the next item to open */
    bool serial_busy;            /* a finish or a flush runs */
    bool failed;
    pthread_mutex_t lock;
    pthread_cond_t changed;      /* a stage ended or the pipeline failed */
};

/* One thread of a pipeline. */
struct pipeline_runner {
    struct pipeline *p;
    int thread;
};

enum stage { STAGE_NONE, STAGE_OPEN, STAGE_TASK, STAGE_FINISH, STAGE_FLUSH };

/* The work a thread takes next, under the lock (threads_pipeline's order of preference),
 * with its item and task; STAGE_NONE when there is none now. */
static enum stage pipeline_take(struct pipeline *p, uint32_t *item, uint32_t *task)
{
    /* A due flush before a finish: finishes can follow one another without a gap, and
     * would put off a flush for ever. */
    if (!p->serial_busy && p->stages->flush_due && p->stages->flush_due(p->context))
        return STAGE_FLUSH;
    struct pipeline_item *oldest = &p->slots[p->first % p->ahead];
    if (!p->serial_busy && p->first < p->next_open && oldest->opened &&
        oldest->done_tasks == oldest->tasks) {
        *item = p->first;
        return STAGE_FINISH;
    }
    if (p->next_open < p->items && p->next_open - p->first < p->ahead) {
        *item = p->next_open++;
        p->slots[*item % p->ahead] = (struct pipeline_item){0};
        return STAGE_OPEN;
    }
    for (uint32_t k = p->first; k < p->next_open; k++) {
        struct pipeline_item *it = &p->slots[k % p->ahead];
        if (it->opened && it->next_task < it->tasks) {
            *item = k;
            *task = it->next_task++;
            return STAGE_TASK;
        }
    }
    return STAGE_NONE;
}

static void *pipeline_work(void *arg)
{
    const struct pipeline_runner *r = arg;
    struct pipeline *p = r->p;
    const struct threads_stages *st = p->stages;
    pthread_mutex_lock(&p->lock);
    while (!p->failed && p->first < p->items) {
        uint32_t item = 0, task = 0, tasks = 0;
        enum stage stage = pipeline_take(p, &item, &task);
        if (stage == STAGE_NONE) {
            pthread_cond_wait(&p->changed, &p->lock);
            continue;
        }
        p->serial_busy |= stage == STAGE_FINISH || stage == STAGE_FLUSH;
        pthread_mutex_unlock(&p->lock);
        int rc = stage == STAGE_OPEN     ? st->open(p->context, item, &tasks)
                 : stage == STAGE_TASK   ? st->task(p->context, item, task, r->thread)
                 : stage == STAGE_FINISH ? st->finish(p->context, item)
                                         : st->flush(p->context);
        pthread_mutex_lock(&p->lock);
        struct pipeline_item *it = &p->slots[item % p->ahead];
        if (rc != 0)
            p->failed = true;
        else if (stage == STAGE_OPEN)
            *it = (struct pipeline_item){.opened = true, .tasks = tasks};
        else if (stage == STAGE_TASK)
            it->done_tasks++;
        else if (stage == STAGE_FINISH)
            p->first++;
        if (stage == STAGE_FINISH || stage == STAGE_FLUSH)
            p->serial_busy = false;
        pthread_cond_broadcast(&p->changed);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int threads_pipeline(int threads, uint32_t items, uint32_t ahead,
                     const struct threads_stages *stages, void *context)
{
    struct pipeline p = {.stages = stages, .context = context, .items = items,
                         .ahead = ahead < 1 ? 1 : ahead};
    p.slots = calloc(p.ahead, sizeof *p.slots);
    if (!p.slots)
        return -1;
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.changed, NULL);
    uint32_t others_max = threads > 1 ? (uint32_t)threads - 1 : 0;
    struct pipeline_runner *runners = malloc(sizeof *runners * (others_max + 1));
    pthread_t *ids = malloc(sizeof *ids * (others_max + 1));
    int started = 0;
    if (runners && ids) {
        for (uint32_t t = 0; t <= others_max; t++)
            runners[t] = (struct pipeline_runner){&p, (int)t};
        started = start_threads(others_max, ids, pipeline_work, runners + 1, sizeof *runners);
        pipeline_work(runners);
    } else {
        struct pipeline_runner self = {&p, 0};
        pipeline_work(&self);
    }
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(runners);
    free(ids);
    free(p.slots);
    pthread_cond_destroy(&p.changed);
    pthread_mutex_destroy(&p.lock);
    return p.failed || p.first < p.items ? -1 : 0;
}
