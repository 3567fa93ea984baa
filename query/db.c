#include "query/db.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "core/database/idlist.h"
#include "answer/report.h"

struct db {
    struct kl_db_reader reader; /* the lookups, shared with the library */
    const char *path;
    enum kl_metric metric; /* what db_descend and db_moves count */
    bool watched;          /* db_watch has a function */
    int (*stop)(void *context); /* db_watch's function and its context */
    void *stop_context;
    bool interrupted;      /* a watched query stopped since db_watch */
    sqlite3_stmt *begin, *end; /* db_read_begin's and db_read_end's, made on first use */
};

const char *db_path(const struct db *db) { return db->path; }

int db_inconsistent(struct db *db, const char *subject, const char *what, ...)
{
    char *text = NULL, rebuild[KL_DB_BUILD_COMMAND_SIZE];
    va_list args;
    va_start(args, what);
    if (vasprintf(&text, what, args) < 0)
        out_of_memory();
    va_end(args);
    kl_db_build_command(db->path, false, rebuild);
    report(EXIT_BAD_INPUT, subject, "the database is inconsistent: %s; rebuild it with %s", text, rebuild);
    free(text);
    return EXIT_BAD_INPUT;
}

/* SQLite's virtual machine instructions between two calls of a watch's function: some
 * tens of microseconds of a query's work. */
#define WATCH_INSTRUCTIONS 20000
/* How long a watched query waits for another connection's write lock before it stops:
 * a writer must not hold the readers for long. */
#define WATCH_BUSY_TIMEOUT_MS 250

/* A query failed on a database that opened fine: nothing more can be answered. */
static _Noreturn void fail(struct db *db)
{
    char rebuild[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(db->path, false, rebuild);
    report(EXIT_BAD_INPUT, db->path, "database error: %s (rebuild it with %s)",
           sqlite3_errmsg(db->reader.connection), rebuild);
    exit(EXIT_BAD_INPUT);
}

sqlite3_stmt *db_prepare(struct db *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(db->reader.connection, sql, -1, &stmt, NULL) != SQLITE_OK)
        fail(db);
    return stmt;
}

/* Whether rc is a watched query's stop (db_watch's function, or the database locked):
 * then db_interrupted is true. */
static bool watch_stopped(struct db *db, int rc)
{
    if (db->watched && (rc == SQLITE_INTERRUPT || rc == SQLITE_BUSY))
        db->interrupted = true;
    return db->interrupted;
}

/* A step's result: true for a row, false for none or a watched query that was stopped
 * or found the database locked (db_interrupted then tells); any other failure ends the
 * process. */
static bool found(struct db *db, int rc)
{
    if (watch_stopped(db, rc))
        return false;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        fail(db);
    return rc == SQLITE_ROW;
}

bool db_step(struct db *db, sqlite3_stmt *stmt) { return found(db, sqlite3_step(stmt)); }

void db_watch(struct db *db, int (*stop)(void *context), void *context)
{
    db->interrupted = false;
    db->watched = stop != NULL;
    db->stop = stop;
    db->stop_context = context;
    sqlite3_progress_handler(db->reader.connection, stop ? WATCH_INSTRUCTIONS : 0, stop, context);
    sqlite3_busy_timeout(db->reader.connection, stop ? WATCH_BUSY_TIMEOUT_MS : KL_DB_BUSY_TIMEOUT_MS);
}

bool db_interrupted(const struct db *db) { return db->interrupted; }

bool db_stop_asked(struct db *db)
{
    if (db->watched && !db->interrupted && db->stop(db->stop_context))
        db->interrupted = true;
    return db->interrupted;
}

/* A search's watch function: the db's. */
static bool search_stop(void *db) { return db_stop_asked(db); }

struct search_watch db_search_watch(struct db *db) { return (struct search_watch){search_stop, db}; }

bool db_meta(struct db *db, const char *key, char *buf, size_t size)
{
    return kl_db_meta(db->reader.connection, key, buf, size);
}

/* This program's file (PATH_MAX bytes in buf), or NULL when the system does not say. */
static const char *program_file(char *buf)
{
    ssize_t length = readlink("/proc/self/exe", buf, PATH_MAX - 1);
    buf[length > 0 ? length : 0] = '\0';
    return length > 0 ? buf : NULL;
}

const char *db_locate(const char *given, char *buf, size_t size)
{
    char program[PATH_MAX];
    return kl_db_locate(given, program_file(program), buf, size);
}

/* Reports a database missing at `path`; when the lookup chose it, with the places it
 * looked at (kl_db_places), so that a copied klotski says where it looked. */
