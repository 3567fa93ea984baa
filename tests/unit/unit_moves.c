/* The move generators (core/moves.h) under each metric, against the brute-force ones of
 * the naive model (tests/reference/layout_model.h): model_neighbours for steps,
 * model_line_neighbours (one piece, one direction, cell by cell) for straight and unit
 * moves. */
#include "tests/unit/unit_test.h"

#include <stdlib.h>
#include <string.h>

#include "core/moves.h"
#include "core/rank.h"

/* Ids visited: about 302,000 layouts against the brute force, and 29,000 with all their
 * neighbours for symmetry; a few seconds even in the sanitizer build. */
#define SAMPLE_STRIDE 97
#define SYMMETRY_STRIDE 997

static int by_code(const void *a, const void *b)
{
    kl_code x = ((const struct model_neighbour *)a)->code;
    kl_code y = ((const struct model_neighbour *)b)->code;
    return (x > y) - (x < y);
}

/* The brute force of layout_model.h, sorted by code like engine_neighbours. */
static int sorted_model_neighbours(kl_code code,
                                   struct model_neighbour out[MODEL_NEIGHBOURS_ROOM])
{
    struct model m;
    assert_true(model_from_code(code, &m));
    int n = model_neighbours(&m, out, MODEL_NEIGHBOURS_ROOM);
    assert_true(n >= 0);
    qsort(out, (size_t)n, sizeof out[0], by_code);
    return n;
}

/* The same from kl_steps, checking on the way that each step names the piece it moves
 * and that no layout is listed twice. */
static int engine_neighbours(kl_code code, struct model_neighbour out[KL_MAX_STEPS])
{
    kl_raw raw = 0;
    assert_int_equal(kl_code_to_raw(code, &raw), KL_OK);
    struct kl_step steps[KL_MAX_STEPS];
    int n = kl_steps(raw, steps);
    assert_in_range(n, 0, KL_MAX_STEPS);
    struct model m;
    assert_true(model_from_code(code, &m));
    for (int i = 0; i < n; i++) {
        int who = m.owner[steps[i].from / KL_COLS][steps[i].from % KL_COLS];
        assert_int_not_equal(who, MODEL_NONE);
        assert_int_equal(m.piece[who].kind, steps[i].kind);
        assert_int_equal(m.piece[who].row * KL_COLS + m.piece[who].col, steps[i].from);
        kl_code next = kl_raw_to_code(kl_step_apply(raw, steps[i]));
        assert_int_equal(kl_code_king(next) == kl_code_king(code),
                         steps[i].kind != KL_PIECE_KING);
        out[i] = (struct model_neighbour){next, steps[i].distance};
    }
    qsort(out, (size_t)n, sizeof out[0], by_code);
    for (int i = 1; i < n; i++)
        if (out[i].code == out[i - 1].code)
            fail_msg("%09llX: step to %09llX listed twice", (unsigned long long)code,
                     (unsigned long long)out[i].code);
    return n;
}

static void expect_same_neighbours(kl_code code, const struct model_neighbour *want,
                                   int want_n)
{
    struct model_neighbour got[KL_MAX_STEPS];
    int got_n = engine_neighbours(code, got);
    if (got_n != want_n)
        fail_msg("%09llX: %d steps, expected %d", (unsigned long long)code, got_n, want_n);
    for (int i = 0; i < got_n; i++) {
        assert_code_equal(got[i].code, want[i].code);
        if (got[i].distance != want[i].distance)
            fail_msg("%09llX -> %09llX: distance %d, expected %d",
                     (unsigned long long)code, (unsigned long long)got[i].code,
                     got[i].distance, want[i].distance);
    }
}

static void expect_model_neighbours(kl_code code)
{
    struct model_neighbour want[MODEL_NEIGHBOURS_ROOM];
    int n = sorted_model_neighbours(code, want);
    expect_same_neighbours(code, want, n);
}

static void test_sample_against_brute_force(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE)
        expect_model_neighbours(kl_id_to_code(id));
    expect_model_neighbours(kl_id_to_code(KL_LAYOUT_COUNT - 1));
}

static bool lists(const struct model_neighbour *list, int n, kl_code code, int distance)
{
    struct model_neighbour key = {code, 0};
    const struct model_neighbour *hit = bsearch(&key, list, (size_t)n, sizeof key, by_code);
    return hit && hit->distance == distance;
}

/* A step back undoes a step, over the same distance. */
static void test_symmetry(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SYMMETRY_STRIDE) {
        kl_code a = kl_id_to_code(id);
        struct model_neighbour out[KL_MAX_STEPS], back[KL_MAX_STEPS];
        int n = engine_neighbours(a, out);
        for (int i = 0; i < n; i++) {
            int m = engine_neighbours(out[i].code, back);
            if (!lists(back, m, a, out[i].distance))
                fail_msg("%09llX -> %09llX in %d, but not back", (unsigned long long)a,
                         (unsigned long long)out[i].code, out[i].distance);
        }
    }
}

