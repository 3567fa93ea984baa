/* The builder's threading primitive (builder/threads.h): every item is worked exactly
 * once, on a thread number below the threads that may run (those asked for, never more
 * than the items, the calling thread counting as one unless it has work beside), whatever
 * the counts; the work
 * beside a job runs once on the calling thread and hands back its status; a failing item
 * fails the job and nothing else. */
#include "tests/unit/unit_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

#include "builder/threads.h"

#define MAX_ITEMS 40
#define MAX_THREADS 4

struct job_record {
    atomic_int runs[MAX_ITEMS]; /* per item: how many times it was worked */
    atomic_int bad_thread;      /* a thread number out of range was seen */
    int threads;
    int failing_item;           /* -1: none fails */
    pthread_t caller;
    atomic_int beside_runs;
    atomic_int beside_elsewhere; /* beside ran on a thread other than the caller */
};

static int work_item(void *context, uint32_t item, int thread)
{
    struct job_record *r = context;
    if (thread < 0 || thread >= r->threads)
        atomic_store(&r->bad_thread, 1);
    atomic_fetch_add(&r->runs[item], 1);
    return (int)item == r->failing_item ? 7 : 0;
}

static int work_beside(void *context)
{
    struct job_record *r = context;
    atomic_fetch_add(&r->beside_runs, 1);
    if (!pthread_equal(pthread_self(), r->caller))
        atomic_store(&r->beside_elsewhere, 1);
    return 42;
}

static void run_job(struct job_record *r, int threads, uint32_t count, bool beside,
                    int failing_item, int *rc, int *beside_rc)
{
    memset(r, 0, sizeof *r);
    uint32_t most = beside ? count + 1 : count; /* threads that have an item to take */
    r->threads = threads < 1 ? 1 : threads;
    if ((uint32_t)r->threads > most)
        r->threads = most > 0 ? (int)most : 1;
    r->failing_item = failing_item;
    r->caller = pthread_self();
    *beside_rc = -1;
    *rc = beside ? threads_run_beside(threads, count, work_item, r, work_beside, r, beside_rc)
                 : threads_run(threads, count, work_item, r);
}

static void test_every_item_once(void **state)
{
    (void)state;
    struct job_record r;
    for (int threads = 0; threads <= MAX_THREADS; threads++)
        for (uint32_t count = 0; count <= MAX_ITEMS; count += count < 6 ? 1 : 17)
            for (int beside = 0; beside <= 1; beside++) {
                int rc, beside_rc;
                run_job(&r, threads, count, beside, -1, &rc, &beside_rc);
                assert_int_equal(rc, 0);
                for (uint32_t item = 0; item < count; item++)
                    assert_int_equal(atomic_load(&r.runs[item]), 1);
                for (uint32_t item = count; item < MAX_ITEMS; item++)
                    assert_int_equal(atomic_load(&r.runs[item]), 0);
                assert_int_equal(atomic_load(&r.bad_thread), 0);
                assert_int_equal(atomic_load(&r.beside_runs), beside);
                assert_int_equal(atomic_load(&r.beside_elsewhere), 0);
                assert_int_equal(beside_rc, beside ? 42 : -1);
            }
}

/* A failing item fails the job, each item still runs at most once, and beside's status
 * stays its own. */
static void test_failure(void **state)
{
    (void)state;
    struct job_record r;
    for (int threads = 1; threads <= MAX_THREADS; threads++)
        for (int beside = 0; beside <= 1; beside++) {
            int rc, beside_rc;
            run_job(&r, threads, MAX_ITEMS, beside, 3, &rc, &beside_rc);
            assert_int_equal(rc, -1);
            assert_int_equal(atomic_load(&r.runs[3]), 1);
            for (uint32_t item = 0; item < MAX_ITEMS; item++)
                assert_true(atomic_load(&r.runs[item]) <= 1);
            assert_int_equal(beside_rc, beside ? 42 : -1);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
        cmocka_unit_test(test_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
