/* Fuzzes the id-list BLOB decoder (core/database/idlist.h): the first two bytes give the
 * count asked for, the rest is the blob.  A blob that decodes holds strictly ascending
 * ids, which encode back to a blob that decodes to the same ids. */
#include "tests/fuzz/fuzz.h"

#include "core/database/idlist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    size_t count = (size_t)data[0] | (size_t)data[1] << 8;
    uint32_t *ids = malloc((count ? count : 1) * sizeof *ids);
    FUZZ_CHECK(ids != NULL);
    if (kl_idlist_decode(data + 2, size - 2, ids, count) == 0) {
        for (size_t i = 0; i < count; i++)
            FUZZ_CHECK(i == 0 || ids[i - 1] < ids[i]);
        unsigned char *blob;
        size_t blob_size;
        FUZZ_CHECK(kl_idlist_encode(ids, count, &blob, &blob_size) == 0);
        uint32_t *back = malloc((count ? count : 1) * sizeof *back);
        FUZZ_CHECK(back != NULL);
        FUZZ_CHECK(kl_idlist_decode(blob, blob_size, back, count) == 0);
        FUZZ_CHECK(memcmp(ids, back, count * sizeof *ids) == 0);
        free(back);
        free(blob);
    }
    free(ids);
    return 0;
}
