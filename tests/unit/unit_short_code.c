/* The short code (core/rank.h): the id in base 32 with the digits
 * 123456789ABCDEFGHJKMNPQRSTUVWXYZ, five of them.  Checked against the values SPEC.md
 * gives (1A9BF0C00 = 4WVE1, 4FEA13400 = AXCZN), values worked out by hand for the first
 * and last ids, a plain base-32 reading written here, and round trips over spread ids. */
#include "tests/unit/unit_test.h"

#include <string.h>

#define ID_STRIDE 9973

/* The base-32 value of a short code, read digit by digit with the alphabet spelled out
 * here rather than taken from the header. */
static uint32_t read_by_hand(const char *text)
{
    static const char digits[] = "123456789ABCDEFGHJKMNPQRSTUVWXYZ";
    uint32_t value = 0;
    for (const char *p = text; *p; p++)
        value = value * 32 + (uint32_t)(strchr(digits, *p) - digits);
    return value;
}

static void expect_short_code(uint32_t id, const char *want)
{
    char text[KL_SHORT_CODE_TEXT_SIZE];
    kl_short_code_format(id, text);
    assert_string_equal(text, want);
    uint32_t back = 0;
    assert_true(kl_short_code_parse(want, &back));
    assert_int_equal(back, id);
}

static void test_known_short_codes(void **state)
{
    (void)state;
    expect_short_code(0, "11111");
    expect_short_code(31, "1111Z");
    expect_short_code(32, "11121");
    expect_short_code(4091296, "4WVE1");
    expect_short_code(KL_LAYOUT_COUNT - 1, "VZ7Z2");
    char text[KL_SHORT_CODE_TEXT_SIZE];
    kl_short_code_format(kl_code_to_id(0x1A9BF0C00), text);
    assert_string_equal(text, "4WVE1");
    kl_short_code_format(kl_code_to_id(0x4FEA13400), text);
    assert_string_equal(text, "AXCZN");
}

static void test_parse_any_case(void **state)
{
    (void)state;
    uint32_t id = 0;
    assert_true(kl_short_code_parse("4wve1", &id));
    assert_int_equal(id, 4091296);
    assert_true(kl_short_code_parse("aXcZn", &id));
    assert_int_equal(kl_id_to_code(id), 0x4FEA13400);
}

static void test_parse_rejects(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "4WVE", "4WVE11", "4WVE0", "4WVEI", "4WVEL", "4WVEO", "4WV E", "4WVE-",
        "VZ7Z3", /* the first beyond the last id */
        "ZZZZZ"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint32_t id = 12345;
        assert_false(kl_short_code_parse(bad[i], &id));
        assert_int_equal(id, 12345);
    }
    assert_true(kl_is_short_code("VZ7Z3")); /* the form is right; only the value is not */
    assert_false(kl_is_short_code("4WVE0"));
}

/* Every short code reads back to its id, agrees with the plain reading, and the
 * alphabet's ASCII order keeps the ids' order, so sorting short codes sorts ids. */
static void test_round_trips(void **state)
{
    (void)state;
    char previous[KL_SHORT_CODE_TEXT_SIZE] = "";
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += ID_STRIDE) {
        char text[KL_SHORT_CODE_TEXT_SIZE];
        kl_short_code_format(id, text);
        assert_int_equal(strlen(text), KL_SHORT_CODE_DIGITS);
        assert_int_equal(read_by_hand(text), id);
        uint32_t back;
        assert_true(kl_short_code_parse(text, &back));
        assert_int_equal(back, id);
        assert_true(strcmp(previous, text) < 0);
        memcpy(previous, text, sizeof text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_short_codes),
        cmocka_unit_test(test_parse_any_case),
        cmocka_unit_test(test_parse_rejects),
        cmocka_unit_test(test_round_trips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
