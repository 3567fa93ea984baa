/* The rules of klotski.h that no answer shows, checked from a program built as a user
 * builds one: compiled by e2e_library_c.sh against the INSTALLED klotski.h and
 * libklotski.so with `pkg-config --cflags --libs klotski sqlite3` (sqlite3 for the
 * statements of its own on klotski_db_connection).
 *   contract DATABASE
 * prints "FAIL what: details" for each broken rule and "checks failed: N" last:
 *  - klotski_errcode is the last call's result code;
 *  - every NULL the header does not allow is KLOTSKI_MISUSE (SQLITE_MISUSE for
 *    klotski_sql_functions), and a handle whose open failed is refused, not crashed on;
 *  - no call writes past the caller's struct (a guard after each), and a sized struct
 *    is written only as far as its size: a caller of a later version (a larger size)
 *    finds its later members untouched, a size below the first version is refused;
 *  - a database path of PATH_MAX bytes or more is refused whole, though its first 4,095
 *    bytes name the database (a cut path would open it);
 *  - klotski_close with a statement of the caller's still open on the connection frees
 *    the handle and closes the connection when the statement is finalized (its file
 *    descriptors counted in /proc/self/fd);
 *  - a handle idle after one call of each kind holds no lock: `sqlite3 DATABASE 'BEGIN
 *    EXCLUSIVE; COMMIT'`, a writer's lock without waiting, succeeds while it is open;
 *  - a statement reading keeps its lock while another handle opens in the process (POSIX
 *    locks belong to the process: a descriptor of the file closed by an open drops them,
 *    and a writer could change the file under the read): the same writer fails. */
#define _POSIX_C_SOURCE 200809L /* PATH_MAX */
#include <dirent.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <klotski.h>
#include <sqlite3.h>

#include "check.h"

#define HENGDAO 0x1A9BF0C00ull /* 横刀立马 */
#define GUARD 0xA5

/* A struct followed by guard bytes, to see a call write past its end. */
#define GUARDED(type) struct { type value; unsigned char guard[64]; }

static int guard_intact(const unsigned char *guard, size_t size)
{
    for (size_t i = 0; i < size; i++)
        if (guard[i] != GUARD)
            return 0;
    return 1;
}

static void check_errcode(klotski_db *db)
{
    struct klotski_layout layout;
    struct klotski_group group;
    CHECK(klotski_layout(db, HENGDAO, &layout, NULL) == KLOTSKI_OK && klotski_errcode(db) == KLOTSKI_OK,
          "%d", klotski_errcode(db));
    CHECK(klotski_layout(db, HENGDAO | 1, &layout, NULL) == KLOTSKI_INVALID && klotski_errcode(db) == KLOTSKI_INVALID,
          "%d", klotski_errcode(db));
    CHECK(klotski_group_named(db, "9-9-9-9", &group) == KLOTSKI_NOTFOUND && klotski_errcode(db) == KLOTSKI_NOTFOUND,
          "%d", klotski_errcode(db));
    CHECK(klotski_solve(db, 0x0069A4000, &(klotski_code *){NULL}, &(int){0}) == KLOTSKI_UNSOLVABLE &&
              klotski_errcode(db) == KLOTSKI_UNSOLVABLE, "%d", klotski_errcode(db));
    CHECK(klotski_errcode(NULL) == KLOTSKI_NOMEM, "%d", klotski_errcode(NULL));
}

