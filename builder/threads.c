#include "builder/threads.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

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
    pthread_t id;
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

int threads_run(int threads, uint32_t count, threads_work *work, void *context)
{
    return threads_run_beside(threads, count, work, context, NULL, NULL, NULL);
}

int threads_run_beside(int threads, uint32_t count, threads_work *work, void *context,
                       threads_beside *beside, void *beside_context, int *beside_rc)
{
    struct job job = {.work = work, .context = context, .count = count};
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    /* Threads to create: one item each at least, the calling thread counting for one
     * unless it has other work first. */
    uint32_t others_max = threads > 1 ? (uint32_t)threads - 1 : 0;
    uint32_t items_for_others = beside ? count : (count > 0 ? count - 1 : 0);
    if (others_max > items_for_others)
        others_max = items_for_others;
    /* The calling thread is thread 0.  A thread that cannot be created leaves its slot
     * to the next try, so the threads that run are numbered without gaps. */
    struct runner self = {.job = &job, .thread = 0};
    struct runner *others = others_max ? malloc(sizeof *others * others_max) : NULL;
    int started = 0;
    for (uint32_t t = 0; others && t < others_max; t++) {
        struct runner *r = &others[started];
        *r = (struct runner){.job = &job, .thread = started + 1};
        if (pthread_create(&r->id, NULL, take_items, r) == 0)
            started++;
    }
    int rc = beside ? beside(beside_context) : 0;
    if (beside_rc)
        *beside_rc = rc;
    take_items(&self);
    for (int t = 0; t < started; t++)
        pthread_join(others[t].id, NULL);
    free(others);
    return atomic_load(&job.failed) ? -1 : 0;
}
