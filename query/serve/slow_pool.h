/* The server's slow work apart: a fixed pool of threads that run the slow routes' answers
 * (work that grows with a group or the database) at a lower CPU priority, so that the
 * fast routes' threads take a core first whenever they have work, and that refuses work
 * at once when every thread of the pool is busy, never queueing it. */
#ifndef KLOTSKI_QUERY_SERVE_SLOW_POOL_H
#define KLOTSKI_QUERY_SERVE_SLOW_POOL_H

#include <stdbool.h>

/* Starts `count` threads (at least 1), each at a nice value 5 above the process's (the
 * scheduler gives it a third of the share of a busy core that the server's other threads
 * get).  Returns false when no thread can
 * be started (slow_pool_run then runs work on the caller's thread).  Call once, before
 * any slow_pool_run. */
bool slow_pool_start(unsigned count);

/* Runs work(argument) on a free thread of the pool and waits for its end: the caller's
 * thread-local state (output.h, report.h) is not the pool thread's, so work sets up what
 * it writes to itself.  Without a started pool (tests/fuzz/fuzz_serve.c), or called on
 * a thread of the pool, runs it on the caller's thread.  Returns true when the work ran,
 * false at once when every thread of the pool is busy. */
bool slow_pool_run(void (*work)(void *argument), void *argument);

/* Hands work(argument) to a free thread of the pool and returns at once, without
 * waiting for its end (work says when it is done).  Returns false when no pool is
 * started or every thread of it is busy: nothing was handed. */
bool slow_pool_submit(void (*work)(void *argument), void *argument);

/* Stops the pool's threads after their work (none started: nothing). */
void slow_pool_stop(void);

#endif