/* Every NULL that klotski.h does not allow. */
static void check_nulls(klotski_db *db)
{
    klotski_code code = HENGDAO;
    struct klotski_step steps[KLOTSKI_MAX_STEPS];
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    struct klotski_layout layout;
    struct klotski_group group;
    struct klotski_layout_metrics layout_metrics = {.size = sizeof layout_metrics};
    struct klotski_group_metrics group_metrics = {.size = sizeof group_metrics};
    enum klotski_metric metric;
    klotski_code *route;
    int count;
    const int misuse[] = {
        klotski_parse(NULL, &code, NULL), klotski_parse("4WVE1", NULL, NULL), klotski_format(code, NULL),
        klotski_id(code, NULL), klotski_from_id(0, NULL), klotski_short_code(code, NULL),
        klotski_board(code, NULL), klotski_drawing(code, 1, NULL), klotski_class(code, NULL),
        klotski_image(code, KLOTSKI_MIRROR, NULL), klotski_steps(code, NULL, &count),
        klotski_steps(code, steps, NULL), klotski_steps_in(code, KLOTSKI_UNIT, steps, NULL),
        klotski_metric_parse(NULL, &metric, NULL), klotski_metric_parse("unit", NULL, NULL), klotski_svg(code, NULL),
        klotski_open(NULL, NULL), klotski_layout(db, code, NULL, &group), klotski_layout(NULL, code, &layout, NULL),
        klotski_group_named(db, NULL, &group), klotski_group_named(db, "5-4-1-1", NULL),
        klotski_layout_v2(db, code, NULL, &layout_metrics, &group, &group_metrics),
        klotski_layout_v2(NULL, code, &layout, &layout_metrics, &group, &group_metrics),
        klotski_group_named_v2(db, "5-4-1-1", NULL, &group_metrics), klotski_group_named_v2(db, NULL, &group, NULL),
        klotski_solve(db, code, NULL, &count), klotski_solve(db, code, &route, NULL),
        klotski_solve_in(NULL, code, KLOTSKI_UNIT, &route, &count), klotski_moves(db, code, NULL, &count),
        klotski_moves(db, code, moves, NULL), klotski_moves_in(NULL, code, KLOTSKI_STEP, moves, &count),
    };
    for (size_t i = 0; i < sizeof misuse / sizeof *misuse; i++)
        CHECK(misuse[i] == KLOTSKI_MISUSE, "call %zu of check_nulls answered %d", i, misuse[i]);
    CHECK(klotski_group_named(db, NULL, &group) == KLOTSKI_MISUSE && klotski_errcode(db) == KLOTSKI_MISUSE &&
              strcmp(klotski_errmsg(db), "klotski_group_named: name is NULL") == 0, "%s", klotski_errmsg(db));
    CHECK(strcmp(klotski_errstr(KLOTSKI_MISUSE), "library misuse") == 0, "%s", klotski_errstr(KLOTSKI_MISUSE));
    CHECK(klotski_sql_functions(NULL) == SQLITE_MISUSE, "klotski_sql_functions(NULL)");
    CHECK(klotski_db_filename(NULL) == NULL && klotski_db_connection(NULL) == NULL, "NULL handle's accessors");
    CHECK(klotski_close(NULL) == KLOTSKI_OK, "klotski_close(NULL)");

    /* A handle whose open failed answers every call with KLOTSKI_MISUSE. */
    klotski_db *failed = NULL;
    CHECK(klotski_open("/nonexistent/klotski.db", &failed) == KLOTSKI_CANTOPEN && failed, "open of no file");
    CHECK(klotski_layout(failed, code, &layout, &group) == KLOTSKI_MISUSE && klotski_errcode(failed) == KLOTSKI_MISUSE &&
              strstr(klotski_errmsg(failed), "the database is not open"), "%s", klotski_errmsg(failed));
    CHECK(klotski_group_named(failed, "5-4-1-1", &group) == KLOTSKI_MISUSE &&
              klotski_layout_v2(failed, code, &layout, &layout_metrics, NULL, NULL) == KLOTSKI_MISUSE &&
              klotski_group_named_v2(failed, "5-4-1-1", &group, &group_metrics) == KLOTSKI_MISUSE &&
              klotski_solve(failed, code, &route, &count) == KLOTSKI_MISUSE &&
              klotski_moves(failed, code, moves, &count) == KLOTSKI_MISUSE && klotski_db_connection(failed) == NULL,
          "calls on a failed handle");
    CHECK(klotski_close(failed) == KLOTSKI_OK, "close of a failed handle");
}