static void test_empty_cells(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        struct sample s;
        sample_layout(id, &s);
        uint32_t want = 0;
        for (int addr = 0; addr < KL_CELLS; addr++)
            if (s.m.owner[addr / KL_COLS][addr % KL_COLS] == MODEL_NONE)
                want |= 1u << addr;
        assert_int_equal(kl_raw_empty_cells(s.raw), want);
    }
}

/* The busiest layouts (found by a one-off scan of all layouts): a lone 2x2 and seven 1x1
 * pieces, or similar, with nine empty cells to roam. */
static void test_most_steps(void **state)
{
    (void)state;
    static const kl_code busiest[] = {0x0330300FF, 0x2CCC000FF, 0x8FF0003C3, 0xEFF00C0CC};
    for (size_t i = 0; i < sizeof busiest / sizeof busiest[0]; i++) {
        struct model_neighbour want[MODEL_NEIGHBOURS_ROOM];
        assert_int_equal(sorted_model_neighbours(busiest[i], want), KL_MAX_STEPS);
        expect_same_neighbours(busiest[i], want, KL_MAX_STEPS);
    }
}

/* 横刀立马 by hand: only the four 1x1 pieces move, each into the two bottom gaps. */
static void test_classic_by_hand(void **state)
{
    (void)state;
    static const struct {
        const char *picture;
        int distance;
    } after[] = {
        {"VKKV" "VKKV" "VHHV" "VooV" ".o.o", 1}, /* bottom-left 1x1 right */
        {"VKKV" "VKKV" "VHHV" "VooV" "..oo", 2},
        {"VKKV" "VKKV" "VHHV" "VooV" "o.o.", 1}, /* bottom-right 1x1 left */
        {"VKKV" "VKKV" "VHHV" "VooV" "oo..", 2},
        {"VKKV" "VKKV" "VHHV" "V.oV" "oo.o", 1}, /* left middle 1x1 down */
        {"VKKV" "VKKV" "VHHV" "V.oV" "o.oo", 2}, /* ... and round the corner */
        {"VKKV" "VKKV" "VHHV" "Vo.V" "o.oo", 1}, /* right middle 1x1 down */
        {"VKKV" "VKKV" "VHHV" "Vo.V" "oo.o", 2},
    };
    enum { COUNT = sizeof after / sizeof after[0] };
    struct model_neighbour want[COUNT];
    for (int i = 0; i < COUNT; i++)
        want[i] = (struct model_neighbour){picture_code(after[i].picture),
                                           after[i].distance};
    qsort(want, COUNT, sizeof want[0], by_code);
    expect_same_neighbours(0x1A9BF0C00, want, COUNT);
}

/* One of the eight layouts where nothing can move: each gap is hemmed in by pieces that
 * would need a second free cell. */
static void test_no_steps(void **state)
{
    (void)state;
    kl_code stuck = picture_code("KKHH" "KK.V" "VHHV" "V.VV" "HHVV");
    assert_code_equal(stuck, 0x04A4A4000);
    struct model_neighbour want[MODEL_NEIGHBOURS_ROOM];
    assert_int_equal(sorted_model_neighbours(stuck, want), 0);
    expect_same_neighbours(stuck, want, 0);
}

/* kl_moves under a metric lists exactly the model's one-line moves: every move found,
 * none extra, each as long as the model's line (so a straight move never turns and a
 * unit move is one cell), and every move a step of kl_steps. */
static void expect_metric_moves(kl_code code, enum kl_metric metric, int longest)
{
    struct model m;
    assert_true(model_from_code(code, &m));
    struct model_neighbour want[MODEL_NEIGHBOURS_ROOM], got[KL_MAX_STEPS];
    int want_n = model_line_neighbours(&m, longest, want, MODEL_NEIGHBOURS_ROOM);
    assert_true(want_n >= 0);
    qsort(want, (size_t)want_n, sizeof want[0], by_code);
    kl_raw raw = 0;
    assert_int_equal(kl_code_to_raw(code, &raw), KL_OK);
    struct kl_step moves[KL_MAX_STEPS];
    int got_n = kl_moves(raw, metric, moves);
    for (int i = 0; i < got_n; i++)
        got[i] = (struct model_neighbour){kl_raw_to_code(kl_step_apply(raw, moves[i])),
                                          moves[i].distance};
    qsort(got, (size_t)got_n, sizeof got[0], by_code);
    if (got_n != want_n)
        fail_msg("%09llX: %d %s moves, expected %d", (unsigned long long)code, got_n,
                 kl_metric_name(metric), want_n);
    for (int i = 0; i < got_n; i++) {
        assert_code_equal(got[i].code, want[i].code);
        if (got[i].distance != want[i].distance)
            fail_msg("%09llX -> %09llX: %s move of %d cells, expected %d",
                     (unsigned long long)code, (unsigned long long)got[i].code,
                     kl_metric_name(metric), got[i].distance, want[i].distance);
    }
}

