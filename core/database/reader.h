/* The reading end of the database, one engine for the query tool (query/db.c) and the
 * library (lib/database.c): a read-only connection with its format checked, the lookups
 * of a layout, a group and a distance as statements prepared once, the solution's
 * descent and the moves with their outcomes.  Every call resets the statements it steps
 * before it returns, so that an idle reader holds no read lock and a writer (the
 * farthest phase of klotski-build) never waits on it.
 *
 * Errors come back as SQLite's result codes, the message in sqlite3_errmsg(connection):
 * the two callers word them and act on them in their own ways (the query tool ends the
 * process, the library keeps a message).
 *
 * NOT THREAD-SAFE on one reader (its statements are shared): one thread at a time. */
#ifndef KLOTSKI_CORE_DATABASE_READER_H
#define KLOTSKI_CORE_DATABASE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "core/code.h"
#include "core/move_outcomes.h"
#include "core/moves.h"
#include "core/database/format.h"
#include "core/database/records.h"

/* How long a read waits for the farthest phase's moments of exclusive access (its
 * switches between journal modes, the recovery after a killed run) before failing. */
#define KL_DB_BUSY_TIMEOUT_MS 30000

struct kl_db_reader {
    sqlite3 *connection; /* NULL until kl_db_reader_open succeeds */
    sqlite3_stmt *layout, *min_moves[KL_METRIC_COUNT] /* by enum kl_metric */, *group_by_id, *group_by_name;
};

/* Opens the database at `path` read-only for one thread (kl_db_open, busy timeout
 * KL_DB_BUSY_TIMEOUT_MS) into *reader; the statements are prepared on first use.
 * Returns kl_db_open's status, its detail in detail (detail_size bytes); on any but
 * KL_DB_OPENED the reader stays closed (kl_db_reader_close is still allowed). */
enum kl_db_open_status kl_db_reader_open(struct kl_db_reader *reader, const char *path, char *detail,
                                         size_t detail_size);

/* As kl_db_reader_open, with the connection immutable (kl_db_open_immutable): for a
 * file that nothing writes in place while it is open. */
enum kl_db_open_status kl_db_reader_open_immutable(struct kl_db_reader *reader, const char *path, char *detail,
                                                   size_t detail_size);

/* Finalizes the reader's statements and closes its connection with sqlite3_close_v2: a
 * statement of the caller's still open on it keeps the connection until its own
 * finalize.  A reader that never opened is allowed. */
void kl_db_reader_close(struct kl_db_reader *reader);

/* The row of `code` into *out.  Returns SQLITE_ROW when found, SQLITE_DONE when the
 * database has no such row (*out untouched), another result code when the read failed. */
int kl_db_reader_layout(struct kl_db_reader *reader, kl_code code, struct kl_db_layout_row *out);

/* The row of the group numbered group_id, or named `name` ("5-4-1-1"), into *out.
 * Returns as kl_db_reader_layout. */
int kl_db_reader_group(struct kl_db_reader *reader, int64_t group_id, struct kl_db_group_row *out);
int kl_db_reader_group_named(struct kl_db_reader *reader, const char *name, struct kl_db_group_row *out);

/* The stored distance to solved of `code` under `metric` into *moves: KL_DB_NULL when
 * unsolvable or not in the database.  One rowid lookup.  Returns SQLITE_ROW, SQLITE_DONE
 * (no row) or the failure's result code (*moves then KL_DB_NULL too). */
int kl_db_reader_min_moves(struct kl_db_reader *reader, kl_code code, enum kl_metric metric, int *moves);

/* A minimal solution under `metric` of `code`, whose stored distance is `distance`
 * (>= 0), into route (room for distance + 1 codes), as kl_descend (core/descent.h) walks
 * it.  Returns SQLITE_OK with *descended true, or false when at some layout no move
 * leads one closer (the database is inconsistent); another result code when a lookup
 * failed. */
int kl_db_reader_descend(struct kl_db_reader *reader, kl_code code, int distance, enum kl_metric metric,
                         kl_code *route, bool *descended);

/* Every move under `metric` (core/moves.h) from the legal layout `code` into out (room
 * for KL_MAX_STEPS), best first: change ascending (optimal, neutral, backwards), ties by
 * the resulting code ascending, so the order is the same on every run; *count receives
 * how many (0 when no piece can move).  Returns SQLITE_ROW when `code` is in the
 * database, SQLITE_DONE when it is not (the moves are listed all the same, each change
 * 0), another result code when a read failed (out and *count then unusable). */
int kl_db_reader_moves(struct kl_db_reader *reader, kl_code code, enum kl_metric metric,
                       struct kl_move_outcome out[KL_MAX_STEPS], size_t *count);

#endif
