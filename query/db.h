/* The database of schema/tables.sql, opened read-only: the format check, the lookups
 * every command needs, the solution's descent and the moves with their outcomes, all
 * through the reader the library uses too (core/database/reader.h: statements made once
 * and reset after each use, so that an idle tool or server holds no lock), and checked
 * statement calls for the commands' own SQL.  A database that fails a query mid-way (corrupt, locked) ends the
 * process with a one-line error and EXIT_BAD_INPUT: no answer can be trusted then. */
#ifndef KLOTSKI_QUERY_DB_H
#define KLOTSKI_QUERY_DB_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "core/classes.h"
#include "answer/search/bfs.h"
#include "core/code.h"
#include "core/moves.h"
#include "core/database/format.h"
#include "core/database/reader.h"
#include "core/database/records.h"

#define DB_NULL KL_DB_NULL /* a NULL column in the rows (core/database/records.h) */

struct db;

/* Where the query tool looks for its database: kl_db_locate's order (core/database/format.h),
 * the tree's and the installed database found from the program's own location
 * (/proc/self/exe: BINDIR/../data/klotski.db, PREFIX/share/klotski/klotski.db), so that a
 * tree or an installation moved as a whole, or made with DESTDIR, finds its database.
 * Returns as kl_db_locate. */
const char *db_locate(const char *given, char *buf, size_t size);

/* Opens the database at `path` read-only and checks its format version (kl_db_open).  Returns the
 * handle, or NULL after reporting why on stderr (no file: how to build one, and when
 * `located` (db_locate chose the path, no --db named it) the places looked at; not a
 * database or another format version: to rebuild it). */
struct db *db_open(const char *path, bool located);

/* Opens the database at `path` as db_open does, but immutable (kl_db_open_immutable):
 * no file lock, so that no writer's lock can stall its reads, and none of SQLite's
 * checks for another connection's changes.  Only for a file that nothing writes in place
 * while it is open (db_finished): a build renamed over it is not seen.  Returns as
 * db_open (never with the places looked at: the path is given). */
struct db *db_open_immutable(const char *path);

/* Whether no build will write the database in place again: its farthest phase is
 * complete (meta farthest_groups_done equals meta groups: `klotski-build --farthest`
 * has nothing left to do and leaves the file alone) and it is not in write-ahead mode
 * (a phase's log not yet folded in).  A later base build writes a new file and renames
 * it over this one.  Returns false when it may still be written in place, as an
 * unfinished farthest phase does, its commits beside the readers. */
bool db_finished(struct db *db);

/* The path the database was opened at (db_open's). */
const char *db_path(const struct db *db);

/* Reports "SUBJECT: the database is inconsistent: WHAT; rebuild it with `klotski-build
 * --db PATH`" (what: a printf format) and returns EXIT_BAD_INPUT. */
int db_inconsistent(struct db *db, const char *subject, const char *what, ...) __attribute__((format(printf, 3, 4)));

/* Finalizes the prepared statements and closes the database; NULL is allowed. */
void db_close(struct db *db);

/* Watches the queries from now on (the server, per request): SQLite calls `stop` with
 * `context` every few tens of microseconds of a query's work, and a query for which it
 * returns nonzero, or that finds the database locked by a writer for 250 ms, stops as if
 * it had no more rows, db_interrupted then true.  `stop` NULL watches no more (a lock
 * is waited for 30 s again, and is an error).  Either way db_interrupted is false
 * again. */
void db_watch(struct db *db, int (*stop)(void *context), void *context);

/* Makes the queries from db_read_begin to db_read_end one read transaction: SQLite takes
 * its read lock (and looks for another connection's changes) once, not at every query
 * of an answer (a layout's answer makes two, its moves one per neighbour).  The lock is
 * held until db_read_end: for one answer's work, never while idle, which must leave the
 * database to a writer.  db_read_end ends the transaction whatever happened in it (a
 * statement left unfinished, a stopped query); neither reports anything. */
void db_read_begin(struct db *db);
void db_read_end(struct db *db);

/* Whether a watched query was stopped (or the database locked) since db_watch: the
 * answer built since is incomplete. */
bool db_interrupted(const struct db *db);

/* For work outside SQLite, to call every few milliseconds: asks db_watch's function
 * whether to stop, as SQLite's queries are.  Returns true when the work must stop
 * (db_interrupted then true too), false when it goes on or nothing is watched. */
bool db_stop_asked(struct db *db);

