/* Layout ids and the enumeration of all layouts (core/rank.h), against the placer of the
 * naive model (tests/reference/layout_model.h), the seed table of layout counts and the
 * MD5 of SPEC.md. */
#include "tests/unit/unit_test.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/classes.h"
#include "core/rank.h"

#define ID_STRIDE 331
#define MAX_JIANG 7
#define MAX_BING 14

static const kl_code classic_code = 0x1A9BF0C00;
static const uint32_t classic_id = 4091296;
static const kl_code last_code = 0xEFFFFFFF0; /* 2x2 at the bottom right, 1x1 elsewhere */

/* Layouts per (jiang, bing): the 64-row seed table of SPEC.md. */
static const struct {
    int jiang, bing;
    uint32_t count;
} seed_table[] = {
    {0, 0, 12}, {0, 1, 192}, {0, 2, 1440}, {0, 3, 6720}, {0, 4, 21840},
    {0, 5, 52416}, {0, 6, 96096}, {0, 7, 137280}, {0, 8, 154440}, {0, 9, 137280},
    {0, 10, 96096}, {0, 11, 52416}, {0, 12, 21840}, {0, 13, 6720}, {0, 14, 1440},
    {1, 0, 256}, {1, 1, 3584}, {1, 2, 23296}, {1, 3, 93184}, {1, 4, 256256},
    {1, 5, 512512}, {1, 6, 768768}, {1, 7, 878592}, {1, 8, 768768}, {1, 9, 512512},
    {1, 10, 256256}, {1, 11, 93184}, {1, 12, 23296},
    {2, 0, 2138}, {2, 1, 25656}, {2, 2, 141108}, {2, 3, 470360}, {2, 4, 1058310},
    {2, 5, 1693296}, {2, 6, 1975512}, {2, 7, 1693296}, {2, 8, 1058310}, {2, 9, 470360},
    {2, 10, 141108},
    {3, 0, 8974}, {3, 1, 89740}, {3, 2, 403830}, {3, 3, 1076880}, {3, 4, 1884540},
    {3, 5, 2261448}, {3, 6, 1884540}, {3, 7, 1076880}, {3, 8, 403830},
    {4, 0, 20224}, {4, 1, 161792}, {4, 2, 566272}, {4, 3, 1132544}, {4, 4, 1415680},
    {4, 5, 1132544}, {4, 6, 566272},
    {5, 0, 24232}, {5, 1, 145392}, {5, 2, 363480}, {5, 3, 484640}, {5, 4, 363480},
    {6, 0, 14330}, {6, 1, 57320}, {6, 2, 85980},
    {7, 0, 3508},
};

/* Layouts per jiang, as SPEC.md states them. */
static const uint32_t jiang_totals[MAX_JIANG + 1] = {
    786228, 4190464, 8729454, 9090662, 4995328, 1381224, 157630, 3508};

/* ---- MD5 (RFC 1321), so that the check needs no outside tool ---- */

struct md5 {
    uint32_t h[4];
    uint64_t length;
    unsigned char block[64];
    size_t used;
};

static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
    0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
    0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
    0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
    0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
    0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
    0xeb86d391};

static const int md5_shift[4][4] = {
    {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

static void md5_init(struct md5 *m)
{
    *m = (struct md5){{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}, 0, {0}, 0};
}

static void md5_block(struct md5 *m, const unsigned char *p)
{
    uint32_t w[16];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 |
               (uint32_t)p[4 * i + 2] << 16 | (uint32_t)p[4 * i + 3] << 24;
    uint32_t a = m->h[0], b = m->h[1], c = m->h[2], d = m->h[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) & 15;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) & 15;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) & 15;
        }
        uint32_t t = a + f + md5_k[i] + w[g];
        int s = md5_shift[i >> 4][i & 3];
        a = d;
        d = c;
        c = b;
        b += t << s | t >> (32 - s);
    }
    m->h[0] += a;
    m->h[1] += b;
    m->h[2] += c;
    m->h[3] += d;
}

static void md5_update(struct md5 *m, const void *data, size_t size)
{
    const unsigned char *p = data;
    m->length += size;
    while (size > 0) {
        size_t take = sizeof m->block - m->used;
        if (take > size)
            take = size;
        memcpy(m->block + m->used, p, take);
        m->used += take;
        p += take;
        size -= take;
        if (m->used == sizeof m->block) {
            md5_block(m, m->block);
            m->used = 0;
        }
    }
}

