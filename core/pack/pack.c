#include "core/pack/pack.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classes.h"
#include "core/pack/crc32.h"
#include "core/pack/format.h"
#include "core/rank.h"

/* Bounds on the header's counts that keep a crafted header from asking for absurd
 * memory: far above any real pack's. */
#define MAX_GROUPS (1u << 20)
#define MAX_NAMES_SIZE (1u << 24)
#define MAX_MIN_STEPS_BOUND 4096

/* One group's facts as the groups chunk holds them (format.h's columns). */
struct group_record {
    uint32_t size, min_id, solved, hardest_count, peripheral_count, central_count;
    uint32_t reserved; /* read, never used: the column format.h names for later versions */
    uint16_t group_num, max_min_steps, diameter, radius, max_min_straight_moves, max_min_unit_moves;
    uint8_t class_id;
};

struct kl_pack {
    const unsigned char *bytes; /* the caller's file */
    size_t size;
    kl_pack_inflate inflate;
    void *context;
    struct kl_pack_facts facts;
    uint32_t residue_block_layouts, group_block_layouts;
    uint32_t residue_blocks, group_blocks; /* how many of each (per metric, the residue blocks) */
    const unsigned char *index;            /* chunk count + 1 offsets, in bytes */
    uint32_t metrics_offset, metrics_end;  /* the metrics part's span in the whole file */
    const unsigned char *metrics;          /* its bytes once attached, else NULL */
    uint32_t lists_end;                    /* the lists part's end (it begins at metrics_end) */
    const unsigned char *lists;            /* its bytes once attached, else NULL */
    /* The lists part once inflated and checked (load_lists), else NULL: per group and
     * metric, where its layer sizes begin in layer_sizes (group_count * KL_METRIC_COUNT
     * + 1 entries); per group and list, where its ids begin in list_ids. */
    uint32_t *layer_sizes, *layer_first;
    uint32_t *list_ids, *list_first;
    /* Every residue block once inflated stays (7.3 MB for all of a metric), since a walk
     * comes back to the same blocks again and again; NULL until then.  Per metric. */
    unsigned char **residues[KL_METRIC_COUNT];
    /* The last group block inflated: a layout's group is one lookup, not a walk. */
    unsigned char *group_block;
    uint32_t group_block_number; /* which; UINT32_MAX: none yet */
    struct group_record *groups; /* group_count, in group_id order */
    uint32_t class_first_group[KL_CLASS_COUNT], class_groups[KL_CLASS_COUNT];
    char *names_text;            /* the names chunk, its tabs and line ends made NULs */
    struct kl_pack_name *names;  /* name_count, pointing into names_text */
    char message[KL_PACK_MESSAGE_SIZE];
};

const char *kl_pack_status_text(enum kl_pack_status status)
{
    switch (status) {
    case KL_PACK_OK:
        return "not an error";
    case KL_PACK_INVALID:
        return "no such layout or group";
    case KL_PACK_UNSOLVABLE:
        return "the layout is unsolvable";
    case KL_PACK_NOT_A_PACK:
        return "not a klotski pack";
    case KL_PACK_VERSION:
        return "a pack of another format version";
    case KL_PACK_CORRUPT:
        return "the pack is corrupt";
    case KL_PACK_NO_MEMORY:
        return "out of memory";
    case KL_PACK_CANTOPEN:
        return "cannot read the pack";
    case KL_PACK_MISSING:
        return "the pack's straight and unit moves are not loaded";
    case KL_PACK_LISTS_MISSING:
        return "the pack's group lists are not loaded";
    }
    return "unknown status";
}

static enum kl_pack_status fail(struct kl_pack *pack, enum kl_pack_status status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(pack->message, sizeof pack->message, format, args);
    va_end(args);
    return status;
}

const char *kl_pack_message(const struct kl_pack *pack)
{
    return pack->message;
}

void kl_pack_facts(const struct kl_pack *pack, struct kl_pack_facts *facts)
{
    *facts = pack->facts;
}

/* The first chunk of the metrics part. */
static uint32_t first_metric_chunk(const struct kl_pack *pack)
{
    return pack->residue_blocks + pack->group_blocks + KL_PACK_TRAILING_CHUNKS;
}

/* The first chunk of the lists part: the depths chunk, then the lists chunk. */
static uint32_t first_list_chunk(const struct kl_pack *pack)
{
    return first_metric_chunk(pack) + KL_PACK_METRIC_PARTS * pack->residue_blocks;
}

/* Chunk i's bytes (its offsets checked at open), in the steps part or in the attached
 * metrics or lists part. */
static const unsigned char *chunk(const struct kl_pack *pack, uint32_t i, size_t *size)
{
    uint32_t start = kl_pack_get(pack->index + 4 * (size_t)i, 4);
    *size = kl_pack_get(pack->index + 4 * ((size_t)i + 1), 4) - start;
    if (i >= first_list_chunk(pack))
        return pack->lists + (start - pack->metrics_end);
    return i >= first_metric_chunk(pack) ? pack->metrics + (start - pack->metrics_offset) : pack->bytes + start;
}

/* Layouts in block `block` of blocks of `per_block` layouts. */
static uint32_t block_layouts(uint32_t block, uint32_t per_block)
{
    uint32_t first = block * per_block;
    return KL_LAYOUT_COUNT - first < per_block ? KL_LAYOUT_COUNT - first : per_block;
}

/* The plain size of chunk i (schema/pack.md): residue blocks four layouts a byte, group
 * blocks two bytes a layout, the groups chunk a record a group, the names chunk and the
 * lists part's two as the header says. */
static size_t plain_size(const struct kl_pack *pack, uint32_t i)
{
    if (i >= first_list_chunk(pack))
        return kl_pack_get(pack->bytes + (i == first_list_chunk(pack) ? KL_PACK_AT_DEPTHS_SIZE : KL_PACK_AT_LISTS_SIZE),
                           4);
    if (i >= first_metric_chunk(pack))
        i = (i - first_metric_chunk(pack)) % pack->residue_blocks;
    if (i < pack->residue_blocks)
        return (block_layouts(i, pack->residue_block_layouts) + 3) / 4;
    i -= pack->residue_blocks;
    if (i < pack->group_blocks)
        return 2 * (size_t)block_layouts(i, pack->group_block_layouts);
    if (i == pack->group_blocks)
        return (size_t)pack->facts.group_count * KL_PACK_GROUP_RECORD_BYTES;
    return kl_pack_get(pack->bytes + KL_PACK_AT_NAMES_SIZE, 4);
}

