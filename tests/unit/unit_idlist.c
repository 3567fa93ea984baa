/* The "id list v1" BLOB format (core/database/idlist.h): zlib over LEB128 varints of the
 * first id and the gaps.  The test reads blobs back with zlib itself and the format's
 * definition (its independent model), to check the format, not only that decode undoes
 * encode. */
#include "tests/unit/unit_test.h"

#include <stdlib.h>
#include <zlib.h>

#include "core/database/idlist.h"

#define RANDOM_LISTS 40

/* A fixed-seed generator, so a failure repeats. */
static uint64_t random_state = 0x9E3779B97F4A7C15u;

static uint32_t next_random(void)
{
    random_state = random_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(random_state >> 32);
}

static unsigned char *encode(const uint32_t *ids, size_t count, size_t *size)
{
    unsigned char *blob = NULL;
    assert_int_equal(kl_idlist_encode(ids, count, &blob, size), 0);
    assert_non_null(blob);
    return blob;
}

/* The varint bytes inside a blob, by zlib and the format's definition. */
static unsigned char *inflate_blob(const unsigned char *blob, size_t size, size_t room,
                                   size_t *plain_size)
{
    unsigned char *plain = malloc(room + 1);
    assert_non_null(plain);
    uLongf got = (uLongf)room + 1;
    assert_int_equal(uncompress(plain, &got, blob, (uLong)size), Z_OK);
    *plain_size = got;
    return plain;
}

static void expect_format(const unsigned char *blob, size_t size, const uint32_t *ids,
                          size_t count)
{
    size_t plain_size;
    unsigned char *plain = inflate_blob(blob, size, 5 * count, &plain_size);
    size_t at = 0;
    uint32_t previous = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t gap = 0;
        int shift = 0;
        do {
            assert_true(at < plain_size);
            gap |= (uint64_t)(plain[at] & 0x7f) << shift;
            shift += 7;
        } while (plain[at++] & 0x80);
        assert_int_equal(gap, ids[i] - previous);
        previous = ids[i];
    }
    assert_int_equal(at, plain_size);
    free(plain);
}

static void expect_rejected(const void *blob, size_t size, size_t count)
{
    uint32_t *ids = malloc((count + 1) * sizeof *ids);
    assert_non_null(ids);
    assert_int_equal(kl_idlist_decode(blob, size, ids, count), -1);
    free(ids);
}

/* Encodes, checks the bytes, decodes, and checks that a wrong count or a cut blob fails. */
static void expect_round_trip(const uint32_t *ids, size_t count)
{
    size_t size = 0;
    unsigned char *blob = encode(ids, count, &size);
    expect_format(blob, size, ids, count);

    uint32_t *back = malloc((count + 1) * sizeof *back);
    assert_non_null(back);
    assert_int_equal(kl_idlist_decode(blob, size, back, count), 0);
    if (count > 0)
        assert_memory_equal(back, ids, count * sizeof *ids);
    free(back);

    expect_rejected(blob, size, count + 1);
    if (count > 0)
        expect_rejected(blob, size, count - 1);
    expect_rejected(blob, size - 1, count);
    expect_rejected(blob, size / 2, count);
    expect_rejected(blob, 0, count);
    free(blob);
}

static void test_small_lists(void **state)
{
    (void)state;
    expect_round_trip(NULL, 0);
    static const uint32_t zero[] = {0};
    expect_round_trip(zero, 1);
    static const uint32_t last[] = {KL_LAYOUT_COUNT - 1};
    expect_round_trip(last, 1);
    static const uint32_t ends[] = {0, KL_LAYOUT_COUNT - 1};
    expect_round_trip(ends, 2);
    static const uint32_t top[] = {29334490, 29334491, 29334493, 29334496, 29334497};
    expect_round_trip(top, 5);
    /* Five-byte varints: the format takes any uint32. */
    static const uint32_t widest[] = {0, UINT32_MAX - 1, UINT32_MAX};
    expect_round_trip(widest, 3);
}

/* Gaps of 1, the one-byte/two-byte varint border and large jumps, in lists long enough
 * that the varints straddle the decoder's output chunks. */
