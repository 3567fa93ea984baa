#include "site/inflate.h"

#include <stdbool.h>
#include <stdint.h>

#define MAX_CODE_BITS 15
#define FAST_BITS 9 /* codes this long or shorter decode by one lookup */
#define LITERAL_CODES 288 /* 286 used; the fixed code defines 288 */
#define DISTANCE_CODES 32 /* 30 used; the fixed code defines 32 */
#define END_OF_BLOCK 256

/* The input, least significant bit first (RFC 1951, 3.1.1): `count` bits wait in `bits`,
 * the last `phantom` of them zeros past the end (a lookup may look ahead of the stream's
 * end; only a read that takes them is cut short). */
struct input {
    const unsigned char *bytes;
    size_t size, at;
    uint32_t bits;
    int count, phantom;
    bool overrun; /* a read took bits past the end: the stream is cut short */
};

/* The output: `size` bytes, `at` of them written. */
struct output {
    unsigned char *bytes;
    size_t size, at;
};

/* A canonical Huffman code: how many codes of each length, the symbols in the order of
 * their codes, and for the next FAST_BITS bits of input the symbol of the code they
 * begin with, as symbol << 4 | length (0: a longer code, or none). */
struct code {
    uint16_t count[MAX_CODE_BITS + 1];
    uint16_t symbol[LITERAL_CODES];
    uint16_t fast[1 << FAST_BITS];
};

/* At least n bits (at most 25) in `bits`. */
static void need(struct input *in, int n)
{
    while (in->count < n) {
        if (in->at < in->size)
            in->bits |= (uint32_t)in->bytes[in->at++] << in->count;
        else
            in->phantom += 8;
        in->count += 8;
    }
}

static void drop(struct input *in, int n)
{
    in->bits >>= n;
    in->count -= n;
    if (in->count < in->phantom)
        in->overrun = true;
}

static uint32_t take(struct input *in, int n)
{
    need(in, n);
    uint32_t value = in->bits & ((1u << n) - 1);
    drop(in, n);
    return value;
}

/* Drops the rest of the byte begun and gives back the whole bytes waiting: the input goes
 * on at the byte boundary `at` (a stored block's bytes, the Adler-32 at the end). */
static void byte_boundary(struct input *in)
{
    drop(in, in->count % 8);
    if (!in->overrun)
        in->at -= (size_t)(in->count - in->phantom) / 8;
    in->bits = 0;
    in->count = in->phantom = 0;
}

/* Builds the code of `n` symbols' bit lengths.  False when the lengths over-subscribe
 * (more codes of some length than the shorter ones leave room for); an incomplete code
 * is built, and a bit sequence it lacks fails when read. */
static bool build(struct code *code, const uint8_t *lengths, int n)
{
    for (int length = 0; length <= MAX_CODE_BITS; length++)
        code->count[length] = 0;
    for (int symbol = 0; symbol < n; symbol++)
        code->count[lengths[symbol]]++;
    int room = 1;
    for (int length = 1; length <= MAX_CODE_BITS; length++) {
        room = 2 * room - code->count[length];
        if (room < 0)
            return false;
    }
    uint16_t first[MAX_CODE_BITS + 2];
    first[1] = 0;
    for (int length = 1; length <= MAX_CODE_BITS; length++)
        first[length + 1] = (uint16_t)(first[length] + code->count[length]);
    for (int symbol = 0; symbol < n; symbol++)
        if (lengths[symbol])
            code->symbol[first[lengths[symbol]]++] = (uint16_t)symbol;
    /* The codes of each length in the order of their symbols (RFC 1951, 3.2.2), whose
     * bits, read first to last, are the input's lowest bits first. */
    for (int i = 0; i < 1 << FAST_BITS; i++)
        code->fast[i] = 0;
    unsigned next[MAX_CODE_BITS + 1] = {0};
    for (int length = 1; length <= MAX_CODE_BITS; length++)
        next[length] = (next[length - 1] + code->count[length - 1] * (length > 1)) << 1;
    for (int symbol = 0; symbol < n; symbol++) {
        int length = lengths[symbol];
        if (!length)
            continue;
        unsigned bits = next[length]++, reversed = 0;
        for (int i = 0; i < length; i++)
            reversed |= (bits >> i & 1) << (length - 1 - i);
        if (length <= FAST_BITS)
            for (unsigned ahead = reversed; ahead < 1u << FAST_BITS; ahead += 1u << length)
                code->fast[ahead] = (uint16_t)(symbol << 4 | length);
    }
    return true;
}

