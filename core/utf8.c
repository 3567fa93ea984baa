#include "core/utf8.h"

size_t kl_utf8_length(const char *text, size_t size)
{
    const unsigned char *p = (const unsigned char *)text;
    if (size == 0)
        return 0;
    if (p[0] < 0x80)
        return 1;
    /* The lead byte fixes the length; after E0, ED, F0 and F4 the second byte's range is
     * narrowed, which is what rules out the overlong forms, the surrogates and what lies
     * beyond U+10FFFF. */
    unsigned char low = 0x80, high = 0xBF;
    size_t length;
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        length = 2;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        length = 3, low = p[0] == 0xE0 ? 0xA0 : 0x80, high = p[0] == 0xED ? 0x9F : 0xBF;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        length = 4, low = p[0] == 0xF0 ? 0x90 : 0x80, high = p[0] == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if (size < 2 || p[1] < low || p[1] > high)
        return 0;
    for (size_t i = 2; i < length; i++)
        if (i >= size || p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return length;
}

size_t kl_utf8_decode(const char *text, size_t size, unsigned *code_point)
{
    if (size == 0)
        return 0;
    size_t length = kl_utf8_length(text, size);
    if (length == 0) {
        *code_point = KL_UTF8_REPLACEMENT;
        return 1;
    }
    const unsigned char *p = (const unsigned char *)text;
    unsigned value = length == 1 ? p[0] : p[0] & (0x7Fu >> length);
    for (size_t i = 1; i < length; i++)
        value = value << 6 | (p[i] & 0x3Fu);
    *code_point = value;
    return length;
}