/* Inflates chunk i into a malloc'd buffer of its plain size and one byte more (for a
 * NUL, where the chunk is text).  Returns it, or NULL with the pack's message set and
 * *status saying why. */
static unsigned char *inflate_chunk(struct kl_pack *pack, uint32_t i, const char *what, enum kl_pack_status *status)
{
    size_t size = plain_size(pack, i);
    unsigned char *plain = malloc(size + 1);
    if (!plain) {
        *status = fail(pack, KL_PACK_NO_MEMORY, "out of memory for %s", what);
        return NULL;
    }
    size_t deflated_size;
    const unsigned char *deflated = chunk(pack, i, &deflated_size);
    enum kl_pack_status inflated = pack->inflate(pack->context, deflated, deflated_size, plain, size);
    if (inflated != KL_PACK_OK) {
        free(plain);
        *status = inflated == KL_PACK_NO_MEMORY ? fail(pack, KL_PACK_NO_MEMORY, "out of memory inflating %s", what)
                                                : fail(pack, KL_PACK_CORRUPT, "%s does not inflate to its %zu bytes",
                                                       what, size);
        return NULL;
    }
    return plain;
}



/* Reads and checks the header into pack->facts and the block sizes. */
static enum kl_pack_status read_header(struct kl_pack *pack)
{
    const unsigned char *h = pack->bytes;
    if (pack->size < KL_PACK_HEADER_SIZE || memcmp(h, KL_PACK_MAGIC, KL_PACK_MAGIC_SIZE) != 0)
        return fail(pack, KL_PACK_NOT_A_PACK, "not a klotski pack (no \\x89KLPACK at its start)");
    struct kl_pack_facts *f = &pack->facts;
    f->format_version = kl_pack_get(h + KL_PACK_AT_FORMAT_VERSION, 4);
    if (f->format_version != KL_PACK_FORMAT_VERSION)
        return fail(pack, KL_PACK_VERSION, "a pack of format version %u; this reader reads %d", f->format_version,
                    KL_PACK_FORMAT_VERSION);
    uint32_t header_crc = kl_pack_get(h + KL_PACK_AT_HEADER_CRC32, 4);
    uint32_t computed = kl_crc32(0, h, KL_PACK_AT_HEADER_CRC32);
    if (header_crc != computed)
        return fail(pack, KL_PACK_CORRUPT, "header checksum %08X, expected %08X", computed, header_crc);
    f->layout_count = kl_pack_get(h + KL_PACK_AT_LAYOUT_COUNT, 4);
    f->group_count = kl_pack_get(h + KL_PACK_AT_GROUP_COUNT, 4);
    f->name_count = kl_pack_get(h + KL_PACK_AT_NAME_COUNT, 4);
    f->max_min_steps = (int)kl_pack_get(h + KL_PACK_AT_MAX_MIN_STEPS, 4);
    f->max_min_moves[KL_METRIC_STEP] = f->max_min_steps;
    f->source_crc32 = kl_pack_get(h + KL_PACK_AT_SOURCE_CRC32, 4);
    f->content_crc32 = kl_pack_get(h + KL_PACK_AT_CONTENT_CRC32, 4);
    pack->residue_block_layouts = kl_pack_get(h + KL_PACK_AT_RESIDUE_BLOCK_LAYOUTS, 4);
    pack->group_block_layouts = kl_pack_get(h + KL_PACK_AT_GROUP_BLOCK_LAYOUTS, 4);
    pack->metrics_offset = kl_pack_get(h + KL_PACK_AT_METRICS_OFFSET, 4);
    uint32_t names_size = kl_pack_get(h + KL_PACK_AT_NAMES_SIZE, 4);
    if (f->layout_count != KL_LAYOUT_COUNT || f->group_count == 0 || f->group_count > MAX_GROUPS ||
        names_size > MAX_NAMES_SIZE || f->name_count > names_size || f->max_min_steps < 0 ||
        f->max_min_steps > MAX_MIN_STEPS_BOUND || pack->residue_block_layouts == 0 ||
        pack->residue_block_layouts % 4 != 0 || pack->group_block_layouts == 0)
        return fail(pack, KL_PACK_CORRUPT, "impossible counts in the header");
    pack->residue_blocks = (KL_LAYOUT_COUNT - 1) / pack->residue_block_layouts + 1;
    pack->group_blocks = (KL_LAYOUT_COUNT - 1) / pack->group_block_layouts + 1;
    return KL_PACK_OK;
}

/* Attaches a part that comes after the steps part, the `what` part from `begin` to `end`
 * in the file, whose CRC-32 the header holds at `crc_at`, into *part once its size and
 * checksum hold. */
static enum kl_pack_status attach_part(struct kl_pack *pack, const unsigned char *bytes, size_t size,
                                       const char *what, uint32_t begin, uint32_t end, int crc_at,
                                       const unsigned char **part)
{
    if (size != end - begin)
        return fail(pack, KL_PACK_CORRUPT, "a %s part of %zu bytes, the index says %u", what, size, end - begin);
    uint32_t expected = kl_pack_get(pack->bytes + crc_at, 4);
    uint32_t crc = kl_crc32(0, bytes, size);
    if (crc != expected)
        return fail(pack, KL_PACK_CORRUPT, "%s checksum %08X, expected %08X", what, crc, expected);
    *part = bytes;
    return KL_PACK_OK;
}

/* Attaches the metrics part (metrics_end - metrics_offset bytes), its checksum checked. */
static enum kl_pack_status attach_metrics(struct kl_pack *pack, const unsigned char *bytes, size_t size)
{
    return attach_part(pack, bytes, size, "metrics", pack->metrics_offset, pack->metrics_end,
                       KL_PACK_AT_METRICS_CRC32, &pack->metrics);
}

