#include "builder/farthest/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/format.h"

#define BUSY_TIMEOUT_MS 60000 /* other writers may hold the database for a while */

/* The page size of the complete database.  Its per-page costs (page header, the room
 * left at a page's end, the interior pages) are 5 MB smaller than at the base build's 4
 * KB.  The phase itself works on the base build's pages: a commit writes each page it
 * changes to the log, and one of 64 KB for a few rows would multiply those writes. */
#define COMPLETE_PAGE_SIZE "65536"

#define STRING_(x) #x
#define STRING(x) STRING_(x)

/* Set before the first write, so that a run with nothing to do leaves the file alone.
 * Write-ahead logging lets readers query the database while a commit of many rows is
 * under way; it is safe against crashes with synchronous=NORMAL.  A commit can log most
 * of the file, so the log is cut back after each checkpoint.  The database returns to a
 * rollback journal (one file) when the phase closes it. */
static const char write_pragmas[] =
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-262144;"
    "PRAGMA journal_size_limit=67108864;";

static int fail(struct farthest_store *fs, const char *what)
{
    /* SQLite words a failed allocation or mapping in its file layer (the write-ahead
     * log's index is mapped memory) as a disk I/O error, which would send the user
     * looking at the disk. */
    const char *why;
    switch (sqlite3_extended_errcode(fs->db)) {
    case SQLITE_IOERR_NOMEM: why = "out of memory"; break;
    case SQLITE_IOERR_SHMMAP:
    case SQLITE_IOERR_MMAP: why = "mapping the database's memory: out of memory"; break;
    default: why = sqlite3_errmsg(fs->db);
    }
    snprintf(fs->err, fs->err_size, "%s: %s", what, why);
    return -1;
}

static int exec(struct farthest_store *fs, const char *sql, const char *what)
{
    return sqlite3_exec(fs->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : fail(fs, what);
}

/* Reads the groups table; group_id must run in class_id, then group_num order.  A group
 * is done when its farthest_done is set (its diameter says nothing: the base build
 * stores the extremes of most groups). */
static int read_groups(struct farthest_store *fs)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(fs->db,
                           "SELECT group_id, class_id, group_num, size, min_code, "
                           "farthest_done IS NOT NULL FROM groups ORDER BY group_id",
                           -1, &st, NULL) != SQLITE_OK)
        return fail(fs, "reading groups");
    size_t room = 0;
    int class_id = -1, rc = 0;
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        uint32_t id = fs->group_count;
        int c = sqlite3_column_int(st, 1);
        int64_t num = sqlite3_column_int64(st, 2);
        bool new_class = c == class_id + 1 && c < KL_CLASS_COUNT && num == 0;
        bool next_in_class = c == class_id && class_id >= 0 && num == id - fs->group_base[c];
        if (sqlite3_column_int64(st, 0) != id || !(new_class || next_in_class)) {
            snprintf(fs->err, fs->err_size, "groups table out of order at group_id %u", id);
            rc = -1;
            break;
        }
        if (new_class)
            fs->group_base[++class_id] = id;
        if (id == room) {
            room = room ? 2 * room : 1024;
            struct stored_group *grown = realloc(fs->groups, sizeof *grown * room);
            if (!grown) {
                snprintf(fs->err, fs->err_size, "out of memory");
                rc = -1;
                break;
            }
            fs->groups = grown;
        }
        fs->groups[id] = (struct stored_group){(uint32_t)sqlite3_column_int64(st, 3),
                                               (kl_code)sqlite3_column_int64(st, 4),
                                               sqlite3_column_int(st, 5) != 0};
        fs->done_count += fs->groups[id].done;
        fs->group_count++;
    }
    sqlite3_finalize(st);
    if (rc == 0 && class_id != KL_CLASS_COUNT - 1) {
        snprintf(fs->err, fs->err_size, "groups table covers %d of %d classes", class_id + 1,
                 KL_CLASS_COUNT);
        rc = -1;
    }
    fs->group_base[KL_CLASS_COUNT] = fs->group_count;
    return rc;
}

static int prepare(struct farthest_store *fs, const char *sql, sqlite3_stmt **st)
{
    if (sqlite3_prepare_v2(fs->db, sql, -1, st, NULL) != SQLITE_OK)
        return fail(fs, "preparing updates");
    return 0;
}

/* Opens the database and checks its format, with the reasons this program gives. */
static int open_checked(struct farthest_store *fs, const char *path)
{
    char detail[256];
    switch (kl_db_open(path, SQLITE_OPEN_READWRITE, BUSY_TIMEOUT_MS, &fs->db, detail,
                       sizeof detail)) {
    case KL_DB_OPENED:
        return 0;
    case KL_DB_MISSING:
        snprintf(fs->err, fs->err_size,
                 "no such database (build it first: klotski-build --db %s)", path);
        return -1;
    case KL_DB_CANNOT_OPEN:
    case KL_DB_NO_MEMORY:
        snprintf(fs->err, fs->err_size, "opening: %s", detail);
        return -1;
    case KL_DB_NOT_KLOTSKI:
        snprintf(fs->err, fs->err_size, "not a klotski database: %s",
                 detail[0] ? detail : "no format_version in meta");
        return -1;
    case KL_DB_OTHER_VERSION:
        snprintf(fs->err, fs->err_size, "database format %s, this klotski-build writes %d",
                 detail, KL_DB_FORMAT_VERSION);
        return -1;
    }
    return -1;
}