static void report_missing(const char *path, bool located)
{
    char program[PATH_MAX], places[4 * PATH_MAX + 256] = "";
    if (located)
        kl_db_places(program_file(program), "; ", places, sizeof places);
    char build[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(path, false, build);
    report(EXIT_BAD_INPUT, path,
           "no database here%s%s%s; build it with %s (or `make` in the klotski sources), or name one with --db PATH "
           "or $KLOTSKI_DB",
           places[0] ? " (looked in: " : "", places, places[0] ? ")" : "", build);
}

/* db_open and db_open_immutable: the handle of a reader opened with `status` and
 * `detail`, or NULL after reporting why. */
static struct db *opened(const char *path, bool located, struct kl_db_reader reader, enum kl_db_open_status status,
                         const char *detail)
{
    char rebuild[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(path, false, rebuild);
    switch (status) {
    case KL_DB_OPENED:
        break;
    case KL_DB_MISSING:
        report_missing(path, located);
        return NULL;
    case KL_DB_CANNOT_OPEN:
    case KL_DB_NO_MEMORY:
        report(EXIT_BAD_INPUT, path, "cannot open the database: %s", detail);
        return NULL;
    case KL_DB_NOT_KLOTSKI:
        report(EXIT_BAD_INPUT, path, "not a klotski database (%s); rebuild it with %s",
               detail[0] ? detail : "no format_version in meta", rebuild);
        return NULL;
    case KL_DB_OTHER_VERSION:
        report(EXIT_BAD_INPUT, path, "database format version %s, but this klotski reads version %d; rebuild it with %s",
               detail, KL_DB_FORMAT_VERSION, rebuild);
        return NULL;
    }
    struct db *db = xcalloc(1, sizeof *db);
    db->reader = reader;
    db->path = path;
    return db;
}

struct db *db_open(const char *path, bool located)
{
    char detail[256];
    struct kl_db_reader reader;
    enum kl_db_open_status status = kl_db_reader_open(&reader, path, detail, sizeof detail);
    return opened(path, located, reader, status, detail);
}

struct db *db_open_immutable(const char *path)
{
    char detail[256];
    struct kl_db_reader reader;
    enum kl_db_open_status status = kl_db_reader_open_immutable(&reader, path, detail, sizeof detail);
    return opened(path, false, reader, status, detail);
}

bool db_finished(struct db *db)
{
    char done[32], groups[32];
    if (!db_meta(db, KL_DB_META_FARTHEST_GROUPS_DONE, done, sizeof done) ||
        !db_meta(db, KL_DB_META_GROUPS, groups, sizeof groups) || strcmp(done, groups) != 0)
        return false;
    sqlite3_stmt *stmt = db_prepare(db, "PRAGMA journal_mode");
    const char *mode = db_step(db, stmt) ? (const char *)sqlite3_column_text(stmt, 0) : NULL;
    bool rollback_journal = mode && strcmp(mode, "wal") != 0;
    sqlite3_finalize(stmt);
    return rollback_journal;
}

void db_close(struct db *db)
{
    if (!db)
        return;
    sqlite3_finalize(db->begin);
    sqlite3_finalize(db->end);
    kl_db_reader_close(&db->reader);
    free(db);
}

/* Steps the statement made once from `sql` into *stmt, and resets it; a failure leaves
 * the connection as it was (a statement that cannot be made is tried again next time). */
static void run_once(struct db *db, sqlite3_stmt **stmt, const char *sql)
{
    if (*stmt || sqlite3_prepare_v2(db->reader.connection, sql, -1, stmt, NULL) == SQLITE_OK) {
        sqlite3_step(*stmt);
        sqlite3_reset(*stmt);
    }
}

void db_read_begin(struct db *db)
{
    if (sqlite3_get_autocommit(db->reader.connection))
        run_once(db, &db->begin, "BEGIN");
}

void db_read_end(struct db *db)
{
    if (!sqlite3_get_autocommit(db->reader.connection))
        run_once(db, &db->end, "COMMIT");
    if (!sqlite3_get_autocommit(db->reader.connection))
        sqlite3_exec(db->reader.connection, "ROLLBACK", NULL, NULL, NULL);
}

bool db_layout(struct db *db, kl_code code, struct kl_db_layout_row *out)
{
    return found(db, kl_db_reader_layout(&db->reader, code, out));
}

int db_layout_in_group(struct db *db, kl_code code, struct kl_db_layout_row *layout, struct kl_db_group_row *group)
{
    if (db_layout(db, code, layout) && db_group(db, layout->group_id, group))
        return EXIT_ANSWERED;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    return report(EXIT_NOT_FOUND, hex, "not in the database");
}

bool db_descend(struct db *db, kl_code code, int steps, kl_code *route)
{
    bool descended = false;
    int rc = kl_db_reader_descend(&db->reader, code, steps, db->metric, route, &descended);
    if (rc != SQLITE_OK && !watch_stopped(db, rc))
        fail(db);
    return descended;
}

size_t db_moves(struct db *db, kl_code code, struct kl_move_outcome out[KL_MAX_STEPS])
{
    size_t count;
    found(db, kl_db_reader_moves(&db->reader, code, db->metric, out, &count));
    return count;
}

enum kl_metric db_metric(const struct db *db)
{
    return db->metric;
}

void db_set_metric(struct db *db, enum kl_metric metric)
{
    db->metric = metric;
}

bool db_group(struct db *db, int64_t group_id, struct kl_db_group_row *out)
{
    return found(db, kl_db_reader_group(&db->reader, group_id, out));
}

bool db_group_named(struct db *db, const char *name, struct kl_db_group_row *out)
{
    return found(db, kl_db_reader_group_named(&db->reader, name, out));
}

int64_t db_class_named(struct db *db, const char *name)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT class_id FROM classes WHERE name = ?");
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    int64_t id = db_step(db, stmt) ? sqlite3_column_int64(stmt, 0) : DB_NULL;
    sqlite3_finalize(stmt);
    return id;
}

/* A member list that cannot be right: the one line, and exit. */
static _Noreturn void corrupt_list(struct db *db)
{
    char rebuild[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(db->path, false, rebuild);
    report(EXIT_BAD_INPUT, db->path, "a member list is corrupt; rebuild the database with %s", rebuild);
    exit(EXIT_BAD_INPUT);
}

uint32_t *db_column_ids(struct db *db, sqlite3_stmt *stmt, int column, size_t count)
{
    /* The count comes from the database too: no list holds more than every layout. */
    if (count > KL_LAYOUT_COUNT)
        corrupt_list(db);
    uint32_t *ids = xmalloc(count * sizeof *ids);
    const void *blob = sqlite3_column_blob(stmt, column);
    if (kl_idlist_decode(blob, (size_t)sqlite3_column_bytes(stmt, column), ids, count) != 0 ||
        (count > 0 && ids[count - 1] >= KL_LAYOUT_COUNT))
        corrupt_list(db);
    return ids;
}

size_t db_group_layers(struct db *db, int64_t group_id, struct layer **layers)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT depth, size, ids FROM layers WHERE group_id = ?"
                                        " ORDER BY depth");
    sqlite3_bind_int64(stmt, 1, group_id);
    size_t count = 0, capacity = 0;
    *layers = NULL;
    while (db_step(db, stmt)) {
        if (count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            *layers = xrealloc(*layers, capacity * sizeof **layers);
        }
        struct layer *l = &(*layers)[count++];
        l->depth = (int)db_column_or_null(stmt, 0);
        l->size = (size_t)sqlite3_column_int64(stmt, 1);
        l->ids = db_column_ids(db, stmt, 2, l->size);
    }
    sqlite3_finalize(stmt);
    return count;
}

