/* `klotski verify`: recomputes the checksum and the counts the builder stored in meta
 * by one scan over every layouts row, and checks the small tables against that scan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classes.h"
#include "core/database/format.h"
#include "query/commands/command.h"
#include "core/moves.h"
#include "query/render/output.h"
#include "query/report.h"

/* Facts of SPEC.md that a correct database reproduces. */
#define SPEC_GROUPS 25422
#define SPEC_SOLVED 2260392
#define SPEC_SOLVABLE 28913089
#define SPEC_STEP_PAIRS 402258220
#define MAX_JIANG 7
#define MAX_BING 14

/* What the scan of the layouts table finds. */
struct scan {
    long long rows, solved, solvable, step_pairs, max_min_steps;
    long long out_of_order;     /* codes illegal or not above the previous one */
    long long bad_group;        /* group_id out of range or member of another class */
    long long bad_group_index;  /* group_index not the rank of the code in its group */
    long long bad_min_steps;    /* min_steps 0 but not solved, or solved but not 0 */
    uint32_t crc;
    long long *group_members, *group_solved, *class_layouts;
    /* class_id by (jiang, bing, style), filled before the scan: core's kl_class_id
     * searches the class list, too slow for 29 million rows. */
    int class_id[MAX_JIANG + 1][MAX_BING + 1][MAX_JIANG + 1];
};

/* The groups' sizes, solved counts and classes, by group_id. */
struct group_facts {
    int64_t count;              /* group_id runs 0 .. count-1 */
    long long *size, *solved;
    int *class_id;
};

static void load_groups(struct db *db, struct group_facts *g)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT max(group_id) + 1 FROM groups");
    g->count = db_step(db, stmt) ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    g->size = xcalloc((size_t)g->count, sizeof *g->size);
    g->solved = xcalloc((size_t)g->count, sizeof *g->solved);
    g->class_id = xcalloc((size_t)g->count, sizeof *g->class_id);
    stmt = db_prepare(db, "SELECT group_id, size, solved, class_id FROM groups");
    while (db_step(db, stmt)) {
        int64_t id = sqlite3_column_int64(stmt, 0);
        if (id < 0 || id >= g->count)
            continue;
        g->size[id] = sqlite3_column_int64(stmt, 1);
        g->solved[id] = sqlite3_column_int64(stmt, 2);
        g->class_id[id] = sqlite3_column_int(stmt, 3);
    }
    sqlite3_finalize(stmt);
}

static void scan_row(struct scan *s, const struct group_facts *g, kl_code code, int64_t group_id,
                     int64_t group_index, int min_steps, kl_code previous)
{
    struct kl_step steps[KL_MAX_STEPS];
    bool solved = kl_code_is_solved(code);
    s->rows++;
    s->solved += solved;
    s->solvable += min_steps != DB_NULL;
    s->bad_min_steps += (min_steps == 0) != solved;
    s->max_min_steps = min_steps > s->max_min_steps ? min_steps : s->max_min_steps;
    kl_raw raw;
    if (kl_code_to_raw(code, &raw) != KL_OK || (s->rows > 1 && code <= previous))
        s->out_of_order++;
    else
        s->step_pairs += kl_steps(raw, steps);
    struct kl_class k = kl_class_of_code(code);
    int class_id = k.jiang <= MAX_JIANG && k.bing <= MAX_BING ? s->class_id[k.jiang][k.bing][k.style] : -1;
    if (class_id >= 0)
        s->class_layouts[class_id]++;
    if (group_id < 0 || group_id >= g->count || g->class_id[group_id] != class_id) {
        s->bad_group++;
        return;
    }
    s->bad_group_index += group_index != s->group_members[group_id];
    s->group_members[group_id]++;
    s->group_solved[group_id] += solved;
}

