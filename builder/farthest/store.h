/* The farthest phase's side of the database: checking that a file is a database this
 * builder wrote, reading which groups already hold farthest data, and writing finished
 * groups.  Each commit stores whole groups (their layouts rows and groups row together)
 * and the meta key farthest_groups_done, so that at every commit the database is valid
 * and says how far the phase got: a group is done when its groups.diameter is set, and
 * the phase is complete when farthest_groups_done equals the meta key groups.  While the
 * phase runs the database is in write-ahead-log mode, so that readers never wait for a
 * commit; it returns to a rollback journal when the phase closes it. */
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

/* Writes one layout's farthest_steps and farthest_num inside a transaction.  Cheapest in
 * ascending code order.  Returns 0, or -1 with the reason in err. */
int farthest_store_layout(struct farthest_store *fs, kl_code code, int steps, uint32_t num);

/* Writes one group's summary inside a transaction: diameter, radius, the number of
 * peripheral members and their ids as "id list v1" (blob, size bytes), and counts the
 * group done if it was not.  Returns 0, or -1 with the reason in err. */
int farthest_store_group(struct farthest_store *fs, uint32_t group_id, int diameter,
                         int radius, uint32_t peripheral_count, const void *blob, size_t size);

/* Updates farthest_groups_done and commits.  Returns 0, or -1 with the reason in err
 * (then the transaction is rolled back and the groups written in it count as not done). */
int farthest_store_commit(struct farthest_store *fs);

/* Rewrites the whole file compactly (VACUUM): the phase's updates grow rows in place and
 * leave pages half full.  Returns 0, or -1 with the reason in err. */
int farthest_store_compact(struct farthest_store *fs);

/* Closes the database; a transaction still open is rolled back. */
void farthest_store_close(struct farthest_store *fs);

#endif