static void test_random_lists(void **state)
{
    (void)state;
    for (int list = 0; list < RANDOM_LISTS; list++) {
        size_t count = 1 + next_random() % (list < RANDOM_LISTS / 2 ? 100 : 50000);
        uint32_t *ids = malloc(count * sizeof *ids);
        assert_non_null(ids);
        uint32_t id = next_random() % 1000;
        size_t kept = 0;
        for (size_t i = 0; i < count && id < KL_LAYOUT_COUNT; i++) {
            ids[kept++] = id;
            static const uint32_t gap_limit[4] = {1, 128, 20000, 2000000};
            id += 1 + next_random() % gap_limit[next_random() % 4];
        }
        expect_round_trip(ids, kept);
        free(ids);
    }
}

static void test_consecutive_run(void **state)
{
    (void)state;
    enum { COUNT = 1000000 };
    uint32_t *ids = malloc(COUNT * sizeof *ids);
    assert_non_null(ids);
    for (uint32_t i = 0; i < COUNT; i++)
        ids[i] = KL_LAYOUT_COUNT - COUNT + i;
    expect_round_trip(ids, COUNT);
    free(ids);
}

static void test_known_bytes(void **state)
{
    (void)state;
    static const uint32_t ids[] = {5, 7, 300};
    size_t size = 0, plain_size = 0;
    unsigned char *blob = encode(ids, 3, &size);
    unsigned char *plain = inflate_blob(blob, size, 16, &plain_size);
    /* 5, then gaps 2 and 293 = 0x125: low seven bits 0x25 with the more-bit, then 2. */
    static const unsigned char want[] = {0x05, 0x02, 0xA5, 0x02};
    assert_int_equal(plain_size, sizeof want);
    assert_memory_equal(plain, want, sizeof want);
    free(plain);
    free(blob);
}

/* Compresses hand-made varint bytes and expects decode to refuse them. */
static void expect_plain_rejected(const unsigned char *plain, size_t plain_size, size_t count)
{
    unsigned char blob[64];
    uLongf size = sizeof blob;
    assert_int_equal(compress(blob, &size, plain, (uLong)plain_size), Z_OK);
    expect_rejected(blob, size, count);
}

static void test_corrupt_blobs(void **state)
{
    (void)state;
    static const uint32_t ids[] = {3, 1000, 70000, 29000000};
    size_t size = 0;
    unsigned char *blob = encode(ids, 4, &size);
    unsigned char *bad = malloc(size);
    assert_non_null(bad);
    /* The header's check bits and the trailing Adler-32 are always read. */
    static const size_t spots[] = {0, 1};
    for (size_t i = 0; i < 2; i++) {
        memcpy(bad, blob, size);
        bad[spots[i]] ^= 0x01;
        expect_rejected(bad, size, 4);
    }
    for (size_t back = 1; back <= 4; back++) {
        memcpy(bad, blob, size);
        bad[size - back] ^= 0x10;
        expect_rejected(bad, size, 4);
    }
    free(bad);
    free(blob);

    static const char garbage[] = "not a zlib stream at all";
    expect_rejected(garbage, sizeof garbage, 1);

    static const unsigned char repeated[] = {0x05, 0x00}; /* gap 0: not ascending */
    expect_plain_rejected(repeated, sizeof repeated, 2);
    /* 0xFFFFFFF0 then a gap of 0x20: the sum wraps past 32 bits to 0x10. */
    static const unsigned char wraps[] = {0xF0, 0xFF, 0xFF, 0xFF, 0x0F, 0x20};
    expect_plain_rejected(wraps, sizeof wraps, 2);
    /* A fifth byte above 0x0F: bits past 32 that a uint32 would drop (1 | 7 << 32). */
    static const unsigned char too_wide[] = {0x81, 0x80, 0x80, 0x80, 0x70};
    expect_plain_rejected(too_wide, sizeof too_wide, 1);
    static const unsigned char unfinished[] = {0x05, 0x85}; /* last varint cut */
    expect_plain_rejected(unfinished, sizeof unfinished, 1);
    expect_plain_rejected(unfinished, sizeof unfinished, 2);
    static const unsigned char overlong[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01};
    expect_plain_rejected(overlong, sizeof overlong, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_lists),
        cmocka_unit_test(test_known_bytes),
        cmocka_unit_test(test_random_lists),
        cmocka_unit_test(test_consecutive_run),
        cmocka_unit_test(test_corrupt_blobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
