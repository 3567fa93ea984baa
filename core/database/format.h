/* The database contract that klotski-build writes and klotski reads, written down once:
 * the format version, the default path, the meta keys, the group names, the byte of an
 * unsolvable layout, the layouts_crc32 record and the columns it covers, and opening a
 * database with its format version checked.  The tables themselves are in
 * schema/tables.sql and schema/finish.sql, the member-list BLOBs in core/database/idlist.h. */
#ifndef KLOTSKI_CORE_DATABASE_FORMAT_H
#define KLOTSKI_CORE_DATABASE_FORMAT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "core/classes.h"
#include "core/database/columns.h"
#include "core/code.h"
#include "core/moves.h"

/* meta.format_version of the databases this code writes and reads.  Raise it with any
 * change a reader of the old format would misread; both programs then refuse old files. */
#define KL_DB_FORMAT_VERSION 6

/* Where both programs look for the database when given no path. */
#define KL_DB_DEFAULT_PATH "data/klotski.db"

/* Where `make install` puts the database, under the installation prefix (the folder
 * that holds bin/klotski); the Makefile's install target writes the same path. */
#define KL_DB_INSTALLED_PATH "share/klotski/klotski.db"

/* The keys of the meta table (schema/tables.sql).  String literals, so that SQL text can
 * embed them. */
#define KL_DB_META_FORMAT_VERSION "format_version"     /* KL_DB_FORMAT_VERSION */
#define KL_DB_META_BUILD_DATE "build_date"             /* UTC, ISO 8601 */
#define KL_DB_META_BUILD_SECONDS "build_seconds"       /* wall time of the build */
#define KL_DB_META_BUILD_THREADS "build_threads"       /* worker threads of the build */
#define KL_DB_META_SQLITE_VERSION "sqlite_version"     /* of the SQLite that wrote it */
#define KL_DB_META_LAYOUTS "layouts"                   /* rows of layouts */
#define KL_DB_META_CLASSES "classes"                   /* rows of classes */
#define KL_DB_META_GROUPS "groups"                     /* rows of groups */
#define KL_DB_META_SOLVED "solved"                     /* solved layouts */
#define KL_DB_META_SOLVABLE "solvable"                 /* layouts with a min_steps */
#define KL_DB_META_MAX_MIN_STEPS "max_min_steps"       /* largest min_steps */
#define KL_DB_META_STEP_PAIRS "step_pairs"             /* (layout, neighbour) pairs */
#define KL_DB_META_MAX_MIN_STRAIGHT_MOVES "max_min_straight_moves" /* largest of layouts' */
#define KL_DB_META_MAX_MIN_UNIT_MOVES "max_min_unit_moves"         /* largest of layouts' */
#define KL_DB_META_LAYOUTS_CRC32 "layouts_crc32"       /* see kl_db_checksum below */
#define KL_DB_META_FARTHEST_GROUPS_DONE "farthest_groups_done" /* groups the farthest
                                                                  phase has filled */

/* The first columns of a layouts row, in table order: the columns the layouts_crc32
 * record covers, with the stored extra_moves.  KL_DB_LAYOUT_COLUMNS lists their names in this order for SQL text; the
 * enum gives each its position (a column index of "SELECT " KL_DB_LAYOUT_COLUMNS, and
 * the index in the builder's records, where KL_DB_LAYOUT_PACKED takes the place of the
 * generated min_solution_num). */
#define KL_DB_LAYOUT_COLUMNS "code, group_id, group_index, min_steps, min_solution_num"
enum kl_db_layout_column {
    KL_DB_LAYOUT_CODE,         /* the 36-bit code, the row's key */
    KL_DB_LAYOUT_GROUP_ID,     /* groups.group_id */
    KL_DB_LAYOUT_GROUP_INDEX,  /* rank of the code among its group's codes */
    KL_DB_LAYOUT_MIN_STEPS,    /* NULL when unsolvable */
    KL_DB_LAYOUT_MIN_SOLUTION_NUM, /* solved layouts min_steps away; NULL when unsolvable */
    KL_DB_LAYOUT_COLUMN_COUNT
};

/* The lookups of a layout's row and a group's row (with its class's name) that the query
 * tool and the library both make: a layout by code (the columns of KL_DB_LAYOUT_COLUMNS,
 * then farthest_steps, farthest_num, solution_num, min_straight_moves, min_unit_moves),
 * and the columns of a group, in
 * the order of KL_DB_GROUP_SELECT's list, before the caller's WHERE on g. */
#define KL_DB_LAYOUT_SELECT                                                                \
    "SELECT " KL_DB_LAYOUT_COLUMNS ", farthest_steps, farthest_num, solution_num,"         \
    " min_straight_moves, min_unit_moves FROM layouts WHERE code = ?"
#define KL_DB_GROUP_SELECT                                                                 \
    "SELECT g.group_id, g.name, c.name, g.class_id, g.size, g.min_code, g.solved,"       \
    " g.max_min_steps, g.hardest_count, g.diameter, g.radius, g.peripheral_count,"       \
    " g.central_count, g.max_min_straight_moves, g.max_min_unit_moves,"                \
    " g.hardest_straight_count, g.hardest_unit_count"                                  \
    " FROM groups g JOIN classes c USING (class_id) "