static void test_metric_moves_against_brute_force(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        kl_code code = kl_id_to_code(id);
        expect_metric_moves(code, KL_METRIC_STRAIGHT, KL_ROWS);
        expect_metric_moves(code, KL_METRIC_UNIT, 1);
    }
}

/* kl_steps_by_metric's lists from the unit moves down to `metric`, together, are exactly
 * the model's moves under that metric, each as long as the model's; down to the steps,
 * all of kl_steps's steps. */
static void expect_steps_by_metric(kl_code code)
{
    struct model m;
    assert_true(model_from_code(code, &m));
    kl_raw raw = 0;
    assert_int_equal(kl_code_to_raw(code, &raw), KL_OK);
    struct kl_step lists[KL_METRIC_COUNT][KL_MAX_STEPS];
    int count[KL_METRIC_COUNT];
    int total = kl_steps_by_metric(raw, lists, count);
    assert_int_equal(total, count[KL_METRIC_UNIT] + count[KL_METRIC_STRAIGHT] +
                                count[KL_METRIC_STEP]);
    struct model_neighbour got[KL_MAX_STEPS], want[MODEL_NEIGHBOURS_ROOM];
    int got_n = 0;
    for (int metric = KL_METRIC_UNIT; metric >= KL_METRIC_STEP; metric--) {
        for (int k = 0; k < count[metric]; k++)
            got[got_n++] = (struct model_neighbour){
                kl_raw_to_code(kl_step_apply(raw, lists[metric][k])), lists[metric][k].distance};
        int want_n = metric == KL_METRIC_STEP
                         ? sorted_model_neighbours(code, want)
                         : model_line_neighbours(&m, metric == KL_METRIC_UNIT ? 1 : KL_ROWS,
                                                 want, MODEL_NEIGHBOURS_ROOM);
        assert_true(want_n >= 0);
        qsort(want, (size_t)want_n, sizeof want[0], by_code);
        struct model_neighbour sorted[KL_MAX_STEPS];
        memcpy(sorted, got, sizeof got[0] * (size_t)got_n);
        qsort(sorted, (size_t)got_n, sizeof sorted[0], by_code);
        if (got_n != want_n)
            fail_msg("%09llX: %d %s moves by metric, expected %d", (unsigned long long)code,
                     got_n, kl_metric_name((enum kl_metric)metric), want_n);
        for (int i = 0; i < got_n; i++) {
            assert_code_equal(sorted[i].code, want[i].code);
            assert_int_equal(sorted[i].distance, want[i].distance);
        }
    }
}

static void test_steps_by_metric_against_brute_force(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE)
        expect_steps_by_metric(kl_id_to_code(id));
    expect_steps_by_metric(0x1A9BF0C00); /* 横刀立马, whose 1x1 turns a corner */
}

/* 横刀立马: of its eight steps, the 1x1 that goes down and round the corner is two
 * straight moves, and only the four one-cell slides are unit moves. */
static void test_metric_classic_by_hand(void **state)
{
    (void)state;
    kl_raw raw = 0;
    assert_int_equal(kl_code_to_raw(0x1A9BF0C00, &raw), KL_OK);
    struct kl_step moves[KL_MAX_STEPS];
    assert_int_equal(kl_moves(raw, KL_METRIC_STEP, moves), 8);
    assert_int_equal(kl_moves(raw, KL_METRIC_STRAIGHT, moves), 6);
    assert_int_equal(kl_moves(raw, KL_METRIC_UNIT, moves), 4);
}

static void test_metric_names(void **state)
{
    (void)state;
    for (int m = 0; m < KL_METRIC_COUNT; m++) {
        enum kl_metric back = KL_METRIC_COUNT;
        assert_true(kl_metric_parse(kl_metric_name((enum kl_metric)m), &back));
        assert_int_equal(back, m);
    }
    enum kl_metric untouched = KL_METRIC_UNIT;
    assert_false(kl_metric_parse("steps", &untouched));
    assert_false(kl_metric_parse("", &untouched));
    assert_int_equal(untouched, KL_METRIC_UNIT);
    assert_string_equal(kl_metric_name(KL_METRIC_STRAIGHT), "straight");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_by_hand),
        cmocka_unit_test(test_no_steps),
        cmocka_unit_test(test_most_steps),
        cmocka_unit_test(test_empty_cells),
        cmocka_unit_test(test_sample_against_brute_force),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_metric_classic_by_hand),
        cmocka_unit_test(test_metric_names),
        cmocka_unit_test(test_metric_moves_against_brute_force),
        cmocka_unit_test(test_steps_by_metric_against_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
