#include "core/pack/file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "core/pack/format.h"

enum kl_pack_status kl_pack_zlib_inflate(void *context, const unsigned char *deflated, size_t deflated_size,
                                         unsigned char *plain, size_t plain_size)
{
    (void)context;
    uLongf produced = (uLongf)plain_size;
    uLong consumed = (uLong)deflated_size;
    /* uncompress2 also says how much input the stream took: all of it, or the chunk
     * holds more than one stream's bytes. */
    int result = uncompress2(plain, &produced, deflated, &consumed);
    if (result == Z_MEM_ERROR)
        return KL_PACK_NO_MEMORY;
    return result == Z_OK && produced == plain_size && consumed == deflated_size ? KL_PACK_OK : KL_PACK_CORRUPT;
}

/* A file that cannot be read; or no memory for reading it (fopen's buffer): that is no
 * missing file, and says so. */
static enum kl_pack_status cannot_read(FILE *in, char *message)
{
    int error = errno ? errno : EIO;
    if (message)
        snprintf(message, KL_PACK_MESSAGE_SIZE, "%s", strerror(error));
    if (in)
        fclose(in);
    return error == ENOMEM ? KL_PACK_NO_MEMORY : KL_PACK_CANTOPEN;
}

enum kl_pack_status kl_pack_file_open(const char *path, struct kl_pack_file *file, char *message)
{
    memset(file, 0, sizeof *file);
    errno = 0;
    FILE *in = fopen(path, "rb");
    struct stat st;
    if (!in || fstat(fileno(in), &st) != 0)
        return cannot_read(in, message);
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return cannot_read(in, message);
    }
    size_t size = (size_t)st.st_size;
    /* The header first: a file that is no pack (a database of 674 MB) is not read whole. */
    unsigned char header[KL_PACK_HEADER_SIZE];
    size_t header_size = size < sizeof header ? size : sizeof header;
    if (fread(header, 1, header_size, in) != header_size || ferror(in))
        return cannot_read(in, message);
    if (header_size < sizeof header || memcmp(header, KL_PACK_MAGIC, KL_PACK_MAGIC_SIZE) != 0) {
        fclose(in);
        return kl_pack_open(header, header_size, kl_pack_zlib_inflate, NULL, &file->pack, message);
    }
    unsigned char *bytes = malloc(size);
    if (!bytes) {
        fclose(in);
        if (message)
            snprintf(message, KL_PACK_MESSAGE_SIZE, "out of memory for %zu bytes", size);
        return KL_PACK_NO_MEMORY;
    }
    memcpy(bytes, header, sizeof header);
    if (fread(bytes + sizeof header, 1, size - sizeof header, in) != size - sizeof header || ferror(in)) {
        free(bytes);
        return cannot_read(in, message);
    }
    fclose(in);
    enum kl_pack_status status = kl_pack_open(bytes, size, kl_pack_zlib_inflate, NULL, &file->pack, message);
    if (status != KL_PACK_OK) {
        free(bytes);
        return status;
    }
    file->bytes = bytes;
    file->size = size;
    return KL_PACK_OK;
}

void kl_pack_file_close(struct kl_pack_file *file)
{
    kl_pack_close(file->pack);
    free(file->bytes);
    memset(file, 0, sizeof *file);
}