/* A group's member lists, by the group's name (the one parameter): one row per layer, its
 * depth (NULL in an unsolvable group), its size and its ids ("id list v1"), then the
 * group's size; no row: no such group.  The library's member walks read it (lib/members.c
 * on its handle, lib/sql.c on the caller's connection). */
#define KL_DB_GROUP_LAYERS_SELECT                                                          \
    "SELECT l.depth, l.size, l.ids, g.size FROM groups g JOIN layers l USING (group_id)"  \
    " WHERE g.name = ? ORDER BY l.depth"

/* layouts.packed, the one stored column of min_solution_num, farthest_steps, farthest_num
 * and solution_num (schema/tables.sql says how): its index in a record, which holds no
 * generated column, and the radixes of its form in a group the farthest phase has done,
 * each one more than the largest value of its column over all layouts. */
#define KL_DB_LAYOUT_PACKED KL_DB_LAYOUT_MIN_SOLUTION_NUM
#define KL_DB_PACKED_STEPS_RADIX 269      /* farthest_steps */
#define KL_DB_PACKED_SOLUTIONS_RADIX 6952 /* solution_num */
#define KL_DB_PACKED_NUM_RADIX 8077       /* farthest_num */

/* layouts.extra_moves, the one stored column of min_straight_moves and min_unit_moves
 * (schema/tables.sql says how): its index in a record, the columns of a record, and the
 * radix of (min_straight_moves - min_steps), one more than its largest value. */
#define KL_DB_LAYOUT_EXTRA_MOVES (KL_DB_LAYOUT_PACKED + 1)
#define KL_DB_LAYOUT_RECORD_COLUMNS (KL_DB_LAYOUT_EXTRA_MOVES + 1)
#define KL_DB_EXTRA_STRAIGHT_RADIX 17

/* min_steps of an unsolvable layout in the layouts_crc32 record, where the column holds
 * NULL.  No layout needs this many steps (the largest min_steps is far below), and the
 * builder's per-layout bytes use it too, so that they go into the record as they are. */
#define KL_DB_UNSOLVABLE 255

/* A group's name is its class name, '-', its group_num ("5-4-1-1"); this holds any. */
#define KL_DB_GROUP_NAME_SIZE (KL_CLASS_NAME_SIZE + 16)

/* Where the programs and the library look for the database, first found first:
 *   1. `given` (a path the user named), when not NULL;
 *   2. $KLOTSKI_DB, when set and not empty;
 *   3. KL_DB_DEFAULT_PATH (data/klotski.db) in the current folder, when it exists;
 *   4. KL_DB_DEFAULT_PATH under the prefix of `installed_file`, a file one folder below
 *      it (a built tree's bin/klotski finds the tree's data/klotski.db from any folder);
 *   5. the installed database, KL_DB_INSTALLED_PATH under that prefix (PREFIX/bin/klotski,
 *      PREFIX/lib/libklotski.so.1), when it exists.  NULL skips 4 and 5.
 * Returns the path to open (`given`, the environment's string, a static string or buf,
 * which has `size` bytes); when nothing exists, KL_DB_DEFAULT_PATH, whose absence
 * kl_db_open then reports.  Thread-safe (it reads the environment). */
const char *kl_db_locate(const char *given, const char *installed_file, char *buf, size_t size);

/* The places kl_db_locate(NULL, installed_file, ...) looked at and did not find, in its
 * order, up to the one it takes: "$KLOTSKI_DB (not set)" or, when set, "$KLOTSKI_DB=PATH"
 * alone (the lookup takes it as it is), then "data/klotski.db (in FOLDER)", then the two
 * paths beside installed_file; each place that exists ends the list before it, so the
 * list never names a database that is there.  Joined by `separator` ("\n" for a line
 * each, "; " for one line), into out (out_size bytes, cut to fit and NUL-terminated
 * when out_size > 0).  Returns the length the whole list needs, as snprintf.  For the
 * error that says where no database was found. */
size_t kl_db_places(const char *installed_file, const char *separator, char *out, size_t out_size);

/* Writes the name of group `group_num` of class `c` into name. */
void kl_db_group_name(struct kl_class c, uint32_t group_num, char name[KL_DB_GROUP_NAME_SIZE]);

/* layouts_crc32: zlib's CRC-32 over one 23-byte record per layouts row in code order:
 * code (8 bytes), group_id (4), group_index (4), little-endian, then min_steps (1 byte,
 * KL_DB_UNSOLVABLE for NULL), then min_solution_num (2 bytes, little-endian, 0 for NULL:
 * a solvable layout has at least 1), then the stored extra_moves (4 bytes, little-endian:
 * min_straight_moves and min_unit_moves, schema/tables.sql).  The builder computes it
 * while writing, `klotski verify` again from the table.  The accumulator batches
 * records, because one CRC call per 23 bytes costs more than the rows it covers. */
