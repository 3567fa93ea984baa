/* min_steps under the three metrics of SPEC.md (layouts.min_steps, min_straight_moves,
 * min_unit_moves) of a built database, against the naive model (layout_model.h) alone:
 * its steps (model_neighbours), straight moves (model_line_neighbours, any length) and
 * unit moves (model_line_neighbours, one cell).
 *  - Every layout of every class of at most SMALL_CLASS layouts: one breadth-first search
 *    per metric from the class's solved layouts, compared layout by layout.
 *  - Layouts of every class (the smallest member of a few groups, a few of the hardest
 *    under each metric) and SPREAD_SAMPLES spread over all codes: the equation that only
 *    the distance to the nearest solved layout meets, against the database's own values
 *    of the layout's neighbours under the metric: 0 exactly when solved, otherwise one
 *    more than the least of its neighbours' (a neighbour's is never below its own minus
 *    one, or the move would give a shorter way), and NULL exactly when its neighbours'
 *    are NULL.
 *  - The layer sizes of those whole classes (the view layer_sizes: the tables layers
 *    and move_layers) against the same searches: per metric and depth, the layouts of
 *    the class at that depth, and the unsolvable ones.
 *  - On every layout checked: min_steps <= min_straight_moves <= min_unit_moves.
 * Nothing of core/ or builder/ takes part, so a wrong builder cannot vouch for itself.
 *
 * Usage: metric_check DB_PATH.  Prints what differs and the closing line
 * "metric_check: N passed, M failed" (one check per layout checked, and one per whole
 * class and metric for its layer sizes); exits 0 when
 * everything passed, 1 when a check failed and 2 when it could not run.  Run by
 * tests/e2e/e2e_metrics.sh. */
#define CHECKER_NAME "metric_check"
#include "tests/reference/checker.h"

#include <sqlite3.h>

#define SMALL_CLASS 10000   /* 53 classes, 145,454 layouts */
#define PER_CLASS 6         /* group minimums and hardest layouts per metric, per class */
#define SPREAD_SAMPLES 4000
#define METRICS 3
#define NO_MOVES (-1)       /* an unsolvable layout: NULL in the database */
#define SHOWN 40            /* failures printed */

static const char *const metric_names[METRICS] = {"step", "straight", "unit"};
static const char *const metric_columns[METRICS] = {"min_steps", "min_straight_moves",
                                                    "min_unit_moves"};

static sqlite3 *db;
static sqlite3_stmt *lookup;
static sqlite3_stmt *class_layer_sizes; /* the layer sizes of a class under a metric */
static long passed, failed;

static void fail_line(kl_code code, const char *fmt, int a, int b, int metric)
{
    failed++;
    if (failed <= SHOWN) {
        printf("FAIL %09llX %s: ", (unsigned long long)code, metric_names[metric]);
        printf(fmt, a, b);
        printf("\n");
    }
}

/* The three counts of a layout in the database; false when it has no row. */
static bool stored_moves(kl_code code, int moves[METRICS])
{
    sqlite3_bind_int64(lookup, 1, (sqlite3_int64)code);
    bool found = sqlite3_step(lookup) == SQLITE_ROW;
    for (int m = 0; found && m < METRICS; m++)
        moves[m] = sqlite3_column_type(lookup, m) == SQLITE_NULL
                       ? NO_MOVES
                       : sqlite3_column_int(lookup, m);
    sqlite3_reset(lookup);
    return found;
}

/* The neighbours of m under metric `metric`. */
static int metric_neighbours(struct model *m, int metric, struct model_neighbour *out)
{
    int n = metric == 0 ? model_neighbours(m, out, MODEL_NEIGHBOURS_ROOM)
                        : model_line_neighbours(m, metric == 1 ? KL_ROWS : 1, out,
                                                MODEL_NEIGHBOURS_ROOM);
    if (n < 0)
        die("model", "more neighbours than MODEL_NEIGHBOURS_ROOM");
    return n;
}

static bool is_solved(kl_code code)
{
    return (code >> 32) == KL_SOLVED_KING_ADDR;
}

/* steps <= straight <= unit, both NULL or none. */
static bool ordered(const int moves[METRICS])
{
    if (moves[0] == NO_MOVES)
        return moves[1] == NO_MOVES && moves[2] == NO_MOVES;
    return moves[0] <= moves[1] && moves[1] <= moves[2];
}

/* ---- the equation of a distance, on one layout ---- */

