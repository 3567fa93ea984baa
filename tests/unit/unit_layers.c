/* A group's depth layers at query time (answer/search/layers.h), found by its own
 * search and from a reference's residues, against two references, under each of the
 * three metrics: the builder's own min moves (builder/base/layers.h for
 * min_steps, metric_depths.h for min_straight_moves and min_unit_moves: the numbers the
 * database stores) for every group of the classes of group_fixture.h; and plain
 * breadth-first searches from the solved members over the naive board model's moves
 * (tests/reference/layout_model.h) for every group of up to BRUTE_FORCE_SIZE members.
 * Each answer is checked whole: its members in code order, each one's depth, the layer
 * sizes.  Also its watch: a search stopped in either of its passes answers nothing; and
 * residues that contradict the moves answer nothing. */
#include "tests/unit/unit_test.h"

#include "tests/unit/group_fixture.h"

#include "answer/search/layers.h"
#include "builder/base/layers.h"
#include "builder/base/metric_depths.h"

#define BRUTE_FORCE_SIZE 3000

/* The min moves a reference found for every member of a class, per metric
 * (LAYERS_UNSOLVABLE where unsolvable). */
struct class_depths {
    struct tested_class t;
    int *depth[KL_METRIC_COUNT];
};

static void open_depths(struct class_depths *c, const struct catalog *cat, const char *name)
{
    open_class(&c->t, cat, name);
    uint32_t n = c->t.g.count, groups = c->t.cg.group_count;
    uint8_t *steps = malloc(n);
    uint16_t *solution_num = malloc(n * sizeof *solution_num), *moves = malloc(n * sizeof *moves);
    struct group_layers *step_groups = malloc(groups * sizeof *step_groups);
    struct metric_group *metric_groups = malloc(groups * sizeof *metric_groups);
    assert_true(steps && solution_num && moves && step_groups && metric_groups);
    assert_int_equal(layers_compute(&c->t.g, &c->t.cg, steps, solution_num, step_groups), 0);
    for (int m = 0; m < KL_METRIC_COUNT; m++) {
        c->depth[m] = malloc(n * sizeof *c->depth[m]);
        assert_non_null(c->depth[m]);
        if (m != KL_METRIC_STEP)
            assert_int_equal(metric_depths_compute(&c->t.g, &c->t.cg, m, moves, metric_groups), 0);
        for (uint32_t i = 0; i < n; i++)
            c->depth[m][i] = m == KL_METRIC_STEP ? (steps[i] == KL_DB_UNSOLVABLE ? LAYERS_UNSOLVABLE : steps[i])
                                                 : (moves[i] == METRIC_UNSOLVABLE ? LAYERS_UNSOLVABLE : moves[i]);
        for (uint32_t g = 0; g < groups; g++)
            if (m == KL_METRIC_STEP)
                group_layers_free(&step_groups[g]);
            else
                metric_group_free(&metric_groups[g]);
    }
    free(steps);
    free(solution_num);
    free(moves);
    free(step_groups);
    free(metric_groups);
}

static void close_depths(struct class_depths *c)
{
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        free(c->depth[m]);
    close_class(&c->t);
}

/* The residues member_layers_from_residues asks for: a reference's depths mod 3. */
struct reference_residues {
    const struct class_graph *g;
    const int *depth;  /* per class member */
    kl_code lie;       /* a member whose residue is told one too many (0: none) */
};

static int compare_codes(const void *a, const void *b)
{
    kl_code x = *(const kl_code *)a, y = *(const kl_code *)b;
    return (x > y) - (x < y);
}

static int reference_residue(void *context, kl_code code)
{
    const struct reference_residues *r = context;
    const kl_code *found = bsearch(&code, r->g->codes, r->g->count, sizeof code, compare_codes);
    assert_non_null(found);
    int depth = r->depth[found - r->g->codes];
    assert_true(depth >= 0);
    return (depth + (code == r->lie)) % 3;
}

/* Checks the layers of group `num` under `metric` against depth (per class member),
 * found by member_layers_find, or by member_layers_from_residues from the reference's
 * residues. */