/* No call writes past the caller's structs; sized structs as far as their size. */
static void check_struct_bounds(klotski_db *db)
{
    GUARDED(struct klotski_layout) layout;
    GUARDED(struct klotski_group) group;
    GUARDED(struct klotski_class) class_of;
    memset(&layout, GUARD, sizeof layout);
    memset(&group, GUARD, sizeof group);
    memset(&class_of, GUARD, sizeof class_of);
    CHECK(klotski_layout(db, HENGDAO, &layout.value, &group.value) == KLOTSKI_OK, "%s", klotski_errmsg(db));
    CHECK(guard_intact(layout.guard, sizeof layout.guard) && guard_intact(group.guard, sizeof group.guard) &&
              layout.value.min_steps == 81 && strcmp(group.value.name, "5-4-1-1") == 0,
          "klotski_layout wrote past struct klotski_layout (%zu bytes) or struct klotski_group (%zu bytes)",
          sizeof layout.value, sizeof group.value);
    CHECK(klotski_group_named(db, "5-4-1-1", &group.value) == KLOTSKI_OK && guard_intact(group.guard, sizeof group.guard),
          "klotski_group_named wrote past struct klotski_group");
    CHECK(klotski_class(HENGDAO, &class_of.value) == KLOTSKI_OK && guard_intact(class_of.guard, sizeof class_of.guard),
          "klotski_class wrote past struct klotski_class");

    /* A program of a later version, whose sized structs have more members: its sizes are
     * larger, and the members this library does not know stay as it set them. */
    enum { LATER = 16 };
    GUARDED(struct klotski_layout_metrics) layout_metrics;
    GUARDED(struct klotski_group_metrics) group_metrics;
    memset(&layout, GUARD, sizeof layout);
    memset(&group, GUARD, sizeof group);
    memset(&layout_metrics, GUARD, sizeof layout_metrics);
    memset(&group_metrics, GUARD, sizeof group_metrics);
    layout_metrics.value.size = sizeof layout_metrics.value + LATER;
    group_metrics.value.size = sizeof group_metrics.value + LATER;
    CHECK(klotski_layout_v2(db, HENGDAO, &layout.value, &layout_metrics.value, &group.value, &group_metrics.value) ==
              KLOTSKI_OK, "%s", klotski_errmsg(db));
    CHECK(guard_intact(layout.guard, sizeof layout.guard) && guard_intact(group.guard, sizeof group.guard) &&
              layout.value.min_steps == 81 && strcmp(group.value.name, "5-4-1-1") == 0,
          "klotski_layout_v2 wrote past the 1.0 structs");
    CHECK(layout_metrics.value.size == sizeof layout_metrics.value + LATER && guard_intact(layout_metrics.guard, LATER + 8) &&
              group_metrics.value.size == sizeof group_metrics.value + LATER && guard_intact(group_metrics.guard, LATER + 8),
          "klotski_layout_v2 wrote past the sized members it knows, or the size member");
    struct klotski_layout_metrics expected_layout = {.size = sizeof expected_layout};
    struct klotski_group_metrics expected_group = {.size = sizeof expected_group};
    CHECK(klotski_layout_v2(db, HENGDAO, &layout.value, &expected_layout, NULL, NULL) == KLOTSKI_OK &&
              klotski_group_named_v2(db, "5-4-1-1", &group.value, &expected_group) == KLOTSKI_OK &&
              expected_layout.min_straight_moves == layout_metrics.value.min_straight_moves &&
              expected_layout.min_unit_moves == layout_metrics.value.min_unit_moves &&
              expected_group.max_min_straight_moves == group_metrics.value.max_min_straight_moves &&
              expected_group.max_min_unit_moves == group_metrics.value.max_min_unit_moves,
          "a later version's size read the same members; the group by name the same as by its layout");
    CHECK(expected_layout.min_straight_moves > 0 && expected_layout.min_unit_moves >= expected_layout.min_straight_moves &&
              expected_group.max_min_unit_moves >= expected_layout.min_unit_moves,
          "%d %d %d", expected_layout.min_straight_moves, expected_layout.min_unit_moves,
          expected_group.max_min_unit_moves);
    group_metrics.value.size = 0;
    layout_metrics.value.size = offsetof(struct klotski_layout_metrics, min_unit_moves);
    group_metrics.value.max_min_straight_moves = layout_metrics.value.min_straight_moves = 12345;
    CHECK(klotski_group_named_v2(db, "5-4-1-1", &group.value, &group_metrics.value) == KLOTSKI_MISUSE &&
              klotski_layout_v2(db, HENGDAO, &layout.value, &layout_metrics.value, NULL, NULL) == KLOTSKI_MISUSE &&
              strstr(klotski_errmsg(db), "below its first version's") &&
              group_metrics.value.max_min_straight_moves == 12345 && layout_metrics.value.min_straight_moves == 12345,
          "a size below the first version's (0; one member short): %s", klotski_errmsg(db));
}

/* A path of PATH_MAX bytes or more whose first PATH_MAX - 1 name the database. */
static void check_long_path(const char *database)
{
    const char *slash = strrchr(database, '/');
    size_t folder = slash ? (size_t)(slash - database) : 1;
    const char *file = slash ? slash + 1 : database;
    char *path = malloc(PATH_MAX + 64);
    if (!path)
        return;
    size_t length = (size_t)snprintf(path, PATH_MAX, "%.*s", (int)folder, slash ? database : ".");
    /* "/./././" up to the length that leaves room for "/FILE" ending at PATH_MAX - 1. */
    size_t end = PATH_MAX - 1 - strlen(file) - 1;
    while (length + 2 <= end) {
        memcpy(path + length, "/.", 2);
        length += 2;
    }
    if (length < end)
        path[length++] = '/';
    length += (size_t)sprintf(path + length, "/%s", file);
    CHECK(length == PATH_MAX - 1, "%zu", length);
    klotski_db *db;
    CHECK(klotski_open(path, &db) == KLOTSKI_OK, "the path of %zu bytes opens: %s", length, klotski_errmsg(db));
    klotski_close(db);
    strcpy(path + length, "-not-this-one");
    CHECK(klotski_open(path, &db) == KLOTSKI_CANTOPEN && strstr(klotski_errmsg(db), "bytes long, more than") &&
              strlen(klotski_db_filename(db)) == length + strlen("-not-this-one"),
          "a path of %zu bytes: %s", length + strlen("-not-this-one"), klotski_errmsg(db));
    klotski_close(db);
    free(path);
}

