/* The farthest computation (builder/farthest/group.h) against plain brute force: one
 * breadth-first search per layout over its class's step graph (the builder's, whose steps
 * unit_moves checks against the naive model of tests/reference/layout_model.h), for its
 * farthest data, and one more for its solutions.  Every group of up to FULL_CHECK_SIZE
 * layouts of the classes below is checked member by member, larger ones at a sample of
 * members; each group's results come from the group the phase searches for it (itself or
 * an image group) through the reflection that maps one onto the other, exactly as the
 * phase stores them: under the up-down flip and the half turn a layout's solution_num is
 * its image's count towards the top-solved members. */
#include "tests/unit/unit_test.h"

#include "tests/unit/group_fixture.h"

#include "builder/farthest/group.h"
#include "core/rank.h"

#define FULL_CHECK_SIZE 3000
#define SAMPLES_PER_GROUP 40

/* The reflection that maps group `num` onto its representative, or -1 for itself. */
static int reflection_to_representative(const struct class_reflections *r, uint32_t num)
{
    uint32_t rep = group_representative(r, num);
    if (rep == num)
        return -1;
    for (int k = 0; k < REFLECTIONS; k++)
        if (r->group_image[k][num] == rep)
            return k;
    fail_msg("group %u has no reflection onto its representative %u", num, rep);
    return -1;
}

/* Runs every search of group `rep` as the phase does. */
static void search_group(struct tested_class *t, uint32_t rep, struct bfs_scratch *s,
                         struct group_farthest *gf)
{
    assert_int_equal(group_farthest_init(gf, &t->g, &t->cg, &t->r, rep, t->number), 0);
    for (uint32_t b = 0; b < gf->batch_count; b++)
        assert_int_equal(group_farthest_batch(gf, b, s, NULL), 0);
    group_farthest_finish(gf);
}

/* Checks the solution_num the phase stores for class member c of group `num`, whose
 * image in the searched group gf (through reflection k, -1 for none) is member in_rep,
 * against brute force. */
static void check_solutions(struct tested_class *t, const struct group_farthest *gf,
                            uint32_t num, uint32_t c, int k, uint32_t in_rep)
{
    int set = k < 0 || k == FLIP_LEFT_RIGHT ? TARGET_SOLVED : TARGET_TOP;
    uint32_t expected = brute_force_solutions(t, c);
    bool solvable = expected > 0; /* a layout of a solvable group has a solution */
    if (solvable != (gf->solutions[set] != NULL) ||
        (solvable && gf->solutions[set][in_rep] != expected))
        fail_msg("%09llX (group %u): solution_num %lld; brute force %u (group %s)",
                 (unsigned long long)t->g.codes[c], num,
                 gf->solutions[set] ? (long long)gf->solutions[set][in_rep] : -1LL, expected,
                 solvable ? "solvable" : "unsolvable");
}

/* Searches group `rep` as the phase does and checks it, and every group it stands for,
 * against brute force.  Returns how many groups it stands for; raises *widest to its
 * diameter; sets bit 0 of *top_ways when it searched from top-solved members, bit 1 when
 * it took their counts from a reflection of the group onto itself. */
static int check_representative(struct tested_class *t, uint32_t rep, struct bfs_scratch *s,
                                int *widest, int *top_ways)
{
    struct group_farthest gf;
    search_group(t, rep, s, &gf);
    if (gf.solutions[TARGET_TOP])
        *top_ways |= gf.graph.image[FLIP_UP_DOWN] || gf.graph.image[TURN_HALF] ? 2 : 1;

    int largest = 0, smallest = UINT16_MAX;
    uint32_t at_largest = 0, at_smallest = 0;
    for (uint32_t i = 0; i < gf.graph.count; i++) {
        largest = gf.steps[i] > largest ? gf.steps[i] : largest;
        smallest = gf.steps[i] < smallest ? gf.steps[i] : smallest;
    }
    for (uint32_t i = 0; i < gf.graph.count; i++) {
        at_largest += gf.steps[i] == largest;
        at_smallest += gf.steps[i] == smallest;
    }
    assert_int_equal(gf.diameter, largest);
    assert_int_equal(gf.radius, smallest);
    assert_int_equal(gf.peripheral_count, at_largest);
    assert_int_equal(gf.central_count, at_smallest);
    *widest = gf.diameter > *widest ? gf.diameter : *widest;

    uint32_t stride =
        gf.graph.count <= FULL_CHECK_SIZE ? 1 : gf.graph.count / SAMPLES_PER_GROUP;
    int groups = 0;
    for (uint32_t num = 0; num < t->cg.group_count; num++) {
        if (group_representative(&t->r, num) != rep)
            continue;
        groups++;
        int k = reflection_to_representative(&t->r, num);
        for (uint32_t c = 0, seen = 0; c < t->g.count; c++) {
            if (t->cg.group_of[c] != num || seen++ % stride != 0)
                continue;
            uint32_t in_rep = t->number[k < 0 ? c : t->r.image[k][c]];
            int steps;
            uint32_t count;
            brute_force(t, c, &steps, &count);
            if (gf.steps[in_rep] != steps || gf.num[in_rep] != count)
                fail_msg("%09llX (group %u): %d steps, %u farthest; brute force %d, %u",
                         (unsigned long long)t->g.codes[c], num, gf.steps[in_rep],
                         gf.num[in_rep], steps, count);
            check_solutions(t, &gf, num, c, k, in_rep);
        }
    }
    group_farthest_free(&gf);
    return groups;
}

