/* The builder's threading (builder/threads.h).  threads_run: every item is worked exactly
 * once, on a thread number below the threads that may run (those asked for, never more
 * than the items, the calling thread counting as one), whatever the counts; a failing
 * item fails the job and nothing else.  threads_pipeline: every item is opened, each of
 * its tasks worked and the item finished exactly once, in the order and with the overlaps
 * its header allows and no others, flushes when due; a failing stage stops it. */
#include "tests/unit/unit_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "builder/threads.h"

#define MAX_ITEMS 40
#define MAX_THREADS 4

struct job_record {
    atomic_int runs[MAX_ITEMS]; /* per item: how many times it was worked */
    atomic_int bad_thread;      /* a thread number out of range was seen */
    int threads;
    int failing_item;           /* -1: none fails */
};

static int work_item(void *context, uint32_t item, int thread)
{
    struct job_record *r = context;
    if (thread < 0 || thread >= r->threads)
        atomic_store(&r->bad_thread, 1);
    atomic_fetch_add(&r->runs[item], 1);
    return (int)item == r->failing_item ? 7 : 0;
}

static void run_job(struct job_record *r, int threads, uint32_t count, int failing_item,
                    int *rc)
{
    memset(r, 0, sizeof *r);
    r->threads = threads < 1 ? 1 : threads;
    if ((uint32_t)r->threads > count)
        r->threads = count > 0 ? (int)count : 1;
    r->failing_item = failing_item;
    *rc = threads_run(threads, count, work_item, r);
}

static void test_every_item_once(void **state)
{
    (void)state;
    struct job_record r;
    for (int threads = 0; threads <= MAX_THREADS; threads++)
        for (uint32_t count = 0; count <= MAX_ITEMS; count += count < 6 ? 1 : 17)
            {
                int rc;
                run_job(&r, threads, count, -1, &rc);
                assert_int_equal(rc, 0);
                for (uint32_t item = 0; item < count; item++)
                    assert_int_equal(atomic_load(&r.runs[item]), 1);
                for (uint32_t item = count; item < MAX_ITEMS; item++)
                    assert_int_equal(atomic_load(&r.runs[item]), 0);
                assert_int_equal(atomic_load(&r.bad_thread), 0);
            }
}

/* A failing item fails the job, and each item still runs at most once. */
static void test_failure(void **state)
{
    (void)state;
    struct job_record r;
    for (int threads = 1; threads <= MAX_THREADS; threads++)
        {
            int rc;
            run_job(&r, threads, MAX_ITEMS, 3, &rc);
            assert_int_equal(rc, -1);
            assert_int_equal(atomic_load(&r.runs[3]), 1);
            for (uint32_t item = 0; item < MAX_ITEMS; item++)
                assert_true(atomic_load(&r.runs[item]) <= 1);
        }
}

/* What a pipeline did, recorded by its stages, each of which checks what the header
 * promises at the moment it runs and counts a breach in `breaches`. */
#define MAX_TASKS 7
struct pipeline_record {
    uint32_t items, ahead;
    int fail_stage, fail_item;        /* which stage of which item fails (-1: none) */
    atomic_int opened[MAX_ITEMS];     /* per item: opens, task runs, finishes */
    atomic_int task_runs[MAX_ITEMS][MAX_TASKS];
    atomic_int finished[MAX_ITEMS];
    atomic_int tasks_done[MAX_ITEMS];
    atomic_int open_now;              /* items opened (open begun) and not finished */
    atomic_int serial_now;            /* finishes and flushes running */
    atomic_int stages_after_failure;  /* stages begun once a stage failed */
    atomic_int failed;
    atomic_int flushes, flush_asks;
    atomic_int breaches;
    int threads;
};

enum { FAIL_OPEN, FAIL_TASK, FAIL_FINISH, FAIL_FLUSH };

/* Keeps a stage running a little, so that what may not overlap it would be seen to. */
static void linger(void)
{
    nanosleep(&(struct timespec){0, 30000}, NULL);
}

static uint32_t tasks_of(uint32_t item)
{
    return (item * 5 + 3) % MAX_TASKS; /* 0 tasks for some items */
}

/* Counts a stage begun; returns whether it is the one meant to fail. */
static bool begin_stage(struct pipeline_record *r, int stage, uint32_t item)
{
    if (atomic_load(&r->failed))
        atomic_fetch_add(&r->stages_after_failure, 1);
    if (stage == r->fail_stage && (int)item == r->fail_item) {
        atomic_store(&r->failed, 1);
        return true;
    }
    return false;
}

static int stage_open(void *context, uint32_t item, uint32_t *tasks)
{
    struct pipeline_record *r = context;
    if (atomic_fetch_add(&r->open_now, 1) + 1 > (int)r->ahead)
        atomic_fetch_add(&r->breaches, 1);
    atomic_fetch_add(&r->opened[item], 1);
    *tasks = tasks_of(item);
    return begin_stage(r, FAIL_OPEN, item) ? 5 : 0;
}