/* Attaches the lists part (lists_end - metrics_end bytes), its checksum checked. */
static enum kl_pack_status attach_lists(struct kl_pack *pack, const unsigned char *bytes, size_t size)
{
    return attach_part(pack, bytes, size, "lists", pack->metrics_end, pack->lists_end, KL_PACK_AT_LISTS_CRC32,
                       &pack->lists);
}

/* Checks the index (schema/pack.md) and the steps part's checksum; attaches the metrics
 * part when the bytes hold the whole file, not the steps part alone. */
static enum kl_pack_status read_index(struct kl_pack *pack)
{
    size_t chunks = (size_t)first_list_chunk(pack) + KL_PACK_LIST_CHUNKS;
    size_t index_end = KL_PACK_HEADER_SIZE + 4 * (chunks + 1);
    if (pack->size < index_end || pack->size > UINT32_MAX)
        return fail(pack, KL_PACK_CORRUPT, "%zu bytes cannot hold the index of %zu chunks", pack->size, chunks);
    pack->index = pack->bytes + KL_PACK_HEADER_SIZE;
    uint32_t previous = (uint32_t)index_end;
    if (kl_pack_get(pack->index, 4) != index_end)
        return fail(pack, KL_PACK_CORRUPT, "the first chunk does not follow the index");
    for (size_t i = 1; i <= chunks; i++) {
        uint32_t offset = kl_pack_get(pack->index + 4 * i, 4);
        if (offset < previous)
            return fail(pack, KL_PACK_CORRUPT, "index entry %zu (%u) out of order", i, offset);
        previous = offset;
    }
    pack->lists_end = previous;
    pack->metrics_end = kl_pack_get(pack->index + 4 * (size_t)first_list_chunk(pack), 4);
    if (kl_pack_get(pack->index + 4 * (size_t)first_metric_chunk(pack), 4) != pack->metrics_offset)
        return fail(pack, KL_PACK_CORRUPT, "the metrics part does not begin at %u", pack->metrics_offset);
    if (kl_pack_get(pack->bytes + KL_PACK_AT_LISTS_OFFSET, 4) != pack->metrics_end)
        return fail(pack, KL_PACK_CORRUPT, "the lists part does not begin at %u",
                    kl_pack_get(pack->bytes + KL_PACK_AT_LISTS_OFFSET, 4));
    if (pack->size != pack->metrics_offset && pack->size != pack->metrics_end && pack->size != pack->lists_end)
        return fail(pack, KL_PACK_CORRUPT, "the chunks end at %u (the steps at %u, the metrics at %u), the file at %zu",
                    previous, pack->metrics_offset, pack->metrics_end, pack->size);
    uint32_t crc = kl_crc32(0, pack->bytes + KL_PACK_HEADER_SIZE, pack->metrics_offset - KL_PACK_HEADER_SIZE);
    if (crc != pack->facts.content_crc32)
        return fail(pack, KL_PACK_CORRUPT, "content checksum %08X, expected %08X", crc, pack->facts.content_crc32);
    enum kl_pack_status status = KL_PACK_OK;
    if (pack->size >= pack->metrics_end && pack->metrics_end > pack->metrics_offset)
        status = attach_metrics(pack, pack->bytes + pack->metrics_offset, pack->metrics_end - pack->metrics_offset);
    if (status == KL_PACK_OK && pack->size == pack->lists_end && pack->lists_end > pack->metrics_end)
        status = attach_lists(pack, pack->bytes + pack->metrics_end, pack->lists_end - pack->metrics_end);
    return status;
}

enum kl_pack_status kl_pack_attach_metrics(struct kl_pack *pack, const unsigned char *bytes, size_t size)
{
    pack->message[0] = '\0';
    return attach_metrics(pack, bytes, size);
}

bool kl_pack_has_metrics(const struct kl_pack *pack)
{
    return pack->metrics != NULL;
}

enum kl_pack_status kl_pack_attach_lists(struct kl_pack *pack, const unsigned char *bytes, size_t size)
{
    pack->message[0] = '\0';
    return attach_lists(pack, bytes, size);
}

bool kl_pack_has_lists(const struct kl_pack *pack)
{
    return pack->lists != NULL;
}

/* Reads the groups chunk into pack->groups and the class's first groups, checking that
 * the groups run in class_id, then group_num order from 0 and every class has some. */
static enum kl_pack_status read_groups(struct kl_pack *pack)
{
    uint32_t count = pack->facts.group_count;
    enum kl_pack_status status;
    unsigned char *plain = inflate_chunk(pack, pack->residue_blocks + pack->group_blocks, "the groups chunk", &status);
    if (!plain)
        return status;
    pack->groups = calloc(count, sizeof *pack->groups);
    if (!pack->groups) {
        free(plain);
        return fail(pack, KL_PACK_NO_MEMORY, "out of memory for %u groups", count);
    }
    const unsigned char *column = plain;
#define READ_COLUMN(field, bytes)                                                 \
    for (uint32_t g = 0; g < count; g++)                                          \
        pack->groups[g].field = kl_pack_get(column + (size_t)g * (bytes), bytes); \
    column += (size_t)count * (bytes);
    KL_PACK_GROUP_COLUMNS(READ_COLUMN)
#undef READ_COLUMN
    free(plain);
    uint64_t layouts = 0;
    int class_id = -1;
    for (uint32_t g = 0; g < count; g++) {
        const struct group_record *r = &pack->groups[g];
        bool next_class = r->class_id == class_id + 1 && r->group_num == 0;
        bool same_class = r->class_id == class_id && r->group_num == pack->class_groups[class_id];
        if (!next_class && !same_class)
            return fail(pack, KL_PACK_CORRUPT, "group %u (class %d, group_num %d) out of order", g, r->class_id,
                        r->group_num);
        if (next_class)
            pack->class_first_group[++class_id] = g;
        pack->class_groups[class_id]++;
        if (r->size == 0 || r->min_id >= KL_LAYOUT_COUNT || r->solved > r->size)
            return fail(pack, KL_PACK_CORRUPT, "group %u has impossible facts", g);
        layouts += r->size;
        int *most = pack->facts.max_min_moves;
        if (r->solved && r->max_min_straight_moves > most[KL_METRIC_STRAIGHT])
            most[KL_METRIC_STRAIGHT] = r->max_min_straight_moves;
        if (r->solved && r->max_min_unit_moves > most[KL_METRIC_UNIT])
            most[KL_METRIC_UNIT] = r->max_min_unit_moves;
    }
    if (class_id != KL_CLASS_COUNT - 1 || layouts != KL_LAYOUT_COUNT)
        return fail(pack, KL_PACK_CORRUPT, "the groups cover %d classes and %llu layouts", class_id + 1,
                    (unsigned long long)layouts);
    return KL_PACK_OK;
}

