/* An end-to-end check of a built database against brute force.  For every class of at
 * most SMALL_CLASS layouts, and a few larger ones, it lists the class's layouts with the
 * placer of the naive model (layout_model.h), links them with its brute-force steps,
 * finds the groups, their numbering, group_index and min_steps by plain BFS, and compares
 * all of it with the layouts, groups, layers and classes tables.  min_solution_num comes
 * from a search of its own from each layout (the solved layouts at the first distance
 * that has any): for every member of a group of up to BRUTE_GROUP layouts, and for
 * SAMPLES_PER_GROUP members spread over each larger group.  The group extremes
 * (diameter, radius, peripheral and central lists) it checks against a plain BFS from
 * every member for the groups of up to ECC_FULL_SIZE layouts, which the base build must
 * store, and, for the larger groups that the database says something of, from every
 * listed member and ECC_SAMPLES others.  The same searches give each searched member's
 * farthest_steps, farthest_num and solution_num, which the farthest phase stores: they
 * are compared with its row wherever its group is marked done (groups.farthest_done),
 * and every member of a group done must have them, every member of another none.  Each
 * group's hardest rows and its group_info row are compared too.  The classes too large
 * to rebuild are sampled: in each, its SAMPLED_GROUPS smallest groups and the one in the
 * middle of its list (those of up to SAMPLED_GROUP layouts) are rebuilt by a search from
 * their smallest code (check_sampled_group), and SAMPLED_LAYOUTS layouts spread over all
 * codes are checked step by step (check_sampled_layout): every step keeps the group and
 * changes min_steps by at most one, one step of a solvable layout that is not solved
 * brings it one closer (true of every layout, that makes min_steps the distance to
 * solved).  Nothing of core/ or builder/ takes part (only
 * the constants of core's headers; the id lists are read with zlib), so a wrong engine
 * cannot vouch for itself.
 *
 * Usage: db_crosscheck DB_PATH.  Prints what differs, a summary line and the closing line
 * "db_crosscheck: N passed, M failed" (one check per class, one per group, one for the
 * list of classes); exits 0 when everything passed, 1 when a check failed and 2 when it
 * could not run.  Built by `make check`, run by tests/e2e/e2e_crosscheck.sh. */
#define CHECKER_NAME "db_crosscheck"
#include "tests/reference/checker.h"

#include <stdarg.h>
#include <time.h>

#include <sqlite3.h>
#include <zlib.h>

/* Every class up to this size: 79 classes of every jiang, 559,302 layouts in 6,347
 * groups, 5,804 of them unsolvable.  With the two below, the whole check takes about 5 s
 * of CPU in the sanitizer build. */
#define SMALL_CLASS 30000
/* 5-4-1 holds SPEC.md's worked example 1A9BF0C00 and its tie of two 25,955-layout groups;
 * 5-4-2 holds 4FEA13400 and the deepest layouts (138 steps) of the whole database. */
static const char *const larger_classes[] = {"5-4-1", "5-4-2"};
/* min_solution_num by one search per layout: every member of the groups up to this size
 * (89,398 layouts in solvable ones), and this many members spread over each larger group
 * (31 solvable ones, of 5,344 to 81,340 layouts); about 0.6 s of CPU in all. */
#define BRUTE_GROUP 5000
#define SAMPLES_PER_GROUP 200

/* Groups checked member by member for their extremes: 9,855 groups of the classes above,
 * about 10^8 steps of search, 5 s of CPU in the normal build; the larger groups are
 * sampled. */
#define ECC_FULL_SIZE 3000
#define ECC_SAMPLES 64

/* The classes not rebuilt: per class, its groups of up to SAMPLED_GROUP layouts among
 * its SAMPLED_GROUPS smallest and the one in the middle of its list, rebuilt, and the
 * steps of SAMPLED_LAYOUTS layouts spread over the class. */
#define SAMPLED_GROUP 4000
#define SAMPLED_GROUPS 3
#define SAMPLED_LAYOUTS 12000

#define MAX_JIANG 7
#define MAX_BING 14
#define FREE_CELLS (KL_CELLS - 4) /* the cells beside the 2x2 */
#define MIN_EMPTY 2
#define CLASS_NAME_SIZE 36 /* room for any three ints: the compiler sees no truncation */
#define NAME_SIZE 48

#define NO_STEPS (-1)
#define SQL_NULL INT64_MIN /* a NULL column, and an expected NULL */

/* Failure details shown, so that a badly broken database still gives a short report. */
#define SHOWN_PER_GROUP 4
#define SHOWN_IN_ALL 60

/* ---- one class, worked out by brute force ---- */

struct group {
    kl_code min_code;
    uint32_t size, solved, hardest;
    uint32_t first;    /* its members are member[first .. first + size) */
    uint32_t found;    /* its number in the order the BFS found it */
    int32_t max_steps; /* NO_STEPS when no member is solved */
};

struct class_graph {
    int jiang, bing, style;
    char name[CLASS_NAME_SIZE];
    kl_code *code; /* the layouts, ascending */
    size_t count, room;
    size_t limit;  /* the listing gives up past this many layouts */
    uint32_t *first, *adj; /* the neighbours of i are adj[first[i] .. first[i + 1]) */
    size_t adj_room;
    int32_t *steps;          /* min_steps, or NO_STEPS */
    uint32_t *seen, *queue;  /* the per-layout searches' marks (a stamp each) and queue */
    uint32_t stamp;
    uint32_t *group, *index; /* group_num, group_index */
    uint32_t *member;        /* the layouts of each group, see struct group */
    struct group *g;         /* by group_num */
    uint32_t groups;
    size_t group_room;
};

/* Appends a layout to the class in p->context; ends the listing once the class holds
 * more than its limit. */
static bool append_layout(struct model_placer *p, kl_code code)
{
    struct class_graph *c = p->context;
    c->code = room_for(c->code, c->count, &c->room, sizeof c->code[0]);
    c->code[c->count++] = code;
    return c->count <= c->limit;
}

/* Lists the layouts of class jiang-bing-style into c->code, in ascending order, stopping
 * once there are more than `limit`. */
static void list_class(struct class_graph *c, size_t limit)
{
    c->count = 0;
    c->limit = limit;
    list_class_layouts(c->jiang, c->bing, c->style, append_layout, c);
}

static uint32_t find_code(const struct class_graph *c, kl_code code)
{
    size_t lo = code_index(c->code, c->count, code);
    if (lo == c->count) {
        char what[64];
        snprintf(what, sizeof what, "class %s, a step to %09llX", c->name,
                 (unsigned long long)code);
        die(what, "the step leaves the class (the reference model is wrong)");
    }
    return (uint32_t)lo;
}

static void link_steps(struct class_graph *c)
{
    c->first = grow(c->first, c->count + 1, sizeof c->first[0]);
    uint32_t used = 0;
    for (size_t i = 0; i < c->count; i++) {
        struct model m;
        struct model_neighbour next[MODEL_NEIGHBOURS_ROOM];
        if (!model_from_code(c->code[i], &m))
            die(c->name, "the placer made an illegal code");
        int n = model_neighbours(&m, next, MODEL_NEIGHBOURS_ROOM);
        if (n < 0)
            die(c->name, "a layout with more steps than MODEL_NEIGHBOURS_ROOM");
        if (used + (size_t)n > c->adj_room) {
            c->adj_room = 2 * (used + (size_t)n);
            c->adj = grow(c->adj, c->adj_room, sizeof c->adj[0]);
        }
        c->first[i] = used;
        for (int k = 0; k < n; k++)
            c->adj[used++] = find_code(c, next[k].code);
    }
    c->first[c->count] = used;
}

/* Breadth-first from the layouts already in queue[0 .. tail) with their steps set,
 * through unvisited layouts (steps NO_STEPS); returns the new tail. */
static size_t spread(struct class_graph *c, uint32_t *queue, size_t head, size_t tail)
{
    while (head < tail) {
        uint32_t i = queue[head++];
        for (uint32_t e = c->first[i]; e < c->first[i + 1]; e++) {
            uint32_t j = c->adj[e];
            if (c->steps[j] == NO_STEPS) {
                c->steps[j] = c->steps[i] + 1;
                queue[tail++] = j;
            }
        }
    }
    return tail;
}

