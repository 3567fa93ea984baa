#include "core/database/format.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

void kl_db_group_name(struct kl_class c, uint32_t group_num, char name[KL_DB_GROUP_NAME_SIZE])
{
    char class_name[KL_CLASS_NAME_SIZE];
    kl_class_name(c, class_name);
    snprintf(name, KL_DB_GROUP_NAME_SIZE, "%s-%u", class_name, group_num);
}

void kl_db_checksum_start(struct kl_db_checksum *sum)
{
    sum->crc = (uint32_t)crc32(0L, Z_NULL, 0);
    sum->batched = 0;
}

static void put_little_endian(unsigned char *p, uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(value >> (8 * i));
}

static void flush(struct kl_db_checksum *sum)
{
    sum->crc = (uint32_t)crc32(sum->crc, sum->batch, (uInt)(sum->batched * KL_DB_LAYOUT_RECORD_BYTES));
    sum->batched = 0;
}

void kl_db_checksum_add(struct kl_db_checksum *sum, kl_code code, uint32_t group_id,
                        uint32_t group_index, uint8_t min_steps, uint16_t min_solution_num,
                        uint32_t extra_moves)
{
    unsigned char *record = sum->batch + sum->batched * KL_DB_LAYOUT_RECORD_BYTES;
    put_little_endian(record, code, 8);
    put_little_endian(record + 8, group_id, 4);
    put_little_endian(record + 12, group_index, 4);
    record[16] = min_steps;
    put_little_endian(record + 17, min_solution_num, 2);
    put_little_endian(record + 19, extra_moves, 4);
    if (++sum->batched == KL_DB_CHECKSUM_BATCH_ROWS)
        flush(sum);
}

uint32_t kl_db_checksum_value(struct kl_db_checksum *sum)
{
    flush(sum);
    return sum->crc;
}

/* Reads a meta value: 1 and the value in *stmt's first column (finalize *stmt), 0 when
 * the key is missing or NULL, -1 when the meta table cannot be read (sqlite3_errmsg and
 * sqlite3_errcode say why: a database locked past the busy timeout is no missing key). */
static int read_meta(sqlite3 *db, const char *key, sqlite3_stmt **stmt)
{
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?", -1, stmt, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(*stmt, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(*stmt);
    if (rc == SQLITE_ROW && sqlite3_column_type(*stmt, 0) != SQLITE_NULL)
        return 1;
    sqlite3_finalize(*stmt);
    *stmt = NULL;
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

/* Whether an error reading meta says nothing about the file being a klotski database:
 * the file is locked, unreadable, or memory ran out. */
static bool passing_error(sqlite3 *db)
{
    switch (sqlite3_errcode(db)) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_NOMEM:
    case SQLITE_READONLY:
        return true;
    default:
        return false;
    }
}