/* Reads the names chunk: name_count lines CODE<TAB>NAME<TAB>SECTION<LF>. */
static enum kl_pack_status read_names(struct kl_pack *pack)
{
    uint32_t names_chunk = pack->residue_blocks + pack->group_blocks + 1;
    size_t size = plain_size(pack, names_chunk);
    enum kl_pack_status status;
    if (!(pack->names_text = (char *)inflate_chunk(pack, names_chunk, "the names chunk", &status)))
        return status;
    pack->names_text[size] = '\0';
    uint32_t count = pack->facts.name_count;
    pack->names = calloc(count ? count : 1, sizeof *pack->names);
    if (!pack->names)
        return fail(pack, KL_PACK_NO_MEMORY, "out of memory for %u names", count);
    char *line = pack->names_text, *end = pack->names_text + size;
    for (uint32_t i = 0; i < count; i++) {
        char *line_end = memchr(line, '\n', (size_t)(end - line));
        char *tab1 = line_end ? memchr(line, '\t', (size_t)(line_end - line)) : NULL;
        char *tab2 = tab1 ? memchr(tab1 + 1, '\t', (size_t)(line_end - tab1 - 1)) : NULL;
        if (!tab2)
            return fail(pack, KL_PACK_CORRUPT, "name %u is no line CODE<TAB>NAME<TAB>SECTION", i);
        *tab1 = *tab2 = *line_end = '\0';
        kl_raw raw;
        if (kl_code_parse(line, &pack->names[i].code) != KL_OK || tab1 - line != KL_CODE_HEX_DIGITS ||
            kl_code_to_raw(pack->names[i].code, &raw) != KL_OK)
            return fail(pack, KL_PACK_CORRUPT, "name %u has no layout code", i);
        pack->names[i].name = tab1 + 1;
        pack->names[i].section = tab2 + 1;
        line = line_end + 1;
    }
    if (line != end)
        return fail(pack, KL_PACK_CORRUPT, "the names chunk holds more than %u lines", count);
    return KL_PACK_OK;
}

/* Ends an open: on KL_PACK_OK hands the pack over in *out, else frees it, with *out
 * NULL and the pack's message copied into message (NULL or KL_PACK_MESSAGE_SIZE bytes). */
static enum kl_pack_status finish(struct kl_pack *pack, enum kl_pack_status status, struct kl_pack **out,
                                  char *message)
{
    *out = NULL;
    if (status == KL_PACK_OK) {
        *out = pack;
        return status;
    }
    if (message)
        snprintf(message, KL_PACK_MESSAGE_SIZE, "%s", pack->message);
    kl_pack_close(pack);
    return status;
}

/* A pack whose header and index are read and checked (read_header, read_index), before
 * any chunk is inflated.  Returns KL_PACK_OK with it in *out, or the failure with *out
 * NULL and its text in message (NULL or KL_PACK_MESSAGE_SIZE bytes). */
static enum kl_pack_status begin(const unsigned char *bytes, size_t size, struct kl_pack **out, char *message)
{
    *out = NULL;
    struct kl_pack *pack = calloc(1, sizeof *pack);
    if (!pack) {
        if (message)
            snprintf(message, KL_PACK_MESSAGE_SIZE, "out of memory");
        return KL_PACK_NO_MEMORY;
    }
    pack->bytes = bytes;
    pack->size = size;
    pack->group_block_number = UINT32_MAX;
    enum kl_pack_status status = read_header(pack);
    if (status == KL_PACK_OK)
        status = read_index(pack);
    return finish(pack, status, out, message);
}

enum kl_pack_status kl_pack_open(const unsigned char *bytes, size_t size, kl_pack_inflate inflate, void *context,
                                 struct kl_pack **out, char *message)
{
    struct kl_pack *pack;
    enum kl_pack_status status = begin(bytes, size, &pack, message);
    *out = pack;
    if (status != KL_PACK_OK)
        return status;
    pack->inflate = inflate;
    pack->context = context;
    for (int m = 0; m < KL_METRIC_COUNT && status == KL_PACK_OK; m++)
        if (!(pack->residues[m] = calloc(pack->residue_blocks, sizeof *pack->residues[m])))
            status = fail(pack, KL_PACK_NO_MEMORY, "out of memory");
    if (status == KL_PACK_OK)
        status = read_groups(pack);
    if (status == KL_PACK_OK)
        status = read_names(pack);
    return finish(pack, status, out, message);
}

enum kl_pack_status kl_pack_chunks(const unsigned char *bytes, size_t size, struct kl_pack_chunk **chunks,
                                   uint32_t *count, char *message)
{
    *chunks = NULL;
    struct kl_pack *pack;
    enum kl_pack_status status = begin(bytes, size, &pack, message);
    if (status != KL_PACK_OK)
        return status;
    uint32_t n = pack->lists ? first_list_chunk(pack) + KL_PACK_LIST_CHUNKS
               : pack->metrics ? first_list_chunk(pack) : first_metric_chunk(pack);
    if (!(*chunks = malloc(n * sizeof **chunks))) {
        kl_pack_close(pack);
        if (message)
            snprintf(message, KL_PACK_MESSAGE_SIZE, "out of memory");
        return KL_PACK_NO_MEMORY;
    }
    for (uint32_t i = 0; i < n; i++) {
        size_t deflated_size;
        (*chunks)[i].offset = kl_pack_get(pack->index + 4 * (size_t)i, 4);
        chunk(pack, i, &deflated_size);
        (*chunks)[i].deflated_size = (uint32_t)deflated_size;
        (*chunks)[i].plain_size = (uint32_t)plain_size(pack, i);
    }
    *count = n;
    kl_pack_close(pack);
    return KL_PACK_OK;
}

