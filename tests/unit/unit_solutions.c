/* The searches from a layout at query time, a layout's solutions (answer/search/
 * solutions.h, which the query tool, the server and the page with no server share) and
 * the facts of a member of a group searched and kept (answer/search/searched_group.h, the
 * page's), against brute force over the
 * builder's class graphs (whose steps unit_moves checks against the naive model): a
 * layout's solutions (SPEC.md) are the solved members no shortest path to which passes
 * another solved member, counted by group_fixture.h's plain search; each one found must be
 * solved and lie at its search distance, in order of distance then code; and the facts of
 * one search of the whole group (group_index, farthest_steps, farthest_num, solution_num,
 * min_solution_num) those of plain searches and of the builder's group numbering.  Every
 * member of the groups of up to FULL_CHECK_SIZE layouts of the classes below is checked, a
 * sample of the larger ones. */
#include "tests/unit/unit_test.h"

#include "tests/unit/group_fixture.h"

#include "answer/search/searched_group.h"
#include "answer/search/solutions.h"

#define FULL_CHECK_SIZE 400
#define SAMPLES_PER_GROUP 8

static const char *const checked_classes[] = {"6-2-3", "6-0-2", "4-0-0", "1-1-0", "7-0-1", "5-4-1"};

/* Class member `start`'s distances into t->distance (-1 where not reached); returns how
 * many members were reached (its group's size). */
static uint32_t distances_from(struct tested_class *t, uint32_t start)
{
    for (uint32_t i = 0; i < t->g.count; i++)
        t->distance[i] = -1;
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
    return tail;
}

static uint32_t member_of(const struct tested_class *t, kl_code code)
{
    uint32_t low = 0, high = t->g.count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        if (t->g.codes[middle] < code)
            low = middle + 1;
        else
            high = middle;
    }
    assert_true(low < t->g.count && t->g.codes[low] == code);
    return low;
}

/* Checks the searches from class member c against brute force, its group's searched into
 * g when not there already. */
static void check_member(struct tested_class *t, struct searched_group *g, uint32_t c)
{
    kl_code code = t->g.codes[c];
    uint32_t group_size = t->cg.size[t->cg.group_of[c]];
    uint32_t expected = brute_force_solutions(t, c);
    int steps;
    uint32_t num;
    brute_force(t, c, &steps, &num);

    struct solutions found;
    assert_true(solutions_find(code, group_size, NULL, &found));
    if (found.count != expected)
        fail_msg("%09llX: %zu solutions; brute force %u", (unsigned long long)code, found.count, expected);
    assert_int_equal(distances_from(t, c), group_size);
    long long minimal = 0;
    for (size_t i = 0; i < found.count; i++) {
        assert_true(code_is_solved(found.codes[i]));
        assert_int_equal(found.distances[i], t->distance[member_of(t, found.codes[i])]);
        if (i > 0)
            assert_true(found.distances[i] > found.distances[i - 1] ||
                        (found.distances[i] == found.distances[i - 1] && found.codes[i] > found.codes[i - 1]));
        minimal += found.distances[i] == found.distances[0];
    }
    for (uint32_t i = 0; i < group_size; i++) /* as the plain searches expect it */
        t->distance[t->queue[i]] = -1;

    assert_true(searched_group_load(g, code, group_size, NULL));
    assert_int_equal(g->search.count, group_size);
    struct layout_search_facts facts = searched_group_facts(g, searched_group_member(g, code));
    if (facts.group_index != t->cg.group_index[c] ||
        facts.farthest_steps != steps || facts.farthest_num != num)
        fail_msg("%09llX: group_index %lld, farthest %lld steps, %lld layouts; brute force %u, %d, %u",
                 (unsigned long long)code, facts.group_index, facts.farthest_steps, facts.farthest_num,
                 t->cg.group_index[c], steps, num);
    assert_int_equal(facts.solution_num, expected ? (long long)expected : -1);
    assert_int_equal(facts.min_solution_num, expected ? minimal : -1);
    solutions_free(&found);
}

static void test_against_brute_force(void **state)
{
    struct fixture *f = *state;
    unsigned long checked = 0, with_solutions = 0;
    for (size_t i = 0; i < sizeof checked_classes / sizeof *checked_classes; i++) {
        struct tested_class t;
        open_class(&t, &f->cat, checked_classes[i]);
        struct searched_group g = {0};
        uint32_t *seen = calloc(t.cg.group_count, sizeof *seen);
        assert_non_null(seen);
        for (uint32_t c = 0; c < t.g.count; c++) {
            uint32_t num = t.cg.group_of[c], size = t.cg.size[num];
            uint32_t stride = size <= FULL_CHECK_SIZE ? 1 : size / SAMPLES_PER_GROUP;
            if (seen[num]++ % stride != 0)
                continue;
            check_member(&t, &g, c);
            checked++;
            with_solutions += brute_force_solutions(&t, c) > 1;
        }
        searched_group_free(&g);
        free(seen);
        close_class(&t);
    }
    assert_true(checked > 1000);
    assert_true(with_solutions > 100); /* layouts with several solutions among them */
}

/* SPEC.md: 1A9BF0C00 has 2 min solutions and 6 solutions, 124 farthest steps and 8
 * farthest layouts. */
static void test_reference_layout(void **state)
{
    (void)state;
    struct searched_group g = {0};
    assert_true(searched_group_load(&g, 0x1A9BF0C00ull, 0, NULL)); /* its size not told */
    struct layout_search_facts facts = searched_group_facts(&g, searched_group_member(&g, 0x1A9BF0C00ull));
    assert_int_equal(facts.min_solution_num, 2);
    assert_int_equal(facts.solution_num, 6);
    assert_int_equal(facts.farthest_steps, 124);
    assert_int_equal(facts.farthest_num, 8);
    assert_int_equal(searched_group_member(&g, 0x4FEA13400ull), UINT32_MAX); /* another group's */
    searched_group_free(&g);
    struct solutions found;
    assert_true(solutions_find(0x1A9BF0C00ull, 0, NULL, &found));
    assert_int_equal(found.count, 6);
    assert_int_equal(found.distances[0], 81);
    solutions_free(&found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_layout),
        cmocka_unit_test(test_against_brute_force),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