static int stage_task(void *context, uint32_t item, uint32_t task, int thread)
{
    struct pipeline_record *r = context;
    if (thread < 0 || thread >= r->threads || atomic_load(&r->opened[item]) != 1 ||
        atomic_load(&r->finished[item]) != 0 || task >= tasks_of(item))
        atomic_fetch_add(&r->breaches, 1);
    atomic_fetch_add(&r->task_runs[item][task], 1);
    if (task % 2)
        linger();
    bool fails = begin_stage(r, FAIL_TASK, item);
    atomic_fetch_add(&r->tasks_done[item], 1);
    return fails ? 6 : 0;
}

static int stage_finish(void *context, uint32_t item)
{
    struct pipeline_record *r = context;
    if (atomic_fetch_add(&r->serial_now, 1) != 0 ||
        atomic_load(&r->tasks_done[item]) != (int)tasks_of(item) ||
        (item > 0 && atomic_load(&r->finished[item - 1]) != 1))
        atomic_fetch_add(&r->breaches, 1);
    linger();
    atomic_fetch_add(&r->finished[item], 1);
    bool fails = begin_stage(r, FAIL_FINISH, item);
    atomic_fetch_sub(&r->open_now, 1);
    atomic_fetch_sub(&r->serial_now, 1);
    return fails ? 7 : 0;
}

/* Due after every third finish, so that flushes fall between other stages. */
static bool stage_flush_due(void *context)
{
    struct pipeline_record *r = context;
    if (atomic_load(&r->serial_now) != 0)
        atomic_fetch_add(&r->breaches, 1);
    atomic_fetch_add(&r->flush_asks, 1);
    int finished = 0;
    for (uint32_t item = 0; item < r->items; item++)
        finished += atomic_load(&r->finished[item]);
    return finished / 3 > atomic_load(&r->flushes);
}

static int stage_flush(void *context)
{
    struct pipeline_record *r = context;
    if (atomic_fetch_add(&r->serial_now, 1) != 0)
        atomic_fetch_add(&r->breaches, 1);
    linger();
    bool fails = begin_stage(r, FAIL_FLUSH, (uint32_t)atomic_load(&r->flushes));
    atomic_fetch_add(&r->flushes, 1);
    atomic_fetch_sub(&r->serial_now, 1);
    return fails ? 8 : 0;
}

static int run_pipeline(struct pipeline_record *r, int threads, uint32_t items,
                        uint32_t ahead, int fail_stage, int fail_item)
{
    static const struct threads_stages stages = {stage_open, stage_task, stage_finish,
                                                 stage_flush_due, stage_flush};
    memset(r, 0, sizeof *r);
    r->items = items;
    r->ahead = ahead < 1 ? 1 : ahead;
    r->threads = threads < 1 ? 1 : threads;
    r->fail_stage = fail_stage;
    r->fail_item = fail_item;
    return threads_pipeline(threads, items, ahead, &stages, r);
}

static void test_pipeline_every_stage_once(void **state)
{
    (void)state;
    struct pipeline_record r;
    for (int threads = 0; threads <= MAX_THREADS; threads++)
        for (uint32_t items = 0; items <= MAX_ITEMS; items += items < 6 ? 1 : 17)
            for (uint32_t ahead = 0; ahead <= 3; ahead++) {
                assert_int_equal(run_pipeline(&r, threads, items, ahead, -1, -1), 0);
                assert_int_equal(atomic_load(&r.breaches), 0);
                for (uint32_t item = 0; item < MAX_ITEMS; item++) {
                    int once = item < items;
                    assert_int_equal(atomic_load(&r.opened[item]), once);
                    assert_int_equal(atomic_load(&r.finished[item]), once);
                    for (uint32_t task = 0; task < MAX_TASKS; task++)
                        assert_int_equal(atomic_load(&r.task_runs[item][task]),
                                         once && task < tasks_of(item));
                }
                /* No flush once the last item is finished; one at least in a long run. */
                assert_true(atomic_load(&r.flushes) <= (items ? (int)(items - 1) / 3 : 0));
                assert_true(items < 17 || atomic_load(&r.flushes) >= 1);
            }
}

/* A stage that fails stops the pipeline: -1, and no stage begun after the failure but
 * those already under way. */
static void test_pipeline_failure(void **state)
{
    (void)state;
    struct pipeline_record r;
    for (int threads = 1; threads <= MAX_THREADS; threads++)
        for (int stage = FAIL_OPEN; stage <= FAIL_FLUSH; stage++) {
            int item = stage == FAIL_TASK ? 4 : stage == FAIL_FLUSH ? 1 : 6;
            assert_int_equal(run_pipeline(&r, threads, MAX_ITEMS, 2, stage, item), -1);
            assert_int_equal(atomic_load(&r.failed), 1);
            assert_int_equal(atomic_load(&r.breaches), 0);
            assert_true(atomic_load(&r.stages_after_failure) < threads);
            assert_int_equal(atomic_load(&r.finished[MAX_ITEMS - 1]), 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
        cmocka_unit_test(test_failure),
        cmocka_unit_test(test_pipeline_every_stage_once),
        cmocka_unit_test(test_pipeline_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