static bool is_solved(kl_code code)
{
    return (code >> 32) == KL_SOLVED_KING_ADDR;
}

/* min_solution_num of layout v by a breadth-first search of its own, distance by
 * distance, until a distance holds solved layouts: their number; 0 when none is reached
 * (an unsolvable group). */
static uint32_t min_solutions_by_search(struct class_graph *c, uint32_t v)
{
    uint32_t stamp = ++c->stamp;
    size_t head = 0, tail = 0;
    c->seen[v] = stamp;
    c->queue[tail++] = v;
    while (head < tail) {
        size_t distance_end = tail;
        uint32_t solved = 0;
        for (size_t k = head; k < distance_end; k++)
            solved += is_solved(c->code[c->queue[k]]);
        if (solved)
            return solved;
        for (; head < distance_end; head++)
            for (uint32_t e = c->first[c->queue[head]]; e < c->first[c->queue[head] + 1]; e++)
                if (c->seen[c->adj[e]] != stamp) {
                    c->seen[c->adj[e]] = stamp;
                    c->queue[tail++] = c->adj[e];
                }
    }
    return 0;
}

/* Whether min_solution_num of layout i is checked: every member of a small group, an
 * evenly spread sample of a larger one. */
static bool searched(const struct class_graph *c, size_t i)
{
    uint32_t size = c->g[c->group[i]].size;
    return size <= BRUTE_GROUP || c->index[i] % ((size + SAMPLES_PER_GROUP - 1) / SAMPLES_PER_GROUP) == 0;
}

static int by_size_then_min_code(const void *a, const void *b)
{
    const struct group *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return (x->min_code > y->min_code) - (x->min_code < y->min_code);
}

/* The groups of SPEC.md by BFS, numbered and with their members; then min_steps by one
 * BFS from every solved layout at once, each reaching only its own group. */
static void solve_class(struct class_graph *c)
{
    size_t n = c->count;
    c->steps = grow(c->steps, n, sizeof c->steps[0]);
    c->group = grow(c->group, n, sizeof c->group[0]);
    c->index = grow(c->index, n, sizeof c->index[0]);
    c->member = grow(c->member, n, sizeof c->member[0]);
    uint32_t *queue = grow(NULL, n, sizeof queue[0]);
    uint32_t *found = grow(NULL, n, sizeof found[0]);

    /* A component reached from its first unvisited layout in code order starts at its
     * smallest code.  steps only marks "visited" in this pass. */
    for (size_t i = 0; i < n; i++)
        c->steps[i] = NO_STEPS;
    c->groups = 0;
    for (size_t i = 0; i < n; i++) {
        if (c->steps[i] != NO_STEPS)
            continue;
        c->steps[i] = 0;
        queue[0] = (uint32_t)i;
        size_t size = spread(c, queue, 0, 1);
        c->g = room_for(c->g, c->groups, &c->group_room, sizeof c->g[0]);
        c->g[c->groups] = (struct group){.min_code = c->code[i], .size = (uint32_t)size,
                                         .found = c->groups, .max_steps = NO_STEPS};
        for (size_t k = 0; k < size; k++)
            found[queue[k]] = c->groups;
        c->groups++;
    }
    qsort(c->g, c->groups, sizeof c->g[0], by_size_then_min_code);
    uint32_t *number = grow(NULL, c->groups, sizeof number[0]);
    uint32_t *filled = grow(NULL, c->groups, sizeof filled[0]);
    for (uint32_t k = 0, start = 0; k < c->groups; start += c->g[k++].size) {
        number[c->g[k].found] = k;
        c->g[k].first = start;
        filled[k] = 0;
    }
    /* In code order, so a member's place in its group's list is its group_index. */
    for (size_t i = 0; i < n; i++) {
        uint32_t k = c->group[i] = number[found[i]];
        c->index[i] = filled[k]++;
        c->member[c->g[k].first + c->index[i]] = (uint32_t)i;
    }

    size_t tail = 0;
    for (size_t i = 0; i < n; i++) {
        bool solved = is_solved(c->code[i]);
        c->steps[i] = solved ? 0 : NO_STEPS;
        if (solved)
            queue[tail++] = (uint32_t)i;
    }
    spread(c, queue, 0, tail);
    for (size_t i = 0; i < n; i++) {
        struct group *g = &c->g[c->group[i]];
        int32_t s = c->steps[i];
        g->solved += s == 0;
        if (s > g->max_steps) {
            g->max_steps = s;
            g->hardest = 0;
        }
        g->hardest += s == g->max_steps && s != NO_STEPS;
    }
    free(filled);
    free(number);
    free(found);
    free(queue);
}

/* ---- the database ---- */

/* A row of the hardest table. */
struct hardest_row {
    int64_t group_id, code, steps;
};

struct db {
    sqlite3 *h;
    /* The whole hardest table, by group_id then code: it has no index on group_id, and
     * is small. */
    struct hardest_row *hardest_rows;
    size_t hardest_count;
    sqlite3_stmt *class_row, *class_list, *groups_of_class, *layers, *layout;
    sqlite3_stmt *extremes, *layer_ids, *group_info, *layout_from;
};

struct db_group {
    int64_t group_id, group_num, size, min_code, solved, max_steps, hardest, farthest_done;
    char name[NAME_SIZE];
};

static sqlite3_stmt *prepare(struct db *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
        die(sql, sqlite3_errmsg(db->h));
    return st;
}

