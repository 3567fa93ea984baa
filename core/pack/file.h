/* A pack read from a file and inflated by zlib: the native side of the reader, for the
 * library and the query tool.  The browser reads the same format through pack.h with an
 * inflater of its own; this file is the only one of core/pack/ that needs zlib. */
#ifndef KLOTSKI_CORE_PACK_FILE_H
#define KLOTSKI_CORE_PACK_FILE_H

#include "core/pack/pack.h"

/* An open pack and the file's bytes it reads. */
struct kl_pack_file {
    struct kl_pack *pack;
    unsigned char *bytes;
    size_t size;
};

/* A kl_pack_inflate by zlib (context unused).  Thread-safe. */
enum kl_pack_status kl_pack_zlib_inflate(void *context, const unsigned char *deflated, size_t deflated_size,
                                         unsigned char *plain, size_t plain_size);

/* Reads the file at `path` whole and opens it (kl_pack_open).  On KL_PACK_OK *file holds
 * the pack (close it with kl_pack_file_close); otherwise *file is emptied and message
 * (NULL, or KL_PACK_MESSAGE_SIZE bytes) receives what is wrong, without the path.
 * Returns kl_pack_open's statuses, or KL_PACK_CANTOPEN (no such file, a folder, a read
 * error: strerror's text). */
enum kl_pack_status kl_pack_file_open(const char *path, struct kl_pack_file *file, char *message);

/* Closes the pack and frees its bytes; an emptied file is allowed. */
void kl_pack_file_close(struct kl_pack_file *file);

#endif
