/* UTF-8 (core/utf8.h) and JSON strings (core/json.h), checked against a judgement made
 * here another way: a byte sequence is a well-formed character exactly when it is the
 * encoding, written out by hand from RFC 3629's table of code point ranges, of a
 * Unicode scalar value (U+0000..U+10FFFF less the surrogates).  Every sequence of up to
 * three bytes is judged, four-byte ones over every lead and second byte with the edge
 * values of the others, every scalar value is decoded back from its encoding, and the
 * named cases (overlong forms, surrogates, beyond U+10FFFF, cut short) are spelt out.
 * The JSON strings are read back by a small JSON string reader written here. */
#include "tests/unit/unit_test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json.h"
#include "core/utf8.h"

/* The encoding of scalar value v into out, by RFC 3629's table; returns its length. */
static size_t encode(unsigned v, unsigned char out[4])
{
    if (v < 0x80) {
        out[0] = (unsigned char)v;
        return 1;
    }
    if (v < 0x800) {
        out[0] = (unsigned char)(0xC0 + v / 64), out[1] = (unsigned char)(0x80 + v % 64);
        return 2;
    }
    if (v < 0x10000) {
        out[0] = (unsigned char)(0xE0 + v / 4096), out[1] = (unsigned char)(0x80 + v / 64 % 64);
        out[2] = (unsigned char)(0x80 + v % 64);
        return 3;
    }
    out[0] = (unsigned char)(0xF0 + v / 262144), out[1] = (unsigned char)(0x80 + v / 4096 % 64);
    out[2] = (unsigned char)(0x80 + v / 64 % 64), out[3] = (unsigned char)(0x80 + v % 64);
    return 4;
}

static bool is_scalar(unsigned v) { return v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF); }

/* The judgement: the length of the well-formed character bytes[0, size) starts (its
 * value in *value), else 0.  The lead byte's count of high one bits is the length the
 * sequence claims; its value is read off the bits with no check, and the sequence is
 * well-formed when re-encoding that value (a scalar value) gives the same bytes. */
static size_t judge(const unsigned char *bytes, size_t size, unsigned *value)
{
    if (size == 0)
        return 0;
    size_t ones = 0;
    while (ones < 8 && (bytes[0] << ones & 0x80))
        ones++;
    size_t claimed = ones == 0 ? 1 : ones;
    if (ones == 1 || claimed > 4 || claimed > size)
        return 0;
    unsigned v = bytes[0] & (0xFFu >> (ones + 1));
    for (size_t i = 1; i < claimed; i++)
        v = v * 64 + (bytes[i] & 0x3Fu);
    unsigned char again[4];
    if (!is_scalar(v) || encode(v, again) != claimed || memcmp(again, bytes, claimed) != 0)
        return 0;
    *value = v;
    return claimed;
}

/* kl_utf8_length and kl_utf8_decode agree with the judgement on bytes[0, size). */
static void check_sequence(const unsigned char *bytes, size_t size)
{
    unsigned want = 0, got = 0x12345678;
    size_t length = judge(bytes, size, &want);
    const char *text = (const char *)bytes;
    if (kl_utf8_length(text, size) != length)
        fail_msg("%02x %02x %02x %02x (size %zu): length %zu, want %zu", bytes[0], size > 1 ? bytes[1] : 0,
                 size > 2 ? bytes[2] : 0, size > 3 ? bytes[3] : 0, size, kl_utf8_length(text, size), length);
    size_t decoded = kl_utf8_decode(text, size, &got);
    if (size == 0) {
        assert_int_equal(decoded, 0);
        assert_int_equal(got, 0x12345678);
    } else if (length == 0) {
        assert_int_equal(decoded, 1);
        assert_int_equal(got, KL_UTF8_REPLACEMENT);
    } else {
        assert_int_equal(decoded, length);
        assert_int_equal(got, want);
    }
}