/* Finishes and writes the digest as 32 lower-case hex digits and a NUL. */
static void md5_hex(struct md5 *m, char out[33])
{
    uint64_t bits = m->length * 8;
    unsigned char pad[72] = {0x80};
    size_t pad_size = (m->used < 56 ? 56 : 120) - m->used;
    for (int i = 0; i < 8; i++)
        pad[pad_size + (size_t)i] = (unsigned char)(bits >> (8 * i));
    md5_update(m, pad, pad_size + 8);
    for (int i = 0; i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", (unsigned)(m->h[i / 4] >> (8 * (i % 4))) & 0xffu);
}

static void expect_md5(const char *text, const char *digest)
{
    struct md5 m;
    char hex[33];
    md5_init(&m);
    md5_update(&m, text, strlen(text));
    md5_hex(&m, hex);
    assert_string_equal(hex, digest);
}

/* ---- the placer of layout_model.h: every legal layout, in ascending order ---- */

/* What the placer found, checked as it goes. */
struct listing {
    const kl_code *expected; /* kl_enumerate's output, compared as the placer goes */
    size_t emitted;
    uint32_t per_class[MAX_JIANG + 1][MAX_BING + 1][MAX_JIANG + 1];
};

static bool compare_and_count(struct model_placer *mp, kl_code code)
{
    struct listing *p = mp->context;
    if (p->emitted == KL_LAYOUT_COUNT)
        fail_msg("the placer finds more than %u layouts", KL_LAYOUT_COUNT);
    if (p->expected[p->emitted] != code)
        fail_msg("layout %zu: placer %09llX, kl_enumerate %09llX", p->emitted,
                 (unsigned long long)code, (unsigned long long)p->expected[p->emitted]);
    int horizontal = mp->placed[KL_PIECE_HORIZONTAL];
    p->per_class[horizontal + mp->placed[KL_PIECE_VERTICAL]][mp->placed[KL_PIECE_SINGLE]]
                [horizontal]++;
    p->emitted++;
    return true;
}

/* ---- tests ---- */

struct fixture {
    kl_code *all; /* kl_enumerate's output */
    size_t count;
};

static int enumerate_all(void **state)
{
    struct fixture *f = malloc(sizeof *f);
    if (!f)
        return -1;
    f->all = malloc(KL_LAYOUT_COUNT * sizeof f->all[0]);
    if (!f->all) {
        free(f);
        return -1;
    }
    f->count = kl_enumerate(f->all);
    *state = f;
    return 0;
}

static int free_all(void **state)
{
    struct fixture *f = *state;
    free(f->all);
    free(f);
    return 0;
}

static void test_known_ids(void **state)
{
    (void)state;
    assert_int_equal(kl_code_to_id(classic_code), classic_id);
    assert_code_equal(kl_id_to_code(classic_id), classic_code);
    assert_int_equal(kl_code_to_id(0), 0);
    assert_code_equal(kl_id_to_code(0), 0);
    assert_int_equal(kl_code_to_id(last_code), KL_LAYOUT_COUNT - 1);
    assert_code_equal(kl_id_to_code(KL_LAYOUT_COUNT - 1), last_code);
}

static void test_enumerate_ascending_and_legal(void **state)
{
    const struct fixture *f = *state;
    assert_int_equal(f->count, KL_LAYOUT_COUNT);
    for (size_t i = 0; i < f->count; i++) {
        if (i > 0 && f->all[i] <= f->all[i - 1])
            fail_msg("codes %zu and %zu out of order", i - 1, i);
        enum kl_code_error err = kl_code_to_raw(f->all[i], NULL);
        if (err != KL_OK)
            fail_msg("%09llX: %s", (unsigned long long)f->all[i], kl_code_error_text(err));
    }
}

static void test_enumerate_md5(void **state)
{
    const struct fixture *f = *state;
    expect_md5("", "d41d8cd98f00b204e9800998ecf8427e");
    expect_md5("abc", "900150983cd24fb0d6963f7d28e17f72");
    expect_md5("1A9BF0C00\n", "1591aef5fc017f88c0f5e6130149b643");
    /* 56 bytes: the length no longer fits the block, padding takes a second one. */
    expect_md5("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
               "8215ef0796a20bcaaae116d3876c664a");

    struct md5 m;
    md5_init(&m);
    enum { LINE = KL_CODE_HEX_DIGITS + 1, LINES = 4096 };
    static char chunk[LINE * LINES];
    size_t in_chunk = 0;
    for (size_t i = 0; i < f->count; i++) {
        /* What printf("%09llX\n") writes, without 29 million printf calls. */
        char *line = chunk + LINE * in_chunk;
        for (int d = 0; d < KL_CODE_HEX_DIGITS; d++)
            line[d] = "0123456789ABCDEF"[(f->all[i] >> (4 * (KL_CODE_HEX_DIGITS - 1 - d))) & 15u];
        line[KL_CODE_HEX_DIGITS] = '\n';
        if (++in_chunk == LINES) {
            md5_update(&m, chunk, sizeof chunk);
            in_chunk = 0;
        }
    }
    md5_update(&m, chunk, LINE * in_chunk);
    char hex[33];
    md5_hex(&m, hex);
    assert_string_equal(hex, "3888e9fab8d3cbb50908b12b147cfb23");
}

/* The placer and kl_enumerate list the same codes, and the placer's piece counts match
 * the seed table, the jiang totals of SPEC.md and kl_class_of_code. */
static void test_enumerate_matches_placer(void **state)
{
    const struct fixture *f = *state;
    struct listing *p = calloc(1, sizeof *p);
    assert_non_null(p);
    p->expected = f->all;
    /* No limit: every cell beside the 2x2 may hold anything. */
    struct model_placer all = {.most = {[KL_PIECE_SINGLE] = KL_CELLS,
                                        [KL_PIECE_HORIZONTAL] = KL_CELLS,
                                        [KL_PIECE_VERTICAL] = KL_CELLS},
                               .most_empty = KL_CELLS,
                               .emit = compare_and_count,
                               .context = p};
    model_place_all(&all);
    assert_int_equal(p->emitted, KL_LAYOUT_COUNT);

    uint32_t per_pair[MAX_JIANG + 1][MAX_BING + 1] = {{0}};
    for (int j = 0; j <= MAX_JIANG; j++)
        for (int b = 0; b <= MAX_BING; b++)
            for (int s = 0; s <= MAX_JIANG; s++)
                per_pair[j][b] += p->per_class[j][b][s];
    uint32_t seed_jiang[MAX_JIANG + 1] = {0};
    for (size_t i = 0; i < sizeof seed_table / sizeof seed_table[0]; i++) {
        int j = seed_table[i].jiang, b = seed_table[i].bing;
        if (per_pair[j][b] != seed_table[i].count)
            fail_msg("jiang %d bing %d: %u layouts, seed table %u", j, b, per_pair[j][b],
                     seed_table[i].count);
        per_pair[j][b] = 0; /* what is left afterwards is outside the table */
        seed_jiang[j] += seed_table[i].count;
    }
    for (int j = 0; j <= MAX_JIANG; j++) {
        assert_int_equal(seed_jiang[j], jiang_totals[j]);
        for (int b = 0; b <= MAX_BING; b++)
            assert_int_equal(per_pair[j][b], 0);
    }

    static uint32_t by_engine[MAX_JIANG + 1][MAX_BING + 1][MAX_JIANG + 1];
    memset(by_engine, 0, sizeof by_engine);
    for (size_t i = 0; i < f->count; i++) {
        struct kl_class c = kl_class_of_code(f->all[i]);
        assert_in_range(c.jiang, 0, MAX_JIANG);
        assert_in_range(c.bing, 0, MAX_BING);
        assert_in_range(c.style, 0, c.jiang);
        by_engine[c.jiang][c.bing][c.style]++;
    }
    assert_memory_equal(by_engine, p->per_class, sizeof by_engine);
    free(p);
}

static void expect_id(const struct fixture *f, uint32_t id)
{
    kl_code code = kl_id_to_code(id);
    assert_code_equal(code, f->all[id]);
    assert_int_equal(kl_code_to_id(code), id);
}

/* id -> code -> id over a stride, at both ends, and where the 2x2 moves on. */
static void test_ids_against_enumeration(void **state)
{
    const struct fixture *f = *state;
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id += ID_STRIDE) {
        expect_id(f, id);
        if (id >= ID_STRIDE)
            assert_true(kl_id_to_code(id - ID_STRIDE) < kl_id_to_code(id));
    }
    for (uint32_t id = 0; id < 1000; id++) {
        expect_id(f, id);
        expect_id(f, KL_LAYOUT_COUNT - 1 - id);
    }
    for (uint32_t id = 1; id < KL_LAYOUT_COUNT; id++)
        if (kl_code_king(f->all[id]) != kl_code_king(f->all[id - 1])) {
            expect_id(f, id - 1);
            expect_id(f, id);
        }
}

