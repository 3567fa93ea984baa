/* The group extremes (builder/extremes/class.h: diameter, radius, peripheral and central
 * members from eccentricity bounds) against eccentricities found without bounds, by
 * plain breadth-first search: from each member of every group of up to FULL_CHECK_SIZE
 * layouts of the classes below, and in the larger groups from SAMPLES members spread
 * over the group and SAMPLES spread over each list (the listed ones must be at the
 * diameter or the radius, the others between, and listed when at either).  Image groups
 * are checked as groups of their own, so the mapping of a searched group's results onto
 * its images is checked too. */
#include "tests/unit/unit_test.h"

#include "tests/unit/group_fixture.h"

#include <limits.h>
#include <stdbool.h>

#include "builder/extremes/class.h"
#include "builder/extremes/base_work.h"
#include "builder/farthest/group.h"
#include "core/database/idlist.h"

#define FULL_CHECK_SIZE 3000
#define SAMPLES 64
#define UNKNOWN (-1) /* an eccentricity not searched for */

/* A class, its groups and their extremes. */
struct class_extremes {
    struct tested_class t;
    struct extremes_row *rows;
};

/* class_extremes_find with the same bound for every group. */
static void find_all(struct extremes_row *rows, struct tested_class *t, uint64_t bound)
{
    uint64_t *work = malloc(sizeof *work * t->cg.group_count);
    assert_non_null(work);
    for (uint32_t num = 0; num < t->cg.group_count; num++)
        work[num] = bound;
    assert_int_equal(class_extremes_find(rows, &t->g, &t->cg, work), 0);
    free(work);
}

static void open_extremes(struct class_extremes *c, const struct catalog *cat,
                          const char *name)
{
    open_class(&c->t, cat, name);
    c->rows = calloc(c->t.cg.group_count, sizeof *c->rows);
    assert_non_null(c->rows);
    find_all(c->rows, &c->t, EXTREMES_ANY_WORK);
}

static void close_extremes(struct class_extremes *c)
{
    for (uint32_t num = 0; num < c->t.cg.group_count; num++)
        extremes_row_free(&c->rows[num]);
    free(c->rows);
    close_class(&c->t);
}

/* The eccentricity of class member `start` by plain breadth-first search. */
static int plain_eccentricity(struct tested_class *t, uint32_t start)
{
    int steps;
    uint32_t num;
    brute_force(t, start, &steps, &num);
    return steps;
}

/* The members' eccentricities, by group member number: searched from every member of
 * a group of up to FULL_CHECK_SIZE, from SAMPLES spread over a larger one (UNKNOWN for
 * the others). */
static void some_eccentricities(struct tested_class *t, const struct group_graph *gg, int *ecc)
{
    uint32_t spread = gg->count <= FULL_CHECK_SIZE ? 1 : (gg->count + SAMPLES - 1) / SAMPLES;
    for (uint32_t i = 0; i < gg->count; i++)
        ecc[i] = i % spread == 0 ? plain_eccentricity(t, gg->member[i]) : UNKNOWN;
}

/* Checks the id list `blob` of `count` ids against the members i of group graph gg with
 * ecc[i] == value: every member searched is listed exactly when at value, and listed
 * ones spread over the list (all in a group searched whole) are searched and at value.
 * A member searched for it keeps its eccentricity in ecc. */
static void check_members(struct tested_class *t, const struct group_graph *gg, int *ecc,
                          int value, const unsigned char *blob, size_t size, uint32_t count,
                          const char *what, uint32_t num)
{
    uint32_t *ids = malloc(sizeof *ids * (count + 1));
    assert_non_null(ids);
    assert_int_equal(kl_idlist_decode(blob, size, ids, count), 0);
    uint32_t spread = gg->count <= FULL_CHECK_SIZE ? 1 : (count + SAMPLES - 1) / SAMPLES;
    uint32_t listed = 0;
    for (uint32_t i = 0; i < gg->count; i++) { /* members and ids both ascend by code */
        uint32_t id = t->g.ids[gg->member[i]];
        bool in_list = listed < count && ids[listed] == id;
        if (in_list && ecc[i] == UNKNOWN && listed % spread == 0)
            ecc[i] = plain_eccentricity(t, gg->member[i]);
        if (ecc[i] != UNKNOWN && (ecc[i] == value) != in_list)
            fail_msg("group %u: %s members differ at %09llX (eccentricity %d, %s)", num, what,
                     (unsigned long long)t->g.codes[gg->member[i]], ecc[i],
                     in_list ? "listed" : "not listed");
        listed += in_list;
    }
    assert_int_equal(listed, count);
    free(ids);
}

