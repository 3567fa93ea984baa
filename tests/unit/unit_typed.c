/* The one way in for typed text (core/typed.h): its error is a value whose details a
 * caller can read without the message.  A character that is no hex digit, put by hand at
 * every place of SPEC.md's reference code 1A9BF0C00 (with and without 0x, and in place of
 * every letter beyond f), is the value's character at that place; a misspelt name in
 * pinyin or in characters gets the name diagnosis, not the code's; trimming happens once,
 * before the parse, which reads the text as given. */
#include "tests/unit/unit_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classic.h"
#include "core/database/names.h"
#include "core/typed.h"

#define REFERENCE "1A9BF0C00"

/* Parses text, trimmed by kl_typed_trim as every caller does, into *typed; returns the
 * reason kl_typed_reason words (static: one at a time). */
static const char *parse(const char *text, struct kl_typed *typed)
{
    static char reason[KL_TYPED_REASON_SIZE];
    char *trimmed = kl_typed_trim(text);
    assert_non_null(trimmed);
    kl_typed_parse(trimmed, typed);
    kl_typed_reason(typed, false, reason, sizeof reason);
    typed->text = NULL; /* the text is freed here */
    free(trimmed);
    return reason;
}

static void test_reference(void **state)
{
    (void)state;
    struct kl_typed typed;
    parse("\xEF\xBB\xBF  1a9bf0c \r\n", &typed);
    assert_int_equal(typed.error, KL_TYPED_OK);
    assert_code_equal(typed.code, 0x1A9BF0C00);
    parse("横刀立马", &typed);
    assert_int_equal(typed.error, KL_TYPED_OK);
    assert_code_equal(typed.code, 0x1A9BF0C00);
}

/* Every place of the code, every letter that is no hex digit, either case: the place
 * counted from the text's first character, its 0x included. */
static void test_bad_digit_at_every_place(void **state)
{
    (void)state;
    for (int prefixed = 0; prefixed <= 1; prefixed++)
        for (size_t at = 0; at < strlen(REFERENCE); at++)
            for (char letter = 'g'; letter <= 'z'; letter++)
                for (int upper = 0; upper <= 1; upper++) {
                    char text[16], bad = (char)(upper ? letter - 'a' + 'A' : letter);
                    snprintf(text, sizeof text, "%s%s", prefixed ? "0x" : "", REFERENCE);
                    text[(prefixed ? 2 : 0) + at] = bad;
                    struct kl_typed typed;
                    const char *reason = parse(text, &typed);
                    if (typed.error != KL_TYPED_BAD_DIGIT)
                        fail_msg("%s: error %d, not a bad digit", text, (int)typed.error);
                    size_t place = (prefixed ? 2 : 0) + at + 1;
                    if (typed.place != place || typed.character != bad)
                        fail_msg("%s: place %zu '%c', expected %zu '%c'", text, typed.place, typed.character, place, bad);
                    char suffix[3] = "th";
                    if (place == 1 || place == 2 || place == 3)
                        memcpy(suffix, place == 1 ? "st" : place == 2 ? "nd" : "rd", 2);
                    char want[128];
                    snprintf(want, sizeof want, "not a layout code: the %zu%s character, '%c', is not a hex digit", place,
                             suffix, bad);
                    assert_string_equal(reason, want);
                }
    struct kl_typed typed;
    assert_string_equal(parse("1A9BF0C0G", &typed),
                        "not a layout code: the 9th character, 'G', is not a hex digit");
    assert_int_equal(typed.error, KL_TYPED_BAD_DIGIT);
}

/* Hex digits that make no code keep the codec's reason, and a number that may be an id
 * says so. */
static void test_bad_code(void **state)
{
    (void)state;
    struct kl_typed typed;
    assert_string_equal(parse("1A9BF0C01", &typed), "not a layout code: unused low bits are not zero");
    assert_int_equal(typed.error, KL_TYPED_BAD_CODE);
    assert_int_equal(typed.code_error, KL_ERR_UNUSED_BITS);
    assert_int_equal(typed.id, -1);
    parse("4091296", &typed);
    assert_int_equal(typed.error, KL_TYPED_BAD_CODE);
    assert_int_equal(typed.id, 4091296);
}

