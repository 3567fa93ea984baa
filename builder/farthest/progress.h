/* The farthest phase's progress line on the terminal: groups and layouts done, the rate
 * and an estimate of the time left.  The estimate comes from the work done, weighing each
 * group by the square of its size (a search per member, each over the whole group), not
 * from the layouts done, which arrive a whole group at a time.  Silent unless enabled
 * and standard error is a terminal. */
#ifndef KLOTSKI_BUILDER_FARTHEST_PROGRESS_H
#define KLOTSKI_BUILDER_FARTHEST_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/* Starts the line: `groups` groups of `layouts` layouts to do, weighing `work` in all. */
void farthest_progress_begin(bool enabled, uint32_t groups, uint64_t layouts, double work);

/* Records `work` more done; callable from any thread. */
void farthest_progress_work(double work);

/* Records groups finished, with their layouts; call from one thread at a time. */
void farthest_progress_groups(uint32_t groups, uint64_t layouts);

/* Clears the line and returns the seconds since farthest_progress_begin. */
double farthest_progress_end(void);

#endif
