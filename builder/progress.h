/* The builder's one progress line, for every phase (enumerate, analyse, store, farthest):
 * the phase's name, the percent done, optionally a secondary count ("groups 12/25422"),
 * the units done ("layouts"), their rate and the time left.  One phase at a time.
 *
 * The percent and the time left come from the units done, or, for a phase whose units
 * arrive unevenly (the farthest phase finishes its layouts a whole group at a time, and
 * a group's work grows with the square of its size), from a measure of the work done
 * that the phase declares with progress_weigh and records with progress_add_work.
 *
 * Silent when standard error is not a terminal or when quiet was asked for: then
 * nothing at all is written, so that logs stay clean. */
#ifndef KLOTSKI_BUILDER_PROGRESS_H
#define KLOTSKI_BUILDER_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/* Turns the progress line on or off for the whole process.
 * PARAMETERS: wanted, false for --quiet; the line stays off when standard error is not
 *   a terminal, whatever wanted says.  Off until this is called.
 * NOTES: not thread-safe: call once, before the first phase. */
void progress_enable(bool wanted);

/* Starts a phase: clears the counts and the options below, and starts its clock.
 * PARAMETERS: name, the phase ("analyse"); total, the units of work it has; unit, what
 *   they are ("layouts").  Both strings must outlive the phase.
 * NOTES: not thread-safe: call from the main thread between phases. */
void progress_begin(const char *name, uint64_t total, const char *unit);

/* Makes the percent and the time left of the phase begun follow the work recorded with
 * progress_add_work instead of the units.
 * PARAMETERS: total_work, the phase's whole work in any measure (0: nothing to do).
 * NOTES: not thread-safe: call right after progress_begin. */
void progress_weigh(double total_work);

/* Adds a secondary count to the line of the phase begun, shown before the units.
 * PARAMETERS: name, what is counted ("groups"), a string that outlives the phase; total,
 *   how many there are.
 * NOTES: not thread-safe: call right after progress_begin. */
void progress_count(const char *name, uint64_t total);

/* Records `units` more units done, and redraws the line when it is due.
 * NOTES: thread-safe; cheap enough for inner loops that record a few thousand units a
 *   call (an atomic add and a clock read). */
void progress_add(uint64_t units);

/* Records `work` more work done, in progress_weigh's measure; as progress_add. */
void progress_add_work(double work);

/* Records `count` more of the secondary count done; as progress_add. */
void progress_add_count(uint64_t count);

/* Ends the phase begun: clears the line.
 * RETURN: the seconds since progress_begin.
 * NOTES: not thread-safe: call when the phase's threads are done. */
double progress_end(void);

/* RETURN: seconds on a monotonic clock, for timing phases.  Thread-safe. */
double progress_now(void);

#endif