static void check_equation(kl_code code)
{
    struct model m;
    int own[METRICS];
    if (!model_from_code(code, &m) || !stored_moves(code, own))
        die("sample", "not a layout of the database");
    bool ok = ordered(own);
    if (!ok)
        fail_line(code, "min_steps <= straight <= unit broken (straight %d, unit %d)", own[1],
                  own[2], 0);
    for (int metric = 0; metric < METRICS; metric++) {
        struct model_neighbour next[MODEL_NEIGHBOURS_ROOM];
        int n = metric_neighbours(&m, metric, next);
        int least = NO_MOVES, lowest_allowed = own[metric] - 1;
        bool some_null = false, too_low = false;
        for (int k = 0; k < n; k++) {
            int theirs[METRICS];
            if (!stored_moves(next[k].code, theirs))
                die("neighbour", "not a layout of the database");
            int v = theirs[metric];
            some_null |= v == NO_MOVES;
            if (v != NO_MOVES && (least == NO_MOVES || v < least))
                least = v;
            too_low |= v != NO_MOVES && own[metric] != NO_MOVES && v < lowest_allowed;
        }
        int want = is_solved(code) ? 0 : least == NO_MOVES ? NO_MOVES : least + 1;
        bool mixed = own[metric] == NO_MOVES ? least != NO_MOVES : some_null;
        if (own[metric] != want || too_low || mixed) {
            fail_line(code, "stored %d, its neighbours say %d", own[metric], want, metric);
            ok = false;
        }
    }
    passed += ok;
}

static void check_samples(void)
{
    static const char *const sample_sql[] = {
        /* a few groups' smallest members, per class */
        "SELECT min_code FROM (SELECT min_code, row_number() OVER (PARTITION BY class_id "
        "ORDER BY group_num) AS k FROM groups) WHERE k <= ?1",
        /* a few of the hardest layouts per class, under each metric */
        "SELECT code FROM (SELECT h.code, row_number() OVER (PARTITION BY g.class_id "
        "ORDER BY h.code) AS k FROM hardest h JOIN groups g USING (group_id)) WHERE k <= ?1",
        "SELECT code FROM (SELECT h.code, row_number() OVER (PARTITION BY g.class_id, "
        "h.metric ORDER BY h.code) AS k FROM hardest_moves h JOIN groups g USING (group_id)) "
        "WHERE k <= ?1",
    };
    for (size_t q = 0; q < sizeof sample_sql / sizeof sample_sql[0]; q++) {
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, sample_sql[q], -1, &st, NULL) != SQLITE_OK)
            die("sampling", sqlite3_errmsg(db));
        sqlite3_bind_int(st, 1, PER_CLASS);
        while (sqlite3_step(st) == SQLITE_ROW)
            check_equation((kl_code)sqlite3_column_int64(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT code FROM layouts WHERE code >= ? ORDER BY code LIMIT 1",
                           -1, &st, NULL) != SQLITE_OK)
        die("sampling", sqlite3_errmsg(db));
    const kl_code last = 0xEFFFFFFFFull;
    for (int k = 0; k < SPREAD_SAMPLES; k++) {
        sqlite3_bind_int64(st, 1, (sqlite3_int64)(last / SPREAD_SAMPLES * (kl_code)k));
        if (sqlite3_step(st) == SQLITE_ROW)
            check_equation((kl_code)sqlite3_column_int64(st, 0));
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
}

/* ---- whole small classes by breadth-first search ---- */

struct class_list {
    kl_code *code;
    size_t count, room;
};

static bool append_layout(struct model_placer *p, kl_code code)
{
    struct class_list *c = p->context;
    c->code = room_for(c->code, c->count, &c->room, sizeof c->code[0]);
    c->code[c->count++] = code;
    return true;
}

static size_t find_code(const struct class_list *c, kl_code code)
{
    size_t at = code_index(c->code, c->count, code);
    if (at == c->count)
        die("model", "a move leaves the class");
    return at;
}

/* min moves under `metric` of every layout of the class, by one search from its solved
 * layouts. */
static void search_class(const struct class_list *c, int metric, int *moves, size_t *queue)
{
    size_t tail = 0;
    for (size_t i = 0; i < c->count; i++) {
        moves[i] = is_solved(c->code[i]) ? 0 : NO_MOVES;
        if (moves[i] == 0)
            queue[tail++] = i;
    }
    for (size_t head = 0; head < tail; head++) {
        struct model m;
        struct model_neighbour next[MODEL_NEIGHBOURS_ROOM];
        model_from_code(c->code[queue[head]], &m);
        int n = metric_neighbours(&m, metric, next);
        for (int k = 0; k < n; k++) {
            size_t j = find_code(c, next[k].code);
            if (moves[j] == NO_MOVES) {
                moves[j] = moves[queue[head]] + 1;
                queue[tail++] = j;
            }
        }
    }
}

/* The layer sizes that layer_sizes stores for the class (jiang, bing, style) under
 * `metric` against the search's counts moves[0..count-1]. */
