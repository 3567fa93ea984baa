/* `klotski pack FILE`: writes the pack (schema/pack.md) from the database: every layout's
 * residue and group_num, read from the depth layers (the layers table holds every
 * group's members per min_steps as id lists, 15 MB, where the layouts rows are 674 MB),
 * the groups' facts and the classic names, then its residues in straight and in unit
 * moves, read from the layouts rows (no table lists them otherwise: about 10 s); deflated, indexed, checksummed, written to a
 * temporary file beside FILE and renamed over it, so that FILE is never half written.
 * `--check` compares a pack with the database instead (pack_check.c). */
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "core/database/format.h"
#include "core/pack/crc32.h"
#include "core/rank.h"
#include "core/pack/format.h"
#include "query/commands/command.h"
#include "query/commands/pack_check.h"
#include "query/commands/pack_lists.h"
#include "query/commands/pack_write.h"
#include "answer/report.h"

struct pack_options {
    bool check;
};

static const struct pack_options option_defaults;

static const struct command_option pack_option_table[] = {
    {.name = "check", .kind = OPTION_FLAG, .offset = offsetof(struct pack_options, check),
     .help = "compare the pack FILE with the database on every layout, group and\n"
             "name instead of writing it"},
    {NULL},
};

/* What the pack holds before it is deflated. */
struct pack_content {
    unsigned char *residues;   /* four layouts a byte, in id order (schema/pack.md) */
    unsigned char *metric_residues[KL_METRIC_COUNT]; /* the same in straight and unit moves */
    uint16_t *group_nums;      /* per id */
    unsigned char *groups;     /* the groups chunk, group_count * KL_PACK_GROUP_RECORD_BYTES */
    uint32_t group_count;
    char *names;               /* the names chunk */
    size_t names_size;
    uint32_t name_count;
    int max_min_steps;
    uint32_t source_crc32;
    struct pack_lists lists;   /* the lists part's two chunks */
};

/* A growing byte buffer: the file being assembled. */
struct buffer {
    unsigned char *bytes;
    size_t size, capacity;
};

static void buffer_reserve(struct buffer *b, size_t more)
{
    if (b->size + more <= b->capacity)
        return;
    b->capacity = (b->size + more) * 2;
    b->bytes = xrealloc(b->bytes, b->capacity);
}

/* Reads the groups table into the groups chunk's columns (format.h). */
static int read_groups(struct db *db, struct pack_content *c)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT count(*) FROM groups");
    c->group_count = db_step(db, stmt) ? (uint32_t)sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    c->groups = xcalloc(c->group_count ? c->group_count : 1, KL_PACK_GROUP_RECORD_BYTES);
    stmt = db_prepare(db, "SELECT group_id, class_id, group_num, size, min_code, solved, hardest_count,"
                          " peripheral_count, central_count, max_min_steps, diameter, radius,"
                          " max_min_straight_moves, max_min_unit_moves FROM groups ORDER BY group_id");
    uint32_t g = 0;
    while (db_step(db, stmt)) {
        if (sqlite3_column_int64(stmt, 0) != g || g >= c->group_count) {
            sqlite3_finalize(stmt);
            return report(EXIT_BAD_INPUT, NULL, "the database's group_ids do not run from 0 without gaps");
        }
        uint32_t values[14];
        for (int i = 1; i < 14; i++) {
            int64_t v = db_column_or_null(stmt, i);
            int width = i >= 9 ? 2 : 4;
            values[i] = v == DB_NULL ? (width == 2 ? KL_PACK_NONE16 : KL_PACK_NONE32) : (uint32_t)v;
        }
        values[4] = kl_code_to_id((kl_code)sqlite3_column_int64(stmt, 4)); /* min_code as min_id */
        if (values[6] == KL_PACK_NONE32)
            values[6] = 0; /* hardest_count of an unsolvable group */
        /* Columns in format.h's order: class_id, group_num, size, min_id, solved,
         * hardest_count, peripheral, central, max_min_steps, diameter, radius, straight, unit. */
        unsigned char *column = c->groups;
        int field = 1;
#define PUT_COLUMN(name, bytes)                                                        \
    if (field < 14)                                                                    \
        kl_pack_put(column + (size_t)g * (bytes), bytes, values[field++]);            \
    column += (size_t)c->group_count * (bytes);
        KL_PACK_GROUP_COLUMNS(PUT_COLUMN)
#undef PUT_COLUMN
        g++;
    }
    sqlite3_finalize(stmt);
    if (g != c->group_count || g == 0)
        return report(EXIT_BAD_INPUT, NULL, "the database's groups table is incomplete");
    return EXIT_ANSWERED;
}

