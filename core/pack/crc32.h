/* CRC-32 as zlib, PNG and gzip compute it (polynomial 0xEDB88320, reflected), for the
 * pack's checksums (schema/pack.md) where zlib is not linked: the browser's build of the
 * reader. */
#ifndef KLOTSKI_CORE_PACK_CRC32_H
#define KLOTSKI_CORE_PACK_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Returns the CRC-32 of `size` bytes at `bytes` continued from `crc` (0 to start); equal
 * to zlib's crc32(crc, bytes, size).  Thread-safe. */
uint32_t kl_crc32(uint32_t crc, const unsigned char *bytes, size_t size);

#endif