void kl_pack_close(struct kl_pack *pack)
{
    if (!pack)
        return;
    for (int m = 0; m < KL_METRIC_COUNT; m++) {
        if (pack->residues[m])
            for (uint32_t i = 0; i < pack->residue_blocks; i++)
                free(pack->residues[m][i]);
        free(pack->residues[m]);
    }
    free(pack->group_block);
    free(pack->layer_sizes);
    free(pack->layer_first);
    free(pack->list_ids);
    free(pack->list_first);
    free(pack->groups);
    free(pack->names_text);
    free(pack->names);
    free(pack);
}

enum kl_pack_status kl_pack_metric_residue(struct kl_pack *pack, enum kl_metric metric, uint32_t id, int *residue)
{
    uint32_t block = id / pack->residue_block_layouts, j = id % pack->residue_block_layouts;
    unsigned char **blocks = pack->residues[metric];
    if (!blocks[block]) {
        if (metric != KL_METRIC_STEP && !pack->metrics)
            return fail(pack, KL_PACK_MISSING, "%s", kl_pack_status_text(KL_PACK_MISSING));
        uint32_t i = metric == KL_METRIC_STEP ? block : first_metric_chunk(pack) + (metric - 1) * pack->residue_blocks + block;
        enum kl_pack_status status;
        char what[48];
        snprintf(what, sizeof what, "%s residue block %u", kl_metric_name(metric), block);
        if (!(blocks[block] = inflate_chunk(pack, i, what, &status)))
            return status;
    }
    *residue = blocks[block][j / 4] >> 2 * (j % 4) & 3;
    return KL_PACK_OK;
}

enum kl_pack_status kl_pack_residue(struct kl_pack *pack, uint32_t id, int *residue)
{
    return kl_pack_metric_residue(pack, KL_METRIC_STEP, id, residue);
}

/* The residue under `metric` of a legal code. */
static enum kl_pack_status residue_of(struct kl_pack *pack, enum kl_metric metric, kl_code code, int *residue)
{
    return kl_pack_metric_residue(pack, metric, kl_code_to_id(code), residue);
}

enum kl_pack_status kl_pack_move_closer(struct kl_pack *pack, enum kl_metric metric, kl_code code, int residue,
                                        kl_code *next, uint32_t *next_id)
{
    kl_raw raw;
    kl_code_to_raw(code, &raw);
    struct kl_step moves[KL_MAX_STEPS];
    int n = kl_moves(raw, metric, moves), closer = (residue + 2) % 3;
    for (int i = 0; i < n; i++) {
        *next = kl_raw_to_code(kl_step_apply(raw, moves[i]));
        *next_id = kl_code_to_id(*next);
        int next_residue;
        enum kl_pack_status status = kl_pack_metric_residue(pack, metric, *next_id, &next_residue);
        if (status != KL_PACK_OK || next_residue == closer)
            return status;
    }
    return fail(pack, KL_PACK_CORRUPT, "no %s move from %09llX leads one closer", kl_metric_name(metric),
                (unsigned long long)code);
}

enum kl_pack_status kl_pack_step_closer(struct kl_pack *pack, kl_code code, int residue, kl_code *next,
                                        uint32_t *next_id)
{
    return kl_pack_move_closer(pack, KL_METRIC_STEP, code, residue, next, next_id);
}

/* Walks from `code` (legal, of residue `residue` under `metric`, solvable) to a solved
 * layout, one move closer each time (schema/pack.md): writes the layouts passed into
 * route when not NULL and their number less one, the min moves, into *steps. */
static enum kl_pack_status walk(struct kl_pack *pack, enum kl_metric metric, kl_code code, int residue,
                                kl_code *route, int *steps)
{
    kl_code start = code;
    int distance = 0, most = pack->facts.max_min_moves[metric];
    if (route)
        route[0] = code;
    while (!kl_code_is_solved(code)) {
        if (distance == most)
            return fail(pack, KL_PACK_CORRUPT, "the walk from %09llX passes the largest min %s (%d)",
                        (unsigned long long)start, kl_metric_unit(metric, most), most);
        uint32_t id;
        enum kl_pack_status status = kl_pack_move_closer(pack, metric, code, residue, &code, &id);
        if (status != KL_PACK_OK)
            return status;
        residue = (residue + 2) % 3;
        if (route)
            route[distance + 1] = code;
        distance++;
    }
    if (residue != 0)
        return fail(pack, KL_PACK_CORRUPT, "the solved layout %09llX has residue %d", (unsigned long long)code,
                    residue);
    *steps = distance;
    return KL_PACK_OK;
}

/* Checks that code is legal and reads its residue. */
static enum kl_pack_status start(struct kl_pack *pack, enum kl_metric metric, kl_code code, int *residue)
{
    kl_raw raw;
    pack->message[0] = '\0';
    if (kl_code_to_raw(code, &raw) != KL_OK)
        return fail(pack, KL_PACK_INVALID, "%09llX is no legal layout", (unsigned long long)code);
    return residue_of(pack, metric, code, residue);
}

enum kl_pack_status kl_pack_min_moves(struct kl_pack *pack, kl_code code, enum kl_metric metric, int *min_moves)
{
    int residue;
    enum kl_pack_status status = start(pack, metric, code, &residue);
    if (status != KL_PACK_OK)
        return status;
    if (residue == KL_PACK_RESIDUE_UNSOLVABLE) {
        *min_moves = KL_PACK_NONE;
        return KL_PACK_OK;
    }
    return walk(pack, metric, code, residue, NULL, min_moves);
}

enum kl_pack_status kl_pack_min_steps(struct kl_pack *pack, kl_code code, int *min_steps)
{
    return kl_pack_min_moves(pack, code, KL_METRIC_STEP, min_steps);
}