static void scan_layouts(struct db *db, const struct group_facts *g, struct scan *s)
{
    memset(s, 0, sizeof *s);
    s->max_min_steps = DB_NULL;
    s->group_members = xcalloc((size_t)g->count, sizeof *s->group_members);
    s->group_solved = xcalloc((size_t)g->count, sizeof *s->group_solved);
    s->class_layouts = xcalloc(KL_CLASS_COUNT, sizeof *s->class_layouts);
    for (int j = 0; j <= MAX_JIANG; j++)
        for (int b = 0; b <= MAX_BING; b++)
            for (int style = 0; style <= MAX_JIANG; style++)
                s->class_id[j][b][style] = kl_class_id((struct kl_class){j, b, style});
    struct kl_db_checksum sum;
    kl_db_checksum_start(&sum);
    kl_code previous = 0;
    sqlite3_stmt *stmt = db_prepare(db, "SELECT " KL_DB_LAYOUT_COLUMNS " FROM layouts ORDER BY code");
    while (db_step(db, stmt)) {
        kl_code code = (kl_code)sqlite3_column_int64(stmt, KL_DB_LAYOUT_CODE);
        int64_t group_id = sqlite3_column_int64(stmt, KL_DB_LAYOUT_GROUP_ID);
        int64_t group_index = sqlite3_column_int64(stmt, KL_DB_LAYOUT_GROUP_INDEX);
        int min_steps = (int)db_column_or_null(stmt, KL_DB_LAYOUT_MIN_STEPS);
        kl_db_checksum_add(&sum, code, (uint32_t)group_id, (uint32_t)group_index,
                           (uint8_t)(min_steps == DB_NULL ? KL_DB_UNSOLVABLE : min_steps));
        scan_row(s, g, code, group_id, group_index, min_steps, previous);
        previous = code;
    }
    sqlite3_finalize(stmt);
    s->crc = kl_db_checksum_value(&sum);
}

/* The number a query's first column gives. */
static long long query_number(struct db *db, const char *sql)
{
    sqlite3_stmt *stmt = db_prepare(db, sql);
    long long n = db_step(db, stmt) ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    return n;
}

/* The table of checks being filled, and how many differ. */
struct checks {
    struct table *table;
    int differing;
};

static void check(struct checks *c, const char *what, long long expected, long long found)
{
    table_text(c->table, what);
    table_number(c->table, expected);
    table_number(c->table, found);
    table_bool(c->table, expected == found);
    c->differing += expected != found;
}

/* A meta value against what the scan found; a missing key counts as a difference. */
static void check_meta(struct checks *c, struct db *db, const char *key, long long found)
{
    char value[64], what[64];
    snprintf(what, sizeof what, "meta %s", key);
    if (!db_meta(db, key, value, sizeof value)) {
        table_text(c->table, what);
        table_null(c->table, "missing");
        table_number(c->table, found);
        table_bool(c->table, false);
        c->differing++;
        return;
    }
    check(c, what, strtoll(value, NULL, 0), found);
}

/* Counts the entries of two arrays that differ. */
static long long differences(const long long *a, const long long *b, size_t count)
{
    long long n = 0;
    for (size_t i = 0; i < count; i++)
        n += a[i] != b[i];
    return n;
}

static void check_classes(struct checks *c, struct db *db, const struct scan *s)
{
    long long stored[KL_CLASS_COUNT] = {0};
    sqlite3_stmt *stmt = db_prepare(db, "SELECT class_id, layouts FROM classes");
    while (db_step(db, stmt)) {
        int id = sqlite3_column_int(stmt, 0);
        if (id >= 0 && id < KL_CLASS_COUNT)
            stored[id] = sqlite3_column_int64(stmt, 1);
    }
    sqlite3_finalize(stmt);
    check(c, "classes whose layouts count differs", 0, differences(stored, s->class_layouts, KL_CLASS_COUNT));
}

static void check_layers(struct checks *c, struct db *db, const struct group_facts *g)
{
    long long *sum = xcalloc((size_t)g->count, sizeof *sum);
    sqlite3_stmt *stmt = db_prepare(db, "SELECT group_id, sum(size) FROM layers GROUP BY group_id");
    while (db_step(db, stmt)) {
        int64_t id = sqlite3_column_int64(stmt, 0);
        if (id >= 0 && id < g->count)
            sum[id] = sqlite3_column_int64(stmt, 1);
    }
    sqlite3_finalize(stmt);
    check(c, "groups whose layers do not add up", 0, differences(g->size, sum, (size_t)g->count));
    free(sum);
}

