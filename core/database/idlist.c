#include "core/database/idlist.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <zlib.h>

#define VARINT_MAX_BYTES 5

/* Each thread keeps one deflate stream and resets it for every list: setting a stream
 * up (as compress2 does each call) costs some 50 microseconds, mostly its 256 KB of
 * tables, far more than a short list's compression, and the builder encodes some 80,000
 * lists, most of them a few ids.  A reset stream writes the same bytes as a new one. */
static pthread_key_t stream_key;
static pthread_once_t stream_key_once = PTHREAD_ONCE_INIT;
static bool stream_key_made;

static void end_stream(void *stream)
{
    deflateEnd(stream);
    free(stream);
}

static void make_stream_key(void)
{
    stream_key_made = pthread_key_create(&stream_key, end_stream) == 0;
}

/* The calling thread's deflate stream, ready for a new list; NULL when memory runs out. */
static z_stream *thread_stream(void)
{
    pthread_once(&stream_key_once, make_stream_key);
    if (!stream_key_made)
        return NULL;
    z_stream *z = pthread_getspecific(stream_key);
    if (z)
        return deflateReset(z) == Z_OK ? z : NULL;
    z = calloc(1, sizeof *z);
    if (!z)
        return NULL;
    if (deflateInit(z, Z_BEST_COMPRESSION) != Z_OK) {
        free(z);
        return NULL;
    }
    if (pthread_setspecific(stream_key, z) != 0) {
        end_stream(z);
        return NULL;
    }
    return z;
}

int kl_idlist_encode(const uint32_t *ids, size_t count, unsigned char **blob, size_t *size)
{
    unsigned char *plain = malloc(count * VARINT_MAX_BYTES + 1);
    if (!plain)
        return -1;
    size_t used = 0;
    uint32_t previous = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t v = ids[i] - previous;
        previous = ids[i];
        while (v >= 0x80) {
            plain[used++] = (unsigned char)(v | 0x80);
            v >>= 7;
        }
        plain[used++] = (unsigned char)v;
    }
    z_stream *z = thread_stream();
    unsigned char *packed = z ? malloc(deflateBound(z, used)) : NULL;
    int rc = Z_MEM_ERROR;
    if (packed) {
        z->next_in = plain;
        z->avail_in = (uInt)used;
        z->next_out = packed;
        z->avail_out = (uInt)deflateBound(z, used);
        rc = deflate(z, Z_FINISH);
    }
    free(plain);
    if (rc != Z_STREAM_END) {
        free(packed);
        return -1;
    }
    *blob = packed;
    *size = z->total_out;
    return 0;
}

int kl_idlist_decode(const void *blob, size_t size, uint32_t *ids, size_t count)
{
    z_stream z = {0};
    if (inflateInit(&z) != Z_OK)
        return -1;
    z.next_in = (Bytef *)(uintptr_t)blob;
    z.avail_in = (uInt)size;
    unsigned char chunk[4096];
    size_t n = 0;
    uint32_t value = 0, previous = 0;
    int shift = 0, rc = Z_OK, bad = 0;
    while (rc != Z_STREAM_END && !bad) {
        z.next_out = chunk;
        z.avail_out = sizeof chunk;
        rc = inflate(&z, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) {
            bad = 1;
            break;
        }
        size_t produced = sizeof chunk - z.avail_out;
        for (size_t i = 0; i < produced && !bad; i++) {
            /* A fifth byte carries the top 4 bits of 32: more would be lost. */
            if (shift == 28 && (chunk[i] & 0x7f) > 0x0f) {
                bad = 1;
                break;
            }
            value |= (uint32_t)(chunk[i] & 0x7f) << shift;
            if (chunk[i] & 0x80) {
                shift += 7;
                bad = shift > 28;
                continue;
            }
            /* A gap of 0, or one that goes past UINT32_MAX, would not ascend. */
            if (n == count || (n > 0 && (value == 0 || value > UINT32_MAX - previous))) {
                bad = 1;
                break;
            }
            previous += value;
            ids[n++] = previous;
            value = 0;
            shift = 0;
        }
        if (produced == 0 && rc != Z_STREAM_END && z.avail_in == 0)
            bad = 1;
    }
    inflateEnd(&z);
    return (!bad && n == count && shift == 0) ? 0 : -1;
}
