/* Codes: parsing, printing, decoding to raw layouts and mirroring (core/code.h), against
 * the naive model of tests/reference/layout_model.h and the worked examples of SPEC.md. */
#include "tests/unit/unit_test.h"

#include <stdio.h>

#include "core/rank.h"
#include "core/symmetry.h"

/* The worked examples of SPEC.md, drawn as in SPEC.md (the last two decoded by hand). */
static const struct {
    kl_code code;
    const char *picture;
} spec_examples[] = {
    {0x1A9BF0C00, "VKKV" "VKKV" "VHHV" "VooV" "o..o"},
    {0x4FEA13400, "oooV" "KKVV" "KKVV" ".HHV" ".oHH"},
    {0x5DC02F800, "oHHo" ".KK." ".KK." "VooV" "V..V"},
};

#define SENTINEL ((kl_code)0xDEADBEEF)
#define SAMPLE_STRIDE 997 /* ids visited by the whole-range checks: about 29,000 layouts */

static void expect_parse(const char *text, kl_code expected)
{
    kl_code got = SENTINEL;
    enum kl_code_error err = kl_code_parse(text, &got);
    if (err != KL_OK)
        fail_msg("\"%s\": %s", text, kl_code_error_text(err));
    assert_code_equal(got, expected);
}

static void expect_parse_error(const char *text, enum kl_code_error expected)
{
    kl_code got = SENTINEL;
    enum kl_code_error err = kl_code_parse(text, &got);
    if (err != expected)
        fail_msg("\"%s\": got error %d (%s), expected %d (%s)", text, err,
                 kl_code_error_text(err), expected, kl_code_error_text(expected));
    /* The contract promises *out is left alone on failure. */
    assert_code_equal(got, SENTINEL);
}

static void test_parse_valid(void **state)
{
    (void)state;
    expect_parse("1A9BF0C00", 0x1A9BF0C00);
    expect_parse("1a9bf0c00", 0x1A9BF0C00);
    expect_parse("1A9BF0C", 0x1A9BF0C00);
    expect_parse("1a9Bf0c", 0x1A9BF0C00);
    expect_parse("  1A9BF0C00", 0x1A9BF0C00);
    expect_parse("1A9BF0C \n", 0x1A9BF0C00);
    expect_parse("\t 1a9bf0c\r\n", 0x1A9BF0C00);
    expect_parse("4FEA134", 0x4FEA13400);
    expect_parse("5DC02F8", 0x5DC02F800);
    expect_parse("0330300FF", 0x0330300FF);
    /* A lone king on an empty board is legal, so one digit is a whole code. */
    expect_parse("0", 0x000000000);
    expect_parse("d", 0xD00000000);
    expect_parse("E", 0xE00000000);
}

/* Each reason of enum kl_code_error, triggered by the smallest input that shows it. */
static void test_parse_errors(void **state)
{
    (void)state;
    expect_parse_error("", KL_ERR_EMPTY_TEXT);
    expect_parse_error("   ", KL_ERR_EMPTY_TEXT);
    expect_parse_error("\t\r\n", KL_ERR_EMPTY_TEXT);

    expect_parse_error("1A9BF0G00", KL_ERR_BAD_CHARACTER);
    expect_parse_error("1A9 BF0C", KL_ERR_BAD_CHARACTER);
    expect_parse_error("0x1A9BF0C", KL_ERR_BAD_CHARACTER);
    expect_parse_error("-1A9BF0C", KL_ERR_BAD_CHARACTER);
    expect_parse_error("1A9BF0C.", KL_ERR_BAD_CHARACTER);

    expect_parse_error("1A9BF0C000", KL_ERR_TOO_LONG);
    expect_parse_error("01A9BF0C00", KL_ERR_TOO_LONG);

    expect_parse_error("3", KL_ERR_KING_ADDRESS);
    expect_parse_error("F", KL_ERR_KING_ADDRESS);
    expect_parse_error("3A9BF0C00", KL_ERR_KING_ADDRESS);
    expect_parse_error("f00000000", KL_ERR_KING_ADDRESS);

    /* 2x2 at 0; cell 2 empty, cell 3 starts a horizontal piece at the right edge. */
    expect_parse_error("01", KL_ERR_OFF_BOARD);
    /* 2x2 at 0; the 13th free cell is 16, on the last row, and starts a vertical piece. */
    expect_parse_error("000000080", KL_ERR_OFF_BOARD);

    /* 2x2 at 1; cell 0 starts a horizontal piece whose right cell is the 2x2's. */
    expect_parse_error("14", KL_ERR_OVERLAP);
    /* 2x2 at 8; a vertical at 1 covers 5, then a horizontal at 4 wants 5 too. */
    expect_parse_error("8204", KL_ERR_OVERLAP);

    expect_parse_error("0FFFFFFFF", KL_ERR_FEW_EMPTY); /* 16 1x1 pieces, no empty cell */
    expect_parse_error("0FFFFFFFC", KL_ERR_FEW_EMPTY); /* one empty cell, the last */
    expect_parse_error("03FFFFFFF", KL_ERR_FEW_EMPTY); /* one empty cell, the first */

    /* 1A9BF0C00 uses 11 symbols: its low 10 bits are padding. */
    expect_parse_error("1A9BF0C01", KL_ERR_UNUSED_BITS);
    expect_parse_error("1A9BF0C4", KL_ERR_UNUSED_BITS);
}

/* With an otherwise empty board the first digit alone decides: the 2x2 fits when its
 * right column and lower row are on the board. */