enum kl_pack_status kl_pack_solve_in(struct kl_pack *pack, kl_code code, enum kl_metric metric, kl_code *route,
                                     int *count)
{
    int residue, steps;
    enum kl_pack_status status = start(pack, metric, code, &residue);
    if (status != KL_PACK_OK)
        return status;
    if (residue == KL_PACK_RESIDUE_UNSOLVABLE)
        return fail(pack, KL_PACK_UNSOLVABLE, "%09llX is unsolvable", (unsigned long long)code);
    status = walk(pack, metric, code, residue, route, &steps);
    if (status == KL_PACK_OK)
        *count = steps + 1;
    return status;
}

enum kl_pack_status kl_pack_solve(struct kl_pack *pack, kl_code code, kl_code *route, int *count)
{
    return kl_pack_solve_in(pack, code, KL_METRIC_STEP, route, count);
}

/* The pack behind kl_moves_ranked's lookups: the metric, the layout's residue and min
 * moves in it, and the first failure of a lookup. */
struct neighbours {
    struct kl_pack *pack;
    enum kl_metric metric;
    kl_code from;
    int residue;
    int steps;
    enum kl_pack_status failed;
};

/* A neighbour's min moves from its residue: the layout's own, one less, or one more
 * (each metric's moves change its distance by at most one), checked against what a pack
 * can hold. */
static void look_up_neighbour(void *context, struct kl_move_outcome *move)
{
    struct neighbours *n = context;
    move->min_steps = KL_PACK_NONE;
    move->farthest_steps = KL_PACK_NONE;
    move->farthest_num = KL_PACK_NONE;
    if (n->failed != KL_PACK_OK)
        return;
    int residue;
    if ((n->failed = residue_of(n->pack, n->metric, move->to, &residue)) != KL_PACK_OK)
        return;
    if ((residue == KL_PACK_RESIDUE_UNSOLVABLE) != (n->residue == KL_PACK_RESIDUE_UNSOLVABLE)) {
        n->failed = fail(n->pack, KL_PACK_CORRUPT, "%09llX and its neighbour %09llX disagree on being solvable",
                         (unsigned long long)n->from, (unsigned long long)move->to);
        return;
    }
    if (n->steps == KL_PACK_NONE)
        return;
    move->min_steps = n->steps + (residue - n->residue + 4) % 3 - 1;
    if (move->min_steps < 0 || (move->min_steps == 0) != kl_code_is_solved(move->to))
        n->failed = fail(n->pack, KL_PACK_CORRUPT, "the neighbour %09llX of %09llX has residue %d",
                         (unsigned long long)move->to, (unsigned long long)n->from, residue);
}

enum kl_pack_status kl_pack_moves_in(struct kl_pack *pack, kl_code code, enum kl_metric metric,
                                     struct kl_move_outcome out[KL_MAX_STEPS], int *count, int *min_moves)
{
    struct neighbours n = {pack, metric, code, 0, KL_PACK_NONE, KL_PACK_OK};
    enum kl_pack_status status = start(pack, metric, code, &n.residue);
    if (status == KL_PACK_OK && n.residue != KL_PACK_RESIDUE_UNSOLVABLE)
        status = walk(pack, metric, code, n.residue, NULL, &n.steps);
    if (status != KL_PACK_OK)
        return status;
    size_t ranked = kl_moves_ranked(code, metric, n.steps, KL_PACK_NONE, look_up_neighbour, &n, out);
    if (n.failed != KL_PACK_OK)
        return n.failed;
    *count = (int)ranked;
    *min_moves = n.steps;
    return KL_PACK_OK;
}

enum kl_pack_status kl_pack_moves(struct kl_pack *pack, kl_code code, struct kl_move_outcome out[KL_MAX_STEPS],
                                  int *count, int *min_steps)
{
    return kl_pack_moves_in(pack, code, KL_METRIC_STEP, out, count, min_steps);
}

/* Fills *out from group record group_id. */
static void group_facts(const struct kl_pack *pack, uint32_t group_id, struct kl_pack_group *out)
{
    const struct group_record *r = &pack->groups[group_id];
    char class_name[KL_CLASS_NAME_SIZE];
    kl_class_name(kl_class_from_id(r->class_id), class_name);
    out->group_id = group_id;
    snprintf(out->name, sizeof out->name, "%s-%d", class_name, r->group_num);
    out->class_id = r->class_id;
    out->group_num = r->group_num;
    out->size = r->size;
    out->min_code = kl_id_to_code(r->min_id);
    out->solved = r->solved;
    bool solvable = r->solved > 0;
    out->max_min_steps = solvable ? r->max_min_steps : KL_PACK_NONE;
    out->hardest_count = solvable ? (int64_t)r->hardest_count : KL_PACK_NONE;
    out->max_min_straight_moves = solvable ? r->max_min_straight_moves : KL_PACK_NONE;
    out->max_min_unit_moves = solvable ? r->max_min_unit_moves : KL_PACK_NONE;
    bool found = r->diameter != KL_PACK_NONE16;
    out->diameter = found ? r->diameter : KL_PACK_NONE;
    out->radius = found ? r->radius : KL_PACK_NONE;
    out->peripheral_count = found ? (int64_t)r->peripheral_count : KL_PACK_NONE;
    out->central_count = found ? (int64_t)r->central_count : KL_PACK_NONE;
}

enum kl_pack_status kl_pack_group_number(struct kl_pack *pack, uint32_t id, int *group_num)
{
    uint32_t block = id / pack->group_block_layouts, j = id % pack->group_block_layouts;
    uint32_t layouts = block_layouts(block, pack->group_block_layouts);
    if (pack->group_block_number != block) {
        free(pack->group_block);
        pack->group_block_number = UINT32_MAX;
        enum kl_pack_status status;
        char what[48];
        snprintf(what, sizeof what, "group block %u", block);
        if (!(pack->group_block = inflate_chunk(pack, pack->residue_blocks + block, what, &status)))
            return status;
        pack->group_block_number = block;
    }
    *group_num = pack->group_block[j] | pack->group_block[layouts + j] << 8;
    return KL_PACK_OK;
}

