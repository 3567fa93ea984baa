/* Classes (core/classes.h): each layout's class against the piece counts of the naive
 * model (tests/reference/layout_model.h); which classes exist is read off the enumeration
 * of all layouts (checked by unit_rank), not off the engine's own rule. */
#include "tests/unit/unit_test.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/classes.h"
#include "core/rank.h"

#define SAMPLE_STRIDE 997
/* Ranges wide enough to hold every class and some that cannot exist around them. */
#define JIANG_RANGE 9
#define BING_RANGE 17
#define STYLE_RANGE 9

struct fixture {
    uint32_t count[JIANG_RANGE][BING_RANGE][STYLE_RANGE]; /* layouts per class */
};

static int count_classes(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    kl_code *all = malloc(KL_LAYOUT_COUNT * sizeof *all);
    if (!f || !all) {
        free(f);
        free(all);
        return -1;
    }
    size_t n = kl_enumerate(all);
    bool sane = true;
    for (size_t i = 0; i < n && sane; i++) {
        struct kl_class c = kl_class_of_code(all[i]);
        sane = c.jiang >= 0 && c.jiang < JIANG_RANGE && c.bing >= 0 && c.bing < BING_RANGE &&
               c.style >= 0 && c.style < STYLE_RANGE;
        if (sane)
            f->count[c.jiang][c.bing][c.style]++;
    }
    free(all);
    if (!sane) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int free_classes(void **state)
{
    free(*state);
    return 0;
}

static void expect_class(struct kl_class c, int jiang, int bing, int style)
{
    if (c.jiang != jiang || c.bing != bing || c.style != style)
        fail_msg("class %d-%d-%d, expected %d-%d-%d", c.jiang, c.bing, c.style, jiang, bing,
                 style);
}

static void test_spec_examples(void **state)
{
    (void)state;
    expect_class(kl_class_of_code(0x1A9BF0C00), 5, 4, 1); /* 4 V, 1 H, 4 o */
    expect_class(kl_class_of_code(0x4FEA13400), 5, 4, 2); /* 3 V, 2 H, 4 o */
    expect_class(kl_class_of_code(0x5DC02F800), 3, 4, 1); /* 2 V, 1 H, 4 o */
    expect_class(kl_class_of_code(0x000000000), 0, 0, 0); /* the 2x2 alone */
    expect_class(kl_class_of_code(0xEFFFFFFF0), 0, 14, 0);
    expect_class(kl_class_of_code(0x04A4A4000), 7, 0, 3); /* 4 V, 3 H */
}

static void test_against_model(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        struct sample s;
        sample_layout(id, &s);
        int horizontal = model_count_kind(&s.m, KL_PIECE_HORIZONTAL);
        expect_class(kl_class_of_code(s.code),
                     horizontal + model_count_kind(&s.m, KL_PIECE_VERTICAL),
                     model_count_kind(&s.m, KL_PIECE_SINGLE), horizontal);
    }
}

/* class_id counts the classes that have layouts, in (jiang, bing, style) order. */
static void test_class_ids(void **state)
{
    const struct fixture *f = *state;
    int next = 0;
    for (int j = 0; j < JIANG_RANGE; j++)
        for (int b = 0; b < BING_RANGE; b++)
            for (int s = 0; s < STYLE_RANGE; s++) {
                struct kl_class c = {j, b, s};
                int id = kl_class_id(c);
                if (f->count[j][b][s] == 0) {
                    if (id != -1)
                        fail_msg("%d-%d-%d has no layout but class_id %d", j, b, s, id);
                    continue;
                }
                if (id != next)
                    fail_msg("%d-%d-%d: class_id %d, expected %d", j, b, s, id, next);
                struct kl_class back = kl_class_from_id(id);
                expect_class(back, j, b, s);
                next++;
            }
    assert_int_equal(next, KL_CLASS_COUNT);
    assert_int_equal(kl_class_id((struct kl_class){-1, 0, 0}), -1);
    assert_int_equal(kl_class_id((struct kl_class){0, -1, 0}), -1);
    assert_int_equal(kl_class_id((struct kl_class){0, 0, -1}), -1);
}

static void test_no_7_0_0(void **state)
{
    const struct fixture *f = *state;
    assert_int_equal(f->count[7][0][0], 0);
    assert_true(f->count[7][0][1] > 0);
    assert_int_equal(kl_class_id((struct kl_class){7, 0, 0}), -1);
    struct kl_class c;
    assert_false(kl_class_parse("7-0-0", &c));
    assert_true(kl_class_parse("7-0-1", &c));
}

static void test_names(void **state)
{
    (void)state;
    for (int id = 0; id < KL_CLASS_COUNT; id++) {
        struct kl_class c = kl_class_from_id(id), back = {-1, -1, -1};
        char name[KL_CLASS_NAME_SIZE], want[32];
        kl_class_name(c, name);
        snprintf(want, sizeof want, "%d-%d-%d", c.jiang, c.bing, c.style);
        assert_string_equal(name, want);
        assert_true(kl_class_parse(name, &back));
        expect_class(back, c.jiang, c.bing, c.style);
    }
    char name[KL_CLASS_NAME_SIZE];
    kl_class_name((struct kl_class){5, 4, 1}, name);
    assert_string_equal(name, "5-4-1");

    static const char *const bad[] = {
        "", "x", "5-4", "5-4-9", "7-0-0", "8-0-0", "0-15-0", "2-3-3", "-1-0-0",
        "5-4-1-0", "5-4-1x", "5-4-", "5 4 1", "5.4.1", "five-4-1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct kl_class c;
        if (kl_class_parse(bad[i], &c))
            fail_msg("\"%s\" parsed as a class", bad[i]);
    }
}

static void test_counts(void **state)
{
    const struct fixture *f = *state;
    static const uint32_t standard[6] = {15660, 65880, 109260, 106800, 51660, 14220};
    uint32_t standard_total = 0;
    for (int s = 0; s < 6; s++) {
        assert_int_equal(f->count[5][4][s], standard[s]);
        standard_total += f->count[5][4][s];
    }
    assert_int_equal(standard_total, 363480);

    uint64_t total = 0;
    for (int j = 0; j < JIANG_RANGE; j++)
        for (int b = 0; b < BING_RANGE; b++)
            for (int s = 0; s < STYLE_RANGE; s++)
                total += f->count[j][b][s];
    assert_int_equal(total, KL_LAYOUT_COUNT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_examples),
        cmocka_unit_test(test_against_model),
        cmocka_unit_test(test_class_ids),
        cmocka_unit_test(test_no_7_0_0),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, count_classes, free_classes);
}
