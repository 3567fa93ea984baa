/* The board symmetries (core/symmetry.h): the up-down flip and the half turn, checked
 * against the naive model of tests/reference/layout_model.h, which moves each piece on a grid, on
 * a hand-made layout and on a sample of every layout; the mirror is checked the same way
 * in unit_code.c. */
#include "tests/unit/unit_test.h"

#include "core/rank.h"
#include "core/symmetry.h"

#define SAMPLE_STRIDE 997

/* The model's image of `code`: each piece keeps its column (up-down flip) or also has
 * its column counted from the right (half turn), its row counted from the bottom. */
static kl_code model_image(kl_code code, bool turn)
{
    struct model m, image;
    assert_true(model_from_code(code, &m));
    model_clear(&image);
    for (int i = 0; i < m.count; i++) {
        const struct model_piece *p = &m.piece[i];
        int col = turn ? KL_COLS - p->col - model_width(p->kind) : p->col;
        assert_true(model_add(&image, p->kind, KL_ROWS - p->row - model_height(p->kind), col));
    }
    return model_to_code(&image);
}

static void test_hand_made(void **state)
{
    (void)state;
    static const char *const layout = "oooV" "KKVV" "KKVV" ".HHV" ".oHH";
    static const char *const flipped = ".oHH" ".HHV" "KKVV" "KKVV" "oooV";
    static const char *const turned = "HHo." "VHH." "VVKK" "VVKK" "Vooo";
    kl_code code = picture_code(layout);
    assert_code_equal(kl_code_flip_up_down(code), picture_code(flipped));
    assert_code_equal(kl_code_turn_half(code), picture_code(turned));
    assert_code_equal(kl_code_turn_half(code), kl_code_mirror(kl_code_flip_up_down(code)));
}

static void test_against_model(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += SAMPLE_STRIDE) {
        kl_code code = kl_id_to_code(id);
        kl_code flipped = kl_code_flip_up_down(code), turned = kl_code_turn_half(code);
        assert_code_equal(flipped, model_image(code, false));
        assert_code_equal(turned, model_image(code, true));
        assert_code_equal(kl_code_flip_up_down(flipped), code);
        assert_code_equal(kl_code_turn_half(turned), code);
        kl_raw raw = 0;
        assert_int_equal(kl_code_to_raw(code, &raw), KL_OK);
        assert_code_equal(kl_raw_to_code(kl_raw_flip_up_down(raw)), flipped);
        assert_code_equal(kl_raw_to_code(kl_raw_turn_half(raw)), turned);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_made),
        cmocka_unit_test(test_against_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
