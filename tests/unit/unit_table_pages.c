/* Writing a rowid table as b-tree pages (builder/base/table_pages.h).  SQLite itself is
 * the independent model: the same rows inserted by SQLite into a second database must
 * read back alike, `PRAGMA integrity_check` must find every page sound, and SQLite must
 * be able to go on changing the table.  Small pages make trees several levels deep. */
#include "tests/unit/unit_test.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builder/base/table_pages.h"

#define COLUMNS 4 /* id INTEGER PRIMARY KEY (the rowid), a, b, c INTEGER DEFAULT 1 */

/* Values whose serial types span every integer size SQLite has, and NULL. */
static const int64_t values[] = {0, 1, -1, 2, 127, 128, -128, -129, 32767, 32768, -32769,
                                 8388607, 8388608, 2147483647, 2147483648, -2147483649,
                                 140737488355327, 140737488355328, INT64_MAX, INT64_MIN};
#define VALUE_COUNT (sizeof values / sizeof values[0])

/* The rows of a test: row r has rowid first + r * gap, and columns cycling through the
 * values, NULL every seventh. */
struct rows {
    int64_t first, gap;
};

static bool row_is_null(uint64_t r, int column)
{
    return (r + (uint64_t)column) % 7 == 0;
}

static int64_t row_value(uint64_t r, int column)
{
    return values[(r * 3 + (uint64_t)column * 5) % VALUE_COUNT];
}

static void next_row(void *context, uint64_t r, struct table_pages_row *row)
{
    const struct rows *rows = context;
    row->rowid = rows->first + (int64_t)r * rows->gap;
    row->is_null[0] = true; /* the rowid's alias */
    for (int c = 1; c < COLUMNS; c++) {
        row->is_null[c] = row_is_null(r, c);
        row->values[c] = row_value(r, c);
    }
    /* c's DEFAULT, left out of the record of half the rows that hold it, must read back. */
    bool c_is_default = !row->is_null[COLUMNS - 1] && row->values[COLUMNS - 1] == 1;
    row->stored_columns = c_is_default && r % 40 < 20 ? COLUMNS - 1 : 0;
}

static sqlite3 *open_db(const char *path)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    return db;
}

static void exec(sqlite3 *db, const char *sql)
{
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK)
        fail_msg("%s: %s", sql, message);
}

static int64_t query_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t value = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return value;
}

static void expect_sound(sqlite3 *db)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "ok");
    sqlite3_finalize(st);
}

static uint64_t file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (uint64_t)st.st_size;
}

/* The page count of the database header (offset 28, big-endian), which SQLite trusts. */
static uint64_t header_page_count(const char *path)
{
    unsigned char header[32];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fread(header, 1, sizeof header, f), sizeof header);
    fclose(f);
    return (uint64_t)header[28] << 24 | (uint64_t)header[29] << 16 | (uint64_t)header[30] << 8 | header[31];
}

/* A fresh database at path with pages of page_size bytes and the empty table t; returns
 * t's root page. */
static uint32_t create_table(const char *path, int page_size)
{
    unlink(path);
    sqlite3 *db = open_db(path);
    char sql[200];
    snprintf(sql, sizeof sql, "PRAGMA page_size = %d; CREATE TABLE t (id INTEGER PRIMARY KEY, "
                              "a INTEGER, b INTEGER, c INTEGER DEFAULT 1); CREATE TABLE after (x)", page_size);
    exec(db, sql);
    uint32_t root = (uint32_t)query_int(db, "SELECT rootpage FROM sqlite_schema WHERE name = 't'");
    sqlite3_close(db);
    return root;
}

/* Writes `count` rows with table_pages_fill into one database and with INSERT into
 * another, and checks they agree row by row, value and type. */