static void test_every_short_sequence(void **state)
{
    (void)state;
    unsigned char bytes[4] = {0};
    for (unsigned i = 0; i < 1u << 24; i++) {
        bytes[0] = (unsigned char)(i >> 16), bytes[1] = (unsigned char)(i >> 8), bytes[2] = (unsigned char)i;
        check_sequence(bytes, 3);
    }
    check_sequence(bytes, 0);
    for (unsigned i = 0; i < 1u << 16; i++) { /* cut short by size */
        bytes[0] = (unsigned char)(i >> 8), bytes[1] = (unsigned char)i;
        check_sequence(bytes, 1);
        check_sequence(bytes, 2);
    }
}

static void test_four_byte_sequences(void **state)
{
    (void)state;
    static const unsigned char edges[] = {0x00, 0x3F, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF};
    const size_t count = sizeof edges;
    unsigned char bytes[4];
    for (unsigned i = 0; i < 1u << 16; i++)
        for (size_t j = 0; j < count * count; j++) {
            bytes[0] = (unsigned char)(i >> 8), bytes[1] = (unsigned char)i;
            bytes[2] = edges[j / count], bytes[3] = edges[j % count];
            for (size_t size = 3; size <= 4; size++)
                check_sequence(bytes, size);
        }
}

static void test_every_scalar_value(void **state)
{
    (void)state;
    for (unsigned v = 0; v <= 0x10FFFF; v++) {
        if (!is_scalar(v))
            continue;
        unsigned char bytes[4];
        size_t length = encode(v, bytes);
        unsigned got = 0;
        if (kl_utf8_decode((const char *)bytes, length, &got) != length || got != v)
            fail_msg("U+%04X decoded as U+%04X", v, got);
    }
}

/* The named edge cases, by hand. */
static void expect_length(const char *text, size_t want)
{
    assert_int_equal(kl_utf8_length(text, strlen(text) + 1), want);
}

static void test_named_cases(void **state)
{
    (void)state;
    expect_length("", 1);                     /* NUL is a character of 1 */
    expect_length("\xc3\xa9", 2);             /* é */
    expect_length("\xe6\xa8\xaa", 3);         /* 横 */
    expect_length("\xf0\x9f\x98\x80", 4);     /* U+1F600 */
    expect_length("\xf4\x8f\xbf\xbf", 4);     /* U+10FFFF, the last */
    expect_length("\xc0\xaf", 0);             /* overlong '/' */
    expect_length("\xc1\xbf", 0);             /* overlong U+007F */
    expect_length("\xe0\x80\xaf", 0);         /* overlong '/' in 3 */
    expect_length("\xe0\x9f\xbf", 0);         /* overlong U+07FF */
    expect_length("\xf0\x8f\xbf\xbf", 0);     /* overlong U+FFFF */
    expect_length("\xed\xa0\x80", 0);         /* U+D800 */
    expect_length("\xed\xbf\xbf", 0);         /* U+DFFF */
    expect_length("\xed\x9f\xbf", 3);         /* U+D7FF, just below */
    expect_length("\xf4\x90\x80\x80", 0);     /* U+110000 */
    expect_length("\xf5\x80\x80\x80", 0);     /* lead beyond F4 */
    expect_length("\xff", 0);
    expect_length("\x80", 0);                 /* a continuation byte alone */
    expect_length("\xe6\xa8", 0);             /* cut short by the end */
    expect_length("\xe6\xa8x", 0);            /* cut short by another character */
    assert_int_equal(kl_utf8_length("\xe6\xa8\xaa", 2), 0); /* cut short by size */
    unsigned cp;
    assert_int_equal(kl_utf8_decode("\xe6\xa8\xaa", 3, &cp), 3);
    assert_int_equal(cp, 0x6A2A);
}

static void write_json(FILE *out, const void *text) { kl_json_string(out, text); }

/* What kl_json_string writes for text. */
static char *json_of(const char *text) { return written_by(write_json, text); }