static const char *const check_columns[] = {"check", "expected", "found", "ok", NULL};

static int run_verify(struct db *db, const struct request *req)
{
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "verify takes no arguments");
    struct group_facts groups;
    load_groups(db, &groups);
    struct scan s;
    scan_layouts(db, &groups, &s);
    struct checks c = {table_new(check_columns), 0};
    check(&c, "layouts (SPEC.md)", KL_LAYOUT_COUNT, s.rows);
    check_meta(&c, db, KL_DB_META_LAYOUTS, s.rows);
    check_meta(&c, db, KL_DB_META_LAYOUTS_CRC32, s.crc);
    check_meta(&c, db, KL_DB_META_SOLVED, s.solved);
    check_meta(&c, db, KL_DB_META_SOLVABLE, s.solvable);
    check_meta(&c, db, KL_DB_META_MAX_MIN_STEPS, s.max_min_steps);
    check_meta(&c, db, KL_DB_META_STEP_PAIRS, s.step_pairs);
    check_meta(&c, db, KL_DB_META_CLASSES, query_number(db, "SELECT count(*) FROM classes"));
    check_meta(&c, db, KL_DB_META_GROUPS, query_number(db, "SELECT count(*) FROM groups"));
    check(&c, "classes (SPEC.md)", KL_CLASS_COUNT, query_number(db, "SELECT count(*) FROM classes"));
    check(&c, "groups (SPEC.md)", SPEC_GROUPS, query_number(db, "SELECT count(*) FROM groups"));
    check(&c, "solved (SPEC.md)", SPEC_SOLVED, s.solved);
    check(&c, "solvable (SPEC.md)", SPEC_SOLVABLE, s.solvable);
    check(&c, "step pairs (SPEC.md)", SPEC_STEP_PAIRS, s.step_pairs);
    check(&c, "sum of group sizes", s.rows, query_number(db, "SELECT sum(size) FROM groups"));
    check(&c, "codes illegal or out of order", 0, s.out_of_order);
    check(&c, "layouts in no group of their class", 0, s.bad_group);
    check(&c, "group_index not the rank in the group", 0, s.bad_group_index);
    check(&c, "min_steps 0 exactly when solved", 0, s.bad_min_steps);
    check(&c, "groups whose size differs", 0, differences(groups.size, s.group_members, (size_t)groups.count));
    check(&c, "groups whose solved count differs", 0,
          differences(groups.solved, s.group_solved, (size_t)groups.count));
    check_classes(&c, db, &s);
    check_layers(&c, db, &groups);
    table_print(c.table);
    if (out_format() == FORMAT_TEXT) {
        if (c.differing)
            printf("\n%d check%s differ%s\n", c.differing, c.differing == 1 ? "" : "s", c.differing == 1 ? "s" : "");
        else
            printf("\nOK: every checksum and count matches\n");
    }
    table_free(c.table);
    free(s.group_members);
    free(s.group_solved);
    free(s.class_layouts);
    free(groups.size);
    free(groups.solved);
    free(groups.class_id);
    return c.differing ? EXIT_NOT_FOUND : EXIT_ANSWERED;
}

const struct command command_verify = {
    .name = "verify",
    .synopsis = "verify",
    .summary = "recompute and compare the database's checksums and counts",
    .help = "Reads every layouts row, recomputes layouts_crc32 and the counts stored in meta\n"
            "(layouts, solved, solvable, max_min_steps, step_pairs, classes, groups), and\n"
            "checks every group's size, solved count and members' group_index, every class's\n"
            "layout count and the depth layers against that scan.  Prints each check; says\n"
            "OK, or exits 1 when any differs.  Takes some seconds: it reads all 29,334,498\n"
            "rows and generates every step.\n",
    .run = run_verify,
};