/* The open file descriptors of this process. */
static int open_files(void)
{
    DIR *dir = opendir("/proc/self/fd");
    int count = 0;
    if (!dir)
        return -1;
    while (readdir(dir))
        count++;
    closedir(dir);
    return count;
}

static void check_close_with_statement(const char *database)
{
    int before = open_files();
    klotski_db *db;
    sqlite3_stmt *stmt = NULL;
    CHECK(klotski_open(database, &db) == KLOTSKI_OK, "%s", klotski_errmsg(db));
    int opened = open_files();
    CHECK(sqlite3_prepare_v2(klotski_db_connection(db), "SELECT code FROM layouts", -1, &stmt, NULL) == SQLITE_OK &&
              sqlite3_step(stmt) == SQLITE_ROW, "a statement of the caller's");
    CHECK(klotski_close(db) == KLOTSKI_OK, "klotski_close with a statement open");
    CHECK(open_files() == opened && opened > before, "the connection stays while the statement does: %d, %d, %d",
          before, opened, open_files());
    sqlite3_finalize(stmt);
    CHECK(open_files() == before, "the connection closes with the last statement: %d files open, %d before",
          open_files(), before);
}

/* A writer's lock, taken without waiting: `sqlite3 DATABASE 'BEGIN EXCLUSIVE; COMMIT'`;
 * its exit status. */
static int take_writer_lock(const char *database)
{
    char command[PATH_MAX + 64];
    snprintf(command, sizeof command, "sqlite3 '%s' 'BEGIN EXCLUSIVE; COMMIT;' 2>/dev/null", database);
    return system(command);
}

static void check_idle_lock(const char *database)
{
    klotski_db *db;
    CHECK(klotski_open(database, &db) == KLOTSKI_OK, "%s", klotski_errmsg(db));
    struct klotski_layout layout;
    struct klotski_group group;
    struct klotski_layout_metrics layout_metrics = {.size = sizeof layout_metrics};
    struct klotski_group_metrics group_metrics = {.size = sizeof group_metrics};
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    klotski_code *route = NULL;
    int count;
    CHECK(klotski_layout(db, HENGDAO, &layout, &group) == KLOTSKI_OK &&
              klotski_group_named(db, "5-4-1-1", &group) == KLOTSKI_OK &&
              klotski_layout_v2(db, HENGDAO, &layout, &layout_metrics, &group, &group_metrics) == KLOTSKI_OK &&
              klotski_group_named_v2(db, "5-4-1-1", &group, &group_metrics) == KLOTSKI_OK &&
              klotski_moves_in(db, HENGDAO, KLOTSKI_UNIT, moves, &count) == KLOTSKI_OK &&
              klotski_solve_in(db, HENGDAO, KLOTSKI_STRAIGHT, &route, &count) == KLOTSKI_OK,
          "%s", klotski_errmsg(db));
    klotski_free(route);
    int status = take_writer_lock(database);
    CHECK(status == 0, "a writer's lock while a handle sits idle: status %d", status);
    klotski_close(db);
}

static void check_lock_kept(const char *database)
{
    klotski_db *reader, *other;
    sqlite3_stmt *stmt = NULL;
    CHECK(klotski_open(database, &reader) == KLOTSKI_OK, "%s", klotski_errmsg(reader));
    CHECK(sqlite3_prepare_v2(klotski_db_connection(reader), "SELECT code FROM layouts", -1, &stmt, NULL) ==
              SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW, "a statement of the caller's");
    CHECK(take_writer_lock(database) != 0, "a writer's lock while a statement reads");
    CHECK(klotski_open(database, &other) == KLOTSKI_OK, "%s", klotski_errmsg(other));
    CHECK(take_writer_lock(database) != 0, "a writer's lock while a statement reads, after a second handle opened");
    sqlite3_finalize(stmt);
    klotski_close(other);
    klotski_close(reader);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: contract DATABASE\n");
        return 2;
    }
    klotski_db *db;
    if (klotski_open(argv[1], &db) != KLOTSKI_OK) {
        printf("FAIL open: %s\nchecks failed: 1\n", klotski_errmsg(db));
        return 1;
    }
    check_errcode(db);
    check_nulls(db);
    check_struct_bounds(db);
    klotski_close(db);
    check_long_path(argv[1]);
    check_close_with_statement(argv[1]);
    check_idle_lock(argv[1]);
    check_lock_kept(argv[1]);
    printf("checks failed: %d\n", failures);
    return failures != 0;
}