/* Reads the depth layers into every layout's residue and group_num, checking that they
 * list each layout exactly once. */
static int read_layers(struct db *db, struct pack_content *c)
{
    c->residues = xcalloc((KL_LAYOUT_COUNT + 3) / 4, 1);
    c->group_nums = xcalloc(KL_LAYOUT_COUNT, sizeof *c->group_nums);
    unsigned char *seen = xcalloc(KL_LAYOUT_COUNT / 8 + 1, 1);
    /* group_num by group_id, from the groups chunk's group_num column */
    const unsigned char *group_num_column = c->groups + c->group_count;
    sqlite3_stmt *stmt = db_prepare(db, "SELECT group_id, depth, size, ids FROM layers");
    size_t listed = 0;
    int status = EXIT_ANSWERED;
    while (status == EXIT_ANSWERED && db_step(db, stmt)) {
        int64_t group_id = sqlite3_column_int64(stmt, 0);
        int64_t depth = db_column_or_null(stmt, 1);
        int64_t size = sqlite3_column_int64(stmt, 2);
        if (group_id < 0 || group_id >= c->group_count || depth < DB_NULL || size < 1 || size > KL_LAYOUT_COUNT) {
            status = report(EXIT_BAD_INPUT, NULL, "the layers table has an impossible row (group %lld)",
                            (long long)group_id);
            break;
        }
        uint32_t *ids = db_column_ids(db, stmt, 3, (size_t)size);
        int residue = depth == DB_NULL ? KL_PACK_RESIDUE_UNSOLVABLE : (int)(depth % 3);
        uint16_t group_num = (uint16_t)kl_pack_get(group_num_column + 2 * (size_t)group_id, 2);
        if (depth > c->max_min_steps)
            c->max_min_steps = (int)depth;
        for (int64_t i = 0; i < size; i++) {
            uint32_t id = ids[i];
            if (seen[id / 8] >> (id % 8) & 1) {
                status = report(EXIT_BAD_INPUT, NULL, "the layers list the layout #%u twice", id);
                break;
            }
            seen[id / 8] |= (unsigned char)(1u << (id % 8));
            c->residues[id / 4] |= (unsigned char)(residue << 2 * (id % 4));
            c->group_nums[id] = group_num;
        }
        listed += (size_t)size;
        free(ids);
    }
    sqlite3_finalize(stmt);
    free(seen);
    if (status == EXIT_ANSWERED && listed != KL_LAYOUT_COUNT)
        status = report(EXIT_BAD_INPUT, NULL, "the layers list %zu layouts, not %u", listed, KL_LAYOUT_COUNT);
    return status;
}

/* Reads every layout's min_straight_moves and min_unit_moves into their residues,
 * checking that the rows list each layout once, in id order, solvable when its step
 * residue says so. */
static int read_metrics(struct db *db, struct pack_content *c)
{
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
        c->metric_residues[m] = xcalloc((KL_LAYOUT_COUNT + 3) / 4, 1);
    sqlite3_stmt *stmt = db_prepare(db, "SELECT code, min_straight_moves, min_unit_moves FROM layouts ORDER BY code");
    uint32_t id = 0;
    int status = EXIT_ANSWERED;
    while (status == EXIT_ANSWERED && db_step(db, stmt)) {
        kl_code code = (kl_code)sqlite3_column_int64(stmt, 0);
        kl_raw raw;
        bool solvable = (c->residues[id / 4] >> 2 * (id % 4) & 3) != KL_PACK_RESIDUE_UNSOLVABLE;
        if (id >= KL_LAYOUT_COUNT || kl_code_to_raw(code, &raw) != KL_OK || kl_code_to_id(code) != id) {
            status = report(EXIT_BAD_INPUT, NULL, "the layouts table's row %u is not the layout #%u", id, id);
            break;
        }
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
            int64_t moves = db_column_or_null(stmt, m);
            if ((moves != DB_NULL) != solvable || moves < DB_NULL) {
                status = report(EXIT_BAD_INPUT, NULL, "%09llX: its %s moves (%lld) disagree with its min_steps",
                                (unsigned long long)code, kl_metric_name((enum kl_metric)m), (long long)moves);
                break;
            }
            int residue = moves == DB_NULL ? KL_PACK_RESIDUE_UNSOLVABLE : (int)(moves % 3);
            c->metric_residues[m][id / 4] |= (unsigned char)(residue << 2 * (id % 4));
        }
        id++;
    }
    sqlite3_finalize(stmt);
    if (status == EXIT_ANSWERED && id != KL_LAYOUT_COUNT)
        status = report(EXIT_BAD_INPUT, NULL, "the layouts table holds %u layouts, not %u", id, KL_LAYOUT_COUNT);
    return status;
}

