/* The farthest phase of klotski-build: fills layouts.farthest_steps and farthest_num and
 * the groups' diameter, radius and peripheral layouts in an existing database, class by
 * class, committing finished groups every COMMIT_SECONDS or so.  A run that stops at any
 * point leaves a valid database; the next run does only the groups not yet done. */
#ifndef KLOTSKI_BUILDER_FARTHEST_PHASE_H
#define KLOTSKI_BUILDER_FARTHEST_PHASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct farthest_options {
    const char *db;          /* the database to complete */
    int threads;             /* searching threads, at least 1 */
    bool quiet;              /* no progress line and no summary */
    uint32_t max_group_size; /* do only groups of at most this many layouts */
};

/* Runs the phase.  Returns 0 when every group asked for holds its farthest data; -1 with
 * a one-line reason in err otherwise (what was committed stays). */
int farthest_phase_run(const struct farthest_options *o, char *err, size_t err_size);

#endif
