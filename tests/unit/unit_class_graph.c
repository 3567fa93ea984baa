/* The class graph (builder/graph/class_graph.h) against the move generator member by
 * member: each member's edges are its steps, the moves under each metric first
 * (metric_degree), the members whose steps are images of another's included; and the
 * solved members' run against a look at every code. */
#include "tests/unit/unit_test.h"

#include "tests/unit/group_fixture.h"

#include "core/moves.h"

static int by_code(const void *a, const void *b)
{
    kl_code x = *(const kl_code *)a, y = *(const kl_code *)b;
    return (x > y) - (x < y);
}

/* The local index of `code`, which the class holds (its codes are ascending). */
static uint32_t local_of(const struct class_graph *g, kl_code code)
{
    const kl_code *hit = bsearch(&code, g->codes, g->count, sizeof *g->codes, by_code);
    if (!hit)
        fail_msg("%09llX: a step out of the class", (unsigned long long)code);
    return (uint32_t)(hit - g->codes);
}

static int by_number(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Member i's first metric_degree[i][metric] edges are its moves under `metric` (as
 * kl_moves finds them), in any order. */
static void expect_metric_prefix(const struct class_graph *g, uint32_t i, enum kl_metric metric)
{
    kl_raw raw = 0;
    assert_int_equal(kl_code_to_raw(g->codes[i], &raw), KL_OK);
    struct kl_step moves[KL_MAX_STEPS];
    int n = kl_moves(raw, metric, moves);
    uint32_t want[KL_MAX_STEPS], got[KL_MAX_STEPS];
    for (int k = 0; k < n; k++)
        want[k] = local_of(g, kl_raw_to_code(kl_step_apply(raw, moves[k])));
    uint32_t degree = g->metric_degree[i][metric];
    if ((int)degree != n)
        fail_msg("%09llX: %u %s moves first, expected %d", (unsigned long long)g->codes[i],
                 degree, kl_metric_name(metric), n);
    memcpy(got, &g->edges[g->edge_start[i]], sizeof got[0] * degree);
    qsort(want, (size_t)n, sizeof want[0], by_number);
    qsort(got, degree, sizeof got[0], by_number);
    for (int k = 0; k < n; k++)
        assert_int_equal(got[k], want[k]);
}

static void test_edges_by_metric(void **state)
{
    struct fixture *f = *state;
    for (size_t c = 0; c < TESTED_CLASS_COUNT; c++) {
        struct tested_class t;
        open_class(&t, &f->cat, tested_classes[c]);
        for (uint32_t i = 0; i < t.g.count; i += 1 + t.g.count / 5000) {
            assert_int_equal(t.g.metric_degree[i][KL_METRIC_STEP],
                             t.g.edge_start[i + 1] - t.g.edge_start[i]);
            for (int m = 0; m < KL_METRIC_COUNT; m++)
                expect_metric_prefix(&t.g, i, (enum kl_metric)m);
        }
        close_class(&t);
    }
}

static void test_solved_run(void **state)
{
    struct fixture *f = *state;
    for (size_t c = 0; c < TESTED_CLASS_COUNT; c++) {
        struct tested_class t;
        open_class(&t, &f->cat, tested_classes[c]);
        uint32_t first, count = class_graph_solved(&t.g, &first);
        uint32_t scanned = 0;
        for (uint32_t i = 0; i < t.g.count; i++)
            if (code_is_solved(t.g.codes[i])) {
                assert_in_range(i, first, first + count - 1);
                scanned++;
            }
        assert_int_equal(count, scanned);
        close_class(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solved_run),
        cmocka_unit_test(test_edges_by_metric),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
