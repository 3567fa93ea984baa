/* The farthest phase's side of the database: checking that a file is a database this
 * builder wrote, reading which groups already hold farthest data, and writing finished
 * groups.  Each commit stores whole groups (their layouts rows and groups row together)
 * and the meta key farthest_groups_done, so that at every commit the database is valid
 * and says how far the phase got: a group is done when its groups.farthest_done is set
 * (not when its diameter is, which the base build may fill), and the phase is complete
 * when farthest_groups_done equals the meta key groups.  While the phase runs the
 * database is in write-ahead-log mode, so that readers never wait for a commit; it
 * returns to a rollback journal when the phase closes it. */
#ifndef KLOTSKI_BUILDER_FARTHEST_STORE_H
#define KLOTSKI_BUILDER_FARTHEST_STORE_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/classes.h"
#include "core/code.h"

struct stored_group {
    uint32_t size;
    kl_code min_code;
    bool done;           /* holds farthest data */
};

struct farthest_store {
    sqlite3 *db;
    const char *path;
    uint32_t group_count;
    uint32_t group_base[KL_CLASS_COUNT + 1]; /* group_id of each class's group_num 0 */
    struct stored_group *groups;             /* by group_id */
    uint32_t done_count;                     /* groups done, this run's commits included */
    sqlite3_stmt *update_layout, *update_group, *update_meta;
    bool write_ahead;                        /* switched to write-ahead logging */
    char *err;
    size_t err_size;
};

/* Opens the database at `path` (which must exist) for the phase and reads its groups.
 * On failure returns -1 with a one-line reason in err (the path is not included) and
 * nothing to close; otherwise returns 0. */
int farthest_store_open(struct farthest_store *fs, const char *path, char *err,
                        size_t err_size);

/* Starts a transaction; the first switches the database to write-ahead logging.  Returns
 * 0, or -1 with the reason in the err given to open. */
int farthest_store_begin(struct farthest_store *fs);

/* Writes one layout's farthest_steps, farthest_num and solution_num (NULL when negative:
 * the layout is unsolvable) inside a transaction, into its column packed beside its
 * min_solution_num.  Cheapest in ascending code order.  Returns 0, or -1 with the reason
 * in err (also when a value is beyond the radixes of packed, core/database/format.h). */
int farthest_store_layout(struct farthest_store *fs, kl_code code, int steps, uint32_t num,
                          int64_t solution_num);

/* One group's summary: its diameter and radius, and its peripheral and central members,
 * each as a count and the ids as "id list v1". */
struct group_summary {
    int diameter, radius;
    uint32_t peripheral_count;
    const void *peripheral_ids;
    size_t peripheral_size;
    uint32_t central_count;
    const void *central_ids;
    size_t central_size;
};

/* Writes one group's summary x inside a transaction, marks the group done
 * (groups.farthest_done) and counts it done if it was not.  Returns 0, or -1 with the
 * reason in err. */
int farthest_store_group(struct farthest_store *fs, uint32_t group_id,
                         const struct group_summary *x);

/* Updates farthest_groups_done and commits.  Returns 0, or -1 with the reason in err
 * (then the transaction is rolled back and the groups written in it count as not done). */
int farthest_store_commit(struct farthest_store *fs);

/* Rewrites the whole file compactly (VACUUM), in pages of 64 KB: the phase's updates grow
 * rows in place and leave pages half full.  Returns 0, or -1 with the reason in err. */
int farthest_store_compact(struct farthest_store *fs);

/* Closes the database; a transaction still open is rolled back. */
void farthest_store_close(struct farthest_store *fs);

#endif