/* The next symbol of `code`, or -1 when the bits are no code of it (or the input ends):
 * one lookup, or for a longer code its bits one by one. */
static int decode(struct input *in, const struct code *code)
{
    need(in, MAX_CODE_BITS);
    unsigned fast = code->fast[in->bits & ((1u << FAST_BITS) - 1)];
    if (fast) {
        drop(in, (int)(fast & 15));
        return in->overrun ? -1 : (int)(fast >> 4);
    }
    int value = 0, first = 0, index = 0;
    for (int length = 1; length <= MAX_CODE_BITS; length++) {
        value |= (int)(in->bits >> (length - 1) & 1);
        int count = code->count[length];
        if (value - first < count) {
            drop(in, length);
            return in->overrun ? -1 : code->symbol[index + value - first];
        }
        index += count;
        first = (first + count) << 1;
        value <<= 1;
    }
    return -1;
}

/* A stored block: its length, that length's complement, its bytes. */
static bool stored(struct input *in, struct output *out)
{
    byte_boundary(in);
    if (in->overrun || in->size - in->at < 4)
        return false;
    size_t length = in->bytes[in->at] | (size_t)in->bytes[in->at + 1] << 8;
    size_t complement = in->bytes[in->at + 2] | (size_t)in->bytes[in->at + 3] << 8;
    in->at += 4;
    if (length != (~complement & 0xFFFF) || in->size - in->at < length || out->size - out->at < length)
        return false;
    for (size_t i = 0; i < length; i++)
        out->bytes[out->at++] = in->bytes[in->at++];
    return true;
}

/* A block's literals, lengths and distances up to its end (RFC 1951, 3.2.5). */
static bool codes(struct input *in, struct output *out, const struct code *literals, const struct code *distances)
{
    static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                             31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                             2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    static const uint16_t distance_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,
                                               33,  49,  65,  97,  129, 193,  257,  385,  513,  769,
                                               1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                               6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
    for (;;) {
        int symbol = decode(in, literals);
        if (symbol < 0)
            return false;
        if (symbol < END_OF_BLOCK) {
            if (out->at == out->size)
                return false;
            out->bytes[out->at++] = (unsigned char)symbol;
            continue;
        }
        if (symbol == END_OF_BLOCK)
            return true;
        symbol -= END_OF_BLOCK + 1;
        if (symbol >= 29)
            return false;
        size_t length = length_base[symbol] + take(in, length_extra[symbol]);
        int distance_symbol = decode(in, distances);
        if (distance_symbol < 0 || distance_symbol >= 30)
            return false;
        size_t distance = distance_base[distance_symbol] + take(in, distance_extra[distance_symbol]);
        if (in->overrun || distance > out->at || out->size - out->at < length)
            return false;
        for (size_t i = 0; i < length; i++, out->at++)
            out->bytes[out->at] = out->bytes[out->at - distance];
    }
}

/* A block of the fixed codes (RFC 1951, 3.2.6). */
static bool fixed(struct input *in, struct output *out)
{
    static struct code literals, distances;
    static bool built;
    if (!built) {
        uint8_t lengths[LITERAL_CODES];
        for (int symbol = 0; symbol < LITERAL_CODES; symbol++)
            lengths[symbol] = symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8;
        build(&literals, lengths, LITERAL_CODES);
        for (int symbol = 0; symbol < DISTANCE_CODES; symbol++)
            lengths[symbol] = 5;
        build(&distances, lengths, DISTANCE_CODES);
        built = true;
    }
    return codes(in, out, &literals, &distances);
}