enum kl_pack_status kl_pack_group_of(struct kl_pack *pack, kl_code code, struct kl_pack_group *group)
{
    kl_raw raw;
    pack->message[0] = '\0';
    if (kl_code_to_raw(code, &raw) != KL_OK)
        return fail(pack, KL_PACK_INVALID, "%09llX is no legal layout", (unsigned long long)code);
    int group_num, class_id = kl_class_id(kl_class_of_code(code));
    enum kl_pack_status status = kl_pack_group_number(pack, kl_code_to_id(code), &group_num);
    if (status != KL_PACK_OK)
        return status;
    if ((uint32_t)group_num >= pack->class_groups[class_id])
        return fail(pack, KL_PACK_CORRUPT, "%09llX is in group_num %d of a class of %u groups",
                    (unsigned long long)code, group_num, pack->class_groups[class_id]);
    group_facts(pack, pack->class_first_group[class_id] + (uint32_t)group_num, group);
    return KL_PACK_OK;
}

enum kl_pack_status kl_pack_group_at(const struct kl_pack *pack, uint32_t group_id, struct kl_pack_group *group)
{
    if (group_id >= pack->facts.group_count)
        return KL_PACK_INVALID;
    group_facts(pack, group_id, group);
    return KL_PACK_OK;
}

enum kl_pack_status kl_pack_group_named(const struct kl_pack *pack, const char *name, struct kl_pack_group *group)
{
    const char *dash = strrchr(name, '-');
    if (!dash || dash - name >= KL_CLASS_NAME_SIZE || !dash[1] || strspn(dash + 1, "0123456789") != strlen(dash + 1) ||
        strlen(dash + 1) > 5 || (dash[1] == '0' && dash[2]))
        return KL_PACK_INVALID;
    char class_name[KL_CLASS_NAME_SIZE];
    memcpy(class_name, name, (size_t)(dash - name));
    class_name[dash - name] = '\0';
    struct kl_class c;
    if (!kl_class_parse(class_name, &c))
        return KL_PACK_INVALID;
    int class_id = kl_class_id(c);
    uint32_t group_num = (uint32_t)atoi(dash + 1);
    if (group_num >= pack->class_groups[class_id])
        return KL_PACK_INVALID;
    return kl_pack_group_at(pack, pack->class_first_group[class_id] + group_num, group);
}

bool kl_pack_name_at(const struct kl_pack *pack, uint32_t index, struct kl_pack_name *name)
{
    if (index >= pack->facts.name_count)
        return false;
    *name = pack->names[index];
    return true;
}

/* The largest min moves under `metric` of group record r; -1 when it is unsolvable. */
static int group_depth(const struct group_record *r, enum kl_metric metric)
{
    if (!r->solved)
        return -1;
    return metric == KL_METRIC_STEP       ? r->max_min_steps
         : metric == KL_METRIC_STRAIGHT ? r->max_min_straight_moves
                                        : r->max_min_unit_moves;
}

/* Reads the depths chunk (`plain`, the header's depths_size bytes) into layer_sizes and
 * layer_first, checking each solvable group's sizes: none empty, their sum its size,
 * depth 0 its solved members, its last depth in steps its hardest_count. */
static enum kl_pack_status read_depths(struct kl_pack *pack, const unsigned char *plain)
{
    uint32_t groups = pack->facts.group_count;
    if (!(pack->layer_first = malloc(((size_t)groups * KL_METRIC_COUNT + 1) * sizeof *pack->layer_first)))
        return fail(pack, KL_PACK_NO_MEMORY, "out of memory for the depths");
    uint32_t total = 0;
    for (uint32_t g = 0; g < groups; g++)
        for (int m = 0; m < KL_METRIC_COUNT; m++) {
            pack->layer_first[g * KL_METRIC_COUNT + (uint32_t)m] = total;
            total += (uint32_t)(group_depth(&pack->groups[g], (enum kl_metric)m) + 1);
        }
    pack->layer_first[(size_t)groups * KL_METRIC_COUNT] = total;
    uint32_t size = kl_pack_get(pack->bytes + KL_PACK_AT_DEPTHS_SIZE, 4);
    if ((size_t)total * 4 != size)
        return fail(pack, KL_PACK_CORRUPT, "a depths chunk of %u bytes, the groups' depths take %zu", size,
                    (size_t)total * 4);
    if (!(pack->layer_sizes = malloc(total ? (size_t)total * sizeof *pack->layer_sizes : 1)))
        return fail(pack, KL_PACK_NO_MEMORY, "out of memory for the depths");
    for (uint32_t i = 0; i < total; i++)
        pack->layer_sizes[i] = kl_pack_get(plain + 4 * (size_t)i, 4);
    for (uint32_t g = 0; g < groups; g++) {
        const struct group_record *r = &pack->groups[g];
        for (int m = 0; m < KL_METRIC_COUNT; m++) {
            const uint32_t *sizes = pack->layer_sizes + pack->layer_first[g * KL_METRIC_COUNT + (uint32_t)m];
            int depth = group_depth(r, (enum kl_metric)m);
            uint64_t sum = 0;
            bool empty = false;
            for (int d = 0; d <= depth; d++) {
                sum += sizes[d];
                empty = empty || sizes[d] == 0;
            }
            if (depth >= 0 && (empty || sum != r->size || sizes[0] != r->solved ||
                               (m == KL_METRIC_STEP && sizes[depth] != r->hardest_count)))
                return fail(pack, KL_PACK_CORRUPT, "group %u's layers in %s disagree with its facts", g,
                            kl_metric_name((enum kl_metric)m));
        }
    }
    return KL_PACK_OK;
}

/* How many members list `list` of group g holds: its last layer's size under a metric
 * (its hardest), its peripheral_count or central_count; 0 when it has none. */