/* Reads the names table into the names chunk's lines. */
static void read_names(struct db *db, struct pack_content *c)
{
    struct buffer text = {0};
    sqlite3_stmt *stmt = db_prepare(db, "SELECT code, name, coalesce(section, '') FROM names ORDER BY name_id");
    while (db_step(db, stmt)) {
        const char *name = (const char *)sqlite3_column_text(stmt, 1);
        const char *section = (const char *)sqlite3_column_text(stmt, 2);
        size_t room = KL_CODE_TEXT_SIZE + strlen(name) + strlen(section) + 3;
        buffer_reserve(&text, room);
        char code[KL_CODE_TEXT_SIZE];
        kl_code_format((kl_code)sqlite3_column_int64(stmt, 0), code);
        text.size += (size_t)snprintf((char *)text.bytes + text.size, room, "%s\t%s\t%s\n", code, name, section);
        c->name_count++;
    }
    sqlite3_finalize(stmt);
    c->names = (char *)text.bytes;
    c->names_size = text.size;
}

/* Appends `size` bytes deflated (zlib, level 9) to the file and their end to the index. */
static void append_chunk(struct buffer *file, unsigned char *index, size_t chunk, const void *plain, size_t size)
{
    uLongf bound = compressBound((uLong)size);
    buffer_reserve(file, bound);
    if (compress2(file->bytes + file->size, &bound, plain, (uLong)size, Z_BEST_COMPRESSION) != Z_OK)
        out_of_memory();
    file->size += bound;
    kl_pack_put(index + 4 * (chunk + 1), 4, (uint32_t)file->size);
}

/* Appends the residue blocks of `residues` (four layouts a byte, in id order). */
static size_t append_residues(struct buffer *file, unsigned char *index, size_t chunk, const unsigned char *residues)
{
    for (uint32_t first = 0; first < KL_LAYOUT_COUNT; first += KL_PACK_RESIDUE_BLOCK_LAYOUTS, chunk++) {
        uint32_t n = KL_LAYOUT_COUNT - first < KL_PACK_RESIDUE_BLOCK_LAYOUTS ? KL_LAYOUT_COUNT - first
                                                                            : KL_PACK_RESIDUE_BLOCK_LAYOUTS;
        append_chunk(file, index, chunk, residues + first / 4, (n + 3) / 4);
    }
    return chunk;
}