static void test_against_brute_force(void **state)
{
    struct fixture *f = *state;
    int images_seen = 0; /* bit n: a group standing for n groups (1, 2 or 4) */
    int widest = 0, top_ways = 0;
    for (size_t i = 0; i < TESTED_CLASS_COUNT; i++) {
        struct tested_class t;
        open_class(&t, &f->cat, tested_classes[i]);
        uint32_t largest = t.cg.size[0];
        struct bfs_scratch *s = bfs_scratch_new(largest);
        assert_non_null(s);
        for (uint32_t num = 0; num < t.cg.group_count; num++)
            if (group_representative(&t.r, num) == num)
                images_seen |= 1 << check_representative(&t, num, s, &widest, &top_ways);
        bfs_scratch_free(s);
        close_class(&t);
    }
    assert_int_equal(images_seen, 1 << 1 | 1 << 2 | 1 << 4);
    assert_true(widest > 255);
    assert_int_equal(top_ways, 3);
}

/* SPEC.md: 1A9BF0C00 has 124 farthest steps, 8 farthest layouts and 6 solutions; its
 * group 5-4-1-1 has diameter 145 and radius 83 (as has its mirror group 5-4-1-0). */
static void test_reference_layout(void **state)
{
    struct fixture *f = *state;
    struct tested_class t;
    open_class(&t, &f->cat, "5-4-1");
    uint32_t c = 0;
    while (t.g.codes[c] != 0x1A9BF0C00ull)
        c++;
    uint32_t num = t.cg.group_of[c];
    assert_int_equal(num, 1);
    int k = reflection_to_representative(&t.r, num);
    uint32_t rep = group_representative(&t.r, num);
    struct group_farthest gf;
    struct bfs_scratch *s = bfs_scratch_new(t.cg.size[rep]);
    assert_non_null(s);
    search_group(&t, rep, s, &gf);
    uint32_t in_rep = t.number[k < 0 ? c : t.r.image[k][c]];
    assert_int_equal(gf.steps[in_rep], 124);
    assert_int_equal(gf.num[in_rep], 8);
    int set = k < 0 || k == FLIP_LEFT_RIGHT ? TARGET_SOLVED : TARGET_TOP;
    assert_non_null(gf.solutions[set]);
    assert_int_equal(gf.solutions[set][in_rep], 6);
    assert_int_equal(gf.diameter, 145);
    assert_int_equal(gf.radius, 83);
    group_farthest_free(&gf);
    bfs_scratch_free(s);
    close_class(&t);
}

/* A layout that cannot move is its own farthest layout, at 0 steps. */
static void test_single_member_group(void **state)
{
    (void)state;
    uint32_t edge_start[2] = {0, 0}, member = 0, source = 0;
    struct group_graph gg = {.count = 1, .member = &member, .edge_start = edge_start,
                             .edges = NULL};
    struct bfs_scratch *s = bfs_scratch_new(1);
    assert_non_null(s);
    uint16_t steps;
    uint32_t num;
    assert_int_equal(eccentricity_bfs(&gg, &source, 1, s, &steps, &num), 0);
    assert_int_equal(steps, 0);
    assert_int_equal(num, 1);
    bfs_scratch_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_member_group),
        cmocka_unit_test(test_reference_layout),
        cmocka_unit_test(test_against_brute_force),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
