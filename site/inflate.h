/* The pack's chunks inflated inside the engine (README.md here): a zlib stream (RFC 1950
 * around RFC 1951's deflate) decoded by the engine's own C, synchronously, so that the
 * reader gets a chunk's plain bytes the moment a walk reaches it, as the native reader
 * does with zlib (core/pack/file.c), and no answer waits for the browser's asynchronous
 * inflation one chunk at a time. */
#ifndef KLOTSKI_SITE_INFLATE_H
#define KLOTSKI_SITE_INFLATE_H

#include <stddef.h>

#include "core/pack/pack.h"

/* Inflates the zlib stream of `deflated_size` bytes at `deflated` into the
 * `plain_size` bytes at `plain`, a kl_pack_inflate (core/pack/pack.h; `context` unused).
 * Returns KL_PACK_OK when the bytes are exactly one whole stream (its header valid, no
 * preset dictionary, its blocks well formed, every distance within what was written)
 * whose plain bytes are exactly `plain_size` and whose Adler-32 holds, the criteria of
 * the native reader's uncompress2; else KL_PACK_CORRUPT, `plain` then holding
 * anything.  Never reads or writes outside the two ranges. */
enum kl_pack_status site_inflate(void *context, const unsigned char *deflated, size_t deflated_size,
                                 unsigned char *plain, size_t plain_size);

#endif