/* Assembles the file: header, index, chunks, checksums (schema/pack.md). */
static struct buffer assemble(const struct pack_content *c)
{
    uint32_t residue_blocks = (KL_LAYOUT_COUNT - 1) / KL_PACK_RESIDUE_BLOCK_LAYOUTS + 1;
    uint32_t group_blocks = (KL_LAYOUT_COUNT - 1) / KL_PACK_GROUP_BLOCK_LAYOUTS + 1;
    size_t chunks = residue_blocks * (1 + KL_PACK_METRIC_PARTS) + group_blocks + KL_PACK_TRAILING_CHUNKS +
                    KL_PACK_LIST_CHUNKS;
    size_t index_end = KL_PACK_HEADER_SIZE + 4 * (chunks + 1);
    struct buffer file = {0};
    buffer_reserve(&file, index_end + (8u << 20));
    memset(file.bytes, 0, index_end);
    file.size = index_end;
    /* The index is filled as chunks are appended; file.bytes may move meanwhile. */
    unsigned char *index = xcalloc(chunks + 1, 4);
    kl_pack_put(index, 4, (uint32_t)index_end);
    size_t chunk = append_residues(&file, index, 0, c->residues);
    unsigned char *planes = xmalloc(2 * (size_t)KL_PACK_GROUP_BLOCK_LAYOUTS);
    for (uint32_t b = 0; b < group_blocks; b++, chunk++) {
        uint32_t first = b * KL_PACK_GROUP_BLOCK_LAYOUTS;
        uint32_t n = KL_LAYOUT_COUNT - first < KL_PACK_GROUP_BLOCK_LAYOUTS ? KL_LAYOUT_COUNT - first
                                                                          : KL_PACK_GROUP_BLOCK_LAYOUTS;
        for (uint32_t j = 0; j < n; j++) {
            planes[j] = (unsigned char)c->group_nums[first + j];
            planes[n + j] = (unsigned char)(c->group_nums[first + j] >> 8);
        }
        append_chunk(&file, index, chunk, planes, 2 * (size_t)n);
    }
    free(planes);
    append_chunk(&file, index, chunk++, c->groups, (size_t)c->group_count * KL_PACK_GROUP_RECORD_BYTES);
    append_chunk(&file, index, chunk++, c->names, c->names_size);
    size_t metrics_offset = file.size;
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
        chunk = append_residues(&file, index, chunk, c->metric_residues[m]);
    size_t lists_offset = file.size;
    append_chunk(&file, index, chunk++, c->lists.depths, c->lists.depths_size);
    append_chunk(&file, index, chunk++, c->lists.lists, c->lists.lists_size);
    memcpy(file.bytes + KL_PACK_HEADER_SIZE, index, 4 * (chunks + 1));
    free(index);
    unsigned char *h = file.bytes;
    memcpy(h, KL_PACK_MAGIC, KL_PACK_MAGIC_SIZE);
    kl_pack_put(h + KL_PACK_AT_FORMAT_VERSION, 4, KL_PACK_FORMAT_VERSION);
    kl_pack_put(h + KL_PACK_AT_LAYOUT_COUNT, 4, KL_LAYOUT_COUNT);
    kl_pack_put(h + KL_PACK_AT_GROUP_COUNT, 4, c->group_count);
    kl_pack_put(h + KL_PACK_AT_NAME_COUNT, 4, c->name_count);
    kl_pack_put(h + KL_PACK_AT_NAMES_SIZE, 4, (uint32_t)c->names_size);
    kl_pack_put(h + KL_PACK_AT_RESIDUE_BLOCK_LAYOUTS, 4, KL_PACK_RESIDUE_BLOCK_LAYOUTS);
    kl_pack_put(h + KL_PACK_AT_GROUP_BLOCK_LAYOUTS, 4, KL_PACK_GROUP_BLOCK_LAYOUTS);
    kl_pack_put(h + KL_PACK_AT_MAX_MIN_STEPS, 4, (uint32_t)c->max_min_steps);
    kl_pack_put(h + KL_PACK_AT_SOURCE_CRC32, 4, c->source_crc32);
    kl_pack_put(h + KL_PACK_AT_CONTENT_CRC32, 4,
                kl_crc32(0, file.bytes + KL_PACK_HEADER_SIZE, metrics_offset - KL_PACK_HEADER_SIZE));
    kl_pack_put(h + KL_PACK_AT_METRICS_OFFSET, 4, (uint32_t)metrics_offset);
    kl_pack_put(h + KL_PACK_AT_METRICS_CRC32, 4, kl_crc32(0, file.bytes + metrics_offset, lists_offset - metrics_offset));
    kl_pack_put(h + KL_PACK_AT_LISTS_OFFSET, 4, (uint32_t)lists_offset);
    kl_pack_put(h + KL_PACK_AT_LISTS_CRC32, 4, kl_crc32(0, file.bytes + lists_offset, file.size - lists_offset));
    kl_pack_put(h + KL_PACK_AT_DEPTHS_SIZE, 4, (uint32_t)c->lists.depths_size);
    kl_pack_put(h + KL_PACK_AT_LISTS_SIZE, 4, (uint32_t)c->lists.lists_size);
    kl_pack_put(h + KL_PACK_AT_HEADER_CRC32, 4, kl_crc32(0, h, KL_PACK_AT_HEADER_CRC32));
    return file;
}

