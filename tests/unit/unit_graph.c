/* The graph tools of core/graph/: the bitset and the code -> number map against naive
 * arrays (a bool per number, a linear scan of the codes added), and the breadth-first
 * walk against distances computed by relaxing every edge until nothing changes. */
#include "tests/unit/unit_test.h"

#include <stdlib.h>

#include "core/graph/bitset.h"
#include "core/graph/codemap.h"
#include "core/graph/walk.h"
#include "core/rank.h"

#define MAP_CODES 20000
#define ID_STRIDE 1013 /* codes added: every other sampled id; the rest stay absent */

static void test_bitset(void **state)
{
    (void)state;
    enum { COUNT = 200 };
    bool naive[COUNT] = {false};
    uint64_t *bits = kl_bitset_new(COUNT);
    assert_non_null(bits);
    for (uint32_t i = 0; i < COUNT; i += 3) {
        kl_bitset_add(bits, i);
        naive[i] = true;
    }
    kl_bitset_add(bits, 63);
    naive[63] = true;
    for (uint32_t i = 0; i < COUNT; i++)
        assert_int_equal(kl_bitset_has(bits, i), naive[i]);
    kl_bitset_clear(bits, COUNT);
    for (uint32_t i = 0; i < COUNT; i++)
        assert_false(kl_bitset_has(bits, i));
    assert_int_equal(kl_bitset_words(64), 2);
    assert_int_equal(kl_bitset_words(63), 1);
    free(bits);
}

/* The value the naive list gives `code`, or -1 when it was not added. */
static long naive_find(const kl_code *codes, uint32_t count, kl_code code)
{
    for (uint32_t i = 0; i < count; i++)
        if (codes[i] == code)
            return i;
    return -1;
}

static void test_codemap(void **state)
{
    (void)state;
    kl_code *added = malloc(sizeof *added * MAP_CODES);
    assert_non_null(added);
    struct kl_codemap map;
    assert_int_equal(kl_codemap_init(&map, 1), 0); /* too small: it has to grow */
    uint32_t count = 0;
    for (uint32_t k = 0; k < MAP_CODES; k++) {
        kl_code code = kl_id_to_code((uint32_t)((uint64_t)k * ID_STRIDE % KL_LAYOUT_COUNT));
        if (k % 2)
            continue;
        uint32_t value = count;
        kl_codemap_prefetch(&map, code);
        assert_int_equal(kl_codemap_add(&map, code, &value), 1);
        added[count++] = code;
        value = KL_CODEMAP_MAX_VALUE;
        assert_int_equal(kl_codemap_add(&map, code, &value), 0);
        assert_int_equal(value, count - 1);
    }
    assert_int_equal(map.count, count);
    assert_true(map.count * 2 <= map.mask + 1);
    for (uint32_t k = 0; k < MAP_CODES; k++) {
        kl_code code = kl_id_to_code((uint32_t)((uint64_t)k * ID_STRIDE % KL_LAYOUT_COUNT));
        uint32_t value = UINT32_MAX;
        long expected = naive_find(added, count, code);
        assert_int_equal(kl_codemap_find(&map, code, &value), expected >= 0);
        if (expected >= 0)
            assert_int_equal(value, expected);
        else
            assert_int_equal(value, UINT32_MAX);
    }
    kl_codemap_free(&map);
    free(added);
}

/* A graph in CSR form: two components, a 6-cycle 0..5 with the chord 0-3 and a path
 * 6-7-8, every edge listed both ways. */
#define NODES 9
static const uint32_t edge_start[NODES + 1] = {0, 3, 5, 7, 10, 12, 14, 15, 17, 18};
static const uint32_t edges[] = {1, 5, 3, /* 0 */ 0, 2, /* 1 */ 1, 3, /* 2 */ 2, 4, 0, /* 3 */
                                 3, 5, /* 4 */ 4, 0, /* 5 */ 7, /* 6 */ 6, 8, /* 7 */ 7 /* 8 */};

/* Distances from `start` by relaxing every edge until nothing changes; -1: unreachable. */
static void naive_distances(uint32_t start, int *distance)
{
    for (int v = 0; v < NODES; v++)
        distance[v] = -1;
    distance[start] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t v = 0; v < NODES; v++)
            for (uint32_t e = edge_start[v]; e < edge_start[v + 1]; e++)
                if (distance[v] >= 0 &&
                    (distance[edges[e]] < 0 || distance[edges[e]] > distance[v] + 1)) {
                    distance[edges[e]] = distance[v] + 1;
                    changed = true;
                }
    }
}

/* The walk lists each reachable member once, in order of distance. */
static void check_order(const uint32_t *queue, uint32_t count, uint32_t start)
{
    int distance[NODES];
    naive_distances(start, distance);
    uint32_t reachable = 0;
    for (int v = 0; v < NODES; v++)
        reachable += distance[v] >= 0;
    assert_int_equal(count, reachable);
    bool listed[NODES] = {false};
    for (uint32_t k = 0; k < count; k++) {
        assert_true(distance[queue[k]] >= 0);
        assert_false(listed[queue[k]]);
        listed[queue[k]] = true;
        if (k > 0)
            assert_true(distance[queue[k - 1]] <= distance[queue[k]]);
    }
}

static void test_walk(void **state)
{
    (void)state;
    uint32_t queue[NODES + 1]; /* kl_walk_expand_edges's room */
    uint32_t mark[NODES];
    for (uint32_t start = 0; start < NODES; start++) {
        uint64_t *seen = kl_bitset_new(NODES);
        assert_non_null(seen);
        struct kl_walk walk;
        kl_walk_init(&walk, edge_start, edges, queue);
        kl_bitset_add(seen, start);
        kl_walk_push(&walk, start);
        while (kl_walk_more(&walk))
            kl_walk_expand(&walk, seen, kl_walk_next(&walk));
        check_order(queue, walk.tail, start);

        kl_bitset_clear(seen, NODES);
        kl_walk_init(&walk, edge_start, edges, queue);
        kl_bitset_add(seen, start);
        kl_walk_push(&walk, start);
        while (kl_walk_more(&walk)) {
            uint32_t at = kl_walk_next(&walk);
            kl_walk_expand_edges(&walk, seen, edge_start[at], edge_start[at + 1]);
        }
        check_order(queue, walk.tail, start);
        free(seen);

        for (int v = 0; v < NODES; v++)
            mark[v] = start; /* any stamp other than the walk's */
        kl_walk_init(&walk, edge_start, edges, queue);
        mark[start] = NODES;
        kl_walk_push(&walk, start);
        while (kl_walk_more(&walk))
            kl_walk_expand_stamped(&walk, mark, NODES, kl_walk_next(&walk));
        check_order(queue, walk.tail, start);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bitset),
        cmocka_unit_test(test_codemap),
        cmocka_unit_test(test_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