int farthest_store_open(struct farthest_store *fs, const char *path, char *err,
                        size_t err_size)
{
    memset(fs, 0, sizeof *fs);
    fs->path = path;
    fs->err = err;
    fs->err_size = err_size;
    if (open_checked(fs, path) != 0)
        return -1;
    if (read_groups(fs) ||
        prepare(fs, "UPDATE layouts SET packed = ?1 + " STRING(KL_DB_PACKED_STEPS_RADIX)
                    " * (?3 + " STRING(KL_DB_PACKED_SOLUTIONS_RADIX) " * (?2 + "
                    STRING(KL_DB_PACKED_NUM_RADIX) " * (coalesce(min_solution_num, 1) - 1)))"
                    " WHERE code = ?4", &fs->update_layout) ||
        prepare(fs, "UPDATE groups SET diameter = ?1, radius = ?2, peripheral_count = ?3, "
                    "peripheral_ids = ?4, central_count = ?5, central_ids = ?6, "
                    "farthest_done = 1 WHERE group_id = ?7", &fs->update_group) ||
        prepare(fs, "INSERT OR REPLACE INTO meta (key, value) "
                    "VALUES ('" KL_DB_META_FARTHEST_GROUPS_DONE "', ?1)", &fs->update_meta)) {
        farthest_store_close(fs);
        return -1;
    }
    return 0;
}

int farthest_store_begin(struct farthest_store *fs)
{
    if (!fs->write_ahead) {
        if (exec(fs, write_pragmas, "configuring"))
            return -1;
        fs->write_ahead = true;
    }
    return exec(fs, "BEGIN IMMEDIATE", "starting a transaction");
}

static int step_reset(struct farthest_store *fs, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_DONE)
        return fail(fs, what);
    if (sqlite3_changes(fs->db) != 1) {
        snprintf(fs->err, fs->err_size, "%s: no such row", what);
        return -1;
    }
    return 0;
}

int farthest_store_layout(struct farthest_store *fs, kl_code code, int steps, uint32_t num,
                          int64_t solution_num)
{
    if (steps < 0 || steps >= KL_DB_PACKED_STEPS_RADIX || num >= KL_DB_PACKED_NUM_RADIX ||
        solution_num >= KL_DB_PACKED_SOLUTIONS_RADIX) {
        snprintf(fs->err, fs->err_size,
                 "layout %09llX: farthest_steps %d, farthest_num %u or solution_num %lld is "
                 "beyond layouts.packed", (unsigned long long)code, steps, num,
                 (long long)solution_num);
        return -1;
    }
    sqlite3_bind_int(fs->update_layout, 1, steps);
    sqlite3_bind_int64(fs->update_layout, 2, num);
    sqlite3_bind_int64(fs->update_layout, 3, solution_num < 0 ? 0 : solution_num);
    sqlite3_bind_int64(fs->update_layout, 4, (sqlite3_int64)code);
    return step_reset(fs, fs->update_layout, "writing layouts");
}

int farthest_store_group(struct farthest_store *fs, uint32_t group_id,
                         const struct group_summary *x)
{
    sqlite3_stmt *st = fs->update_group;
    sqlite3_bind_int(st, 1, x->diameter);
    sqlite3_bind_int(st, 2, x->radius);
    sqlite3_bind_int64(st, 3, x->peripheral_count);
    sqlite3_bind_blob(st, 4, x->peripheral_ids, (int)x->peripheral_size, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, x->central_count);
    sqlite3_bind_blob(st, 6, x->central_ids, (int)x->central_size, SQLITE_STATIC);
    sqlite3_bind_int64(st, 7, group_id);
    if (step_reset(fs, fs->update_group, "writing groups"))
        return -1;
    if (!fs->groups[group_id].done) {
        fs->groups[group_id].done = true;
        fs->done_count++;
    }
    return 0;
}

int farthest_store_commit(struct farthest_store *fs)
{
    sqlite3_bind_int64(fs->update_meta, 1, fs->done_count);
    if (step_reset(fs, fs->update_meta, "writing meta") ||
        exec(fs, "COMMIT", "committing")) {
        sqlite3_exec(fs->db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

int farthest_store_compact(struct farthest_store *fs)
{
    /* With the phase's page cache, VACUUM into larger pages held 1.1 GB of memory; with
     * SQLite's default one, 40 MB, in the same time. */
    return exec(fs, "PRAGMA journal_mode=DELETE; PRAGMA cache_size=-2000; PRAGMA page_size="
                COMPLETE_PAGE_SIZE "; VACUUM", "compacting");
}

void farthest_store_close(struct farthest_store *fs)
{
    sqlite3_finalize(fs->update_layout);
    sqlite3_finalize(fs->update_group);
    sqlite3_finalize(fs->update_meta);
    /* Fails, harmlessly, while another connection has the database open: it stays in
     * write-ahead mode until a later run closes it alone. */
    if (fs->write_ahead && sqlite3_get_autocommit(fs->db))
        sqlite3_exec(fs->db, "PRAGMA journal_mode=DELETE", NULL, NULL, NULL);
    sqlite3_close(fs->db); /* rolls back an open transaction */
    free(fs->groups);
    fs->db = NULL;
    fs->groups = NULL;
    fs->update_layout = fs->update_group = fs->update_meta = NULL;
}
