/* Text boards: printing and parsing (core/board.h), against the board text drawn from
 * the naive model of tests/reference/layout_model.h and boards written out by hand. */
#include "tests/unit/unit_test.h"

#include "core/board.h"
#include "core/rank.h"

#define SAMPLE_STRIDE 1000

static const char classic_text[] = "VKKV\nVKKV\nVHHV\nVooV\no..o\n";

/* The board text the model expects: the picture of layout_model.h cut into lines. */
static void model_board_text(const struct model *m, char buf[KL_BOARD_TEXT_SIZE])
{
    static const char letter[KL_PIECE_KINDS] = {'o', 'H', 'V', 'K'};
    char *p = buf;
    for (int r = 0; r < KL_ROWS; r++) {
        for (int c = 0; c < KL_COLS; c++)
            *p++ = m->owner[r][c] == MODEL_NONE ? '.' : letter[m->piece[m->owner[r][c]].kind];
        *p++ = '\n';
    }
    *p = '\0';
}

static kl_raw expect_parse(const char *text)
{
    kl_raw raw = 0;
    enum kl_board_error err = kl_board_parse(text, &raw);
    if (err != KL_BOARD_OK)
        fail_msg("board \"%s\": %s", text, kl_board_error_text(err));
    return raw;
}

static void expect_parse_error(const char *text, enum kl_board_error expected)
{
    kl_raw raw = 0;
    enum kl_board_error err = kl_board_parse(text, &raw);
    if (err != expected)
        fail_msg("board \"%s\": got error %d (%s), expected %d (%s)", text, err,
                 kl_board_error_text(err), expected, kl_board_error_text(expected));
}

/* Formats the layout of `picture`, checks the text, and parses it back. */
static void expect_picture_round_trip(const char *picture)
{
    struct model m;
    picture_model(picture, &m);
    char want[KL_BOARD_TEXT_SIZE], got[KL_BOARD_TEXT_SIZE];
    model_board_text(&m, want);
    kl_board_format(model_to_raw(&m), got);
    assert_string_equal(got, want);
    assert_true(expect_parse(got) == model_to_raw(&m));
}

static void test_format_classic(void **state)
{
    (void)state;
    kl_raw raw = 0;
    assert_int_equal(kl_code_to_raw(0x1A9BF0C00, &raw), KL_OK);
    char buf[KL_BOARD_TEXT_SIZE];
    kl_board_format(raw, buf);
    assert_string_equal(buf, classic_text);
    assert_code_equal(kl_raw_to_code(expect_parse(classic_text)), 0x1A9BF0C00);
}

static void test_round_trip_sample(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        struct sample s;
        sample_layout(id, &s);
        char want[KL_BOARD_TEXT_SIZE], got[KL_BOARD_TEXT_SIZE];
        model_board_text(&s.m, want);
        kl_board_format(s.raw, got);
        assert_string_equal(got, want);
        assert_true(expect_parse(got) == s.raw);
    }
}

/* Same-letter runs are where a board could be read two ways. */
static void test_stacked_pieces(void **state)
{
    (void)state;
    expect_picture_round_trip("VKKo" "VKKo" "V.HH" "V.oo" "oooo");
    expect_picture_round_trip("HHHH" "KKVV" "KKVV" "..VV" "ooVV");
    expect_picture_round_trip("HHHH" "HHHH" "KKHH" "KK.." "HHHH");

    kl_raw raw = expect_parse("VKKo\nVKKo\nV.HH\nV.oo\noooo\n");
    assert_int_equal(kl_raw_cell(raw, 0), KL_CELL_V_TOP);
    assert_int_equal(kl_raw_cell(raw, 4), KL_CELL_V_BOTTOM);
    assert_int_equal(kl_raw_cell(raw, 8), KL_CELL_V_TOP);
    assert_int_equal(kl_raw_cell(raw, 12), KL_CELL_V_BOTTOM);
    assert_int_equal(kl_raw_cell(raw, 10), KL_CELL_H_LEFT);
    assert_int_equal(kl_raw_cell(raw, 11), KL_CELL_H_RIGHT);
}