/* A name-like input: its name diagnosis first. */
static void test_misspelt_names(void **state)
{
    (void)state;
    struct kl_typed typed;
    assert_string_equal(parse("cengcengshefnag", &typed),
                        "looks like a classic name in pinyin, but no name reads so; closest names: "
                        "层层设防 (céng céng shè fáng), 层层设防1 (céng céng shè fáng 1), 层层设防2 (céng céng shè fáng 2)");
    assert_int_equal(typed.error, KL_TYPED_MISSPELT_PINYIN);
    assert_true(typed.pinyin);
    assert_int_equal(typed.name_count, 3);
    assert_string_equal(typed.names[0], "层层设防");
    assert_string_equal(parse("hengdaolma", &typed),
                        "looks like a classic name in pinyin, but no name reads so; closest names: 横刀立马 (héng dāo lì mǎ)");
    assert_string_equal(parse("层层设房", &typed),
                        "not a code, id, grid, board or classic name; closest names: 层层设防, 层层设防1, 层层设防2");
    assert_int_equal(typed.error, KL_TYPED_NOT_A_NAME);
    assert_false(typed.pinyin);
    /* The caller that reads files too says so in its list of forms. */
    char reason[KL_TYPED_REASON_SIZE];
    kl_typed_reason(&typed, true, reason, sizeof reason);
    assert_string_equal(reason,
                        "not a code, id, grid, board file or classic name; closest names: 层层设防, 层层设防1, 层层设防2");
}

/* The names' other errors, each a value with its list. */
static void test_names(void **state)
{
    (void)state;
    struct kl_typed typed;
    assert_string_equal(parse("四面楚歌", &typed),
                        "names 3 layouts; pick one: 四面楚歌#1 = 5BEA70C00, 四面楚歌#2 = 5BEE90C00, 四面楚歌#3 = 93C9BD400");
    assert_int_equal(typed.error, KL_TYPED_UNPICKED);
    assert_int_equal(typed.code_count, 3);
    assert_string_equal(parse("四面楚歌#4", &typed), "the name has 3 layouts; pick #1 to #3");
    assert_int_equal(typed.error, KL_TYPED_PICK_RANGE);
    parse("四面楚歌#2", &typed);
    assert_int_equal(typed.error, KL_TYPED_OK);
    assert_code_equal(typed.code, 0x5BEE90C00);
    assert_string_equal(parse("gaoweifenqi", &typed), "reads as 2 names: 高位分歧, 高位分岐; type the one you mean");
    assert_int_equal(typed.error, KL_TYPED_AMBIGUOUS);
    assert_string_equal(parse("  ", &typed), "empty layout");
    assert_int_equal(typed.error, KL_TYPED_EMPTY);
}

/* Every code's names as a scan of the whole table finds them (each line of the code, in
 * the table's order, joined by ", "), against the index kl_classic_names_of looks up;
 * and a code with no name. */
static void test_names_of_every_code(void **state)
{
    (void)state;
    struct kl_db_name line, other;
    size_t lines = 0;
    for (const char *cursor = kl_db_names_start(); kl_db_names_next(&cursor, &line); lines++) {
        char want[KL_CLASSIC_NAMES_SIZE] = "", got[KL_CLASSIC_NAMES_SIZE];
        size_t used = 0;
        for (const char *scan = kl_db_names_start(); kl_db_names_next(&scan, &other);)
            if (other.code == line.code)
                used += (size_t)snprintf(want + used, used < sizeof want ? sizeof want - used : 0, "%s%.*s",
                                         used ? ", " : "", (int)other.name_length, other.name);
        assert_true(kl_classic_names_of(line.code, got));
        assert_string_equal(got, want);
    }
    assert_true(lines > 500);
    char none[KL_CLASSIC_NAMES_SIZE];
    assert_false(kl_classic_names_of(0, none));
    assert_string_equal(none, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference),
        cmocka_unit_test(test_bad_digit_at_every_place),
        cmocka_unit_test(test_bad_code),
        cmocka_unit_test(test_misspelt_names),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_names_of_every_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