static void open_db(struct db *db, const char *path)
{
    if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
        die(path, db->h ? sqlite3_errmsg(db->h) : "cannot open");
    /* The layouts are looked up one by one.  One read transaction for all of them spares
     * SQLite taking a file lock and checking the file for changes at every lookup, and
     * mapping the file spares a read call per page. */
    sqlite3_exec(db->h, "PRAGMA mmap_size = 1073741824", NULL, NULL, NULL);
    if (sqlite3_exec(db->h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        die(path, sqlite3_errmsg(db->h));
    db->class_row = prepare(db, "SELECT class_id, jiang, bing, style, layouts, groups, "
                                "solved, solvable, max_min_steps FROM classes WHERE name = ?1");
    db->class_list = prepare(db, "SELECT name, jiang, bing, style, layouts FROM classes");
    db->groups_of_class = prepare(db, "SELECT group_id, group_num, size, min_code, solved, "
                                      "max_min_steps, hardest_count, name, farthest_done "
                                      "FROM groups WHERE class_id = ?1 ORDER BY name");
    db->layers = prepare(db, "SELECT depth, size FROM layers WHERE group_id = ?1 "
                             "ORDER BY depth");
    db->layout = prepare(db, "SELECT group_id, group_index, min_steps, min_solution_num, "
                             "farthest_steps, farthest_num, solution_num "
                             "FROM layouts WHERE code = ?1");
    db->layout_from = prepare(db, "SELECT code FROM layouts WHERE code >= ?1 ORDER BY code LIMIT 1");
    db->group_info = prepare(db, "SELECT name, class, group_num, size, min_code_hex, solvable, "
                                 "solved, max_min_steps, hardest_count FROM group_info "
                                 "WHERE group_id = ?1");
    db->extremes = prepare(db, "SELECT diameter, radius, peripheral_count, peripheral_ids, "
                               "central_count, central_ids FROM groups WHERE group_id = ?1");
    db->layer_ids = prepare(db, "SELECT size, ids FROM layers WHERE group_id = ?1");
}

static void close_db(struct db *db)
{
    sqlite3_finalize(db->class_row);
    sqlite3_finalize(db->class_list);
    sqlite3_finalize(db->groups_of_class);
    sqlite3_finalize(db->layers);
    sqlite3_finalize(db->layout);
    sqlite3_finalize(db->extremes);
    sqlite3_finalize(db->layer_ids);
    free(db->hardest_rows);
    sqlite3_finalize(db->group_info);
    sqlite3_finalize(db->layout_from);
    sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db->h);
}

/* Steps a statement; true for a row, false when done, and dies on an error. */
static bool next_row(struct db *db, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        die(sqlite3_sql(st), sqlite3_errmsg(db->h));
    return false;
}

static int64_t column(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? SQL_NULL : sqlite3_column_int64(st, i);
}

/* Reads the whole hardest table into db->hardest_rows. */
static void load_hardest(struct db *db)
{
    sqlite3_stmt *st = prepare(db, "SELECT group_id, code, min_steps FROM hardest "
                                   "ORDER BY group_id, code");
    size_t room = 0;
    db->hardest_rows = NULL;
    db->hardest_count = 0;
    while (next_row(db, st)) {
        db->hardest_rows = room_for(db->hardest_rows, db->hardest_count, &room,
                                    sizeof db->hardest_rows[0]);
        db->hardest_rows[db->hardest_count++] =
            (struct hardest_row){column(st, 0), column(st, 1), column(st, 2)};
    }
    sqlite3_finalize(st);
}

static int64_t steps_or_null(int32_t steps)
{
    return steps == NO_STEPS ? SQL_NULL : steps;
}

static int by_group_id(const void *a, const void *b)
{
    int64_t x = (*(const struct db_group *const *)a)->group_id;
    int64_t y = (*(const struct db_group *const *)b)->group_id;
    return (x > y) - (x < y);
}

/* ---- reporting ---- */

struct report {
    int passed, failed;
    int shown;
};

static const char *show(int64_t v, char buf[24])
{
    if (v == SQL_NULL)
        return "NULL";
    snprintf(buf, 24, "%lld", (long long)v);
    return buf;
}

/* Prints one FAIL line unless enough have been shown for `subject` (its counter *here)
 * or overall. */
static void fail_line(struct report *r, int *here, const char *subject, const char *fmt, ...)
{
    if (*here >= SHOWN_PER_GROUP || r->shown >= SHOWN_IN_ALL)
        return;
    (*here)++;
    if (++r->shown == SHOWN_IN_ALL) {
        printf("FAIL ... (more differences not shown)\n");
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %s: ", subject);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

/* Compares one number; false (and a FAIL line) when it differs. */
static bool same(struct report *r, int *here, const char *subject, const char *field,
                 int64_t want, int64_t got)
{
    if (want == got)
        return true;
    char a[24], b[24];
    fail_line(r, here, subject, "%s %s, database %s", field, show(want, a), show(got, b));
    return false;
}

/* The same for a code, which says something only in hex. */
static bool same_code(struct report *r, int *here, const char *subject, const char *field,
                      kl_code want, int64_t got)
{
    if ((int64_t)want == got)
        return true;
    fail_line(r, here, subject, "%s %09llX, database %09llX", field,
              (unsigned long long)want, (unsigned long long)got);
    return false;
}

static void count(struct report *r, bool ok)
{
    if (ok)
        r->passed++;
    else
        r->failed++;
}

/* ---- the comparison ---- */

/* The database's groups of one class. */
struct class_rows {
    struct db_group *row;    /* by name */
    struct db_group **by_id; /* the same, by group_id */
    size_t count, room;
    int64_t *id_of;          /* group_id of the row named for each group_num, or SQL_NULL */
    bool *done_of;           /* whether that row is marked done by the farthest phase */
};

static void load_groups(struct db *db, int64_t class_id, struct class_rows *rows)
{
    sqlite3_stmt *st = db->groups_of_class;
    sqlite3_bind_int64(st, 1, class_id);
    rows->count = 0;
    while (next_row(db, st)) {
        rows->row = room_for(rows->row, rows->count, &rows->room, sizeof rows->row[0]);
        struct db_group *g = &rows->row[rows->count++];
        g->group_id = column(st, 0);
        g->group_num = column(st, 1);
        g->size = column(st, 2);
        g->min_code = column(st, 3);
        g->solved = column(st, 4);
        g->max_steps = column(st, 5);
        g->hardest = column(st, 6);
        snprintf(g->name, sizeof g->name, "%s", (const char *)sqlite3_column_text(st, 7));
        g->farthest_done = column(st, 8);
    }
    sqlite3_reset(st);
    rows->by_id = grow(rows->by_id, rows->count, sizeof rows->by_id[0]);
    for (size_t i = 0; i < rows->count; i++)
        rows->by_id[i] = &rows->row[i];
    qsort(rows->by_id, rows->count, sizeof rows->by_id[0], by_group_id);
}

static const struct db_group *group_by_name(const struct class_rows *rows, const char *name)
{
    for (size_t lo = 0, hi = rows->count; lo < hi;) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = strcmp(rows->row[mid].name, name);
        if (cmp == 0)
            return &rows->row[mid];
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static const struct db_group *group_by_id(const struct class_rows *rows, int64_t group_id)
{
    if (rows->count == 0) /* by_id may be NULL then, which bsearch must not see */
        return NULL;
    struct db_group key = {.group_id = group_id}, *key_p = &key;
    struct db_group **hit =
        bsearch(&key_p, rows->by_id, rows->count, sizeof rows->by_id[0], by_group_id);
    return hit ? *hit : NULL;
}

static void group_name(const struct class_graph *c, uint32_t k, char name[NAME_SIZE])
{
    snprintf(name, NAME_SIZE, "%s-%u", c->name, k);
}

/* The class row; sets *class_id, SQL_NULL when there is none. */
static bool check_class_row(struct db *db, struct report *r, const struct class_graph *c,
                            int64_t *class_id)
{
    sqlite3_stmt *st = db->class_row;
    sqlite3_bind_text(st, 1, c->name, -1, SQLITE_STATIC);
    int here = 0;
    *class_id = SQL_NULL;
    if (!next_row(db, st)) {
        fail_line(r, &here, c->name, "no row in classes");
        sqlite3_reset(st);
        return false;
    }
    uint64_t solved = 0, solvable = 0;
    int32_t max_steps = NO_STEPS;
    for (uint32_t k = 0; k < c->groups; k++) {
        solved += c->g[k].solved;
        solvable += c->g[k].solved ? c->g[k].size : 0;
        if (c->g[k].max_steps > max_steps)
            max_steps = c->g[k].max_steps;
    }
    *class_id = column(st, 0);
    bool ok = same(r, &here, c->name, "jiang", c->jiang, column(st, 1));
    ok &= same(r, &here, c->name, "bing", c->bing, column(st, 2));
    ok &= same(r, &here, c->name, "style", c->style, column(st, 3));
    ok &= same(r, &here, c->name, "layouts", (int64_t)c->count, column(st, 4));
    ok &= same(r, &here, c->name, "groups", c->groups, column(st, 5));
    ok &= same(r, &here, c->name, "solved", (int64_t)solved, column(st, 6));
    ok &= same(r, &here, c->name, "solvable", (int64_t)solvable, column(st, 7));
    ok &= same(r, &here, c->name, "max_min_steps", steps_or_null(max_steps), column(st, 8));
    sqlite3_reset(st);
    return ok;
}

/* Working memory of the extremes checks, for the groups of one class. */
struct ecc_scratch {
    int32_t *distance; /* per class layout: NO_STEPS between searches */
    uint32_t *queue;   /* per class layout */
    bool farthest;     /* whether the searches also count farthest_num and solution_num
                        * (when a group of the class is done by the farthest phase) */
    bool *passed;      /* per class layout: some shortest path from the search's source
                        * to it passes a solved layout */
    /* Per class layout, what a search from it found: farthest_steps (NO_STEPS when not
     * searched), farthest_num and solution_num (0 in an unsolvable group). */
    int32_t *far_steps;
    uint32_t *far_num, *solutions;
    uint32_t *ids;     /* the group's layout ids, ascending: by group_index */
    int32_t *ecc;      /* by group_index: the eccentricity, NO_STEPS when not searched */
    uint32_t *peripheral, *central; /* the listed members' group_index, ascending */
};

/* What check_layouts compared, for the summary. */
struct layout_totals {
    size_t min_solution_searches; /* layouts whose min_solution_num was searched for */
    size_t farthest_checked;      /* layouts of groups done whose farthest columns were */
};

/* The farthest columns of layout i's row (farthest_steps, farthest_num, solution_num at
 * column `first` on) against the searches: all NULL unless its group is done; all there
 * (solution_num NULL exactly when unsolvable) when it is, and the searched values. */
static bool farthest_columns_agree(struct report *r, int *here, const char *subject,
                                   const struct class_graph *c, const struct ecc_scratch *s,
                                   size_t i, bool done, sqlite3_stmt *st, int first,
                                   size_t *checked)
{
    int64_t steps = column(st, first), num = column(st, first + 1), solutions = column(st, first + 2);
    if (!done)
        return same(r, here, subject, "farthest_steps of a group not done", SQL_NULL, steps) &&
               same(r, here, subject, "farthest_num of a group not done", SQL_NULL, num) &&
               same(r, here, subject, "solution_num of a group not done", SQL_NULL, solutions);
    bool solvable = c->steps[i] != NO_STEPS;
    if (steps == SQL_NULL || num == SQL_NULL || (solutions == SQL_NULL) == solvable) {
        fail_line(r, here, subject, "farthest columns %s of a group done",
                  steps == SQL_NULL || num == SQL_NULL ? "missing" : "solution_num NULL-ness wrong");
        return false;
    }
    if (s->far_steps[i] == NO_STEPS)
        return true;
    (*checked)++;
    return same(r, here, subject, "farthest_steps", s->far_steps[i], steps) &&
           same(r, here, subject, "farthest_num", s->far_num[i], num) &&
           same(r, here, subject, "solution_num", solvable ? s->solutions[i] : SQL_NULL, solutions);
}

/* Every layout's row, in code order so that SQLite walks the table front to back; marks
 * the groups with a member that differs. */
static void check_layouts(struct db *db, struct report *r, struct class_graph *c,
                          const struct class_rows *rows, const struct ecc_scratch *s, bool *bad,
                          int *shown, struct layout_totals *t)
{
    sqlite3_stmt *st = db->layout;
    for (size_t i = 0; i < c->count; i++) {
        uint32_t k = c->group[i];
        sqlite3_bind_int64(st, 1, (sqlite3_int64)c->code[i]);
        bool found = next_row(db, st);
        int64_t group_id = found ? column(st, 0) : SQL_NULL;
        int64_t index = found ? column(st, 1) : SQL_NULL;
        int64_t steps = found ? column(st, 2) : SQL_NULL;
        int64_t min_solutions = found ? column(st, 3) : SQL_NULL;
        char want[NAME_SIZE], subject[NAME_SIZE + 16];
        group_name(c, k, want);
        snprintf(subject, sizeof subject, "%s %09llX", want, (unsigned long long)c->code[i]);
        if (found && !farthest_columns_agree(r, &shown[k], subject, c, s, i, rows->done_of[k],
                                             st, 4, &t->farthest_checked))
            bad[k] = true;
        sqlite3_reset(st);
        /* Unsolvable: NULL.  Unsearched: whatever the row holds, so no difference. */
        int64_t expected = min_solutions;
        if (c->steps[i] == NO_STEPS)
            expected = SQL_NULL;
        else if (searched(c, i)) {
            expected = min_solutions_by_search(c, (uint32_t)i);
            t->min_solution_searches++;
        }
        bool in_group = group_id == rows->id_of[k] && group_id != SQL_NULL;
        if (found && in_group && index == c->index[i] &&
            steps == steps_or_null(c->steps[i]) && min_solutions == expected)
            continue;
        bad[k] = true;
        if (!found) {
            fail_line(r, &shown[k], subject, "no row in layouts");
            continue;
        }
        if (!in_group) {
            const struct db_group *g = group_by_id(rows, group_id);
            fail_line(r, &shown[k], subject, "database group %s",
                      g ? g->name : "not of this class");
        }
        same(r, &shown[k], subject, "group_index", c->index[i], index);
        same(r, &shown[k], subject, "min_steps", steps_or_null(c->steps[i]), steps);
        same(r, &shown[k], subject, "min_solution_num", expected, min_solutions);
    }
}

/* The group's layers rows: one per depth 0..max_min_steps with its member count, or one
 * NULL row holding every member of an unsolvable group. */
static bool check_layers(struct db *db, struct report *r, int *here, const char *subject,
                         const struct class_graph *c, const struct group *g,
                         int64_t group_id, uint32_t *histogram)
{
    bool solvable = g->max_steps != NO_STEPS;
    int32_t rows = solvable ? g->max_steps + 1 : 1;
    memset(histogram, 0, (size_t)rows * sizeof histogram[0]);
    for (uint32_t m = g->first; m < g->first + g->size; m++) {
        int32_t s = c->steps[c->member[m]];
        histogram[solvable ? s : 0]++;
    }
    sqlite3_stmt *st = db->layers;
    sqlite3_bind_int64(st, 1, group_id);
    bool ok = true;
    int32_t d = 0;
    for (; ok && next_row(db, st); d++) {
        char depth[32], size[32];
        if (d == rows) {
            fail_line(r, here, subject, "more than %d layers rows", (int)rows);
            ok = false;
            break;
        }
        snprintf(depth, sizeof depth, "layers[%d].depth", (int)d);
        snprintf(size, sizeof size, "layers[%d].size", (int)d);
        ok = same(r, here, subject, depth, solvable ? d : SQL_NULL, column(st, 0)) &&
             same(r, here, subject, size, histogram[d], column(st, 1));
    }
    sqlite3_reset(st);
    if (ok && d < rows) {
        fail_line(r, here, subject, "%d layers rows, expected %d", (int)d, (int)rows);
        ok = false;
    }
    return ok;
}

/* ---- the group extremes ---- */


/* What the extremes checks covered, for the summary. */
struct ecc_totals {
    size_t full, sampled, searches;
};

/* Reads an "id list v1" (schema/tables.sql: zlib over LEB128 varints of the first id,
 * then the gap to each next id) of `count` ids into ids; false when it is not one. */
static bool read_id_list(const void *blob, int bytes, int64_t count, uint32_t *ids)
{
    if (!blob || count < 1)
        return false;
    uLongf plain_size = (uLongf)count * 5 + 1;
    unsigned char *plain = grow(NULL, plain_size, 1);
    bool ok = uncompress(plain, &plain_size, blob, (uLong)bytes) == Z_OK;
    int64_t listed = 0;
    uint64_t value = 0, previous = 0;
    int shift = 0;
    for (uLongf i = 0; ok && i < plain_size; i++) {
        value |= (uint64_t)(plain[i] & 0x7f) << shift;
        shift += 7;
        if (plain[i] & 0x80) {
            ok = shift < 35;
            continue;
        }
        uint64_t id = listed == 0 ? value : previous + value;
        ok = listed < count && id <= UINT32_MAX && (listed == 0 || value > 0);
        ids[listed++ % count] = (uint32_t)id;
        previous = id;
        value = 0;
        shift = 0;
    }
    ok = ok && shift == 0 && listed == count;
    free(plain);
    return ok;
}

/* The eccentricity of class layout `from`, its largest distance to a member of its
 * group, by plain BFS; leaves s->distance as it found it. */
static int32_t plain_eccentricity(const struct class_graph *c, uint32_t from, struct ecc_scratch *s)
{
    size_t head = 0, tail = 0;
    s->distance[from] = 0;
    s->queue[tail++] = from;
    while (head < tail) {
        uint32_t i = s->queue[head++];
        for (uint32_t e = c->first[i]; e < c->first[i + 1]; e++) {
            uint32_t j = c->adj[e];
            if (s->distance[j] == NO_STEPS) {
                s->distance[j] = s->distance[i] + 1;
                s->queue[tail++] = j;
            }
        }
    }
    int32_t farthest = s->distance[s->queue[tail - 1]];
    for (size_t k = 0; k < tail; k++)
        s->distance[s->queue[k]] = NO_STEPS;
    return farthest;
}

/* The same, and when the class has groups done by the farthest phase, records it, the number of members at that distance and the
 * solutions of `from` (SPEC.md: the solved layouts S such that no shortest path from it
 * to S passes another solved layout) in s; leaves s->distance as it found it.  The
 * search goes distance by distance, so every shortest path into a layout has been seen
 * by the time it is taken from the queue. */
static int32_t eccentricity(const struct class_graph *c, uint32_t from, struct ecc_scratch *s)
{
    if (!s->farthest)
        return plain_eccentricity(c, from, s);
    size_t head = 0, tail = 0;
    uint32_t solutions = 0;
    s->distance[from] = 0;
    s->passed[from] = false;
    s->queue[tail++] = from;
    while (head < tail) {
        uint32_t i = s->queue[head++];
        bool solved = is_solved(c->code[i]);
        solutions += solved && !s->passed[i];
        bool passes = solved || s->passed[i];
        for (uint32_t e = c->first[i]; e < c->first[i + 1]; e++) {
            uint32_t j = c->adj[e];
            if (s->distance[j] == NO_STEPS) {
                s->distance[j] = s->distance[i] + 1;
                s->passed[j] = passes;
                s->queue[tail++] = j;
            } else if (s->distance[j] == s->distance[i] + 1) {
                s->passed[j] |= passes;
            }
        }
    }
    int32_t farthest = s->distance[s->queue[tail - 1]];
    uint32_t at_farthest = 0;
    for (size_t k = 0; k < tail; k++) {
        at_farthest += s->distance[s->queue[k]] == farthest;
        s->distance[s->queue[k]] = NO_STEPS;
    }
    s->far_steps[from] = farthest;
    s->far_num[from] = at_farthest;
    s->solutions[from] = solutions;
    return farthest;
}

static int ascending_ids(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The group's layout ids from its layers rows into s->ids, ascending; false when they
 * are not its size's worth. */
static bool read_member_ids(struct db *db, const struct group *g, int64_t group_id,
                            struct ecc_scratch *s)
{
    sqlite3_stmt *st = db->layer_ids;
    sqlite3_bind_int64(st, 1, group_id);
    int64_t read = 0;
    bool ok = true;
    while (ok && next_row(db, st)) {
        int64_t size = column(st, 0);
        ok = size >= 1 && read + size <= g->size &&
             read_id_list(sqlite3_column_blob(st, 1), sqlite3_column_bytes(st, 1), size,
                          s->ids + read);
        read += ok ? size : 0;
    }
    sqlite3_reset(st);
    qsort(s->ids, (size_t)read, sizeof s->ids[0], ascending_ids);
    return ok && read == g->size;
}

/* Turns `count` listed ids (in place) into group_index values, ascending; false when
 * one is not a member. */
static bool ids_to_indexes(const struct group *g, const struct ecc_scratch *s, uint32_t *list,
                           int64_t count)
{
    for (int64_t i = 0; i < count; i++) {
        uint32_t *hit = bsearch(&list[i], s->ids, g->size, sizeof s->ids[0], ascending_ids);
        if (!hit)
            return false;
        list[i] = (uint32_t)(hit - s->ids);
    }
    return true;
}

static bool listed(const uint32_t *list, int64_t count, uint32_t k)
{
    return bsearch(&k, list, (size_t)count, sizeof list[0], ascending_ids) != NULL;
}

/* Searches from group member k (group_index) unless done already. */
static int32_t member_ecc(const struct class_graph *c, const struct group *g, uint32_t k,
                          struct ecc_scratch *s, struct ecc_totals *t)
{
    if (s->ecc[k] == NO_STEPS) {
        s->ecc[k] = eccentricity(c, c->member[g->first + k], s);
        t->searches++;
    }
    return s->ecc[k];
}

/* The group's extremes against plain BFS: from every member of a group of up to
 * ECC_FULL_SIZE layouts (which must have them stored), else, when stored, from every
 * listed member and ECC_SAMPLES members spread over the group. */
static bool check_extremes(struct db *db, struct report *r, int *here, const char *subject,
                           const struct class_graph *c, const struct group *g,
                           int64_t group_id, struct ecc_scratch *s, struct ecc_totals *t)
{
    sqlite3_stmt *st = db->extremes;
    sqlite3_bind_int64(st, 1, group_id);
    if (!next_row(db, st)) {
        sqlite3_reset(st);
        return true; /* check_group reported the missing row */
    }
    int64_t diameter = column(st, 0), radius = column(st, 1);
    int64_t peripheral_count = column(st, 2), central_count = column(st, 4);
    bool full = g->size <= ECC_FULL_SIZE;
    if (diameter == SQL_NULL) {
        bool all_null = radius == SQL_NULL && peripheral_count == SQL_NULL &&
                        central_count == SQL_NULL && column(st, 3) == SQL_NULL &&
                        column(st, 5) == SQL_NULL;
        sqlite3_reset(st);
        if (!all_null)
            fail_line(r, here, subject, "diameter NULL but other extremes stored");
        if (full)
            fail_line(r, here, subject, "extremes not stored by the base build");
        return all_null && !full;
    }
    bool ok = peripheral_count >= 1 && peripheral_count <= g->size && central_count >= 1 &&
              central_count <= g->size;
    if (ok) {
        ok = read_id_list(sqlite3_column_blob(st, 3), sqlite3_column_bytes(st, 3),
                          peripheral_count, s->peripheral) &&
             read_id_list(sqlite3_column_blob(st, 5), sqlite3_column_bytes(st, 5),
                          central_count, s->central);
    }
    sqlite3_reset(st);
    if (!ok) {
        fail_line(r, here, subject, "peripheral or central list does not decode");
        return false;
    }
    if (!read_member_ids(db, g, group_id, s) ||
        !ids_to_indexes(g, s, s->peripheral, peripheral_count) ||
        !ids_to_indexes(g, s, s->central, central_count)) {
        fail_line(r, here, subject, "peripheral or central list holds a non-member");
        return false;
    }
    for (uint32_t k = 0; k < g->size; k++)
        s->ecc[k] = NO_STEPS;
    int32_t high = 0, low = INT32_MAX;
    int64_t at_high = 0, at_low = 0;
    for (uint32_t k = 0; full && k < g->size; k++) {
        int32_t e = member_ecc(c, g, k, s, t);
        at_high = e > high ? 0 : at_high;
        at_low = e < low ? 0 : at_low;
        high = e > high ? e : high;
        low = e < low ? e : low;
        at_high += e == high;
        at_low += e == low;
    }
    if (full) {
        t->full++;
        ok = same(r, here, subject, "diameter", high, diameter) &&
             same(r, here, subject, "radius", low, radius) &&
             same(r, here, subject, "peripheral_count", at_high, peripheral_count) &&
             same(r, here, subject, "central_count", at_low, central_count);
    } else {
        t->sampled++;
        for (uint32_t i = 0; i < ECC_SAMPLES; i++)
            member_ecc(c, g, (uint32_t)((uint64_t)i * g->size / ECC_SAMPLES), s, t);
    }
    /* Every listed member is at the listed distance; every member searched at the
     * diameter or the radius is listed (with the counts above: the lists are exact). */
    for (int64_t i = 0; ok && i < peripheral_count; i++)
        ok = same(r, here, subject, "a peripheral member's farthest_steps", diameter,
                  member_ecc(c, g, s->peripheral[i], s, t));
    for (int64_t i = 0; ok && i < central_count; i++)
        ok = same(r, here, subject, "a central member's farthest_steps", radius,
                  member_ecc(c, g, s->central[i], s, t));
    for (uint32_t k = 0; ok && k < g->size; k++) {
        int32_t e = s->ecc[k];
        if (e == NO_STEPS)
            continue;
        ok = e >= radius && e <= diameter &&
             (e != diameter || listed(s->peripheral, peripheral_count, k)) &&
             (e != radius || listed(s->central, central_count, k));
        if (!ok)
            fail_line(r, here, subject, "member %09llX at farthest_steps %d is not listed right",
                      (unsigned long long)c->code[c->member[g->first + k]], (int)e);
    }
    return ok;
}

/* The group's rows of the hardest table: its members at max_min_steps, in code order,
 * none for an unsolvable group. */
static bool check_hardest(struct db *db, struct report *r, int *here, const char *subject,
                          const struct class_graph *c, const struct group *g, int64_t group_id)
{
    size_t h = 0, hi = db->hardest_count;
    while (h < hi) {
        size_t mid = h + (hi - h) / 2;
        if (db->hardest_rows[mid].group_id < group_id)
            h = mid + 1;
        else
            hi = mid;
    }
    bool ok = true;
    uint32_t m = g->first, end = g->first + g->size;
    for (; ok && h < db->hardest_count && db->hardest_rows[h].group_id == group_id; h++) {
        const struct hardest_row *row = &db->hardest_rows[h];
        while (m < end && (g->max_steps == NO_STEPS || c->steps[c->member[m]] != g->max_steps))
            m++;
        if (m == end) {
            fail_line(r, here, subject, "hardest: a row for %09llX, not one of its hardest",
                      (unsigned long long)row->code);
            ok = false;
            break;
        }
        ok = same_code(r, here, subject, "hardest.code", c->code[c->member[m]], (kl_code)row->code) &&
             same(r, here, subject, "hardest.min_steps", g->max_steps, row->steps);
        m++;
    }
    while (ok && m < end && g->max_steps != NO_STEPS) {
        if (c->steps[c->member[m]] == g->max_steps) {
            fail_line(r, here, subject, "hardest: no row for %09llX",
                      (unsigned long long)c->code[c->member[m]]);
            ok = false;
        }
        m++;
    }
    return ok;
}

/* The group's row of the group_info view (schema/finish.sql, README.md). */
static bool check_group_info(struct db *db, struct report *r, int *here, const char *name,
                             const struct class_graph *c, uint32_t k, int64_t group_id)
{
    const struct group *g = &c->g[k];
    sqlite3_stmt *st = db->group_info;
    sqlite3_bind_int64(st, 1, group_id);
    if (!next_row(db, st)) {
        sqlite3_reset(st);
        fail_line(r, here, name, "no row in group_info");
        return false;
    }
    char min_code[16];
    snprintf(min_code, sizeof min_code, "%09llX", (unsigned long long)g->min_code);
    const char *got_name = (const char *)sqlite3_column_text(st, 0);
    const char *got_class = (const char *)sqlite3_column_text(st, 1);
    const char *got_min_code = (const char *)sqlite3_column_text(st, 4);
    bool ok = got_name && strcmp(got_name, name) == 0 && got_class &&
              strcmp(got_class, c->name) == 0 && got_min_code &&
              strcmp(got_min_code, min_code) == 0;
    if (!ok)
        fail_line(r, here, name, "group_info: name %s, class %s, min_code_hex %s",
                  got_name ? got_name : "NULL", got_class ? got_class : "NULL",
                  got_min_code ? got_min_code : "NULL");
    ok = ok && same(r, here, name, "group_info.group_num", k, column(st, 2)) &&
         same(r, here, name, "group_info.size", g->size, column(st, 3)) &&
         same(r, here, name, "group_info.solvable", g->solved > 0, column(st, 5)) &&
         same(r, here, name, "group_info.solved", g->solved, column(st, 6)) &&
         same(r, here, name, "group_info.max_min_steps", steps_or_null(g->max_steps),
              column(st, 7)) &&
         same(r, here, name, "group_info.hardest_count",
              g->max_steps == NO_STEPS ? SQL_NULL : g->hardest, column(st, 8));
    sqlite3_reset(st);
    return ok;
}

static bool check_group(struct db *db, struct report *r, const struct class_graph *c,
                        const struct class_rows *rows, uint32_t k, int *here,
                        uint32_t *histogram, struct ecc_scratch *s, struct ecc_totals *t)
{
    const struct group *g = &c->g[k];
    char name[NAME_SIZE];
    group_name(c, k, name);
    const struct db_group *row = group_by_name(rows, name);
    if (!row) {
        fail_line(r, here, name, "no row in groups for class %s", c->name);
        return false;
    }
    bool ok = same(r, here, name, "group_num", k, row->group_num);
    ok &= same(r, here, name, "size", g->size, row->size);
    ok &= same_code(r, here, name, "min_code", g->min_code, row->min_code);
    ok &= same(r, here, name, "solved", g->solved, row->solved);
    ok &= same(r, here, name, "max_min_steps", steps_or_null(g->max_steps), row->max_steps);
    ok &= same(r, here, name, "hardest_count",
               g->max_steps == NO_STEPS ? SQL_NULL : g->hardest, row->hardest);
    ok &= check_extremes(db, r, here, name, c, g, row->group_id, s, t);
    ok &= check_hardest(db, r, here, name, c, g, row->group_id);
    ok &= check_group_info(db, r, here, name, c, k, row->group_id);
    return check_layers(db, r, here, name, c, g, row->group_id, histogram) && ok;
}

/* One check for the class row and its number of group rows, one per group for the group
 * row, its layers and its members' rows. */
static void check_class(struct db *db, struct report *r, struct class_graph *c,
                        struct class_rows *rows, struct ecc_totals *t, struct layout_totals *lt)
{
    int64_t class_id;
    bool class_ok = check_class_row(db, r, c, &class_id);
    rows->count = 0;
    if (class_id != SQL_NULL)
        load_groups(db, class_id, rows);
    int here = 0;
    class_ok &= same(r, &here, c->name, "rows in groups", c->groups, (int64_t)rows->count);
    count(r, class_ok);

    rows->id_of = grow(rows->id_of, c->groups, sizeof rows->id_of[0]);
    rows->done_of = grow(rows->done_of, c->groups, sizeof rows->done_of[0]);
    int32_t deepest = 0;
    for (uint32_t k = 0; k < c->groups; k++) {
        char name[NAME_SIZE];
        group_name(c, k, name);
        const struct db_group *row = group_by_name(rows, name);
        rows->id_of[k] = row ? row->group_id : SQL_NULL;
        rows->done_of[k] = row && row->farthest_done != SQL_NULL;
        deepest = c->g[k].max_steps > deepest ? c->g[k].max_steps : deepest;
    }
    bool *bad = calloc(c->groups, sizeof *bad);
    int *shown = calloc(c->groups, sizeof *shown);
    uint32_t *histogram = grow(NULL, (size_t)deepest + 1, sizeof *histogram);
    if (!bad || !shown)
        die("memory", "out of memory");
    struct ecc_scratch s = {
        .distance = grow(NULL, c->count, sizeof *s.distance),
        .queue = grow(NULL, c->count, sizeof *s.queue),
        .ids = grow(NULL, c->count, sizeof *s.ids),
        .ecc = grow(NULL, c->count, sizeof *s.ecc),
        .peripheral = grow(NULL, c->count, sizeof *s.peripheral),
        .central = grow(NULL, c->count, sizeof *s.central),
        .passed = grow(NULL, c->count, sizeof *s.passed),
        .far_steps = grow(NULL, c->count, sizeof *s.far_steps),
        .far_num = grow(NULL, c->count, sizeof *s.far_num),
        .solutions = grow(NULL, c->count, sizeof *s.solutions),
    };
    for (size_t i = 0; i < c->count; i++)
        s.distance[i] = s.far_steps[i] = NO_STEPS;
    for (uint32_t k = 0; k < c->groups; k++)
        s.farthest |= rows->done_of[k];
    /* The group rows first: when a group is wrong as a whole, its row says more than
     * its members do. */
    for (uint32_t k = 0; k < c->groups; k++)
        bad[k] = !check_group(db, r, c, rows, k, &shown[k], histogram, &s, t);
    c->seen = grow(c->seen, c->count, sizeof c->seen[0]);
    c->queue = grow(c->queue, c->count, sizeof c->queue[0]);
    memset(c->seen, 0, c->count * sizeof c->seen[0]);
    c->stamp = 0;
    check_layouts(db, r, c, rows, &s, bad, shown, lt);
    for (uint32_t k = 0; k < c->groups; k++)
        count(r, !bad[k]);
    free(s.distance);
    free(s.queue);
    free(s.ids);
    free(s.ecc);
    free(s.peripheral);
    free(s.central);
    free(s.passed);
    free(s.far_steps);
    free(s.far_num);
    free(s.solutions);
    free(histogram);
    free(shown);
    free(bad);
}

/* ---- the classes too large to rebuild, sampled ---- */

/* A layout's row: group_id, group_index and min_steps, SQL_NULL each when there is none. */
struct layout_row {
    int64_t group_id, index, steps;
};

static struct layout_row layout_row(struct db *db, kl_code code)
{
    sqlite3_stmt *st = db->layout;
    sqlite3_bind_int64(st, 1, (sqlite3_int64)code);
    struct layout_row row = {SQL_NULL, SQL_NULL, SQL_NULL};
    if (next_row(db, st))
        row = (struct layout_row){column(st, 0), column(st, 1), column(st, 2)};
    sqlite3_reset(st);
    return row;
}

/* The steps of a code by the model; dies when the code is no layout. */
static int steps_of(kl_code code, struct model_neighbour next[MODEL_NEIGHBOURS_ROOM])
{
    struct model m;
    if (!model_from_code(code, &m))
        die("a sampled code", "not a layout by the model");
    int n = model_neighbours(&m, next, MODEL_NEIGHBOURS_ROOM);
    if (n < 0)
        die("a sampled code", "more steps than MODEL_NEIGHBOURS_ROOM");
    return n;
}

static int ascending_codes(const void *a, const void *b)
{
    kl_code x = *(const kl_code *)a, y = *(const kl_code *)b;
    return (x > y) - (x < y);
}

/* The position of code in the ascending codes[0 .. n), or n when it is not there. */
static size_t code_position(const kl_code *codes, size_t n, kl_code code)
{
    const kl_code *hit = bsearch(&code, codes, n, sizeof codes[0], ascending_codes);
    return hit ? (size_t)(hit - codes) : n;
}

/* One group of a class not rebuilt, rebuilt from its smallest code: its members by a
 * search of the model's steps (at most SAMPLED_GROUP + 1 of them), then their distance
 * to solved by a search from its solved members, against the group's row and its
 * members' rows (group, group_index, min_steps). */
static bool check_sampled_group(struct db *db, struct report *r, const struct db_group *row)
{
    int here = 0;
    size_t room = SAMPLED_GROUP + 1, count = 1;
    kl_code *members = grow(NULL, room, sizeof *members); /* in the order found */
    kl_code *sorted = grow(NULL, room, sizeof *sorted);
    int32_t *steps = grow(NULL, room, sizeof *steps);
    uint32_t *queue = grow(NULL, room, sizeof *queue);
    /* The codes found, in an open-addressing set (0 is a code: kept as code + 1). */
    size_t slots = 1;
    while (slots < 4 * room)
        slots *= 2;
    kl_code *seen = calloc(slots, sizeof *seen);
    if (!seen)
        die("memory", "out of memory");
    struct model_neighbour next[MODEL_NEIGHBOURS_ROOM];
    members[0] = (kl_code)row->min_code;
    seen[(members[0] * 0x9E3779B97F4A7C15ull >> 20) & (slots - 1)] = members[0] + 1;
    for (size_t head = 0; head < count && count < room; head++) {
        int n = steps_of(members[head], next);
        for (int k = 0; k < n && count < room; k++) {
            size_t at = (next[k].code * 0x9E3779B97F4A7C15ull >> 20) & (slots - 1);
            while (seen[at] && seen[at] != next[k].code + 1)
                at = (at + 1) & (slots - 1);
            if (!seen[at]) {
                seen[at] = next[k].code + 1;
                members[count++] = next[k].code;
            }
        }
    }
    free(seen);
    memcpy(sorted, members, count * sizeof sorted[0]);
    qsort(sorted, count, sizeof sorted[0], ascending_codes);
    bool ok = same(r, &here, row->name, "size, rebuilt from min_code", (int64_t)count, row->size) &&
              same_code(r, &here, row->name, "min_code, rebuilt", sorted[0], (kl_code)row->min_code);
    if (ok) {
        /* Distances to solved, by a search from every solved member at once. */
        size_t tail = 0;
        uint32_t solved = 0;
        int32_t deepest = NO_STEPS;
        for (size_t i = 0; i < count; i++) {
            steps[i] = is_solved(sorted[i]) ? 0 : NO_STEPS;
            if (steps[i] == 0)
                queue[tail++] = (uint32_t)i;
        }
        solved = (uint32_t)tail;
        for (size_t head = 0; head < tail; head++) {
            uint32_t i = queue[head];
            int n = steps_of(sorted[i], next);
            for (int k = 0; k < n; k++) {
                size_t j = code_position(sorted, count, next[k].code);
                if (j < count && steps[j] == NO_STEPS) {
                    steps[j] = steps[i] + 1;
                    queue[tail++] = (uint32_t)j;
                }
            }
        }
        uint32_t hardest = 0;
        for (size_t i = 0; i < count; i++) {
            hardest = steps[i] > deepest ? 0 : hardest;
            deepest = steps[i] > deepest ? steps[i] : deepest;
            hardest += steps[i] == deepest && deepest != NO_STEPS;
        }
        ok = same(r, &here, row->name, "solved, rebuilt", solved, row->solved) &&
             same(r, &here, row->name, "max_min_steps, rebuilt", steps_or_null(deepest), row->max_steps) &&
             same(r, &here, row->name, "hardest_count, rebuilt",
                  deepest == NO_STEPS ? SQL_NULL : hardest, row->hardest);
        for (size_t i = 0; ok && i < count; i++) {
            struct layout_row got = layout_row(db, sorted[i]);
            char subject[NAME_SIZE + 16];
            snprintf(subject, sizeof subject, "%s %09llX", row->name, (unsigned long long)sorted[i]);
            ok = same(r, &here, subject, "group_id", row->group_id, got.group_id) &&
                 same(r, &here, subject, "group_index", (int64_t)i, got.index) &&
                 same(r, &here, subject, "min_steps", steps_or_null(steps[i]), got.steps);
        }
    }
    free(members);
    free(sorted);
    free(steps);
    free(queue);
    return ok;
}

static int by_size_ascending(const void *a, const void *b)
{
    const struct db_group *x = *(const struct db_group *const *)a, *y = *(const struct db_group *const *)b;
    return (x->size > y->size) - (x->size < y->size);
}

static bool is_larger_class(const char *name);
/* Layouts per class as the placer finds them, up to SMALL_CLASS + 1. */
static uint32_t sizes[MAX_JIANG + 1][MAX_BING + 1][MAX_JIANG + 1];

/* Whether the layout's class is one that check_class rebuilt whole. */
static bool in_rebuilt_class(kl_code code)
{
    struct model m;
    if (!model_from_code(code, &m))
        die("a sampled code", "not a layout by the model");
    int h = model_count_kind(&m, KL_PIECE_HORIZONTAL), v = model_count_kind(&m, KL_PIECE_VERTICAL);
    int b = model_count_kind(&m, KL_PIECE_SINGLE);
    char name[CLASS_NAME_SIZE];
    snprintf(name, sizeof name, "%d-%d-%d", h + v, b, h);
    return sizes[h + v][b][h] <= SMALL_CLASS || is_larger_class(name);
}

/* A class not rebuilt: its SAMPLED_GROUPS smallest groups and the one in the middle of
 * its list, those of up to SAMPLED_GROUP layouts, each rebuilt; one check each.  Returns
 * how many were. */
static size_t check_sampled_class(struct db *db, struct report *r, const char *name,
                                  struct class_rows *rows)
{
    sqlite3_stmt *st = db->class_row;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    int64_t class_id = next_row(db, st) ? column(st, 0) : SQL_NULL;
    sqlite3_reset(st);
    if (class_id == SQL_NULL) /* check_class_list reports it */
        return 0;
    load_groups(db, class_id, rows);
    if (rows->count == 0)
        return 0;
    const struct db_group **by_size = grow(NULL, rows->count, sizeof *by_size);
    const struct db_group *middle = NULL;
    for (size_t i = 0; i < rows->count; i++) {
        by_size[i] = &rows->row[i];
        if (rows->row[i].group_num == (int64_t)rows->count / 2)
            middle = &rows->row[i];
    }
    qsort(by_size, rows->count, sizeof *by_size, by_size_ascending);
    size_t checked = 0;
    for (size_t i = 0; i <= SAMPLED_GROUPS && i < rows->count; i++) {
        const struct db_group *g = i < SAMPLED_GROUPS ? by_size[i] : middle;
        bool again = i == SAMPLED_GROUPS && rows->count <= SAMPLED_GROUPS;
        if (!g || g->size > SAMPLED_GROUP || again)
            continue;
        count(r, check_sampled_group(db, r, g));
        checked++;
    }
    free(by_size);
    return checked;
}

/* One layout of a class not rebuilt, at the first code from `from` on: its steps by the
 * model stay in its group and change min_steps by at most one; unless it is solved (0
 * steps exactly then) or unsolvable (its steps too), one brings it one step closer.  One
 * check when it is of such a class, none otherwise (returns whether it was). */
static bool check_sampled_layout(struct db *db, struct report *r, kl_code from)
{
    sqlite3_stmt *st = db->layout_from;
    sqlite3_bind_int64(st, 1, (sqlite3_int64)from);
    bool found = next_row(db, st);
    kl_code code = found ? (kl_code)column(st, 0) : 0;
    sqlite3_reset(st);
    if (!found || in_rebuilt_class(code))
        return false;
    int here = 0;
    char subject[24];
    snprintf(subject, sizeof subject, "%09llX", (unsigned long long)code);
    struct layout_row a = layout_row(db, code);
    struct model_neighbour next[MODEL_NEIGHBOURS_ROOM];
    int n = steps_of(code, next);
    bool ok = same(r, &here, subject, "min_steps 0 exactly when solved", is_solved(code),
                   a.steps == 0);
    bool closer = a.steps == SQL_NULL || a.steps == 0;
    for (int k = 0; ok && k < n; k++) {
        struct layout_row b = layout_row(db, next[k].code);
        ok = same(r, &here, subject, "a step's group_id", a.group_id, b.group_id);
        if (ok && (a.steps == SQL_NULL || b.steps == SQL_NULL))
            ok = same(r, &here, subject, "a step's min_steps (unsolvable)", a.steps, b.steps);
        else if (ok && (b.steps < a.steps - 1 || b.steps > a.steps + 1))
            ok = same(r, &here, subject, "a step's min_steps, within one", a.steps, b.steps);
        closer |= ok && a.steps != SQL_NULL && b.steps == a.steps - 1;
    }
    if (ok && !closer)
        fail_line(r, &here, subject, "min_steps %lld but no step leads closer", (long long)a.steps);
    count(r, ok && closer);
    return true;
}

/* ---- the classes ---- */

static bool is_larger_class(const char *name)
{
    for (size_t i = 0; i < sizeof larger_classes / sizeof larger_classes[0]; i++)
        if (strcmp(name, larger_classes[i]) == 0)
            return true;
    return false;
}

/* The database lists exactly the classes that have layouts, and a class too large to
 * work out here is too large in the database as well. */
static bool check_class_list(struct db *db, struct report *r)
{
    int here = 0, listed = 0, expected = 0;
    bool ok = true;
    for (int j = 0; j <= MAX_JIANG; j++)
        for (int b = 0; b <= MAX_BING; b++)
            for (int s = 0; s <= j; s++)
                expected += sizes[j][b][s] > 0;
    sqlite3_stmt *st = db->class_list;
    while (next_row(db, st)) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        int64_t j = column(st, 1), b = column(st, 2), s = column(st, 3);
        char want[NAME_SIZE];
        snprintf(want, sizeof want, "%lld-%lld-%lld", (long long)j, (long long)b,
                 (long long)s);
        listed++;
        if (strcmp(name, want) != 0 || j < 0 || j > MAX_JIANG || b < 0 || b > MAX_BING ||
            s < 0 || s > j || sizes[j][b][s] == 0) {
            fail_line(r, &here, name, "in classes, but no such class has layouts");
            ok = false;
        } else if (sizes[j][b][s] > SMALL_CLASS && column(st, 4) <= SMALL_CLASS) {
            fail_line(r, &here, name, "more than %d layouts, database %lld", SMALL_CLASS,
                      (long long)column(st, 4));
            ok = false;
        }
    }
    sqlite3_reset(st);
    return same(r, &here, "classes", "rows", expected, listed) && ok;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: db_crosscheck DB_PATH\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    struct db db;
    open_db(&db, argv[1]);
    load_hardest(&db);
    struct report r = {0};
    struct class_graph c = {0};
    struct class_rows rows = {0};
    size_t classes = 0, layouts = 0, groups = 0, sampled_classes = 0, sampled_groups = 0;
    struct ecc_totals extremes = {0};
    struct layout_totals rows_checked = {0};
    for (c.jiang = 0; c.jiang <= MAX_JIANG; c.jiang++)
        for (c.bing = 0; 2 * c.jiang + c.bing <= FREE_CELLS - MIN_EMPTY; c.bing++)
            for (c.style = 0; c.style <= c.jiang; c.style++) {
                snprintf(c.name, sizeof c.name, "%d-%d-%d", c.jiang, c.bing, c.style);
                bool larger = is_larger_class(c.name);
                list_class(&c, larger ? SIZE_MAX - 1 : SMALL_CLASS);
                sizes[c.jiang][c.bing][c.style] = (uint32_t)c.count;
                if (c.count > SMALL_CLASS && !larger) {
                    sampled_groups += check_sampled_class(&db, &r, c.name, &rows);
                    sampled_classes++;
                }
                if (c.count == 0 || (c.count > SMALL_CLASS && !larger))
                    continue;
                link_steps(&c);
                solve_class(&c);
                check_class(&db, &r, &c, &rows, &extremes, &rows_checked);
                classes++;
                layouts += c.count;
                groups += c.groups;
            }
    count(&r, check_class_list(&db, &r));
    size_t sampled_layouts = 0;
    for (uint64_t i = 0; i < SAMPLED_LAYOUTS; i++)
        sampled_layouts += check_sampled_layout(&db, &r, (kl_code)(i * 0xF00000000ull / SAMPLED_LAYOUTS));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("db_crosscheck: %zu classes (all up to %d layouts, and", classes, SMALL_CLASS);
    for (size_t i = 0; i < sizeof larger_classes / sizeof larger_classes[0]; i++)
        printf(" %s", larger_classes[i]);
    printf("), %zu layouts, %zu groups, min_solution_num of %zu layouts by a search each, "
           "against brute force in %.1f s\n", layouts, groups, rows_checked.min_solution_searches,
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    printf("db_crosscheck: group extremes from every member of %zu groups, sampled in %zu "
           "larger ones, %zu searches\n", extremes.full, extremes.sampled, extremes.searches);
    printf("db_crosscheck: farthest_steps, farthest_num and solution_num of %zu layouts of groups "
           "done by the farthest phase against those searches\n", rows_checked.farthest_checked);
    printf("db_crosscheck: %zu classes too large to rebuild: %zu of their groups rebuilt, the steps "
           "of %zu of their layouts checked\n", sampled_classes, sampled_groups, sampled_layouts);
    printf("db_crosscheck: %d passed, %d failed\n", r.passed, r.failed);

    close_db(&db);
    free(c.code);
    free(c.first);
    free(c.adj);
    free(c.steps);
    free(c.seen);
    free(c.queue);
    free(c.group);
    free(c.index);
    free(c.member);
    free(c.g);
    free(rows.row);
    free(rows.by_id);
    free(rows.id_of);
    free(rows.done_of);
    return r.failed ? 1 : 0;
}
