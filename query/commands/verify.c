/* `klotski verify`: recomputes the checksum and the counts the builder stored in meta
 * by one scan over every layouts row, checks the small tables and the member lists
 * against that scan, and has SQLite check every page's structure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classes.h"
#include "core/database/format.h"
#include "core/database/idlist.h"
#include "query/commands/command.h"
#include "core/moves.h"
#include "query/render/output.h"
#include "answer/report.h"

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
    long long *group_farthest; /* members whose farthest_steps is stored */
    /* Per group, a sum of member_mark over its members (by id and min_steps) and over
     * its peripheral and central members (by id), for the member lists to be checked
     * against once all its farthest_steps are stored. */
    uint64_t *layer_marks, *peripheral_marks, *central_marks;
    /* class_id by (jiang, bing, style), filled before the scan: core's kl_class_id
     * searches the class list, too slow for 29 million rows. */
    int class_id[MAX_JIANG + 1][MAX_BING + 1][MAX_JIANG + 1];
};

/* The groups' sizes, solved counts, classes, diameters and radii, by group_id. */
struct group_facts {
    int64_t count;              /* group_id runs 0 .. count-1 */
    long long *size, *solved;
    int *class_id;
    int *diameter, *radius;     /* DB_NULL until the base build or the farthest phase
                                   found them */
};

/* A member's mark: a mix of its id and min_steps (the splitmix64 finaliser), so that
 * the sum of a list's marks changes when any id or depth in it does, in any order. */
static uint64_t member_mark(uint32_t id, int depth)
{
    uint64_t x = (uint64_t)id << 16 ^ (uint64_t)(uint16_t)depth;
    x = (x ^ x >> 30) * 0xBF58476D1CE4E5B9u;
    x = (x ^ x >> 27) * 0x94D049BB133111EBu;
    return x ^ x >> 31;
}

static void load_groups(struct db *db, struct group_facts *g)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT max(group_id) + 1 FROM groups");
    g->count = db_step(db, stmt) ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    g->size = xcalloc((size_t)g->count, sizeof *g->size);
    g->solved = xcalloc((size_t)g->count, sizeof *g->solved);
    g->class_id = xcalloc((size_t)g->count, sizeof *g->class_id);
    g->diameter = xcalloc((size_t)g->count, sizeof *g->diameter);
    g->radius = xcalloc((size_t)g->count, sizeof *g->radius);
    stmt = db_prepare(db, "SELECT group_id, size, solved, class_id, diameter, radius FROM groups");
    while (db_step(db, stmt)) {
        int64_t id = sqlite3_column_int64(stmt, 0);
        if (id < 0 || id >= g->count)
            continue;
        g->size[id] = sqlite3_column_int64(stmt, 1);
        g->solved[id] = sqlite3_column_int64(stmt, 2);
        g->class_id[id] = sqlite3_column_int(stmt, 3);
        g->diameter[id] = (int)db_column_or_null(stmt, 4);
        g->radius[id] = (int)db_column_or_null(stmt, 5);
    }
    sqlite3_finalize(stmt);
}

/* One layouts row; its id is its rank in code order (rows - 1 once counted). */
static void scan_row(struct scan *s, const struct group_facts *g, kl_code code, int64_t group_id,
                     int64_t group_index, int min_steps, int farthest_steps, kl_code previous)
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
    uint32_t id = (uint32_t)(s->rows - 1);
    s->layer_marks[group_id] += member_mark(id, min_steps);
    if (farthest_steps == DB_NULL)
        return;
    s->group_farthest[group_id]++;
    if (farthest_steps == g->diameter[group_id])
        s->peripheral_marks[group_id] += member_mark(id, 0);
    if (farthest_steps == g->radius[group_id])
        s->central_marks[group_id] += member_mark(id, 0);
}