#define KL_DB_LAYOUT_RECORD_BYTES 23
#define KL_DB_CHECKSUM_BATCH_ROWS 1024

/* A layouts_crc32 being computed.  Its fields are the functions' own. */
struct kl_db_checksum {
    uint32_t crc;      /* over the records before the batch */
    size_t batched;    /* records waiting in batch */
    unsigned char batch[KL_DB_CHECKSUM_BATCH_ROWS * KL_DB_LAYOUT_RECORD_BYTES];
};

/* Starts a checksum over no rows. */
void kl_db_checksum_start(struct kl_db_checksum *sum);

/* Adds the record of one layouts row; rows must come in ascending code order.  min_steps
 * is the row's min_steps, KL_DB_UNSOLVABLE when NULL; min_solution_num its
 * min_solution_num, 0 when NULL; extra_moves its stored extra_moves (its low 32 bits). */
void kl_db_checksum_add(struct kl_db_checksum *sum, kl_code code, uint32_t group_id,
                        uint32_t group_index, uint8_t min_steps, uint16_t min_solution_num,
                        uint32_t extra_moves);

/* Returns layouts_crc32 of the rows added so far; more may be added afterwards. */
uint32_t kl_db_checksum_value(struct kl_db_checksum *sum);

/* What kl_db_open found. */
enum kl_db_open_status {
    KL_DB_OPENED,        /* open, and of format KL_DB_FORMAT_VERSION */
    KL_DB_MISSING,       /* no file at the path */
    KL_DB_CANNOT_OPEN,   /* the path is a folder, the file cannot be read (permission),
                            or SQLite cannot open it or read its meta table for a passing
                            reason (locked past the busy timeout, an I/O error); detail:
                            which, in words */
    KL_DB_NO_MEMORY,     /* memory ran out while opening or checking: no fault of the
                            file; detail: SQLite's words */
    KL_DB_NOT_KLOTSKI,   /* an empty file, a file that is not SQLite's (detail says
                            which), no meta table to read (detail: SQLite's reason), or no
                            format_version in it (detail: "") */
    KL_DB_OTHER_VERSION  /* another format version; detail: the stored version as text */
};

/* Opens the database file at `path` with sqlite3_open_v2 `flags` (SQLITE_OPEN_READONLY
 * or SQLITE_OPEN_READWRITE, and any others; never SQLITE_OPEN_CREATE: a missing file is
 * reported, not created) and checks that its meta.format_version is KL_DB_FORMAT_VERSION.
 * busy_timeout_ms: how long SQLite waits for another connection's lock, from the check
 * on (0: it fails at once).  A hot journal that a stopped writer left (a killed farthest
 * phase) is rolled back first, through a read-write connection opened for that alone,
 * since a read-only connection cannot; where the file cannot be written that fails with
 * KL_DB_CANNOT_OPEN.
 * Returns KL_DB_OPENED with the connection in *db (close it with sqlite3_close); any
 * other status with *db NULL and the reason's detail in detail (detail_size bytes, at
 * least 1), for the caller to word its message: the two programs tell their users
 * different remedies. */
enum kl_db_open_status kl_db_open(const char *path, int flags, int busy_timeout_ms,
                                  sqlite3 **db, char *detail, size_t detail_size);

/* As kl_db_open, read-only (`flags`' other bits as there), for a file that nothing
 * writes while it is open, as a build's file is (a new build is renamed over it):
 * SQLite's immutable=1, which takes no file lock and never looks for another
 * connection's changes, so that no writer's lock can stall a read, and a read
 * transaction costs no system call.  A change made to the file in place while it is open
 * may be read wrong; a file renamed over it is not seen (the connection reads the file
 * it opened).  No hot journal is looked for, and no busy timeout is needed: no lock is
 * ever waited for.  Returns as kl_db_open; a path over PATH_MAX bytes is
 * KL_DB_CANNOT_OPEN. */
enum kl_db_open_status kl_db_open_immutable(const char *path, int flags, sqlite3 **db, char *detail,
                                            size_t detail_size);

/* Copies the value of meta key `key` as text into buf (size bytes, at least 1; a longer
 * value is cut).  Returns true; false when the meta table cannot be read, has no such
 * key, or holds NULL for it. */
bool kl_db_meta(sqlite3 *db, const char *key, char *buf, size_t size);

/* Room for kl_db_build_command's command, with its NUL. */
#define KL_DB_BUILD_COMMAND_SIZE (PATH_MAX + 64)

/* Writes the command that an installed user has to build the database at `path` again
 * (`klotski-build --db PATH`), or with farthest to complete it with the farthest phase
 * (`klotski-build --farthest --db PATH`), in backquotes: the advice of every message that
 * asks for a build.  PATH is the database's real path (relative as given when it has
 * none), quoted for the shell when it holds anything but letters, digits and _ + - . / , */
void kl_db_build_command(const char *path, bool farthest, char out[KL_DB_BUILD_COMMAND_SIZE]);

#endif