static void check_group(const struct class_depths *c, uint32_t num, enum kl_metric metric, const int *depth,
                        bool from_residues)
{
    const struct class_graph *g = &c->t.g;
    const struct class_groups *cg = &c->t.cg;
    struct member_layers l;
    uint32_t first = cg->first[num];
    struct reference_residues residues = {g, depth, 0};
    if (from_residues)
        assert_true(member_layers_from_residues(&l, g->codes[first], depth[first], cg->size[num], reference_residue,
                                                &residues, NULL));
    else
        assert_true(member_layers_find(&l, g->codes[first], cg->size[num], metric, NULL));
    assert_int_equal(l.count, cg->size[num]);
    size_t *sizes = calloc(cg->size[num] + 1, sizeof *sizes);
    assert_non_null(sizes);
    int largest = LAYERS_UNSOLVABLE;
    size_t i = 0;
    for (uint32_t k = 0; k < g->count; k++) {
        if (cg->group_of[k] != num)
            continue;
        if (l.codes[i] != g->codes[k] || l.depth[i] != depth[k])
            fail_msg("group %u, metric %s%s, member %zu: %09llX at depth %d; the reference: %09llX at %d", num,
                     kl_metric_name(metric), from_residues ? " from residues" : "", i,
                     (unsigned long long)l.codes[i], l.depth[i], (unsigned long long)g->codes[k], depth[k]);
        if (depth[k] != LAYERS_UNSOLVABLE) {
            sizes[depth[k]]++;
            largest = depth[k] > largest ? depth[k] : largest;
        }
        i++;
    }
    assert_int_equal(l.depths, largest + 1);
    assert_true(l.depths > 0 || l.layer_size == NULL);
    for (int d = 0; d < l.depths; d++)
        assert_int_equal(l.layer_size[d], sizes[d]);
    assert_int_equal(l.searched, 2 * l.count);
    free(sizes);
    member_layers_free(&l);
}

/* Every group of every tested class, under each metric, found both ways, against the
 * builder's depths. */
static void test_against_builder(void **state)
{
    struct fixture *f = *state;
    for (size_t k = 0; k < TESTED_CLASS_COUNT; k++) {
        struct class_depths c;
        open_depths(&c, &f->cat, tested_classes[k]);
        for (uint32_t num = 0; num < c.t.cg.group_count; num++)
            for (int m = 0; m < KL_METRIC_COUNT; m++) {
                check_group(&c, num, m, c.depth[m], false);
                check_group(&c, num, m, c.depth[m], true);
            }
        close_depths(&c);
    }
}

/* Residues that cannot tell, or that contradict the moves, answer nothing: a member
 * untold, a solved member told a residue of 1. */
static void test_residues_refused(void **state)
{
    struct fixture *f = *state;
    struct class_depths c;
    open_depths(&c, &f->cat, "5-4-1");
    const struct class_graph *g = &c.t.g;
    uint32_t solved = 0;
    while (!code_is_solved(g->codes[solved]) || c.t.cg.group_of[solved] != 1)
        solved++;
    uint32_t first = c.t.cg.first[1];
    struct reference_residues lying = {g, c.depth[KL_METRIC_STEP], g->codes[solved]};
    struct member_layers l;
    assert_false(member_layers_from_residues(&l, g->codes[first], c.depth[KL_METRIC_STEP][first], 0,
                                             reference_residue, &lying, NULL));
    assert_null(l.codes);
    assert_int_equal(l.searched, 2 * c.t.cg.size[1]);
    close_depths(&c);
}

/* Plain breadth-first search under `metric` over the model's moves from the solved
 * members of the group whose codes (ascending) are `codes`: each member's depth into
 * depth (LAYERS_UNSOLVABLE where none reaches it). */
static void brute_force_depths(const kl_code *codes, size_t count, enum kl_metric metric, int *depth)
{
    size_t *queue = malloc(count * sizeof *queue), tail = 0;
    assert_non_null(queue);
    for (size_t i = 0; i < count; i++) {
        depth[i] = code_is_solved(codes[i]) ? 0 : LAYERS_UNSOLVABLE;
        if (depth[i] == 0)
            queue[tail++] = i;
    }
    for (size_t head = 0; head < tail; head++) {
        struct model m;
        struct model_neighbour near[MODEL_NEIGHBOURS_ROOM];
        assert_true(model_from_code(codes[queue[head]], &m));
        int n = metric == KL_METRIC_STEP ? model_neighbours(&m, near, MODEL_NEIGHBOURS_ROOM)
                                         : model_line_neighbours(&m, metric == KL_METRIC_UNIT ? 1 : KL_ROWS, near,
                                                                 MODEL_NEIGHBOURS_ROOM);
        assert_true(n >= 0);
        for (int s = 0; s < n; s++) {
            const kl_code *found = bsearch(&near[s].code, codes, count, sizeof *codes, compare_codes);
            if (!found)
                fail_msg("%09llX moves out of its group to %09llX", (unsigned long long)codes[queue[head]],
                         (unsigned long long)near[s].code);
            size_t to = (size_t)(found - codes);
            if (depth[to] == LAYERS_UNSOLVABLE) {
                depth[to] = depth[queue[head]] + 1;
                queue[tail++] = to;
            }
        }
    }
    free(queue);
}

