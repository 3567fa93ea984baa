#include "core/pack/crc32.h"

/* Eight table lookups per 8 bytes would be faster; a pack of 6 MB takes some 15 ms
 * byte by byte, once per open, which is not worth more code. */
static uint32_t table_entry(uint32_t byte)
{
    uint32_t crc = byte;
    for (int bit = 0; bit < 8; bit++)
        crc = crc & 1 ? crc >> 1 ^ 0xEDB88320u : crc >> 1;
    return crc;
}

uint32_t kl_crc32(uint32_t crc, const unsigned char *bytes, size_t size)
{
    /* Built on every call: 256 entries cost about a microsecond, and a table filled on
     * first use would need a lock to be thread-safe. */
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++)
        table[i] = table_entry(i);
    crc = ~crc;
    for (size_t i = 0; i < size; i++)
        crc = table[(crc ^ bytes[i]) & 0xFF] ^ crc >> 8;
    return ~crc;
}