/* Writes the bytes to a temporary file beside `path`, then renames it over `path`. */
static int write_file(const char *path, const struct buffer *file)
{
    size_t length = strlen(path);
    char *temporary = xmalloc(length + sizeof ".tmp-XXXXXX");
    memcpy(temporary, path, length);
    memcpy(temporary + length, ".tmp-XXXXXX", sizeof ".tmp-XXXXXX");
    int fd = mkstemp(temporary);
    if (fd < 0) {
        free(temporary);
        return report(EXIT_BAD_INPUT, path, "cannot write a file beside it: %s", strerror(errno));
    }
    size_t done = 0;
    while (done < file->size) {
        ssize_t n = write(fd, file->bytes + done, file->size - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    int error = done < file->size ? errno : 0;
    /* mkstemp makes the file 0600; a pack is as readable as any file the user makes. */
    mode_t mask = umask(0);
    umask(mask);
    if (!error && (fsync(fd) != 0 || fchmod(fd, 0666 & ~mask) != 0))
        error = errno;
    if (close(fd) != 0 && !error)
        error = errno;
    if (!error && rename(temporary, path) != 0)
        error = errno;
    if (error) {
        unlink(temporary);
        free(temporary);
        return report(EXIT_BAD_INPUT, path, "cannot write the pack: %s", strerror(error ? error : EIO));
    }
    free(temporary);
    return EXIT_ANSWERED;
}

int pack_of_database(struct db *db, unsigned char **bytes, size_t *size)
{
    struct pack_content content = {0};
    char crc[32];
    if (db_meta(db, KL_DB_META_LAYOUTS_CRC32, crc, sizeof crc))
        content.source_crc32 = (uint32_t)strtoul(crc, NULL, 10);
    int status = read_groups(db, &content);
    if (status == EXIT_ANSWERED)
        status = read_layers(db, &content);
    if (status == EXIT_ANSWERED)
        status = read_metrics(db, &content);
    if (status == EXIT_ANSWERED)
        status = pack_lists_of_database(db, content.group_count, &content.lists);
    if (status == EXIT_ANSWERED) {
        read_names(db, &content);
        struct buffer file = assemble(&content);
        *bytes = file.bytes;
        *size = file.size;
    }
    free(content.residues);
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        free(content.metric_residues[m]);
    free(content.group_nums);
    free(content.groups);
    free(content.names);
    free(content.lists.depths);
    free(content.lists.lists);
    return status;
}

static int pack_run(struct db *db, const struct request *req)
{
    if (req->arg_count != 1)
        return report(EXIT_BAD_INPUT, NULL, "pack takes one FILE (klotski pack --help)");
    const struct pack_options *options = req->options;
    const char *path = req->args[0];
    if (options->check)
        return pack_check(db, path);
    struct buffer file = {0};
    int status = pack_of_database(db, &file.bytes, &file.size);
    if (status == EXIT_ANSWERED) {
        status = write_file(path, &file);
        if (status == EXIT_ANSWERED)
            printf("%s: %zu bytes, %u layouts, %u groups, %u names\n", path, file.size, KL_LAYOUT_COUNT,
                   kl_pack_get(file.bytes + KL_PACK_AT_GROUP_COUNT, 4), kl_pack_get(file.bytes + KL_PACK_AT_NAME_COUNT, 4));
    }
    free(file.bytes);
    return status;
}

const struct command command_pack = {
    .name = "pack",
    .synopsis = "pack [--check] FILE",
    .summary = "write every layout's steps and group into a small file (the pack)",
    .help = "Writes the pack FILE (schema/pack.md): for every layout its min_steps modulo 3\n"
            "(or unsolvable) and its group, each group's facts and the classic names,\n"
            "then the same residues in straight and in unit moves (the metrics part),\n"
            "then every group's layer sizes under each metric and its hardest,\n"
            "peripheral and central layouts (the lists part),\n"
            "deflated in blocks with an index, about NN MB.  From it libklotski\n"
            "(klotski_pack_open), the Python module (klotski.open_pack) and the static web\n"
            "site answer min_steps, moves and solutions without the database.  The file is\n"
            "written beside FILE and renamed over it at the end.  With --check, compares\n"
            "FILE with the database instead: every layout's value and group, the min_steps\n"
            "its walk gives for every layout, every group's facts and every name; exits 1\n"
            "when any differs.\n",
    .options = pack_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .not_found = "with --check, a pack that differs from the database or is damaged",
    .run = pack_run,
};