static void scan_layouts(struct db *db, const struct group_facts *g, struct scan *s)
{
    memset(s, 0, sizeof *s);
    s->max_min_steps = DB_NULL;
    s->group_members = xcalloc((size_t)g->count, sizeof *s->group_members);
    s->group_solved = xcalloc((size_t)g->count, sizeof *s->group_solved);
    s->class_layouts = xcalloc(KL_CLASS_COUNT, sizeof *s->class_layouts);
    s->layer_marks = xcalloc((size_t)g->count, sizeof *s->layer_marks);
    s->peripheral_marks = xcalloc((size_t)g->count, sizeof *s->peripheral_marks);
    s->central_marks = xcalloc((size_t)g->count, sizeof *s->central_marks);
    s->group_farthest = xcalloc((size_t)g->count, sizeof *s->group_farthest);
    for (int j = 0; j <= MAX_JIANG; j++)
        for (int b = 0; b <= MAX_BING; b++)
            for (int style = 0; style <= MAX_JIANG; style++)
                s->class_id[j][b][style] = kl_class_id((struct kl_class){j, b, style});
    struct kl_db_checksum sum;
    kl_db_checksum_start(&sum);
    kl_code previous = 0;
    /* The columns after KL_DB_LAYOUT_COLUMNS'. */
    enum { EXTRA_MOVES = KL_DB_LAYOUT_COLUMN_COUNT, FARTHEST_STEPS };
    sqlite3_stmt *stmt = db_prepare(db, "SELECT " KL_DB_LAYOUT_COLUMNS ", extra_moves,"
                                        " farthest_steps FROM layouts ORDER BY code");
    while (db_step(db, stmt)) {
        kl_code code = (kl_code)sqlite3_column_int64(stmt, KL_DB_LAYOUT_CODE);
        int64_t group_id = sqlite3_column_int64(stmt, KL_DB_LAYOUT_GROUP_ID);
        int64_t group_index = sqlite3_column_int64(stmt, KL_DB_LAYOUT_GROUP_INDEX);
        int min_steps = (int)db_column_or_null(stmt, KL_DB_LAYOUT_MIN_STEPS);
        kl_db_checksum_add(&sum, code, (uint32_t)group_id, (uint32_t)group_index,
                           (uint8_t)(min_steps == DB_NULL ? KL_DB_UNSOLVABLE : min_steps),
                           (uint16_t)sqlite3_column_int(stmt, KL_DB_LAYOUT_MIN_SOLUTION_NUM),
                           (uint32_t)sqlite3_column_int64(stmt, EXTRA_MOVES));
        int farthest_steps = (int)db_column_or_null(stmt, FARTHEST_STEPS);
        scan_row(s, g, code, group_id, group_index, min_steps, farthest_steps, previous);
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

/* Decodes every member list of a query's rows (group_id, depth, count, ids; depth NULL
 * for a list marked by id alone) and sums each group's marks into marks.  Returns how
 * many lists do not decode, hold a count past every layout or an id that is no
 * layout's, or name no group. */
static long long mark_lists(struct db *db, const char *sql, const struct group_facts *g,
                            uint64_t *marks)
{
    long long corrupt = 0;
    sqlite3_stmt *stmt = db_prepare(db, sql);
    while (db_step(db, stmt)) {
        int64_t group_id = sqlite3_column_int64(stmt, 0), count = sqlite3_column_int64(stmt, 2);
        int depth = (int)db_column_or_null(stmt, 1);
        if (group_id < 0 || group_id >= g->count || count < 0 || count > KL_LAYOUT_COUNT) {
            corrupt++;
            continue;
        }
        uint32_t *ids = xmalloc((size_t)count * sizeof *ids);
        if (kl_idlist_decode(sqlite3_column_blob(stmt, 3), (size_t)sqlite3_column_bytes(stmt, 3),
                             ids, (size_t)count) != 0 ||
            (count > 0 && ids[count - 1] >= KL_LAYOUT_COUNT))
            corrupt++;
        else
            for (int64_t i = 0; i < count; i++)
                marks[group_id] += member_mark(ids[i], depth);
        free(ids);
    }
    sqlite3_finalize(stmt);
    return corrupt;
}

/* One kind of group member list ("peripheral", "central") against the marks of the scan,
 * for the groups whose farthest_steps are all stored. */
static void check_extreme_lists(struct checks *c, struct db *db, const struct group_facts *g,
                                const struct scan *s, const char *kind, const uint64_t *expected)
{
    size_t n = (size_t)g->count;
    uint64_t *marks = xcalloc(n, sizeof *marks);
    char sql[160], decode[64], theirs[64];
    snprintf(sql, sizeof sql, "SELECT group_id, 0, %s_count, %s_ids FROM groups WHERE %s_ids IS NOT NULL",
             kind, kind, kind);
    long long corrupt = mark_lists(db, sql, g, marks), wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += s->group_farthest[i] == g->size[i] && marks[i] != expected[i];
    snprintf(decode, sizeof decode, "%s lists that do not decode", kind);
    snprintf(theirs, sizeof theirs, "groups whose %s list is not theirs", kind);
    check(c, decode, 0, corrupt);
    check(c, theirs, 0, wrong);
    free(marks);
}

/* Every layer holds exactly its group's members of its depth; every peripheral (central)
 * list of a group whose farthest_steps are all stored, its members whose farthest_steps
 * is the diameter (radius). */
static void check_member_lists(struct checks *c, struct db *db, const struct group_facts *g,
                               const struct scan *s)
{
    size_t n = (size_t)g->count;
    uint64_t *marks = xcalloc(n, sizeof *marks);
    long long corrupt = mark_lists(db, "SELECT group_id, depth, size, ids FROM layers", g, marks);
    long long wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += marks[i] != s->layer_marks[i];
    check(c, "layers that do not decode", 0, corrupt);
    check(c, "groups whose layers are not their members", 0, wrong);
    free(marks);
    check_extreme_lists(c, db, g, s, "peripheral", s->peripheral_marks);
    check_extreme_lists(c, db, g, s, "central", s->central_marks);
}

/* SQLite's own check of every page's structure: the problems it finds (at most 100). */
static long long page_problems(struct db *db)
{
    sqlite3_stmt *stmt = db_prepare(db, "PRAGMA quick_check(100)");
    long long problems = 0;
    while (db_step(db, stmt))
        problems += strcmp((const char *)sqlite3_column_text(stmt, 0), "ok") != 0;
    sqlite3_finalize(stmt);
    return problems;
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
    check_member_lists(&c, db, &groups, &s);
    check(&c, "pages SQLite finds damaged", 0, page_problems(db));
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
    free(s.layer_marks);
    free(s.peripheral_marks);
    free(s.central_marks);
    free(s.group_farthest);
    free(groups.size);
    free(groups.solved);
    free(groups.class_id);
    free(groups.diameter);
    free(groups.radius);
    return c.differing ? EXIT_NOT_FOUND : EXIT_ANSWERED;
}

const struct command command_verify = {
    .name = "verify",
    .synopsis = "verify",
    .summary = "recompute and compare the database's checksums and counts",
    .not_found = "the database differs from what the engine computes",
    .help = "Reads every layouts row, recomputes layouts_crc32 (over each row's code, group,\n"
            "group_index, min_steps, min_solution_num, min_straight_moves, min_unit_moves)\n"
            "and the counts stored in meta\n"
            "(layouts, solved, solvable, max_min_steps, step_pairs, classes, groups), and\n"
            "checks every group's size, solved count and members' group_index, every class's\n"
            "layout count, the depth layers and the peripheral lists (every id in them)\n"
            "against that scan, and has SQLite check every page's structure.  Prints each\n"
            "check; says OK, or exits 1 when any differs.  Takes some seconds: it reads all\n"
            "29,334,498 rows and generates every step.\n",
    .run = run_verify,
};
