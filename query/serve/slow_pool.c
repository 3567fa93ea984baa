#include "query/serve/slow_pool.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "answer/report.h"

#define SLOW_NICE 5 /* added to the pool's threads' nice value: a third of the weight of
                       the server's other threads (more, and on a machine busy with other
                       work a stopped request's thread lingers before it notices) */
#define MAX_NICE 19

/* One thread of the pool and the work it was handed (NULL: none). */
struct slot {
    pthread_t thread;
    pthread_cond_t wake; /* signalled when work is handed over, or at the stop */
    void (*work)(void *argument);
    void *argument;
    bool busy; /* handed work whose caller has not yet taken its end */
    bool done; /* the work handed has ended */
    bool detached; /* handed by slow_pool_submit: nobody waits for its end */
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER; /* some work has ended */
static struct slot *slots;
static unsigned slot_count;
static bool stopping;
static _Thread_local bool on_pool_thread; /* this thread is one of the pool's */

static void *serve_slot(void *context)
{
    struct slot *s = context;
    on_pool_thread = true;
    /* Best effort: a raise is always allowed.  Relative to the process's, which `nice`
     * may have raised already. */
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, 0);
    if (errno == 0)
        setpriority(PRIO_PROCESS, (id_t)gettid(), nice + SLOW_NICE < MAX_NICE ? nice + SLOW_NICE : MAX_NICE);
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        while (!s->work && !stopping)
            pthread_cond_wait(&s->wake, &pool_lock);
        if (!s->work)
            break;
        pthread_mutex_unlock(&pool_lock);
        s->work(s->argument);
        pthread_mutex_lock(&pool_lock);
        s->work = NULL;
        s->done = true;
        if (s->detached)
            s->busy = false;
        pthread_cond_broadcast(&finished);
    }
    pthread_mutex_unlock(&pool_lock);
    return NULL;
}

bool slow_pool_start(unsigned count)
{
    slots = xcalloc(count ? count : 1, sizeof *slots);
    for (unsigned i = 0; i < (count ? count : 1); i++) {
        pthread_cond_init(&slots[i].wake, NULL);
        if (pthread_create(&slots[i].thread, NULL, serve_slot, &slots[i]) != 0) {
            pthread_cond_destroy(&slots[i].wake);
            break;
        }
        slot_count++;
    }
    return slot_count > 0;
}

/* Hands work to a free thread of the pool (pool_lock held).  Returns its slot, or NULL
 * when every thread is busy. */
static struct slot *hand_over(void (*work)(void *argument), void *argument, bool detached)
{
    for (unsigned i = 0; i < slot_count; i++) {
        struct slot *s = &slots[i];
        if (s->busy)
            continue;
        s->work = work;
        s->argument = argument;
        s->busy = true;
        s->done = false;
        s->detached = detached;
        pthread_cond_signal(&s->wake);
        return s;
    }
    return NULL;
}

bool slow_pool_run(void (*work)(void *argument), void *argument)
{
    if (slot_count == 0 || on_pool_thread) {
        work(argument);
        return true;
    }
    pthread_mutex_lock(&pool_lock);
    struct slot *s = hand_over(work, argument, false);
    if (s) {
        while (!s->done)
            pthread_cond_wait(&finished, &pool_lock);
        s->busy = false;
    }
    pthread_mutex_unlock(&pool_lock);
    return s != NULL;
}

bool slow_pool_submit(void (*work)(void *argument), void *argument)
{
    pthread_mutex_lock(&pool_lock);
    /* Stopping: the threads may have ended, and work handed to one would never run. */
    bool handed = slot_count > 0 && !stopping && hand_over(work, argument, true);
    pthread_mutex_unlock(&pool_lock);
    return handed;
}

void slow_pool_stop(void)
{
    pthread_mutex_lock(&pool_lock);
    stopping = true;
    for (unsigned i = 0; i < slot_count; i++)
        pthread_cond_signal(&slots[i].wake);
    pthread_mutex_unlock(&pool_lock);
    for (unsigned i = 0; i < slot_count; i++) {
        pthread_join(slots[i].thread, NULL);
        pthread_cond_destroy(&slots[i].wake);
    }
    pthread_mutex_lock(&pool_lock);
    free(slots);
    slots = NULL;
    slot_count = 0;
    stopping = false;
    pthread_mutex_unlock(&pool_lock);
}
