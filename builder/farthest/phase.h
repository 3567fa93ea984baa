/* The farthest phase of klotski-build: fills layouts.farthest_steps, farthest_num and
 * solution_num and the groups' diameter, radius, peripheral and central layouts in an
 * existing database, class by class, committing finished groups every commit_seconds
 * or so, each commit while other threads search.  A run that stops at any point
 * leaves a valid database; the next run does only the groups not yet done. */
#ifndef KLOTSKI_BUILDER_FARTHEST_PHASE_H
#define KLOTSKI_BUILDER_FARTHEST_PHASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where the searches run: on a GPU when there is one (gpu.h; the CPU threads alone
 * otherwise), only with a GPU, or on the CPU threads alone. */
enum farthest_device { DEVICE_AUTO, DEVICE_GPU, DEVICE_CPU };

/* What farthest_phase_run is asked to do. */
struct farthest_options {
    const char *db;          /* the database to complete */
    int threads;             /* searching threads, at least 1 */
    bool quiet;              /* no summary (the progress line follows progress_enable) */
    uint32_t max_group_size; /* do only groups of at most this many layouts */
    double commit_seconds;   /* commit once the last commit is this old, as soon as a
                                thread is free for it (0: after every class) */
    enum farthest_device device; /* with a GPU, thread 0 runs every batch it takes there */
};

/* The default commit_seconds: the most work a stopped run loses, besides the classes
 * under way, against the cost of a commit (they rewrite pages all over the table). */
#define FARTHEST_COMMIT_SECONDS 120.0

/* Runs the phase: the classes in order, their searches on up to o->threads threads
 * (threads_pipeline of builder/threads.h: the next class is opened while one is
 * searched, and a thread free at the end of a class takes the next class's batches), with the "farthest" progress line (weighted by
 * the work, with a count of groups); prints a summary on standard output unless quiet.
 * PARAMETERS: o, what to do; err and err_size, where a reason for failure goes.
 * RETURN: 0 when every group asked for holds its farthest data; -1 otherwise, with a
 *   one-line reason in err.
 * ERRORS: the database cannot be opened, read or written, or is not one of this format;
 *   DEVICE_GPU without a usable GPU, or the GPU failed;
 *   memory runs out; a class's groups differ from the database's.  What was committed
 *   before the failure stays.
 * NOTES: call from one thread, one run at a time (it uses the one progress line). */
int farthest_phase_run(const struct farthest_options *o, char *err, size_t err_size);

#endif