/* A block of codes of its own, given by their lengths, themselves coded (RFC 1951, 3.2.7). */
static bool dynamic(struct input *in, struct output *out)
{
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int literal_count = (int)take(in, 5) + 257, distance_count = (int)take(in, 5) + 1;
    int length_count = (int)take(in, 4) + 4;
    if (in->overrun || literal_count > 286 || distance_count > 30)
        return false;
    uint8_t lengths[LITERAL_CODES + DISTANCE_CODES] = {0};
    for (int i = 0; i < length_count; i++)
        lengths[order[i]] = (uint8_t)take(in, 3);
    struct code length_code, literals, distances;
    if (in->overrun || !build(&length_code, lengths, 19))
        return false;
    for (int i = 0; i < literal_count + distance_count;) {
        int symbol = decode(in, &length_code);
        if (symbol < 0)
            return false;
        if (symbol < 16) {
            lengths[i++] = (uint8_t)symbol;
            continue;
        }
        uint8_t repeated = 0;
        int times;
        if (symbol == 16) {
            if (i == 0)
                return false;
            repeated = lengths[i - 1];
            times = 3 + (int)take(in, 2);
        } else {
            times = symbol == 17 ? 3 + (int)take(in, 3) : 11 + (int)take(in, 7);
        }
        if (in->overrun || i + times > literal_count + distance_count)
            return false;
        while (times--)
            lengths[i++] = repeated;
    }
    if (lengths[END_OF_BLOCK] == 0)
        return false;
    return build(&literals, lengths, literal_count) &&
           build(&distances, lengths + literal_count, distance_count) && codes(in, out, &literals, &distances);
}

static uint32_t adler32(const unsigned char *bytes, size_t size)
{
    uint32_t a = 1, b = 0;
    while (size) {
        size_t run = size < 5552 ? size : 5552; /* the longest run whose sums fit 32 bits */
        size -= run;
        while (run--) {
            a += *bytes++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return b << 16 | a;
}

enum kl_pack_status site_inflate(void *context, const unsigned char *deflated, size_t deflated_size,
                                 unsigned char *plain, size_t plain_size)
{
    (void)context;
    /* The header: deflate with a window of at most 32 KB, no preset dictionary, its check. */
    if (deflated_size < 6 || (deflated[0] & 0x0F) != 8 || deflated[0] >> 4 > 7 || deflated[1] & 0x20 ||
        (deflated[0] << 8 | deflated[1]) % 31 != 0)
        return KL_PACK_CORRUPT;
    struct input in = {.bytes = deflated, .size = deflated_size, .at = 2};
    struct output out = {.bytes = plain, .size = plain_size};
    bool last = false;
    while (!last) {
        last = take(&in, 1);
        uint32_t type = take(&in, 2);
        bool inflated = !in.overrun && (type == 0   ? stored(&in, &out)
                                        : type == 1 ? fixed(&in, &out)
                                        : type == 2 ? dynamic(&in, &out)
                                                    : false);
        if (!inflated || in.overrun)
            return KL_PACK_CORRUPT;
    }
    /* The Adler-32 of the plain bytes, big-endian, after the last block's byte. */
    byte_boundary(&in);
    if (in.overrun || out.at != plain_size || in.size - in.at != 4)
        return KL_PACK_CORRUPT;
    uint32_t check = (uint32_t)in.bytes[in.at] << 24 | (uint32_t)in.bytes[in.at + 1] << 16 |
                     (uint32_t)in.bytes[in.at + 2] << 8 | in.bytes[in.at + 3];
    return check == adler32(plain, plain_size) ? KL_PACK_OK : KL_PACK_CORRUPT;
}