static void check_rows(int page_size, uint64_t count, struct rows rows)
{
    char written[] = "/tmp/unit_table_pages_XXXXXX", inserted[sizeof written + 4];
    int fd = mkstemp(written);
    assert_true(fd >= 0);
    close(fd);
    snprintf(inserted, sizeof inserted, "%s.ref", written);
    uint32_t root = create_table(written, page_size);
    char err[256] = "";
    int rc = table_pages_fill(written, root, count, COLUMNS, next_row, &rows, err, sizeof err);
    if (rc != 0)
        fail_msg("table_pages_fill: %s", err);

    create_table(inserted, page_size);
    sqlite3 *db = open_db(inserted);
    sqlite3_stmt *st;
    exec(db, "BEGIN");
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?,?,?,?)", -1, &st, NULL), SQLITE_OK);
    struct table_pages_row row = {0};
    for (uint64_t r = 0; r < count; r++) {
        next_row(&rows, r, &row);
        sqlite3_bind_int64(st, 1, row.rowid);
        for (int c = 1; c < COLUMNS; c++) {
            if (row.is_null[c])
                sqlite3_bind_null(st, c + 1);
            else
                sqlite3_bind_int64(st, c + 1, row.values[c]);
        }
        assert_int_equal(sqlite3_step(st), SQLITE_DONE);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    exec(db, "COMMIT");

    char attach[200];
    snprintf(attach, sizeof attach, "ATTACH '%s' AS written", written);
    exec(db, attach);
    expect_sound(db);
    assert_int_equal(query_int(db, "SELECT count(*) FROM written.t"), (int64_t)count);
    assert_int_equal(query_int(db, "SELECT count(*) FROM (SELECT id, a, typeof(a), b, typeof(b), "
                                   "c, typeof(c) FROM t EXCEPT SELECT id, a, typeof(a), b, "
                                   "typeof(b), c, typeof(c) FROM written.t)"), 0);
    assert_int_equal(query_int(db, "SELECT count(*) FROM written.t WHERE id > 0 AND id < 1000"),
                     query_int(db, "SELECT count(*) FROM t WHERE id > 0 AND id < 1000"));
    assert_int_equal(header_page_count(written) * (uint64_t)page_size, file_size(written));
    /* SQLite can go on changing the table: rows in the middle (or replaced), at the end, deleted. */
    exec(db, "INSERT OR REPLACE INTO written.t VALUES (3, 1, 2, 3), (9223372036854775807, NULL, 0, 1);"
             "DELETE FROM written.t WHERE id % 5 = 0; INSERT INTO written.after VALUES (1)");
    expect_sound(db);
    sqlite3_close(db);
    unlink(written);
    unlink(inserted);
}

static void test_empty_table(void **state)
{
    (void)state;
    check_rows(4096, 0, (struct rows){1, 1});
}

/* One leaf: it becomes the root page itself. */
static void test_one_leaf(void **state)
{
    (void)state;
    check_rows(4096, 1, (struct rows){42, 1});
    check_rows(512, 10, (struct rows){-5, 3});
}

/* Leaves under one interior root, then under two and three interior levels. */
static void test_deep_trees(void **state)
{
    (void)state;
    check_rows(512, 100, (struct rows){0, 1});
    check_rows(512, 3000, (struct rows){1, 1000});
    check_rows(512, 40000, (struct rows){-20000, 7});
    check_rows(4096, 200000, (struct rows){INT64_MIN / 2, 1 << 20}); /* 9-byte rowids */
    check_rows(65536, 100000, (struct rows){1, 65});
}

static void descending_rowids(void *context, uint64_t r, struct table_pages_row *row)
{
    (void)context;
    row->rowid = 100 - (int64_t)r;
    row->is_null[0] = true;
}

static void too_many_stored(void *context, uint64_t r, struct table_pages_row *row)
{
    (void)context;
    row->rowid = (int64_t)r;
    row->is_null[0] = true;
    row->stored_columns = COLUMNS + 1;
}

/* Refusals: a file that is no database, rows out of order, a table already filled, a
 * row storing more columns than the table has. */
static void test_refusals(void **state)
{
    (void)state;
    char path[] = "/tmp/unit_table_pages_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "not a database\n", 15), 15);
    close(fd);
    char err[256] = "";
    struct rows rows = {1, 1};
    assert_int_equal(table_pages_fill(path, 2, 5, COLUMNS, next_row, &rows, err, sizeof err), -1);
    assert_non_null(strstr(err, "not an SQLite database"));

    uint32_t root = create_table(path, 1024);
    assert_int_equal(table_pages_fill(path, root, 5, COLUMNS, descending_rowids, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "not above the previous one"));

    root = create_table(path, 1024);
    assert_int_equal(table_pages_fill(path, root, 5, COLUMNS, next_row, &rows, err, sizeof err), 0);
    assert_int_equal(table_pages_fill(path, root, 5, COLUMNS, next_row, &rows, err, sizeof err), -1);
    assert_non_null(strstr(err, "not the root of an empty table"));
    assert_int_equal(table_pages_fill(path, 1, 5, COLUMNS, next_row, &rows, err, sizeof err), -1);
    assert_int_equal(table_pages_fill(path, root, 5, 0, next_row, &rows, err, sizeof err), -1);

    root = create_table(path, 1024);
    assert_int_equal(table_pages_fill(path, root, 5, COLUMNS, too_many_stored, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "5 columns stored, of 4"));
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_table),
        cmocka_unit_test(test_one_leaf),
        cmocka_unit_test(test_deep_trees),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
