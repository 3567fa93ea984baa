/* The group extremes (builder/extremes/class.h: diameter, radius, peripheral and central
 * members from eccentricity bounds) against every member's eccentricity found without
 * bounds: plain breadth-first search from each member of every group of up to
 * FULL_CHECK_SIZE layouts of the classes below, and for the larger groups the farthest
 * phase's bit-parallel search from each member (builder/farthest/group.h, itself checked
 * against plain search by unit_farthest).  Image groups are checked as groups of their
 * own, so the mapping of a searched group's results onto its images is checked too. */
#include "tests/unit/unit_test.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "builder/base/class_graph.h"
#include "builder/base/groups.h"
#include "builder/catalog.h"
#include "builder/extremes/class.h"
#include "builder/extremes/extremes.h"
#include "builder/farthest/group.h"
#include "core/database/idlist.h"

#define FULL_CHECK_SIZE 3000

/* Many small groups (6-x), a long thin pair of groups (5-4-1, holding the reference
 * layout), a group more than 255 steps across (5-4-3-0), dense single groups (0-4-0,
 * 4-1-1) and tiny classes: groups with 1, 2 and 4 images among them. */
static const char *const tested_classes[] = {"5-4-1", "5-4-3", "6-2-3", "6-1-4", "6-0-2",
                                             "0-4-0", "4-1-1", "4-0-0", "1-1-0", "7-0-1"};

struct fixture {
    struct catalog cat;
};

