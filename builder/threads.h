/* The builder's one threading primitive, which every parallel phase uses (the analysis
 * over classes, the farthest search over a class's batches): a list of independent items
 * shared by several threads, each thread taking the next item not yet taken from one
 * atomic counter, so that a thread that drew short items simply takes more.  Callers
 * order their items largest first, so that the threads finish together. */
#ifndef KLOTSKI_BUILDER_THREADS_H
#define KLOTSKI_BUILDER_THREADS_H

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

/* Other work for the calling thread while a job starts (threads_run_beside).
 * RETURN: whatever the caller makes of it; handed back as it is. */
typedef int threads_beside(void *context);

/* threads_run, but the calling thread first runs beside(beside_context) while the
 * threads created for the job start on its items, and takes items itself once beside
 * returns: other work (writing earlier results, say) overlaps the job on no more threads
 * than the job's own.  Up to `threads` - 1 threads are created, never more than items.
 * PARAMETERS: threads, count, work and context, as threads_run's; beside, the calling
 *   thread's first work (NULL: none, as threads_run); beside_context, its argument;
 *   beside_rc, set to what beside returned, 0 without it (NULL: not wanted).
 * RETURN, ERRORS: as threads_run's, for the items alone.  When no thread can be created,
 *   the items wait for beside.
 * NOTES: beside runs on the calling thread, at the same time as work on others. */
int threads_run_beside(int threads, uint32_t count, threads_work *work, void *context,
                       threads_beside *beside, void *beside_context, int *beside_rc);

#endif