static int hex_value(char c)
{
    const char *digits = "0123456789abcdef", *at = strchr(digits, c);
    return c && at ? (int)(at - digits) : -1;
}

/* Reads the JSON string `json` back (RFC 8259: quotes, no raw control byte, the escapes
 * \" \\ \n \u00XX, the only ones a writer of bytes below U+0080 needs), or NULL when it
 * is none; the caller frees it. */
static char *json_read_back(const char *json)
{
    size_t length = strlen(json);
    if (length < 2 || json[0] != '"' || json[length - 1] != '"')
        return NULL;
    char *text = malloc(length), *to = text;
    for (const char *s = json + 1; s < json + length - 1; s++) {
        if ((unsigned char)*s < 0x20 || *s == '"') {
            free(text);
            return NULL;
        }
        if (*s != '\\') {
            *to++ = *s;
            continue;
        }
        s++;
        if (*s == '"' || *s == '\\')
            *to++ = *s;
        else if (*s == 'n')
            *to++ = '\n';
        else if (*s == 'u' && strncmp(s + 1, "00", 2) == 0 && hex_value(s[3]) >= 0 && hex_value(s[4]) >= 0)
            *to++ = (char)(hex_value(s[3]) * 16 + hex_value(s[4])), s += 4;
        else {
            free(text);
            return NULL;
        }
    }
    *to = '\0';
    return text;
}

/* text with each byte that starts no well-formed character (by the judgement) as '?'. */
static void judged_copy(const char *text, char *out)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t left = strlen(text);
    while (left > 0) {
        unsigned v;
        size_t length = judge(s, left, &v);
        if (length == 0)
            *out++ = '?', length = 1;
        else
            memcpy(out, s, length), out += length;
        s += length, left -= length;
    }
    *out = '\0';
}

static void check_json(const char *text)
{
    char *json = json_of(text), *want = malloc(strlen(text) + 1);
    assert_non_null(want);
    judged_copy(text, want);
    char *back = json_read_back(json);
    if (!back || strcmp(back, want) != 0)
        fail_msg("JSON %s of %zu bytes does not read back", json, strlen(text));
    for (const char *s = json; *s;) { /* valid UTF-8 throughout */
        unsigned v;
        size_t length = judge((const unsigned char *)s, strlen(s), &v);
        if (length == 0)
            fail_msg("JSON %s is not UTF-8", json);
        s += length;
    }
    free(back);
    free(json);
    free(want);
}

static void test_json_strings(void **state)
{
    (void)state;
    char *json = json_of("a\"b\\c\nd\te\x7f\xe6\xa8\xaa\xed\xa0\x80\xc0");
    assert_string_equal(json, "\"a\\\"b\\\\c\\nd\\u0009e\\u007f\xe6\xa8\xaa????\"");
    free(json);
    char text[4] = {0};
    for (unsigned i = 1; i < 1u << 16; i++) { /* every text of one and two bytes */
        text[0] = (char)(i >> 8 ? i >> 8 : i), text[1] = (char)(i >> 8 ? i : 0);
        check_json(text);
    }
    static const char *const samples[] = {"\xe6\xa8\xaa\xe5\x88\x80", "\xe6\xa8", "\xf0\x9f\x98\x80x", "\xf4\x90\x80\x80",
                                          /* runs of plain characters between escapes and bad bytes */
                                          "plain \"quoted\" \xe6\xa8\xaa\xe5\x88\x80\\back\nline\x80tail\x01" "end",
                                          "\xe6\xa8\xaa\xe5\x88\x80\xe7\xab\x8b\xe9\xa9\xac"};
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++)
        check_json(samples[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_short_sequence),
        cmocka_unit_test(test_four_byte_sequences),
        cmocka_unit_test(test_every_scalar_value),
        cmocka_unit_test(test_named_cases),
        cmocka_unit_test(test_json_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