/* Runs a query whose first row, if any, holds a count and an id list of that many. */
static size_t query_ids(struct db *db, sqlite3_stmt *stmt, uint32_t **ids)
{
    size_t count = 0;
    *ids = NULL;
    if (db_step(db, stmt)) {
        count = (size_t)sqlite3_column_int64(stmt, 0);
        *ids = db_column_ids(db, stmt, 1, count);
    }
    sqlite3_finalize(stmt);
    return count;
}

size_t db_layer_ids(struct db *db, int64_t group_id, int depth, uint32_t **ids)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT size, ids FROM layers WHERE group_id = ? AND depth = ?");
    sqlite3_bind_int64(stmt, 1, group_id);
    sqlite3_bind_int(stmt, 2, depth);
    return query_ids(db, stmt, ids);
}

size_t db_peripheral_ids(struct db *db, int64_t group_id, uint32_t **ids)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT peripheral_count, peripheral_ids FROM groups"
                                        " WHERE group_id = ? AND peripheral_ids IS NOT NULL");
    sqlite3_bind_int64(stmt, 1, group_id);
    return query_ids(db, stmt, ids);
}

size_t db_central_ids(struct db *db, int64_t group_id, uint32_t **ids)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT central_count, central_ids FROM groups"
                                        " WHERE group_id = ? AND central_ids IS NOT NULL");
    sqlite3_bind_int64(stmt, 1, group_id);
    return query_ids(db, stmt, ids);
}

void db_free_layers(struct layer *layers, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(layers[i].ids);
    free(layers);
}
