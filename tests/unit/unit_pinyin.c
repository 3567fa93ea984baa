/* Names typed in pinyin (core/pinyin.h): the letters typed text is compared by, a name
 * read with any reading of a character of several (多音字), a name's spelling; checked
 * against spellings written out here by hand from a dictionary (横刀立马 héng dāo lì mǎ,
 * 长 cháng/zhǎng, 将 jiāng/jiàng, 绿 lǜ), and every character of data/classic_pinyin.tsv
 * found with the readings its line gives, read here with the table split by hand. */
#include "tests/unit/unit_test.h"

#include <stdio.h>
#include <string.h>

#include "core/pinyin.h"

static const char table[] =
#include "data/classic_pinyin.tsv.inc"
    ;

static void expect_key(const char *typed, const char *want)
{
    char key[KL_PINYIN_SIZE];
    assert_true(kl_pinyin_key(typed, key, sizeof key));
    assert_string_equal(key, want);
}

static void test_key(void **state)
{
    (void)state;
    expect_key("hengdaolima", "hengdaolima");
    expect_key("heng dao li ma", "hengdaolima");
    expect_key("héng dāo lì mǎ", "hengdaolima");
    expect_key("HÉNG DĀO LÌ MǍ", "hengdaolima");
    expect_key("he\xcc\x81ng da\xcc\x84o", "hengdao"); /* combining acute and macron */
    expect_key("Heng'dao-li\tma", "hengdaolima");
    expect_key("lǜ lv lü LÜ", "lulululu");
    expect_key("shuzixilie4", "shuzixilie4");
    char key[KL_PINYIN_SIZE];
    assert_false(kl_pinyin_key("横刀立马", key, sizeof key));
    assert_false(kl_pinyin_key("heng#1", key, sizeof key));
    assert_false(kl_pinyin_key("4 5", key, sizeof key)); /* no letter */
    assert_false(kl_pinyin_key("", key, sizeof key));
    assert_false(kl_pinyin_key("hengdaolima", key, 5)); /* does not fit */
}

static void test_reads_as(void **state)
{
    (void)state;
    assert_true(kl_pinyin_reads_as("hengdaolima", "横刀立马"));
    assert_false(kl_pinyin_reads_as("hengdaolim", "横刀立马"));
    assert_false(kl_pinyin_reads_as("hengdaolimaa", "横刀立马"));
    assert_false(kl_pinyin_reads_as("", "横刀立马"));
    /* 多音字: either reading */
    assert_true(kl_pinyin_reads_as("changjiang", "长将"));
    assert_true(kl_pinyin_reads_as("zhangjiang", "长将"));
    assert_true(kl_pinyin_reads_as("changqiang", "长将"));
    /* ASCII letters and digits read as themselves, other characters not at all */
    assert_true(kl_pinyin_reads_as("shuzixilie4", "数字系列4_"));
    assert_true(kl_pinyin_reads_as("xiaoxuanfeng", "小旋风Ⅰ"));
    assert_false(kl_pinyin_reads_as("shuzixilie5", "数字系列4"));
}

static void test_spell(void **state)
{
    (void)state;
    char out[KL_PINYIN_SIZE];
    kl_pinyin_spell("横刀立马", true, out, sizeof out);
    assert_string_equal(out, "héng dāo lì mǎ");
    kl_pinyin_spell("横刀立马", false, out, sizeof out);
    assert_string_equal(out, "hengdaolima");
    kl_pinyin_spell("数字系列4", true, out, sizeof out);
    assert_string_equal(out, "shù zì xì liè 4");
    kl_pinyin_spell("横刀立马", true, out, 8);
    assert_string_equal(out, "héng d"); /* cut to fit, never inside a character */
}

/* Every line of the table: its character reads as each of its readings, without tones. */
static void test_every_character(void **state)
{
    (void)state;
    int lines = 0;
    for (const char *line = table; *line; line = strchr(line, '\n') + 1) {
        const char *tab = strchr(line, '\t'), *end = strchr(line, '\n');
        char character[8], readings[128];
        snprintf(character, sizeof character, "%.*s", (int)(tab - line), line);
        snprintf(readings, sizeof readings, "%.*s", (int)(end - tab - 1), tab + 1);
        for (char *reading = strtok(readings, " "); reading; reading = strtok(NULL, " ")) {
            char key[KL_PINYIN_SIZE];
            assert_true(kl_pinyin_key(reading, key, sizeof key));
            if (!kl_pinyin_reads_as(key, character))
                fail_msg("%s does not read as %s (%s)", character, key, reading);
        }
        lines++;
    }
    assert_true(lines > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key),
        cmocka_unit_test(test_reads_as),
        cmocka_unit_test(test_spell),
        cmocka_unit_test(test_every_character),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