static void check_layer_sizes(int jiang, int bing, int style, int metric, const int *moves,
                              size_t count)
{
    sqlite3_stmt *st = class_layer_sizes;
    /* Per depth, the search's layouts less the stored size; [0] for unsolvable. */
    size_t room = 1;
    for (size_t i = 0; i < count; i++)
        room = moves[i] + 2 > (int)room ? (size_t)moves[i] + 2 : room;
    long *difference = grow(NULL, room, sizeof *difference);
    for (size_t d = 0; d < room; d++)
        difference[d] = 0;
    for (size_t i = 0; i < count; i++)
        difference[moves[i] + 1]++;
    sqlite3_bind_int(st, 1, jiang);
    sqlite3_bind_int(st, 2, bing);
    sqlite3_bind_int(st, 3, style);
    sqlite3_bind_text(st, 4, metric_names[metric], -1, SQLITE_STATIC);
    bool outside = false; /* a stored depth no layout of the search has */
    while (sqlite3_step(st) == SQLITE_ROW) {
        long depth = sqlite3_column_type(st, 0) == SQLITE_NULL ? NO_MOVES : sqlite3_column_int(st, 0);
        if (depth + 1 < 0 || depth + 1 >= (long)room)
            outside = true;
        else
            difference[depth + 1] -= sqlite3_column_int64(st, 1);
    }
    sqlite3_reset(st);
    size_t first = 0; /* the first slot of difference that differs */
    while (first < room && difference[first] == 0)
        first++;
    if (!outside && first == room) {
        passed++;
    } else if (++failed <= SHOWN) {
        printf("FAIL class %d-%d-%d %s: layer_sizes differ from the search", jiang, bing, style,
               metric_names[metric]);
        if (outside)
            printf(": a depth the search never reaches\n");
        else if (first == 0)
            printf(" in the unsolvable layouts by %ld\n", difference[first]);
        else
            printf(" at depth %zu by %ld\n", first - 1, difference[first]);
    }
    free(difference);
}

static void check_class(int jiang, int bing, int style)
{
    struct class_list c = {0};
    list_class_layouts(jiang, bing, style, append_layout, &c);
    int *moves[METRICS];
    size_t *queue = grow(NULL, c.count, sizeof *queue);
    for (int metric = 0; metric < METRICS; metric++) {
        moves[metric] = grow(NULL, c.count, sizeof *moves[metric]);
        search_class(&c, metric, moves[metric], queue);
    }
    for (size_t i = 0; i < c.count; i++) {
        int stored[METRICS];
        if (!stored_moves(c.code[i], stored))
            die("class layout", "not in the database");
        bool ok = ordered(stored);
        if (!ok)
            fail_line(c.code[i], "min_steps <= straight <= unit broken (straight %d, unit %d)",
                      stored[1], stored[2], 0);
        for (int metric = 0; metric < METRICS; metric++)
            if (stored[metric] != moves[metric][i]) {
                fail_line(c.code[i], "stored %d, breadth-first search %d", stored[metric],
                          moves[metric][i], metric);
                ok = false;
            }
        passed += ok;
    }
    for (int metric = 0; metric < METRICS; metric++) {
        check_layer_sizes(jiang, bing, style, metric, moves[metric], c.count);
        free(moves[metric]);
    }
    free(queue);
    free(c.code);
}

static void check_small_classes(void)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT jiang, bing, style FROM classes WHERE layouts <= ?",
                           -1, &st, NULL) != SQLITE_OK)
        die("classes", sqlite3_errmsg(db));
    sqlite3_bind_int(st, 1, SMALL_CLASS);
    while (sqlite3_step(st) == SQLITE_ROW)
        check_class(sqlite3_column_int(st, 0), sqlite3_column_int(st, 1),
                    sqlite3_column_int(st, 2));
    sqlite3_finalize(st);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: metric_check DB_PATH\n");
        return 2;
    }
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
        die(argv[1], sqlite3_errmsg(db));
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT %s, %s, %s FROM layouts WHERE code = ?",
             metric_columns[0], metric_columns[1], metric_columns[2]);
    if (sqlite3_prepare_v2(db, sql, -1, &lookup, NULL) != SQLITE_OK)
        die(argv[1], sqlite3_errmsg(db));
    if (sqlite3_prepare_v2(db, "SELECT l.depth, sum(l.size) FROM layer_sizes l"
                               " JOIN groups g USING (group_id) JOIN classes c USING (class_id)"
                               " WHERE c.jiang = ?1 AND c.bing = ?2 AND c.style = ?3"
                               " AND l.metric = ?4 GROUP BY l.depth",
                           -1, &class_layer_sizes, NULL) != SQLITE_OK)
        die(argv[1], sqlite3_errmsg(db));
    check_small_classes();
    check_samples();
    sqlite3_finalize(class_layer_sizes);
    sqlite3_finalize(lookup);
    sqlite3_close(db);
    printf("metric_check: %ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
}