static int build_catalog(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    if (!f || catalog_build(&f->cat) != 0) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int free_catalog(void **state)
{
    struct fixture *f = *state;
    catalog_free(&f->cat);
    free(f);
    return 0;
}

/* One class, its groups and their extremes. */
struct tested_class {
    struct class_graph g;
    struct class_groups cg;
    struct class_reflections r;
    struct extremes_row *rows;
    uint32_t *number;   /* each member's number in its group graph, once built */
    int *distance;      /* plain search scratch, -1 where not reached */
    uint32_t *queue;
};

static void open_class(struct tested_class *t, const struct catalog *cat, const char *name)
{
    struct kl_class k;
    assert_true(kl_class_parse(name, &k));
    assert_int_equal(class_graph_build(&t->g, cat, kl_class_id(k)), 0);
    assert_int_equal(class_groups_find(&t->cg, &t->g), 0);
    assert_int_equal(class_reflections_build(&t->r, &t->g, &t->cg), 0);
    t->rows = calloc(t->cg.group_count, sizeof *t->rows);
    t->number = malloc(sizeof *t->number * t->g.count);
    t->distance = malloc(sizeof *t->distance * t->g.count);
    t->queue = malloc(sizeof *t->queue * t->g.count);
    assert_true(t->rows && t->number && t->distance && t->queue);
    memset(t->number, 0xff, sizeof *t->number * t->g.count);
    for (uint32_t i = 0; i < t->g.count; i++)
        t->distance[i] = -1;
    assert_int_equal(class_extremes_find(t->rows, &t->g, &t->cg), 0);
}

static void close_class(struct tested_class *t)
{
    for (uint32_t num = 0; num < t->cg.group_count; num++)
        extremes_row_free(&t->rows[num]);
    free(t->rows);
    class_reflections_free(&t->r);
    class_groups_free(&t->cg);
    class_graph_free(&t->g);
    free(t->number);
    free(t->distance);
    free(t->queue);
}

/* The eccentricity of class member `start` by plain breadth-first search. */
static int plain_eccentricity(struct tested_class *t, uint32_t start)
{
    uint32_t head = 0, tail = 0;
    t->queue[tail++] = start;
    t->distance[start] = 0;
    while (head < tail) {
        uint32_t at = t->queue[head++];
        for (uint32_t e = t->g.edge_start[at]; e < t->g.edge_start[at + 1]; e++)
            if (t->distance[t->g.edges[e]] < 0) {
                t->distance[t->g.edges[e]] = t->distance[at] + 1;
                t->queue[tail++] = t->g.edges[e];
            }
    }
    int farthest = t->distance[t->queue[tail - 1]];
    for (uint32_t i = 0; i < tail; i++)
        t->distance[t->queue[i]] = -1;
    return farthest;
}

/* Every member's eccentricity, by group member number, searched from every member. */
static void every_eccentricity(struct tested_class *t, const struct group_farthest *gf,
                               int *ecc)
{
    const struct group_graph *gg = &gf->graph;
    if (gg->count <= FULL_CHECK_SIZE) {
        for (uint32_t i = 0; i < gg->count; i++)
            ecc[i] = plain_eccentricity(t, gg->member[i]);
        return;
    }
    for (uint32_t i = 0; i < gg->count; i++)
        ecc[i] = gf->steps[i];
}

/* Checks that the id list `blob` of `count` ids holds exactly the members i of group
 * graph gg with ecc[i] == value. */
static void check_members(const struct tested_class *t, const struct group_graph *gg,
                          const int *ecc, int value, const unsigned char *blob, size_t size,
                          uint32_t count, const char *what, uint32_t num)
{
    uint32_t *ids = malloc(sizeof *ids * (count + 1));
    assert_non_null(ids);
    assert_int_equal(kl_idlist_decode(blob, size, ids, count), 0);
    uint32_t listed = 0;
    for (uint32_t i = 0; i < gg->count; i++) { /* members and ids both ascend by code */
        if (ecc[i] != value)
            continue;
        uint32_t id = t->g.ids[gg->member[i]];
        if (listed >= count || ids[listed] != id)
            fail_msg("group %u: %s members differ at %09llX", num, what,
                     (unsigned long long)t->g.codes[gg->member[i]]);
        listed++;
    }
    assert_int_equal(listed, count);
    free(ids);
}

/* Checks the row of group `num` against every member's eccentricity.  Returns the
 * group's searches. */
static uint32_t check_group(struct tested_class *t, uint32_t num, struct bfs_scratch *s,
                            int *ecc)
{
    struct group_farthest gf;
    assert_int_equal(group_farthest_init(&gf, &t->g, &t->cg, &t->r, num, t->number), 0);
    if (gf.graph.count > FULL_CHECK_SIZE) {
        for (uint32_t b = 0; b < gf.plan.batch_count; b++)
            assert_int_equal(group_farthest_batch(&gf, b, s), 0);
        group_farthest_finish(&gf);
    }
    every_eccentricity(t, &gf, ecc);
    int diameter = 0, radius = ecc[0];
    for (uint32_t i = 0; i < gf.graph.count; i++) {
        diameter = ecc[i] > diameter ? ecc[i] : diameter;
        radius = ecc[i] < radius ? ecc[i] : radius;
    }
    const struct extremes_row *row = &t->rows[num];
    if (row->diameter != diameter || row->radius != radius)
        fail_msg("group %u: diameter %d, radius %d; from every member %d, %d", num,
                 row->diameter, row->radius, diameter, radius);
    check_members(t, &gf.graph, ecc, diameter, row->peripheral_ids, row->peripheral_ids_size,
                  row->peripheral_count, "peripheral", num);
    check_members(t, &gf.graph, ecc, radius, row->central_ids, row->central_ids_size,
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
    for (size_t i = 0; i < sizeof tested_classes / sizeof *tested_classes; i++) {
        struct tested_class t;
        open_class(&t, &f->cat, tested_classes[i]);
        struct bfs_scratch *s = bfs_scratch_new(t.cg.size[0]);
        int *ecc = malloc(sizeof *ecc * t.cg.size[0]);
        assert_true(s && ecc);
        for (uint32_t num = 0; num < t.cg.group_count; num++) {
            searches += check_group(&t, num, s, ecc);
            members += t.cg.size[num];
            widest = t.rows[num].diameter > widest ? t.rows[num].diameter : widest;
            bounds_alone |= t.rows[num].searches > 1 && t.rows[num].batches == 0;
            batched |= t.rows[num].batches > 0;
        }
        free(ecc);
        bfs_scratch_free(s);
        close_class(&t);
    }
    assert_true(widest > 255);
    assert_true(bounds_alone && batched);
    /* The point of the bounds: far fewer searches than members. */
    assert_true(searches * 10 < members);
}

/* SPEC.md: group 5-4-1-1 has diameter 145 and radius 83, and its member 1A9BF0C00, 124
 * steps from its farthest layouts, is neither peripheral nor central. */
static void test_reference_group(void **state)
{
    struct fixture *f = *state;
    struct tested_class t;
    open_class(&t, &f->cat, "5-4-1");
    const struct extremes_row *row = &t.rows[1];
    assert_int_equal(row->diameter, 145);
    assert_int_equal(row->radius, 83);
    assert_int_equal(t.rows[0].diameter, 145); /* its mirror image 5-4-1-0 */
    assert_int_equal(t.rows[0].radius, 83);
    uint32_t searches = t.rows[0].searches + row->searches; /* one of them searched */
    assert_true(searches > 0 && searches < t.cg.size[1] / 10);
    uint32_t c = 0;
    while (t.g.codes[c] != 0x1A9BF0C00ull)
        c++;
    assert_int_equal(t.cg.group_of[c], 1);
    assert_int_equal(plain_eccentricity(&t, c), 124);
    close_class(&t);
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
    assert_int_equal(group_extremes_find(&x, &gg, s), 0);
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
    assert_int_equal(group_extremes_find(&x, &gg, s), -1);
    extremes_scratch_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_member_group),
        cmocka_unit_test(test_disconnected_graph),
        cmocka_unit_test(test_reference_group),
        cmocka_unit_test(test_against_every_member),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