/* The watch of a search (answer/search/bfs.h) that stops it as db_stop_asked says. */
struct search_watch db_search_watch(struct db *db);

/* Looks up a legal code.  Returns true and fills *out, or false when the database has no
 * such row (only an incomplete database lacks a legal code). */
bool db_layout(struct db *db, kl_code code, struct kl_db_layout_row *out);

/* Looks up a legal code and its group.  Returns EXIT_ANSWERED and fills both, or reports
 * "CODE: not in the database" and returns EXIT_NOT_FOUND. */
int db_layout_in_group(struct db *db, kl_code code, struct kl_db_layout_row *layout, struct kl_db_group_row *group);

/* The metric (core/moves.h) that the answers given from this connection count moves in:
 * KL_METRIC_STEP until db_set_metric.  The global option --metric sets it, the server
 * per request; solve, moves, hint and check follow it (db_descend, db_moves). */
enum kl_metric db_metric(const struct db *db);
void db_set_metric(struct db *db, enum kl_metric metric);

/* Writes a minimal solution, under the db's metric, of the legal code whose stored
 * distance is `steps` into route (room for steps + 1 codes), as kl_db_reader_descend.
 * Returns true; false when the database is inconsistent (no move leads closer) or a
 * watched query was stopped (db_interrupted, db_watch). */
bool db_descend(struct db *db, kl_code code, int steps, kl_code *route);

/* Lists every move under the db's metric from the legal layout `code` into out, best
 * first, as kl_db_reader_moves (core/database/reader.h) orders and describes them; a
 * code missing from the database (only an incomplete one lacks a legal code) is listed
 * with every change 0.  Returns how many (0 when no piece can move). */
size_t db_moves(struct db *db, kl_code code, struct kl_move_outcome out[KL_MAX_STEPS]);

/* Looks up a group by id.  Returns true and fills *out, or false when there is none. */
bool db_group(struct db *db, int64_t group_id, struct kl_db_group_row *out);

/* Looks up a group by name ("5-4-1-1").  Returns true and fills *out, or false. */
bool db_group_named(struct db *db, const char *name, struct kl_db_group_row *out);

/* Looks up a class by name ("5-4-1").  Returns its class_id, or DB_NULL when none. */
int64_t db_class_named(struct db *db, const char *name);

/* A depth layer of a group: its members' ids, ascending. */
struct layer {
    int depth;     /* min_steps of the members; DB_NULL for an unsolvable group's one layer */
    size_t size;
    uint32_t *ids; /* malloc'd */
};

/* Decodes every layer of a group into *layers (a malloc'd array, depth ascending; free it
 * with db_free_layers).  Returns how many layers. */
size_t db_group_layers(struct db *db, int64_t group_id, struct layer **layers);

/* Decodes the ids of a group's members with min_steps `depth` into *ids (malloc'd; free
 * it).  Returns how many; 0 with *ids NULL when the group has none. */
size_t db_layer_ids(struct db *db, int64_t group_id, int depth, uint32_t **ids);

/* Decodes the ids of a group's peripheral layouts into *ids (malloc'd; free it).  Returns
 * how many; 0 with *ids NULL when they are not stored yet. */
size_t db_peripheral_ids(struct db *db, int64_t group_id, uint32_t **ids);

/* The same for a group's central layouts. */
size_t db_central_ids(struct db *db, int64_t group_id, uint32_t **ids);

void db_free_layers(struct layer *layers, size_t count);

/* The value of a meta key as text, copied into buf (size bytes).  Returns false when
 * the key is missing or NULL. */
bool db_meta(struct db *db, const char *key, char *buf, size_t size);

/* Decodes an "id list v1" column (schema/tables.sql) of `count` layout ids into a
 * malloc'd array.  Reports a corrupt list (one that does not decode, a count above
 * KL_LAYOUT_COUNT, an id that is no layout's) and exits with EXIT_BAD_INPUT. */
uint32_t *db_column_ids(struct db *db, sqlite3_stmt *stmt, int column, size_t count);

/* Prepares a statement of the caller's own; finalize it with sqlite3_finalize. */
sqlite3_stmt *db_prepare(struct db *db, const char *sql);

/* Steps a statement.  Returns true for a row, false when done. */
bool db_step(struct db *db, sqlite3_stmt *stmt);

/* An integer column, or DB_NULL when it is NULL (kl_db_column_or_null). */
static inline int64_t db_column_or_null(sqlite3_stmt *stmt, int column) { return kl_db_column_or_null(stmt, column); }

#endif
