/* The builder's threading, which every parallel phase uses: a list of independent items
 * shared by several threads (threads_run: the analysis over classes), each thread taking
 * the next item not yet taken from one atomic counter, so that a thread that drew short
 * items simply takes more, callers ordering their items largest first so that the
 * threads finish together; and a pipeline of items each opened, worked in tasks and
 * finished (threads_pipeline: the farthest phase over classes and their batches), whose
 * serial stages overlap other items' tasks. */
#ifndef KLOTSKI_BUILDER_THREADS_H
#define KLOTSKI_BUILDER_THREADS_H

#include <stdbool.h>
#include <stdint.h>

/* What a job does with one item.
 * PARAMETERS: context, the caller's, as given to threads_run; item, from 0 to below the
 *   job's count; thread, from 0 to below the number of threads running the job (0 is the
 *   thread that called threads_run), for per-thread working memory.
 * RETURN: 0 to go on; anything else stops the job (no item is started after it).
 * NOTES: called on several threads at once, each item on one thread exactly once (until
 *   the job stops); calls with the same `thread` never overlap. */
typedef int threads_work(void *context, uint32_t item, int thread);

/* Runs work(context, item, thread) for every item from 0 to count - 1, on up to
 * `threads` threads: the calling thread and threads created for the job, never more
 * threads than items.  Returns once every thread is done.
 * PARAMETERS: threads, at most this many (below 1 counts as 1); count, the items; work
 *   and context, as above.
 * RETURN: 0 when every call returned 0; -1 when one returned something else (then the
 *   items not yet started were skipped; the caller's context says which item failed and
 *   why, if it needs to know).
 * ERRORS: a thread that cannot be created is done without: the threads that run, the
 *   calling thread at least, take its items, so the job is only slower.
 * NOTES: thread-safe in itself; work must be safe to run on distinct items at once. */
int threads_run(int threads, uint32_t count, threads_work *work, void *context);

/* Returns the CPU seconds the calling thread has used so far (user and system): what a
 * part of a phase cost, wherever it ran. */
double threads_cpu_seconds(void);

/* What a pipeline (threads_pipeline) does with its items, each in three stages: opened
 * (prepared, and told how many tasks it has), its tasks worked on any threads, then
 * finished once every task of it is done; besides, from time to time, a flush of what
 * the finished items produced.  Every callback returns 0 to go on, anything else to stop
 * the pipeline (no stage is started after it).  context is the caller's, as given to
 * threads_pipeline. */
struct threads_stages {
    /* Prepares item `item` and sets *tasks to its number of tasks (0 allowed).  Items are
     * opened in order, at most `ahead` opened and not yet finished at once; opens of
     * distinct items may run at once, beside other items' tasks, finishes and flushes. */
    int (*open)(void *context, uint32_t item, uint32_t *tasks);
    /* Works task `task` of an opened item on thread number `thread` (as threads_work's).
     * An item's tasks are taken in order, the oldest opened item's first. */
    int (*task)(void *context, uint32_t item, uint32_t task, int thread);
    /* Finishes an item once every one of its tasks is done.  Items are finished in order;
     * a finish never overlaps another finish or a flush, and it comes before the open it
     * makes room for. */
    int (*finish)(void *context, uint32_t item);
    /* Whether a flush is due now (NULL: never).  Asked only while no finish or flush
     * runs, so it may read what they write. */
    bool (*flush_due)(void *context);
    /* The flush (NULL: none); it never overlaps a finish or another flush. */
    int (*flush)(void *context);
};

/* Runs a pipeline of `items` items through the stages above on up to `threads` threads,
 * the calling thread and threads created for the job: a thread takes, in this order of
 * preference, a flush that is due, the finish of the oldest item whose tasks are done,
 * the open of the next item when fewer than `ahead` are open, or the next task of the
 * oldest open item with tasks left, and waits only when none is to take.  So the
 * serial work of one item (its open and finish, the flushes) overlaps the tasks of
 * others, and no thread idles at the end of an item's tasks while the next item's are
 * there to take.  Returns once every thread is done.
 * PARAMETERS: threads, at most this many (below 1 counts as 1); items, the items;
 *   ahead, at most this many items opened and not finished at once (below 1 counts as
 *   1): what bounds the memory the open items hold; stages and context, as above.
 * RETURN: 0 when every item was finished; -1 when a callback returned nonzero (then the
 *   items opened and not finished are left to the caller to release), or when the
 *   pipeline's own few bytes could not be allocated (then no stage ran).
 * ERRORS: a thread that cannot be created is done without, as in threads_run.
 * NOTES: call from one thread; the callbacks must be safe to run at once as said above. */
int threads_pipeline(int threads, uint32_t items, uint32_t ahead,
                     const struct threads_stages *stages, void *context);

#endif
