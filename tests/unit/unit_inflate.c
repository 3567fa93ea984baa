/* The engine's own inflater (site/inflate.c) against zlib: every stream zlib writes (its
 * levels, its fixed-code, Huffman-only and run-length strategies, stored blocks, several
 * blocks) inflates to the bytes zlib was given; and a stream cut short, with a byte
 * more, of another plain size, or with any one byte changed, is refused exactly when
 * zlib's uncompress2 (what the native reader calls, core/pack/file.c) refuses it, and
 * otherwise gives zlib's bytes. */
#include "tests/unit/unit_test.h"

#include <string.h>
#include <zlib.h>

#include "site/inflate.h"

/* Plain bytes of a few kinds: random, text-like with repeats, and the two-bit residues
 * of the pack (mostly a few patterns, as its blocks hold). */
enum kind { RANDOM, TEXT, RESIDUES };

static unsigned char *plain_bytes(enum kind kind, size_t size)
{
    unsigned char *bytes = malloc(size ? size : 1);
    assert_non_null(bytes);
    uint32_t state = 12345u + (uint32_t)kind;
    static const char words[] = "the 2x2 piece reaches the exit; klotski huarong dao ";
    for (size_t i = 0; i < size; i++) {
        state = state * 1103515245u + 12345u;
        switch (kind) {
        case RANDOM: bytes[i] = (unsigned char)(state >> 16); break;
        case TEXT: bytes[i] = (unsigned char)words[(i + (state >> 28)) % (sizeof words - 1)]; break;
        case RESIDUES: bytes[i] = (unsigned char)((state >> 20) % 7 == 0 ? state >> 12 : 0x55 * ((i / 64) % 3)); break;
        }
    }
    return bytes;
}

/* zlib's stream of `size` plain bytes at `level` with `strategy`, in *deflated_size bytes. */
static unsigned char *zlib_stream(const unsigned char *plain, size_t size, int level, int strategy, size_t *deflated_size)
{
    z_stream stream = {0};
    assert_int_equal(deflateInit2(&stream, level, Z_DEFLATED, 15, 8, strategy), Z_OK);
    size_t room = deflateBound(&stream, size);
    unsigned char *deflated = malloc(room);
    assert_non_null(deflated);
    stream.next_in = (unsigned char *)plain;
    stream.avail_in = (uInt)size;
    stream.next_out = deflated;
    stream.avail_out = (uInt)room;
    assert_int_equal(deflate(&stream, Z_FINISH), Z_STREAM_END);
    *deflated_size = stream.total_out;
    deflateEnd(&stream);
    return deflated;
}

/* Whether zlib inflates the stream to exactly `size` plain bytes, every byte consumed,
 * as core/pack/file.c asks; its bytes in `plain`. */
static bool zlib_accepts(const unsigned char *deflated, size_t deflated_size, unsigned char *plain, size_t size)
{
    uLongf produced = size;
    uLong consumed = deflated_size;
    return uncompress2(plain, &produced, deflated, &consumed) == Z_OK && produced == size && consumed == deflated_size;
}

/* site_inflate's verdict on a stream equals zlib's, and, when both accept, its bytes. */
static void same_verdict(const unsigned char *deflated, size_t deflated_size, size_t size)
{
    unsigned char *ours = malloc(size + 1), *theirs = malloc(size + 1);
    assert_non_null(ours);
    assert_non_null(theirs);
    bool accepted = site_inflate(NULL, deflated, deflated_size, ours, size) == KL_PACK_OK;
    assert_int_equal(accepted, zlib_accepts(deflated, deflated_size, theirs, size));
    if (accepted)
        assert_memory_equal(ours, theirs, size ? size : 1);
    free(ours);
    free(theirs);
}

static void inflates_every_stream_zlib_writes(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 300, 32768, 100000};
    static const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FIXED, Z_HUFFMAN_ONLY, Z_RLE};
    for (enum kind kind = RANDOM; kind <= RESIDUES; kind++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            unsigned char *plain = plain_bytes(kind, sizes[s]);
            for (int level = 0; level <= 9; level += 3)
                for (size_t k = 0; k < sizeof strategies / sizeof *strategies; k++) {
                    size_t deflated_size;
                    unsigned char *deflated = zlib_stream(plain, sizes[s], level, strategies[k], &deflated_size);
                    unsigned char *inflated = malloc(sizes[s] + 1);
                    assert_non_null(inflated);
                    assert_int_equal(site_inflate(NULL, deflated, deflated_size, inflated, sizes[s]), KL_PACK_OK);
                    assert_memory_equal(inflated, plain, sizes[s] ? sizes[s] : 0);
                    free(inflated);
                    free(deflated);
                }
            free(plain);
        }
}

static void refuses_what_zlib_refuses(void **state)
{
    (void)state;
    for (enum kind kind = RANDOM; kind <= RESIDUES; kind++) {
        size_t size = 3000, deflated_size;
        unsigned char *plain = plain_bytes(kind, size);
        unsigned char *deflated = zlib_stream(plain, size, 9, Z_DEFAULT_STRATEGY, &deflated_size);
        unsigned char *longer = malloc(deflated_size + 1);
        assert_non_null(longer);
        memcpy(longer, deflated, deflated_size);
        longer[deflated_size] = 0;
        same_verdict(longer, deflated_size + 1, size);                    /* a byte more */
        for (size_t cut = 0; cut < deflated_size; cut++)                  /* cut short */
            same_verdict(deflated, cut, size);
        same_verdict(deflated, deflated_size, size - 1);                  /* another plain size */
        same_verdict(deflated, deflated_size, size + 1);
        for (size_t at = 0; at < deflated_size; at++)                     /* one byte changed */
            for (int mask = 1; mask < 256; mask <<= 3) {
                deflated[at] ^= (unsigned char)mask;
                same_verdict(deflated, deflated_size, size);
                deflated[at] ^= (unsigned char)mask;
            }
        free(longer);
        free(deflated);
        free(plain);
    }
}

/* A preset dictionary's flag on a stream otherwise whole: zlib asks for the dictionary;
 * the pack's chunks never have one. */
static void refuses_a_preset_dictionary(void **state)
{
    (void)state;
    size_t size = 300, deflated_size;
    unsigned char *plain = plain_bytes(TEXT, size);
    unsigned char *deflated = zlib_stream(plain, size, 6, Z_DEFAULT_STRATEGY, &deflated_size);
    deflated[1] = (unsigned char)((deflated[1] | 0x20) & ~0x1F);
    deflated[1] = (unsigned char)(deflated[1] + (31 - (deflated[0] << 8 | deflated[1]) % 31) % 31);
    unsigned char *inflated = malloc(size);
    assert_non_null(inflated);
    assert_int_equal(site_inflate(NULL, deflated, deflated_size, inflated, size), KL_PACK_CORRUPT);
    same_verdict(deflated, deflated_size, size);
    free(inflated);
    free(deflated);
    free(plain);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inflates_every_stream_zlib_writes),
        cmocka_unit_test(refuses_what_zlib_refuses),
        cmocka_unit_test(refuses_a_preset_dictionary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