bool kl_db_meta(sqlite3 *db, const char *key, char *buf, size_t size)
{
    sqlite3_stmt *stmt = NULL;
    if (read_meta(db, key, &stmt) != 1)
        return false;
    snprintf(buf, size, "%s", (const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return true;
}

/* The format check of kl_db_open on an open connection. */
static enum kl_db_open_status check_format(sqlite3 *db, char *detail, size_t detail_size)
{
    sqlite3_stmt *stmt = NULL;
    switch (read_meta(db, KL_DB_META_FORMAT_VERSION, &stmt)) {
    case -1:
        snprintf(detail, detail_size, "%s", sqlite3_errmsg(db));
        return passing_error(db) ? KL_DB_CANNOT_OPEN : KL_DB_NOT_KLOTSKI;
    case 0:
        detail[0] = '\0';
        return KL_DB_NOT_KLOTSKI;
    default:
        break;
    }
    bool same = sqlite3_column_int(stmt, 0) == KL_DB_FORMAT_VERSION;
    snprintf(detail, detail_size, "%s", (const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return same ? KL_DB_OPENED : KL_DB_OTHER_VERSION;
}

/* The first 16 bytes of every SQLite database file (its file format). */
#define SQLITE_HEADER "SQLite format 3"

/* What can be told of a file before SQLite opens it, in words for people: a folder, a
 * file that cannot be read (permission).  It opens no descriptor of the file: closing
 * one would drop every POSIX lock this process holds on it (they belong to the process
 * and the file, not to a descriptor), such as another connection's read lock mid-read,
 * and a writer could then change the file under that read.  Returns KL_DB_OPENED when
 * none of these holds. */
static enum kl_db_open_status check_file(const char *path, char *detail, size_t detail_size)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(detail, detail_size, "it is a folder, not a database file");
        return KL_DB_CANNOT_OPEN;
    }
    if (access(path, R_OK) != 0) {
        snprintf(detail, detail_size, "%s", errno == EACCES ? "no permission to read the file" : strerror(errno));
        return KL_DB_CANNOT_OPEN;
    }
    return KL_DB_OPENED;
}

/* An empty file, or one that is not SQLite's, told by its header, which is read through
 * the connection's own file handle (not a descriptor of ours: check_file says why).
 * Returns KL_DB_OPENED when the header is SQLite's. */
static enum kl_db_open_status check_header(sqlite3 *handle, char *detail, size_t detail_size)
{
    sqlite3_file *file = NULL;
    sqlite3_int64 size = 0;
    char header[sizeof SQLITE_HEADER];
    if (sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file ||
        !file->pMethods || file->pMethods->xFileSize(file, &size) != SQLITE_OK) {
        snprintf(detail, detail_size, "cannot read the file's size");
        return KL_DB_CANNOT_OPEN;
    }
    if (size == 0) {
        snprintf(detail, detail_size, "an empty file, not an SQLite database");
        return KL_DB_NOT_KLOTSKI;
    }
    if (file->pMethods->xRead(file, header, sizeof header, 0) != SQLITE_OK ||
        memcmp(header, SQLITE_HEADER, sizeof header) != 0) {
        snprintf(detail, detail_size, "not an SQLite database file");
        return KL_DB_NOT_KLOTSKI;
    }
    return KL_DB_OPENED;
}

/* A writer stopped mid-transaction (a killed farthest phase) leaves a hot journal, which
 * only a connection that may write can roll back: a read-only one fails with
 * SQLITE_READONLY_ROLLBACK until some writer comes.  So that the database answers again
 * at once, as any SQLite client that may write would make it, a read-write connection
 * makes a read, which rolls the journal back (or waits while another does).  Returns
 * true when that read succeeded; else false with why in detail. */
static bool roll_back_hot_journal(const char *path, int busy_timeout_ms, char *detail, size_t detail_size)
{
    sqlite3 *writer = NULL;
    int rc = sqlite3_open_v2(path, &writer, SQLITE_OPEN_READWRITE, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(writer, busy_timeout_ms);
        rc = sqlite3_exec(writer, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK)
        snprintf(detail, detail_size, "a stopped build left a journal to roll back, which needs write access: %s",
                 writer ? sqlite3_errmsg(writer) : "out of memory");
    sqlite3_close(writer);
    return rc == SQLITE_OK;
}

/* kl_db_open and kl_db_open_immutable: opens `path` by the name `name` (the path, or a
 * URI of it when flags hold SQLITE_OPEN_URI). */
static enum kl_db_open_status open_checked(const char *path, const char *name, int flags, int busy_timeout_ms,
                                           sqlite3 **db, char *detail, size_t detail_size)
{
    *db = NULL;
    detail[0] = '\0';
    if (access(path, F_OK) != 0)
        return KL_DB_MISSING;
    enum kl_db_open_status status = check_file(path, detail, detail_size);
    if (status != KL_DB_OPENED)
        return status;
    sqlite3 *handle = NULL;
    if (sqlite3_open_v2(name, &handle, flags & ~SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        snprintf(detail, detail_size, "%s", handle ? sqlite3_errmsg(handle) : "out of memory");
        status = KL_DB_CANNOT_OPEN;
    } else {
        sqlite3_busy_timeout(handle, busy_timeout_ms);
        status = check_header(handle, detail, detail_size);
        if (status == KL_DB_OPENED)
            status = check_format(handle, detail, detail_size);
        if (status == KL_DB_CANNOT_OPEN && sqlite3_extended_errcode(handle) == SQLITE_READONLY_ROLLBACK &&
            roll_back_hot_journal(path, busy_timeout_ms, detail, detail_size))
            status = check_format(handle, detail, detail_size);
    }
    if (status == KL_DB_CANNOT_OPEN && (!handle || sqlite3_errcode(handle) == SQLITE_NOMEM))
        status = KL_DB_NO_MEMORY;
    if (status == KL_DB_OPENED)
        *db = handle;
    else
        sqlite3_close(handle);
    return status;
}

enum kl_db_open_status kl_db_open(const char *path, int flags, int busy_timeout_ms,
                                  sqlite3 **db, char *detail, size_t detail_size)
{
    return open_checked(path, path, flags & ~SQLITE_OPEN_URI, busy_timeout_ms, db, detail, detail_size);
}

/* Room for the URI of a path of PATH_MAX bytes: "file://", each byte as %XX at most,
 * "?immutable=1" and the NUL. */
#define IMMUTABLE_URI_SIZE (3 * PATH_MAX + 32)

/* The URI that opens `path` immutable: every byte but letters, digits and "/._-~" as
 * %XX, so that no "?", "#" or "%" of a file's name reads as part of the URI; an absolute
 * path after "file://" (an empty authority), so that one starting "//" names no host.
 * Returns false when the path is longer than PATH_MAX. */
static bool immutable_uri(const char *path, char uri[IMMUTABLE_URI_SIZE])
{
    if (strlen(path) >= PATH_MAX)
        return false;
    char *end = uri + sprintf(uri, path[0] == '/' ? "file://" : "file:");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++)
        end += (isalnum(*p) && *p < 0x80) || strchr("/._-~", *p) ? sprintf(end, "%c", *p) : sprintf(end, "%%%02X", *p);
    strcpy(end, "?immutable=1");
    return true;
}

enum kl_db_open_status kl_db_open_immutable(const char *path, int flags, sqlite3 **db, char *detail,
                                            size_t detail_size)
{
    char uri[IMMUTABLE_URI_SIZE];
    if (!immutable_uri(path, uri)) {
        *db = NULL;
        snprintf(detail, detail_size, "%s", strerror(ENAMETOOLONG));
        return KL_DB_CANNOT_OPEN;
    }
    return open_checked(path, uri, (flags & ~SQLITE_OPEN_READWRITE) | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, 0, db,
                        detail, detail_size);
}

/* The path `relative` under the prefix two folders above `installed_file`, into buf.
 * Returns false when the path has no such folders or does not fit. */
static bool beside(const char *installed_file, const char *relative, char *buf, size_t size)
{
    const char *file = strrchr(installed_file, '/'); /* PREFIX/bin/klotski: "/klotski" */
    const char *folder = file;
    while (folder && folder > installed_file && *--folder != '/')
        ;                                            /* and "/bin" */
    if (!folder || folder == file || *folder != '/')
        return false;
    return (size_t)snprintf(buf, size, "%.*s/%s", (int)(folder - installed_file), installed_file, relative) <
           size;
}

/* The i-th place of the lookup order after `given` (kl_db_locate), into buf when it is
 * built: 0 $KLOTSKI_DB (NULL when unset or empty), 1 KL_DB_DEFAULT_PATH, 2 and 3 beside
 * installed_file (NULL without one, or when the path does not fit).  The order lives
 * here alone: kl_db_locate looks through it, kl_db_places lists it. */
#define PLACE_COUNT 4
static const char *place(int i, const char *installed_file, char *buf, size_t size)
{
    const char *environment = getenv("KLOTSKI_DB");
    switch (i) {
    case 0:
        return environment && *environment ? environment : NULL;
    case 1:
        return KL_DB_DEFAULT_PATH;
    default:
        return installed_file &&
                       beside(installed_file, i == 2 ? KL_DB_DEFAULT_PATH : KL_DB_INSTALLED_PATH, buf, size)
                   ? buf
                   : NULL;
    }
}

const char *kl_db_locate(const char *given, const char *installed_file, char *buf, size_t size)
{
    if (given)
        return given;
    for (int i = 0; i < PLACE_COUNT; i++) {
        const char *path = place(i, installed_file, buf, size);
        if (path && (i == 0 || access(path, F_OK) == 0)) /* $KLOTSKI_DB is taken as it is */
            return path;
    }
    return KL_DB_DEFAULT_PATH;
}

/* Appends printf's output to the list of kl_db_places, counting what does not fit. */
__attribute__((format(printf, 4, 5)))
static void append(char *out, size_t out_size, size_t *length, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(*length < out_size ? out + *length : NULL, *length < out_size ? out_size - *length : 0,
                      format, args);
    va_end(args);
    *length += n > 0 ? (size_t)n : 0;
}

size_t kl_db_places(const char *installed_file, const char *separator, char *out, size_t out_size)
{
    size_t length = 0;
    char path[PATH_MAX], folder[PATH_MAX];
    if (out_size > 0)
        out[0] = '\0';
    for (int i = 0; i < PLACE_COUNT; i++) {
        const char *at = place(i, installed_file, path, sizeof path);
        const char *before = length > 0 ? separator : "";
        if (i == 0 && at) { /* taken as it is: the lookup ends here */
            if (access(at, F_OK) != 0)
                append(out, out_size, &length, "%s$KLOTSKI_DB=%s", before, at);
            break;
        }
        if (i == 0)
            append(out, out_size, &length, "$KLOTSKI_DB (not set)");
        else if (at && access(at, F_OK) == 0)
            break; /* found: the lookup takes it and looks no further */
        else if (i == 1)
            append(out, out_size, &length, "%s%s (in %s)", before, at, getcwd(folder, sizeof folder) ? folder : "?");
        else if (at)
            append(out, out_size, &length, "%s%s", before, at);
    }
    return length;
}

void kl_db_build_command(const char *path, bool farthest, char out[KL_DB_BUILD_COMMAND_SIZE])
{
    char real[PATH_MAX];
    const char *shown = realpath(path, real) ? real : path;
    bool plain = strspn(shown, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-./,") == strlen(shown);
    size_t at = (size_t)snprintf(out, KL_DB_BUILD_COMMAND_SIZE, "`klotski-build%s --db %s", farthest ? " --farthest" : "",
                                 plain ? "" : "'");
    /* A quote inside the shell's quotes is written '\'' (the path is cut when too long). */
    for (const char *p = shown; *p && at + sizeof "'\\''`" < KL_DB_BUILD_COMMAND_SIZE; p++) {
        if (*p == '\'') {
            memcpy(out + at, "'\\''", 4);
            at += 4;
        } else {
            out[at++] = *p;
        }
    }
    snprintf(out + at, KL_DB_BUILD_COMMAND_SIZE - at, "%s`", plain ? "" : "'");
}