static void test_lenient_input(void **state)
{
    (void)state;
    static const char *const spellings[] = {
        "vkkv\nvkkv\nvhhv\nvOOv\nO..o\n",
        "VKKV\nVKKV\nVHHV\nVooV\no..o",
        "VKKV\r\nVKKV\r\nVHHV\r\nVooV\r\no..o\r\n",
        "\n\nVKKV\n\nVKKV\nVHHV\n  \nVooV\no..o\n\n\n",
        "VKKV  \nVKKV\t\nVHHV \r\nVooV\no..o \n",
    };
    kl_raw classic = 0;
    assert_int_equal(kl_code_to_raw(0x1A9BF0C00, &classic), KL_OK);
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
        assert_true(expect_parse(spellings[i]) == classic);
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_parse_error("", KL_BOARD_SHAPE);
    expect_parse_error("VKKV\nVKKV\nVHHV\nVooV\n", KL_BOARD_SHAPE);
    expect_parse_error("VKKV\nVKKV\nVHHV\nVooV\no..o\n....\n", KL_BOARD_SHAPE);
    expect_parse_error("VKKV\nVKKV\nVHHV\nVooV\no..\n", KL_BOARD_SHAPE);
    expect_parse_error("VKKV\nVKKV\nVHHV\nVooV\no..o.\n", KL_BOARD_SHAPE);
    expect_parse_error("VKKVVKKVVHHVVooVo..o", KL_BOARD_SHAPE);

    expect_parse_error("VKKV\nVKKV\nVHHV\nV0oV\no..o\n", KL_BOARD_CHARACTER);
    expect_parse_error("VKKV\nVKKV\nVHHV\nVooV\no_.o\n", KL_BOARD_CHARACTER);
    expect_parse_error("VKKX\nVKKV\nVHHV\nVooV\no..o\n", KL_BOARD_CHARACTER);

    expect_parse_error("VooV\nVooV\nVHHV\nVooV\no..o\n", KL_BOARD_KING);  /* none */
    expect_parse_error("KK..\nKK..\nKK..\nKK..\noooo\n", KL_BOARD_KING);  /* two */
    expect_parse_error("KKK.\nKK..\noooo\noooo\noooo\n", KL_BOARD_KING);  /* five K */
    expect_parse_error("K...\noooo\noooo\noooo\noooo\n", KL_BOARD_KING);  /* lone K */
    expect_parse_error("ooKK\nooKo\noooo\noo..\noooo\n", KL_BOARD_KING);  /* L shape */
    expect_parse_error("oooK\noooK\noo..\noooo\noooo\n", KL_BOARD_KING);  /* edge */

    expect_parse_error("KK.H\nKK..\noooo\noooo\noooo\n", KL_BOARD_HORIZONTAL);
    expect_parse_error("KKHH\nKKH.\noooo\noooo\noooo\n", KL_BOARD_HORIZONTAL);
    expect_parse_error("KKoo\nKKoo\nHHH.\noooo\nooo.\n", KL_BOARD_HORIZONTAL);
    expect_parse_error("KKoo\nKKoo\nHo..\nHooo\noooo\n", KL_BOARD_HORIZONTAL);

    expect_parse_error("KKoo\nKKoo\noooo\no..o\nVooo\n", KL_BOARD_VERTICAL);
    expect_parse_error("KKoo\nKKoo\nVooo\nV..o\nVooo\n", KL_BOARD_VERTICAL);
    expect_parse_error("KKoo\nKKoo\nVV..\noooo\noooo\n", KL_BOARD_VERTICAL);

    expect_parse_error("KKoo\nKKoo\noooo\noooo\nooo.\n", KL_BOARD_FEW_EMPTY);
    expect_parse_error("KKHH\nKKVV\nooVV\noooo\noooo\n", KL_BOARD_FEW_EMPTY);
}

static void test_error_texts(void **state)
{
    (void)state;
    for (int e = KL_BOARD_OK; e <= KL_BOARD_FEW_EMPTY; e++) {
        const char *text = kl_board_error_text((enum kl_board_error)e);
        assert_non_null(text);
        assert_true(strlen(text) > 0);
        for (int other = KL_BOARD_OK; other < e; other++)
            assert_string_not_equal(text, kl_board_error_text((enum kl_board_error)other));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_classic),
        cmocka_unit_test(test_round_trip_sample),
        cmocka_unit_test(test_stacked_pieces),
        cmocka_unit_test(test_lenient_input),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_error_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