/* Every group of up to BRUTE_FORCE_SIZE members of the tested classes, under each
 * metric, against plain searches over the model's moves. */
static void test_against_brute_force(void **state)
{
    struct fixture *f = *state;
    size_t checked = 0, unsolvable = 0;
    for (size_t k = 0; k < TESTED_CLASS_COUNT; k++) {
        struct tested_class t;
        open_class(&t, &f->cat, tested_classes[k]);
        kl_code *codes = malloc(BRUTE_FORCE_SIZE * sizeof *codes);
        int *depth = malloc(BRUTE_FORCE_SIZE * sizeof *depth);
        assert_true(codes && depth);
        for (uint32_t num = 0; num < t.cg.group_count; num++) {
            if (t.cg.size[num] > BRUTE_FORCE_SIZE)
                continue;
            size_t count = 0;
            for (uint32_t i = 0; i < t.g.count; i++)
                if (t.cg.group_of[i] == num)
                    codes[count++] = t.g.codes[i];
            for (int m = 0; m < KL_METRIC_COUNT; m++) {
                brute_force_depths(codes, count, m, depth);
                struct member_layers l;
                assert_true(member_layers_find(&l, codes[count / 2], 0, m, NULL));
                assert_int_equal(l.count, count);
                for (size_t i = 0; i < count; i++)
                    if (l.codes[i] != codes[i] || l.depth[i] != depth[i])
                        fail_msg("%s group %u, metric %s: %09llX at depth %d; brute force: %09llX at %d",
                                 tested_classes[k], num, kl_metric_name(m), (unsigned long long)l.codes[i],
                                 l.depth[i], (unsigned long long)codes[i], depth[i]);
                unsolvable += l.depths == 0;
                member_layers_free(&l);
            }
            checked++;
        }
        free(codes);
        free(depth);
        close_class(&t);
    }
    assert_true(checked > 1000 && unsolvable > 0);
}

/* A watch that stops the search when asked for the `stop_at`-th time. */
struct counting_watch {
    int asked, stop_at;
};

static bool stop_when_counted(void *context)
{
    struct counting_watch *w = context;
    return ++w->asked == w->stop_at;
}

/* Stopped while the group is listed, and while the metric's search runs, the search
 * answers nothing; never stopped, it answers in full. */
static void test_watch(void **state)
{
    (void)state;
    const kl_code member = 0x1A9BF0C00; /* 横刀立马, in a group of 25,955 */
    struct counting_watch never = {0, 0};
    struct member_layers l;
    assert_true(member_layers_find(&l, member, 0, KL_METRIC_STEP,
                                   &(struct search_watch){stop_when_counted, &never}));
    assert_int_equal(l.count, 25955);
    assert_true(never.asked > 2);
    member_layers_free(&l);
    int stops[] = {1, never.asked / 2, never.asked};
    for (size_t i = 0; i < sizeof stops / sizeof *stops; i++) {
        struct counting_watch w = {0, stops[i]};
        assert_false(member_layers_find(&l, member, 0, KL_METRIC_STEP,
                                        &(struct search_watch){stop_when_counted, &w}));
        assert_int_equal(w.asked, stops[i]);
        assert_null(l.codes);
        assert_null(l.depth);
        assert_null(l.layer_size);
        assert_true(l.searched <= 2 * 25955);
    }
    assert_true(l.searched > 25955); /* the last ask comes in the metric's search */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_builder),
        cmocka_unit_test(test_residues_refused),
        cmocka_unit_test(test_against_brute_force),
        cmocka_unit_test(test_watch),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