/* What the visitor below saw: the codes with their ids, against kl_enumerate's. */
struct visits {
    const struct fixture *f;
    uint32_t seen;
    uint32_t stop_after; /* visits before the visitor says stop */
    bool in_order;
};

static bool visit(void *context, uint32_t id, kl_code code)
{
    struct visits *v = context;
    v->in_order = v->in_order && id == v->seen && code == v->f->all[id];
    v->seen++;
    return v->seen < v->stop_after;
}

/* kl_enumerate_each hands every code with its id, in kl_enumerate's order, and stops
 * when the visitor says so. */
static void test_enumerate_each(void **state)
{
    const struct fixture *f = *state;
    struct visits all = {f, 0, UINT32_MAX, true};
    assert_true(kl_enumerate_each(visit, &all));
    assert_true(all.in_order);
    assert_int_equal(all.seen, KL_LAYOUT_COUNT);
    struct visits some = {f, 0, 4091297, true};
    assert_false(kl_enumerate_each(visit, &some));
    assert_true(some.in_order);
    assert_int_equal(some.seen, 4091297);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_ids),
        cmocka_unit_test(test_enumerate_ascending_and_legal),
        cmocka_unit_test(test_enumerate_md5),
        cmocka_unit_test(test_enumerate_matches_placer),
        cmocka_unit_test(test_ids_against_enumeration),
        cmocka_unit_test(test_enumerate_each),
    };
    return cmocka_run_group_tests(tests, enumerate_all, free_all);
}
