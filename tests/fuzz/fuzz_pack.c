/* Fuzzes the pack reader (core/pack/pack.h), the parser of a pack file: the input is a
 * pack's header fields (from offset 8) and its content; the target writes the magic, the
 * format version, the layout count and the four checksums itself (those of the steps,
 * metrics and lists parts where the header's metrics_offset and lists_offset fall inside
 * the input), so that inputs get past them to the index, the groups chunk, the names and
 * the lists part.  Chunks are inflated by copying
 * (the reader takes any inflater): every byte is the reader's to parse.  A pack that
 * opens answers lookups without crashing, with statuses it documents, a route that
 * starts at its layout and ends solved, names whose codes are legal, and a group's
 * layers and lists within its size and the layouts. */
#include "tests/fuzz/fuzz.h"

#include "core/pack/crc32.h"
#include "core/pack/format.h"
#include "core/pack/pack.h"

static enum kl_pack_status copy_inflate(void *context, const unsigned char *deflated, size_t deflated_size,
                                        unsigned char *plain, size_t plain_size)
{
    (void)context;
    if (deflated_size != plain_size)
        return KL_PACK_CORRUPT;
    memcpy(plain, deflated, plain_size);
    return KL_PACK_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < KL_PACK_HEADER_SIZE)
        return 0;
    unsigned char *bytes = malloc(size);
    FUZZ_CHECK(bytes != NULL);
    memcpy(bytes, data, size);
    memcpy(bytes, KL_PACK_MAGIC, KL_PACK_MAGIC_SIZE);
    kl_pack_put(bytes + KL_PACK_AT_FORMAT_VERSION, 4, KL_PACK_FORMAT_VERSION);
    kl_pack_put(bytes + KL_PACK_AT_LAYOUT_COUNT, 4, KL_LAYOUT_COUNT);
    size_t metrics = kl_pack_get(bytes + KL_PACK_AT_METRICS_OFFSET, 4);
    metrics = metrics < KL_PACK_HEADER_SIZE || metrics > size ? size : metrics;
    kl_pack_put(bytes + KL_PACK_AT_CONTENT_CRC32, 4, kl_crc32(0, bytes + KL_PACK_HEADER_SIZE, metrics - KL_PACK_HEADER_SIZE));
    size_t lists = kl_pack_get(bytes + KL_PACK_AT_LISTS_OFFSET, 4);
    lists = lists < metrics || lists > size ? size : lists;
    kl_pack_put(bytes + KL_PACK_AT_METRICS_CRC32, 4, kl_crc32(0, bytes + metrics, lists - metrics));
    kl_pack_put(bytes + KL_PACK_AT_LISTS_CRC32, 4, kl_crc32(0, bytes + lists, size - lists));
    kl_pack_put(bytes + KL_PACK_AT_HEADER_CRC32, 4, kl_crc32(0, bytes, KL_PACK_AT_HEADER_CRC32));
    struct kl_pack *pack;
    char message[KL_PACK_MESSAGE_SIZE];
    enum kl_pack_status status = kl_pack_open(bytes, size, copy_inflate, NULL, &pack, message);
    FUZZ_CHECK((status == KL_PACK_OK) == (pack != NULL));
    if (pack) {
        struct kl_pack_facts facts;
        kl_pack_facts(pack, &facts);
        kl_code *route = malloc(((size_t)facts.max_min_steps + 1) * sizeof *route);
        FUZZ_CHECK(route != NULL);
        const kl_code codes[] = {0x4FEA13400u, 0x1A9BF0C00u, 0xDAAF4CC00u, 0x0FFFFFC00u};
        for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
            kl_raw raw;
            if (kl_code_to_raw(codes[i], &raw) != KL_OK)
                continue;
            int steps, count;
            status = kl_pack_min_steps(pack, codes[i], &steps);
            FUZZ_CHECK(status == KL_PACK_OK || status == KL_PACK_CORRUPT);
            FUZZ_CHECK(status != KL_PACK_OK || (steps >= KL_PACK_NONE && steps <= facts.max_min_steps));
            status = kl_pack_solve(pack, codes[i], route, &count);
            FUZZ_CHECK(status == KL_PACK_OK || status == KL_PACK_CORRUPT || status == KL_PACK_UNSOLVABLE);
            FUZZ_CHECK(status != KL_PACK_OK || (route[0] == codes[i] && kl_code_is_solved(route[count - 1])));
            struct kl_move_outcome moves[KL_MAX_STEPS];
            status = kl_pack_moves(pack, codes[i], moves, &count, &steps);
            FUZZ_CHECK(status == KL_PACK_OK || status == KL_PACK_CORRUPT);
            status = kl_pack_min_moves(pack, codes[i], KL_METRIC_UNIT, &steps);
            FUZZ_CHECK(status == KL_PACK_OK || status == KL_PACK_CORRUPT ||
                       (status == KL_PACK_MISSING && !kl_pack_has_metrics(pack)));
            FUZZ_CHECK(status != KL_PACK_OK || (steps >= KL_PACK_NONE && steps <= facts.max_min_moves[KL_METRIC_UNIT]));
            struct kl_pack_group group;
            status = kl_pack_group_of(pack, codes[i], &group);
            FUZZ_CHECK(status == KL_PACK_OK || status == KL_PACK_CORRUPT);
        }
        struct kl_pack_name name;
        for (uint32_t i = 0; kl_pack_name_at(pack, i, &name); i++) {
            kl_raw raw;
            FUZZ_CHECK(kl_code_to_raw(name.code, &raw) == KL_OK);
        }
        struct kl_pack_group group;
        kl_pack_group_named(pack, "5-4-1-0", &group);
        for (uint32_t g = 0; g < facts.group_count && g < 4; g++) {
            const uint32_t *values;
            int depths;
            size_t count;
            kl_pack_group_at(pack, g, &group);
            status = kl_pack_group_layers(pack, g, KL_METRIC_STEP, &values, &depths);
            FUZZ_CHECK(status == KL_PACK_OK || status == KL_PACK_CORRUPT || status == KL_PACK_NO_MEMORY ||
                       (status == KL_PACK_LISTS_MISSING && !kl_pack_has_lists(pack)));
            uint64_t sum = 0;
            for (int d = 0; status == KL_PACK_OK && d < depths; d++)
                sum += values[d];
            FUZZ_CHECK(status != KL_PACK_OK || depths == 0 || sum == group.size);
            status = kl_pack_group_list(pack, g, KL_PACK_LIST_PERIPHERAL, &values, &count);
            for (size_t k = 0; status == KL_PACK_OK && k < count; k++)
                FUZZ_CHECK(values[k] < KL_LAYOUT_COUNT && (k == 0 || values[k] > values[k - 1]));
        }
        free(route);
        kl_pack_close(pack);
    }
    free(bytes);
    return 0;
}