/* Checks the row of group `num` against every member's eccentricity.  Returns the
 * group's searches. */
static uint32_t check_group(struct class_extremes *c, uint32_t num, int *ecc)
{
    struct tested_class *t = &c->t;
    struct group_farthest gf;
    assert_int_equal(group_farthest_init(&gf, &t->g, &t->cg, &t->r, num, t->number), 0);
    some_eccentricities(t, &gf.graph, ecc);
    int diameter = 0, radius = INT_MAX;
    for (uint32_t i = 0; i < gf.graph.count; i++) {
        diameter = ecc[i] > diameter ? ecc[i] : diameter;
        radius = ecc[i] != UNKNOWN && ecc[i] < radius ? ecc[i] : radius;
    }
    const struct extremes_row *row = &c->rows[num];
    bool whole = gf.graph.count <= FULL_CHECK_SIZE;
    if (whole ? row->diameter != diameter || row->radius != radius
              : row->diameter < diameter || row->radius > radius)
        fail_msg("group %u: diameter %d, radius %d; searched: %d, %d (%s)", num, row->diameter,
                 row->radius, diameter, radius, whole ? "every member" : "a sample");
    /* In a sampled group the lists' own members are the witnesses of the diameter and
     * the radius. */
    check_members(t, &gf.graph, ecc, row->diameter, row->peripheral_ids,
                  row->peripheral_ids_size, row->peripheral_count, "peripheral", num);
    check_members(t, &gf.graph, ecc, row->radius, row->central_ids, row->central_ids_size,
                  row->central_count, "central", num);
    group_farthest_free(&gf);
    return row->searches;
}

static void test_against_every_member(void **state)
{
    struct fixture *f = *state;
    uint64_t searches = 0, members = 0;
    int widest = 0;
    bool bounds_alone = false, batched = false; /* both ways of settling were checked */
    for (size_t i = 0; i < TESTED_CLASS_COUNT; i++) {
        struct class_extremes c;
        open_extremes(&c, &f->cat, tested_classes[i]);
        int *ecc = malloc(sizeof *ecc * c.t.cg.size[0]);
        assert_non_null(ecc);
        for (uint32_t num = 0; num < c.t.cg.group_count; num++) {
            searches += check_group(&c, num, ecc);
            members += c.t.cg.size[num];
            widest = c.rows[num].diameter > widest ? c.rows[num].diameter : widest;
            bounds_alone |= c.rows[num].searches > 1 && c.rows[num].batches == 0;
            batched |= c.rows[num].batches > 0;
        }
        free(ecc);
        close_extremes(&c);
    }
    assert_true(widest > 255);
    assert_true(bounds_alone && batched);
    /* The point of the bounds: far fewer searches than members. */
    assert_true(searches * 10 < members);
}

/* SPEC.md: group 5-4-1-1 has diameter 145 and radius 83, as has its mirror image
 * 5-4-1-0, and its member 1A9BF0C00 lies 124 steps from its farthest layouts (so the
 * plain search the checks rely on agrees with SPEC.md too). */
static void test_reference_group(void **state)
{
    struct fixture *f = *state;
    struct class_extremes c;
    open_extremes(&c, &f->cat, "5-4-1");
    struct tested_class *t = &c.t;
    const struct extremes_row *row = &c.rows[1];
    assert_int_equal(row->diameter, 145);
    assert_int_equal(row->radius, 83);
    assert_int_equal(c.rows[0].diameter, 145);
    assert_int_equal(c.rows[0].radius, 83);
    uint32_t searches = c.rows[0].searches + row->searches; /* one of them searched */
    assert_true(searches > 0 && searches < t->cg.size[1] / 10);
    uint32_t member = 0;
    while (t->g.codes[member] != 0x1A9BF0C00ull)
        member++;
    assert_int_equal(t->cg.group_of[member], 1);
    assert_int_equal(plain_eccentricity(t, member), 124);
    close_extremes(&c);
}

