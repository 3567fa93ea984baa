/* Progress of a long phase on the terminal: phase name, percent, rate.  Silent when
 * standard error is not a terminal or when quiet was asked for. */
#ifndef KLOTSKI_BUILDER_PROGRESS_H
#define KLOTSKI_BUILDER_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/* Turns progress display on or off for the whole process (off when stderr is not a
 * terminal, whatever `wanted` says). */
void progress_enable(bool wanted);

/* Starts a phase named `name` of `total` units of work called `unit` ("layouts").
 * Not thread-safe: call from the main thread between phases. */
void progress_begin(const char *name, uint64_t total, const char *unit);

/* Records `done` more units; callable from any thread, cheap enough for inner loops
 * that batch a few thousand units per call. */
void progress_add(uint64_t done);

/* Ends the phase: clears the progress line and returns the phase's seconds. */
double progress_end(void);

/* Seconds on a monotonic clock, for timing phases. */
double progress_now(void);

#endif