static void test_every_king_digit(void **state)
{
    (void)state;
    for (int digit = 0; digit < 16; digit++) {
        bool fits = digit % KL_COLS < KL_COLS - 1 && digit / KL_COLS < KL_ROWS - 1;
        char text[2];
        snprintf(text, sizeof text, "%X", digit);
        if (fits)
            expect_parse(text, (kl_code)digit << 32);
        else
            expect_parse_error(text, KL_ERR_KING_ADDRESS);
    }
}

static void test_error_texts(void **state)
{
    (void)state;
    for (int e = KL_OK; e <= KL_ERR_UNUSED_BITS; e++) {
        const char *text = kl_code_error_text((enum kl_code_error)e);
        assert_non_null(text);
        assert_true(strlen(text) > 0);
        for (int other = KL_OK; other < e; other++)
            assert_string_not_equal(text, kl_code_error_text((enum kl_code_error)other));
    }
}

static void expect_format(kl_code code, const char *full, const char *short_form)
{
    char buf[KL_CODE_TEXT_SIZE];
    kl_code_format(code, buf);
    assert_string_equal(buf, full);
    kl_code_format_short(code, buf);
    assert_string_equal(buf, short_form);
}

static void test_format(void **state)
{
    (void)state;
    expect_format(0x1A9BF0C00, "1A9BF0C00", "1A9BF0C");
    expect_format(0x4FEA13400, "4FEA13400", "4FEA134");
    expect_format(0x5DC02F800, "5DC02F800", "5DC02F8");
    expect_format(0x0330300FF, "0330300FF", "0330300FF");
    expect_format(0x000000000, "000000000", "0");
    expect_format(0xD00000000, "D00000000", "D");
    expect_format(0xEFFFFFFF0, "EFFFFFFF0", "EFFFFFFF");
}

/* Both printed forms parse back, over layouts spread across the whole id range. */
static void test_format_parse_round_trip(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        kl_code code = kl_id_to_code(id);
        char buf[KL_CODE_TEXT_SIZE];
        kl_code_format(code, buf);
        expect_parse(buf, code);
        kl_code_format_short(code, buf);
        expect_parse(buf, code);
    }
}

static void expect_raw_matches_model(kl_raw raw, const struct model *m)
{
    for (int addr = 0; addr < KL_CELLS; addr++) {
        enum kl_cell want = model_cell(m, addr / KL_COLS, addr % KL_COLS);
        if (kl_raw_cell(raw, addr) != want)
            fail_msg("cell %d holds %d, expected %d", addr, kl_raw_cell(raw, addr), want);
    }
}

static void test_spec_examples(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof spec_examples / sizeof spec_examples[0]; i++) {
        struct model m;
        picture_model(spec_examples[i].picture, &m);
        /* The hand-drawn boards and the model must agree before they judge anything. */
        assert_code_equal(model_to_code(&m), spec_examples[i].code);

        kl_raw raw = 0;
        assert_int_equal(kl_code_to_raw(spec_examples[i].code, &raw), KL_OK);
        expect_raw_matches_model(raw, &m);
        assert_code_equal(kl_raw_to_code(model_to_raw(&m)), spec_examples[i].code);
    }
}

/* Decoding and encoding against the model, and raw -> code -> raw, across the range. */
static void test_raw_round_trip(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        struct sample s;
        sample_layout(id, &s);
        assert_true(s.raw == model_to_raw(&s.m));
        assert_int_equal(kl_code_to_raw(s.code, NULL), KL_OK);
        assert_code_equal(kl_raw_to_code(s.raw), s.code);
    }
}

static void test_to_raw_rejects_wide_codes(void **state)
{
    (void)state;
    assert_int_equal(kl_code_to_raw((kl_code)1 << 36 | 0x1A9BF0C00, NULL), KL_ERR_TOO_LONG);
    assert_int_equal(kl_code_to_raw(~(kl_code)0, NULL), KL_ERR_TOO_LONG);
}

/* The model's mirror: each piece keeps its row and its column counts from the right. */
static kl_code model_mirror_code(kl_code code)
{
    struct model m, mirrored;
    assert_true(model_from_code(code, &m));
    model_clear(&mirrored);
    for (int i = 0; i < m.count; i++) {
        const struct model_piece *p = &m.piece[i];
        assert_true(model_add(&mirrored, p->kind, p->row,
                              KL_COLS - p->col - model_width(p->kind)));
    }
    return model_to_code(&mirrored);
}

static void test_mirror(void **state)
{
    (void)state;
    assert_code_equal(kl_code_mirror(0x1A9BF0C00), 0x1A9BF0C00);

    static const char *const asymmetric = "oooV" "KKVV" "KKVV" ".HHV" ".oHH";
    static const char *const reflected = "Vooo" "VVKK" "VVKK" "VHH." "HHo.";
    assert_code_equal(picture_code(asymmetric), 0x4FEA13400);
    assert_code_equal(picture_code(reflected), 0x6BFA47000); /* encoded by hand */
    assert_code_equal(kl_code_mirror(0x4FEA13400), 0x6BFA47000);
    assert_code_equal(kl_code_mirror(0x6BFA47000), 0x4FEA13400);

    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        kl_code code = kl_id_to_code(id);
        kl_code mirror = kl_code_mirror(code);
        assert_code_equal(mirror, model_mirror_code(code));
        assert_code_equal(kl_code_mirror(mirror), code);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_valid),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_every_king_digit),
        cmocka_unit_test(test_error_texts),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_format_parse_round_trip),
        cmocka_unit_test(test_spec_examples),
        cmocka_unit_test(test_raw_round_trip),
        cmocka_unit_test(test_to_raw_rejects_wide_codes),
        cmocka_unit_test(test_mirror),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