/* A layout that cannot move is its group's one peripheral and central member, at 0. */
static void test_single_member_group(void **state)
{
    (void)state;
    uint32_t edge_start[2] = {0, 0}, member = 0;
    struct group_graph gg = {.count = 1, .member = &member, .edge_start = edge_start,
                             .edges = NULL};
    struct extremes_scratch *s = extremes_scratch_new(1);
    assert_non_null(s);
    struct group_extremes x;
    assert_int_equal(group_extremes_find(&x, &gg, s, EXTREMES_ANY_WORK), 0);
    assert_int_equal(x.diameter, 0);
    assert_int_equal(x.radius, 0);
    assert_int_equal(x.peripheral_count, 1);
    assert_int_equal(x.central_count, 1);
    assert_int_equal(x.searches, 1);
    group_extremes_free(&x);
    extremes_scratch_free(s);
}

/* Two members with no step between them are not one group: refused, not looped on. */
static void test_disconnected_graph(void **state)
{
    (void)state;
    uint32_t edge_start[3] = {0, 0, 0}, member[2] = {0, 1};
    struct group_graph gg = {.count = 2, .member = member, .edge_start = edge_start,
                             .edges = NULL};
    struct extremes_scratch *s = extremes_scratch_new(2);
    assert_non_null(s);
    struct group_extremes x;
    assert_int_equal(group_extremes_find(&x, &gg, s, EXTREMES_ANY_WORK), -1);
    extremes_scratch_free(s);
}

/* Under a bound on the work, a group is either settled exactly as without one or left
 * unsettled having cost at most the bound; groups larger than the bound are not searched.
 * 4-1-1 is one dense group that needs passes, 5-4-1 two long ones that need none. */
static void test_work_bound(void **state)
{
    struct fixture *f = *state;
    const char *const names[] = {"4-1-1", "5-4-1", "6-2-3"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        struct class_extremes c;
        open_extremes(&c, &f->cat, names[i]);
        uint64_t bound = (uint64_t)c.t.cg.size[0] * 100; /* 100 searches of the largest */
        struct extremes_row *bounded = calloc(c.t.cg.group_count, sizeof *bounded);
        assert_non_null(bounded);
        find_all(bounded, &c.t, bound);
        for (uint32_t num = 0; num < c.t.cg.group_count; num++) {
            const struct extremes_row *b = &bounded[num], *u = &c.rows[num];
            assert_true(b->work <= bound);
            if (!b->settled) {
                assert_true(u->work > bound || c.rows[num].work == 0);
                assert_null(b->peripheral_ids);
                continue;
            }
            assert_int_equal(b->diameter, u->diameter);
            assert_int_equal(b->radius, u->radius);
            assert_int_equal(b->peripheral_count, u->peripheral_count);
            assert_int_equal(b->central_count, u->central_count);
            assert_memory_equal(b->peripheral_ids, u->peripheral_ids, u->peripheral_ids_size);
            assert_memory_equal(b->central_ids, u->central_ids, u->central_ids_size);
        }
        bool dense = strcmp(names[i], "4-1-1") == 0;
        assert_int_equal(bounded[0].settled, !dense);
        /* Nothing is searched when no group fits. */
        for (uint32_t num = 0; num < c.t.cg.group_count; num++)
            extremes_row_free(&bounded[num]);
        find_all(bounded, &c.t, 0);
        for (uint32_t num = 0; num < c.t.cg.group_count; num++)
            assert_true(!bounded[num].settled && bounded[num].work == 0);
        free(bounded);
        close_extremes(&c);
    }
}

/* The base build's bounds, with the sizes and depths of real groups: 5-4-1-1 (under the
 * general bound), 5-4-2-0 (long: 81,340 members, 138 steps deep), 2-6-1-0 (dense: 964,656
 * members, 16 deep) and a large unsolvable group. */
static void test_base_bounds(void **state)
{
    (void)state;
    assert_true(extremes_base_work(25955, 124) == EXTREMES_BASE_WORK);
    assert_true(extremes_base_work(EXTREMES_BASE_WORK / EXTREMES_PASS_WORK, -1) ==
                EXTREMES_BASE_WORK);
    assert_true(extremes_base_work(81340, 138) == (uint64_t)EXTREMES_LONG_SEARCHES * 81340);
    assert_true(extremes_base_work(964656, 16) == 0);
    assert_true(extremes_base_work(81340, -1) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_member_group),
        cmocka_unit_test(test_disconnected_graph),
        cmocka_unit_test(test_reference_group),
        cmocka_unit_test(test_against_every_member),
        cmocka_unit_test(test_work_bound),
        cmocka_unit_test(test_base_bounds),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