static uint32_t list_length(const struct kl_pack *pack, uint32_t g, enum kl_pack_list list)
{
    const struct group_record *r = &pack->groups[g];
    if (list < KL_PACK_LIST_PERIPHERAL) {
        int depth = group_depth(r, (enum kl_metric)list);
        return depth < 0 ? 0 : pack->layer_sizes[pack->layer_first[g * KL_METRIC_COUNT + (uint32_t)list] + (uint32_t)depth];
    }
    if (r->diameter == KL_PACK_NONE16)
        return 0;
    return list == KL_PACK_LIST_PERIPHERAL ? r->peripheral_count : r->central_count;
}

/* Reads the lists chunk (`plain`, the header's lists_size bytes) into list_ids and
 * list_first: each list as long as list_length says, its ids ascending and legal, the
 * chunk ending with the last. */
static enum kl_pack_status read_lists(struct kl_pack *pack, const unsigned char *plain)
{
    uint32_t groups = pack->facts.group_count, size = kl_pack_get(pack->bytes + KL_PACK_AT_LISTS_SIZE, 4);
    size_t entries = (size_t)groups * KL_PACK_LIST_COUNT;
    if (!(pack->list_first = malloc((entries + 1) * sizeof *pack->list_first)))
        return fail(pack, KL_PACK_NO_MEMORY, "out of memory for the lists");
    uint64_t total = 0;
    for (size_t e = 0; e < entries; e++) {
        pack->list_first[e] = (uint32_t)total;
        total += list_length(pack, (uint32_t)(e / KL_PACK_LIST_COUNT), (enum kl_pack_list)(e % KL_PACK_LIST_COUNT));
        if (total > size) /* an id takes a byte at least */
            return fail(pack, KL_PACK_CORRUPT, "a lists chunk of %u bytes cannot hold the groups' lists", size);
    }
    pack->list_first[entries] = (uint32_t)total;
    if (!(pack->list_ids = malloc(total ? (size_t)total * sizeof *pack->list_ids : 1)))
        return fail(pack, KL_PACK_NO_MEMORY, "out of memory for the lists");
    size_t at = 0;
    for (size_t e = 0; e < entries; e++) {
        uint64_t id = 0;
        for (uint32_t k = pack->list_first[e]; k < pack->list_first[e + 1]; k++) {
            uint64_t gap = 0;
            int shift = 0;
            do {
                if (at == size || shift > 28)
                    return fail(pack, KL_PACK_CORRUPT, "the lists chunk's varint at %zu is cut or too wide", at);
                gap |= (uint64_t)(plain[at] & 0x7F) << shift;
                shift += 7;
            } while (plain[at++] & 0x80);
            id += gap;
            if ((k > pack->list_first[e] && gap == 0) || id >= KL_LAYOUT_COUNT)
                return fail(pack, KL_PACK_CORRUPT, "group %zu's list %zu holds no ascending layout ids",
                            e / KL_PACK_LIST_COUNT, e % KL_PACK_LIST_COUNT);
            pack->list_ids[k] = (uint32_t)id;
        }
    }
    if (at != size)
        return fail(pack, KL_PACK_CORRUPT, "the lists chunk holds %u bytes past its lists", size - (uint32_t)at);
    return KL_PACK_OK;
}

/* Inflates and reads the lists part once (read_depths, read_lists); keeps nothing of a
 * failure, so that a call after the caller's inflater caught up tries again. */
static enum kl_pack_status load_lists(struct kl_pack *pack)
{
    if (pack->list_ids)
        return KL_PACK_OK;
    if (!pack->lists)
        return fail(pack, KL_PACK_LISTS_MISSING, "%s", kl_pack_status_text(KL_PACK_LISTS_MISSING));
    enum kl_pack_status status, lists_status;
    /* Both asked before either fails: a page inflates what a call missed all at once. */
    unsigned char *depths = inflate_chunk(pack, first_list_chunk(pack), "the depths chunk", &status);
    unsigned char *lists = inflate_chunk(pack, first_list_chunk(pack) + 1, "the lists chunk", &lists_status);
    if (!depths || !lists)
        status = !lists ? lists_status : status;
    else if ((status = read_depths(pack, depths)) == KL_PACK_OK)
        status = read_lists(pack, lists);
    free(depths);
    free(lists);
    if (status != KL_PACK_OK) {
        free(pack->layer_sizes);
        free(pack->layer_first);
        free(pack->list_ids);
        free(pack->list_first);
        pack->layer_sizes = pack->layer_first = pack->list_ids = pack->list_first = NULL;
    }
    return status;
}

/* Checks group_id and loads the lists part. */
static enum kl_pack_status lists_of(struct kl_pack *pack, uint32_t group_id)
{
    pack->message[0] = '\0';
    if (group_id >= pack->facts.group_count)
        return fail(pack, KL_PACK_INVALID, "no group %u", group_id);
    return load_lists(pack);
}

/* Entry `which` of the group's `per_group` in the lists part once loaded: its values in
 * *values, from (*first)[i] to (*first)[i + 1] for i = group_id * per_group + which. */
static enum kl_pack_status span_of(struct kl_pack *pack, uint32_t group_id, size_t per_group, size_t which,
                                   uint32_t *const *values, uint32_t *const *first, const uint32_t **out,
                                   size_t *count)
{
    enum kl_pack_status status = lists_of(pack, group_id);
    if (status != KL_PACK_OK)
        return status;
    size_t i = (size_t)group_id * per_group + which;
    *out = *values + (*first)[i];
    *count = (*first)[i + 1] - (*first)[i];
    return KL_PACK_OK;
}

enum kl_pack_status kl_pack_group_layers(struct kl_pack *pack, uint32_t group_id, enum kl_metric metric,
                                         const uint32_t **sizes, int *count)
{
    size_t n;
    enum kl_pack_status status =
        span_of(pack, group_id, KL_METRIC_COUNT, metric, &pack->layer_sizes, &pack->layer_first, sizes, &n);
    if (status == KL_PACK_OK)
        *count = (int)n;
    return status;
}

enum kl_pack_status kl_pack_group_list(struct kl_pack *pack, uint32_t group_id, enum kl_pack_list list,
                                       const uint32_t **ids, size_t *count)
{
    return span_of(pack, group_id, KL_PACK_LIST_COUNT, list, &pack->list_ids, &pack->list_first, ids, count);
}
