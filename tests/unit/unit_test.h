/* What every unit test includes first: cmocka, whose header needs the four before it, and
 * the naive board model of tests/reference/layout_model.h with the assertions the tests
 * build on it. */
#ifndef KLOTSKI_TESTS_UNIT_UNIT_TEST_H
#define KLOTSKI_TESTS_UNIT_UNIT_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/rank.h"
#include "tests/reference/layout_model.h"

/* What write(out, what) writes, as a malloc'd string: the text a writer to a stream
 * makes, for the tests to compare. */
static inline char *written_by(void (*write)(FILE *out, const void *what), const void *what)
{
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    assert_non_null(out);
    write(out, what);
    assert_int_equal(fclose(out), 0);
    return text;
}

/* The model of a picture of layout_model.h; a picture that is not a legal layout fails
 * the test, since the tests' pictures are drawn by hand. */
static inline void picture_model(const char *picture, struct model *m)
{
    if (!model_from_picture(picture, m))
        fail_msg("picture \"%s\" is not a legal layout", picture);
}

static inline kl_code picture_code(const char *picture)
{
    struct model m;
    picture_model(picture, &m);
    return model_to_code(&m);
}

/* One layout of the engine's listing, in the three forms a test holds against each
 * other: its code, its raw layout and the model's reading of the code. */
struct sample {
    kl_code code;
    kl_raw raw;
    struct model m;
};

/* The layout with id `id`; the engine's decoder and the model must both accept it. */
static inline void sample_layout(uint32_t id, struct sample *s)
{
    s->code = kl_id_to_code(id);
    assert_true(model_from_code(s->code, &s->m));
    s->raw = 0;
    assert_int_equal(kl_code_to_raw(s->code, &s->raw), KL_OK);
}

/* Codes print in hex when an assertion fails: a decimal 36-bit number says nothing. */
#define assert_code_equal(actual, expected)                                              \
    do {                                                                                 \
        unsigned long long a_ = (actual), e_ = (expected);                               \
        if (a_ != e_)                                                                    \
            fail_msg("code %09llX, expected %09llX", a_, e_);                            \
    } while (0)

#endif
