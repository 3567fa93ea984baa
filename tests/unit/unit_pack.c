/* The pack's reader (core/pack/pack.h) on packs made here by hand from schema/pack.md,
 * with chunks stored as they are and an inflater that copies them (the reader takes any
 * inflater: this keeps zlib out of what is tested): the walk's min_steps and route on a
 * layout one step from solved (drawn with the board model of layout_model.h), the walk
 * refusing residues that lead nowhere, round in circles or end on a solved layout of
 * another residue, the moves' outcomes and their solvability check, groups and names and
 * their lookups by name, the lists part (layer sizes and lists, attached later, and each
 * of its faults refused), and every check of the open: magic, version, the checksums,
 * the index, the groups' order, the names' lines.  The CRC-32 is checked against zlib's. */
#include "tests/unit/unit_test.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/classes.h"
#include "core/pack/crc32.h"
#include "core/pack/format.h"
#include "core/pack/pack.h"

#define RESIDUE_BLOCK 1048576u /* 28 residue blocks */
#define GROUP_BLOCK 4194304u   /* 7 group blocks */

/* A layout one step above solved, and that step's result. */
static const char *const NEAR = "oooo" "oooo" ".KK." ".KK." "....";
static const char *const SOLVED = "oooo" "oooo" "...." ".KK." ".KK.";

/* What a hand-made pack holds before it is laid out. */
struct spec {
    unsigned char *residues;  /* packed four a byte, as the format stores them */
    unsigned char *metric_residues[KL_METRIC_COUNT]; /* straight and unit, the same way */
    unsigned char *group_nums; /* the low bytes of every layout's group_num, then the high
                                  ones; build() cuts both planes per block */
    int max_min_steps;
    const char *names;
    uint32_t name_count;
    uint32_t version;
    bool swap_first_groups;   /* lays the groups out of order */
    bool one_layout_groups;   /* every group but the first of one layout, consistent with
                                 the lists part that lists_part() writes */
    const unsigned char *depths, *lists; /* the lists part's chunks (none when NULL) */
    size_t depths_size, lists_size;
};

static void set_residue_in(unsigned char *residues, kl_code code, int residue)
{
    uint32_t id = kl_code_to_id(code);
    residues[id / 4] = (unsigned char)((residues[id / 4] & ~(3 << 2 * (id % 4))) | residue << 2 * (id % 4));
}

static void set_residue(struct spec *s, kl_code code, int residue)
{
    set_residue_in(s->residues, code, residue);
}

/* NEAR one move from SOLVED in `residues`: their residues 1 and 0. */
static void one_move_from_solved(unsigned char *residues)
{
    set_residue_in(residues, picture_code(NEAR), 1);
    set_residue_in(residues, picture_code(SOLVED), 0);
}

/* Every layout unsolvable. */
static unsigned char *unsolvable_residues(void)
{
    unsigned char *residues = malloc((KL_LAYOUT_COUNT + 3) / 4);
    assert_non_null(residues);
    memset(residues, 0xFF, (KL_LAYOUT_COUNT + 3) / 4);
    residues[(KL_LAYOUT_COUNT - 1) / 4] &= (1 << 2 * ((KL_LAYOUT_COUNT - 1) % 4 + 1)) - 1;
    return residues;
}

static void spec_init(struct spec *s)
{
    memset(s, 0, sizeof *s);
    s->residues = unsolvable_residues();
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
        s->metric_residues[m] = unsolvable_residues();
    s->group_nums = calloc(2, KL_LAYOUT_COUNT);
    assert_non_null(s->group_nums);
    s->max_min_steps = 5;
    s->names = "1A9BF0C00\t横刀立马\t经典\n4FEA13400\tfar\t\n";
    s->name_count = 2;
    s->version = KL_PACK_FORMAT_VERSION;
}

static void spec_free(struct spec *s)
{
    free(s->residues);
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
        free(s->metric_residues[m]);
    free(s->group_nums);
}

/* The groups chunk: one group per class, group_num 0; class 0 takes every layout but one
 * per other class, so that the sizes add up to the count. */
static unsigned char *groups_chunk(const struct spec *s)
{
    unsigned char *chunk = calloc(KL_CLASS_COUNT, KL_PACK_GROUP_RECORD_BYTES);
    assert_non_null(chunk);
    unsigned char *column = chunk;
    int field = 0;
#define PUT(name, bytes)                                                                  \
    for (uint32_t g = 0; g < KL_CLASS_COUNT; g++) {                                       \
        uint32_t values[] = {g, 0, g ? 1 : KL_LAYOUT_COUNT - (KL_CLASS_COUNT - 1), 4091296, \
                             g % 2, 7, KL_PACK_NONE32, 3, 9, g % 3 ? 20 : KL_PACK_NONE16, 11, 12, 13, 0}; \
        uint32_t one_layout[] = {g, 0, values[2], 4091296, g % 2, 1, 1, 1, 0,             \
                                 g % 3 ? 0 : KL_PACK_NONE16, 0, 0, 0, 0};                 \
        uint32_t value = s->one_layout_groups ? one_layout[field] : values[field];        \
        if (s->swap_first_groups && field == 0 && g < 2)                                  \
            value = 1 - g;                                                                \
        kl_pack_put(column + (size_t)g * (bytes), bytes, value);                         \
    }                                                                                     \
    column += (size_t)KL_CLASS_COUNT * (bytes);                                           \
    field++;
    KL_PACK_GROUP_COLUMNS(PUT)
#undef PUT
    return chunk;
}

/* The lists part of one_layout_groups: group g's layer sizes [1] under each metric when
 * it is solvable (odd), and its lists: its hardest under each metric when solvable, its
 * peripheral and central layouts when its extremes are found (g % 3), each the one id g.
 * Writes the depths chunk into depths (room for 3 * 4 * KL_CLASS_COUNT) and the lists
 * chunk into lists (room for 5 * 2 * KL_CLASS_COUNT); their sizes into the spec. */
static void lists_part(struct spec *s, unsigned char *depths, unsigned char *lists)
{
    s->depths_size = s->lists_size = 0;
    for (uint32_t g = 0; g < KL_CLASS_COUNT; g++) {
        int listed = (g % 2 ? KL_METRIC_COUNT : 0) + (g % 3 ? 2 : 0);
        for (int m = 0; g % 2 && m < KL_METRIC_COUNT; m++, s->depths_size += 4)
            kl_pack_put(depths + s->depths_size, 4, 1);
        for (int l = 0; g > 0 && l < listed; l++) {
            if (g >= 0x80)
                lists[s->lists_size++] = (unsigned char)(g | 0x80);
            lists[s->lists_size++] = (unsigned char)(g >= 0x80 ? g >> 7 : g);
        }
    }
    s->depths = depths;
    s->lists = lists;
}

/* Makes the four checksums right for the bytes as they are. */
static void reseal(unsigned char *bytes, size_t size)
{
    uint32_t metrics = kl_pack_get(bytes + KL_PACK_AT_METRICS_OFFSET, 4);
    uint32_t lists = kl_pack_get(bytes + KL_PACK_AT_LISTS_OFFSET, 4);
    kl_pack_put(bytes + KL_PACK_AT_CONTENT_CRC32, 4, kl_crc32(0, bytes + KL_PACK_HEADER_SIZE, metrics - KL_PACK_HEADER_SIZE));
    kl_pack_put(bytes + KL_PACK_AT_METRICS_CRC32, 4, kl_crc32(0, bytes + metrics, lists - metrics));
    kl_pack_put(bytes + KL_PACK_AT_LISTS_CRC32, 4, kl_crc32(0, bytes + lists, size - lists));
    kl_pack_put(bytes + KL_PACK_AT_HEADER_CRC32, 4, kl_crc32(0, bytes, KL_PACK_AT_HEADER_CRC32));
}

/* Lays the pack out as schema/pack.md says, every chunk stored plain. */
static unsigned char *build(const struct spec *s, size_t *size)
{
    uint32_t residue_blocks = (KL_LAYOUT_COUNT - 1) / RESIDUE_BLOCK + 1, group_blocks = (KL_LAYOUT_COUNT - 1) / GROUP_BLOCK + 1;
    size_t chunks = 3 * residue_blocks + group_blocks + 4, index_end = KL_PACK_HEADER_SIZE + 4 * (chunks + 1);
    size_t names_size = strlen(s->names);
    *size = index_end + 3 * ((KL_LAYOUT_COUNT + 3) / 4) + 2 * (size_t)KL_LAYOUT_COUNT +
            (size_t)KL_CLASS_COUNT * KL_PACK_GROUP_RECORD_BYTES + names_size + s->depths_size + s->lists_size;
    unsigned char *bytes = calloc(1, *size);
    assert_non_null(bytes);
    size_t at = index_end, chunk = 0;
    kl_pack_put(bytes + KL_PACK_HEADER_SIZE, 4, (uint32_t)at);
#define APPEND(source, length)                                                   \
    do {                                                                         \
        if ((length) != 0) /* an absent lists part's chunks: no source */        \
            memcpy(bytes + at, source, length);                                  \
        at += length;                                                            \
        kl_pack_put(bytes + KL_PACK_HEADER_SIZE + 4 * ++chunk, 4, (uint32_t)at); \
    } while (0)
#define APPEND_RESIDUES(residues)                                                                   \
    for (uint32_t b = 0; b < residue_blocks; b++) {                                                 \
        uint32_t n = b + 1 < residue_blocks ? RESIDUE_BLOCK : KL_LAYOUT_COUNT - b * RESIDUE_BLOCK; \
        APPEND((residues) + b * (RESIDUE_BLOCK / 4), (n + 3) / 4);                                  \
    }
    APPEND_RESIDUES(s->residues)
    unsigned char *planes = malloc(2 * (size_t)GROUP_BLOCK);
    assert_non_null(planes);
    for (uint32_t b = 0; b < group_blocks; b++) {
        uint32_t first = b * GROUP_BLOCK, n = b + 1 < group_blocks ? GROUP_BLOCK : KL_LAYOUT_COUNT - first;
        memcpy(planes, s->group_nums + first, n);
        memcpy(planes + n, s->group_nums + KL_LAYOUT_COUNT + first, n);
        APPEND(planes, 2 * (size_t)n);
    }
    free(planes);
    unsigned char *groups = groups_chunk(s);
    APPEND(groups, (size_t)KL_CLASS_COUNT * KL_PACK_GROUP_RECORD_BYTES);
    free(groups);
    APPEND(s->names, names_size);
    size_t metrics_offset = at;
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
        APPEND_RESIDUES(s->metric_residues[m])
    size_t lists_offset = at;
    APPEND(s->depths, s->depths_size);
    APPEND(s->lists, s->lists_size);
#undef APPEND_RESIDUES
#undef APPEND
    assert_int_equal(at, *size);
    assert_int_equal(chunk, chunks);
    memcpy(bytes, KL_PACK_MAGIC, KL_PACK_MAGIC_SIZE);
    uint32_t header[][2] = {{KL_PACK_AT_FORMAT_VERSION, s->version}, {KL_PACK_AT_LAYOUT_COUNT, KL_LAYOUT_COUNT},
                            {KL_PACK_AT_GROUP_COUNT, KL_CLASS_COUNT}, {KL_PACK_AT_NAME_COUNT, s->name_count},
                            {KL_PACK_AT_NAMES_SIZE, (uint32_t)names_size},
                            {KL_PACK_AT_RESIDUE_BLOCK_LAYOUTS, RESIDUE_BLOCK},
                            {KL_PACK_AT_GROUP_BLOCK_LAYOUTS, GROUP_BLOCK},
                            {KL_PACK_AT_MAX_MIN_STEPS, (uint32_t)s->max_min_steps}, {KL_PACK_AT_SOURCE_CRC32, 42},
                            {KL_PACK_AT_METRICS_OFFSET, (uint32_t)metrics_offset},
                            {KL_PACK_AT_LISTS_OFFSET, (uint32_t)lists_offset},
                            {KL_PACK_AT_DEPTHS_SIZE, (uint32_t)s->depths_size},
                            {KL_PACK_AT_LISTS_SIZE, (uint32_t)s->lists_size}};
    for (size_t i = 0; i < sizeof header / sizeof *header; i++)
        kl_pack_put(bytes + header[i][0], 4, header[i][1]);
    reseal(bytes, *size);
    return bytes;
}

/* The inflater of stored chunks: the plain bytes are the chunk's. */
static enum kl_pack_status copy_inflate(void *context, const unsigned char *deflated, size_t deflated_size,
                                        unsigned char *plain, size_t plain_size)
{
    (void)context;
    if (deflated_size != plain_size)
        return KL_PACK_CORRUPT;
    memcpy(plain, deflated, plain_size);
    return KL_PACK_OK;
}

static enum kl_pack_status open_bytes(const unsigned char *bytes, size_t size, struct kl_pack **pack, char *message)
{
    return kl_pack_open(bytes, size, copy_inflate, NULL, pack, message);
}

static void test_crc32_is_zlibs(void **state)
{
    (void)state;
    const unsigned char text[] = "123456789";
    assert_int_equal(kl_crc32(0, text, 9), 0xCBF43926u);
    unsigned char bytes[1000];
    for (int i = 0; i < 1000; i++)
        bytes[i] = (unsigned char)(i * 7 + i / 13);
    assert_int_equal(kl_crc32(kl_crc32(0, bytes, 300), bytes + 300, 700), (uint32_t)crc32(0, bytes, 1000));
}

/* A spec whose NEAR is one move from SOLVED under the first `metrics` metrics (the
 * others, and every other layout, unsolvable). */
static void spec_near_solved(struct spec *s, int metrics)
{
    spec_init(s);
    for (int m = KL_METRIC_STEP; m < metrics; m++)
        one_move_from_solved(m == KL_METRIC_STEP ? s->residues : s->metric_residues[m]);
}

static void test_walk_and_route(void **state)
{
    (void)state;
    struct spec s;
    spec_near_solved(&s, 1);
    kl_code near = picture_code(NEAR), solved = picture_code(SOLVED);
    size_t size;
    unsigned char *bytes = build(&s, &size);
    struct kl_pack *pack;
    char message[KL_PACK_MESSAGE_SIZE];
    assert_int_equal(open_bytes(bytes, size, &pack, message), KL_PACK_OK);
    int steps, count, residue;
    assert_int_equal(kl_pack_min_steps(pack, near, &steps), KL_PACK_OK);
    assert_int_equal(steps, 1);
    assert_int_equal(kl_pack_min_steps(pack, solved, &steps), KL_PACK_OK);
    assert_int_equal(steps, 0);
    assert_int_equal(kl_pack_min_steps(pack, 0x1A9BF0C00u, &steps), KL_PACK_OK);
    assert_int_equal(steps, KL_PACK_NONE);
    kl_code route[6];
    assert_int_equal(kl_pack_solve(pack, near, route, &count), KL_PACK_OK);
    assert_int_equal(count, 2);
    assert_true(route[0] == near && route[1] == solved);
    assert_int_equal(kl_pack_solve(pack, 0x1A9BF0C00u, route, &count), KL_PACK_UNSOLVABLE);
    assert_int_equal(kl_pack_min_steps(pack, 0x1A9BF0C01u, &steps), KL_PACK_INVALID);
    assert_int_equal(kl_pack_residue(pack, kl_code_to_id(near), &residue), KL_PACK_OK);
    assert_int_equal(residue, 1);
    assert_int_equal(kl_pack_residue(pack, KL_LAYOUT_COUNT - 1, &residue), KL_PACK_OK);
    assert_int_equal(residue, KL_PACK_RESIDUE_UNSOLVABLE);
    /* near's other neighbours are stored unsolvable: its moves say the pack is corrupt */
    struct kl_move_outcome moves[KL_MAX_STEPS];
    assert_int_equal(kl_pack_moves(pack, near, moves, &count, &steps), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "disagree on being solvable"));
    /* an unsolvable layout's moves: every one neutral, best first by code */
    assert_int_equal(kl_pack_moves(pack, 0x1A9BF0C00u, moves, &count, &steps), KL_PACK_OK);
    assert_int_equal(steps, KL_PACK_NONE);
    assert_int_equal(count, 8);
    for (int i = 0; i < count; i++) {
        assert_int_equal(moves[i].change, 0);
        assert_int_equal(moves[i].min_steps, KL_PACK_NONE);
        assert_true(i == 0 || moves[i - 1].to < moves[i].to);
    }
    kl_pack_close(pack);
    /* the chunks a page inflates ahead: stored plain here, so each inflates to itself */
    struct kl_pack_chunk *chunks;
    uint32_t chunk_count;
    assert_int_equal(kl_pack_chunks(bytes, size, &chunks, &chunk_count, NULL), KL_PACK_OK);
    assert_int_equal(chunk_count, 3 * ((KL_LAYOUT_COUNT - 1) / RESIDUE_BLOCK + 1) + (KL_LAYOUT_COUNT - 1) / GROUP_BLOCK + 1 + 2);
    for (uint32_t i = 0; i < chunk_count; i++) {
        assert_int_equal(chunks[i].plain_size, chunks[i].deflated_size);
        assert_true(i == 0 || chunks[i].offset == chunks[i - 1].offset + chunks[i - 1].deflated_size);
    }
    assert_int_equal(chunks[chunk_count - 1].offset + chunks[chunk_count - 1].deflated_size, size);
    free(chunks);
    bytes[KL_PACK_HEADER_SIZE + 4 * 200] ^= 1;
    assert_int_equal(kl_pack_chunks(bytes, size, &chunks, &chunk_count, NULL), KL_PACK_CORRUPT);
    assert_null(chunks);
    free(bytes);
    spec_free(&s);
}

/* Residues that mislead the walk, each caught as corruption. */
static void test_walk_refuses_wrong_residues(void **state)
{
    (void)state;
    struct spec s;
    spec_init(&s);
    kl_code near = picture_code(NEAR), solved = picture_code(SOLVED);
    struct kl_pack *pack;
    size_t size;
    int steps;
    /* no step one closer: near 2, its solved neighbour 0 */
    set_residue(&s, near, 2);
    set_residue(&s, solved, 0);
    unsigned char *bytes = build(&s, &size);
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_int_equal(kl_pack_min_steps(pack, near, &steps), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "leads one closer"));
    /* a solved layout of residue 1 */
    set_residue(&s, near, 2);
    set_residue(&s, solved, 1);
    kl_pack_close(pack);
    free(bytes);
    bytes = build(&s, &size);
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_int_equal(kl_pack_min_steps(pack, solved, &steps), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "has residue 1"));
    /* a solved layout with a neighbour one closer than solved (its other neighbours as
     * they should be: 0 when solved, else 1): its moves are corrupt */
    kl_raw raw;
    kl_code_to_raw(solved, &raw);
    struct kl_step steps_of_solved[KL_MAX_STEPS];
    int n = kl_steps(raw, steps_of_solved);
    for (int i = 0; i < n; i++) {
        kl_code next = kl_raw_to_code(kl_step_apply(raw, steps_of_solved[i]));
        set_residue(&s, next, kl_code_is_solved(next) ? 0 : 1);
    }
    set_residue(&s, near, 2);
    set_residue(&s, solved, 0);
    kl_pack_close(pack);
    free(bytes);
    bytes = build(&s, &size);
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    struct kl_move_outcome moves[KL_MAX_STEPS];
    int count;
    assert_int_equal(kl_pack_moves(pack, solved, moves, &count, &steps), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "has residue 2"));
    /* a walk longer than max_min_steps: a max of 0 ends any walk before its first step */
    s.max_min_steps = 0;
    set_residue(&s, near, 1);
    set_residue(&s, solved, 0);
    kl_pack_close(pack);
    free(bytes);
    bytes = build(&s, &size);
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_int_equal(kl_pack_min_steps(pack, near, &steps), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "passes the largest min steps"));
    kl_pack_close(pack);
    free(bytes);
    spec_free(&s);
}

static void test_groups_and_names(void **state)
{
    (void)state;
    struct spec s;
    spec_init(&s);
    size_t size;
    unsigned char *bytes = build(&s, &size);
    struct kl_pack *pack;
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    struct kl_pack_group g;
    struct kl_class five_four_one = {5, 4, 1};
    int class_id = kl_class_id(five_four_one);
    assert_int_equal(kl_pack_group_of(pack, 0x1A9BF0C00u, &g), KL_PACK_OK);
    assert_string_equal(g.name, "5-4-1-0");
    assert_int_equal(g.group_id, class_id);
    assert_int_equal(g.size, 1);
    assert_true(g.min_code == 0x1A9BF0C00u); /* min_id 4091296 */
    assert_int_equal(g.solved, class_id % 2);
    assert_int_equal(g.max_min_steps, class_id % 2 ? 9 : KL_PACK_NONE);
    assert_int_equal(g.hardest_count, class_id % 2 ? 7 : KL_PACK_NONE);
    assert_int_equal(g.diameter, class_id % 3 ? 20 : KL_PACK_NONE);
    assert_int_equal(g.central_count, class_id % 3 ? 3 : KL_PACK_NONE);
    assert_int_equal(kl_pack_group_named(pack, "5-4-1-0", &g), KL_PACK_OK);
    assert_int_equal(g.group_id, class_id);
    assert_int_equal(kl_pack_group_at(pack, 0, &g), KL_PACK_OK);
    assert_int_equal(g.size, KL_LAYOUT_COUNT - (KL_CLASS_COUNT - 1));
    const char *not_groups[] = {"5-4-1-1", "5-4-1-00", "5-4-1-", "5-4-1", "", "9-9-9-0", "5-4-1--0", "5-4-1-x"};
    for (size_t i = 0; i < sizeof not_groups / sizeof *not_groups; i++)
        assert_int_equal(kl_pack_group_named(pack, not_groups[i], &g), KL_PACK_INVALID);
    assert_int_equal(kl_pack_group_at(pack, KL_CLASS_COUNT, &g), KL_PACK_INVALID);
    struct kl_pack_name name;
    assert_true(kl_pack_name_at(pack, 0, &name));
    assert_true(name.code == 0x1A9BF0C00u);
    assert_string_equal(name.name, "横刀立马");
    assert_string_equal(name.section, "经典");
    assert_true(kl_pack_name_at(pack, 1, &name));
    assert_string_equal(name.section, "");
    assert_false(kl_pack_name_at(pack, 2, &name));
    struct kl_pack_facts facts;
    kl_pack_facts(pack, &facts);
    assert_int_equal(facts.source_crc32, 42);
    assert_int_equal(facts.group_count, KL_CLASS_COUNT);
    kl_pack_close(pack);
    /* a group_num its class has not */
    s.group_nums[kl_code_to_id(0x1A9BF0C00u)] = 1;
    free(bytes);
    bytes = build(&s, &size);
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_int_equal(kl_pack_group_of(pack, 0x1A9BF0C00u, &g), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "group_num 1 of a class of 1 groups"));
    kl_pack_close(pack);
    free(bytes);
    spec_free(&s);
}

/* Opens bytes that must fail with `status` and a message containing `text`. */
static void expect_refused(const unsigned char *bytes, size_t size, enum kl_pack_status status, const char *text)
{
    struct kl_pack *pack = (struct kl_pack *)1;
    char message[KL_PACK_MESSAGE_SIZE];
    assert_int_equal(open_bytes(bytes, size, &pack, message), status);
    assert_null(pack);
    if (!strstr(message, text))
        fail_msg("message \"%s\" lacks \"%s\"", message, text);
}

static void test_open_checks(void **state)
{
    (void)state;
    struct spec s;
    spec_init(&s);
    size_t size;
    unsigned char *bytes = build(&s, &size);
    expect_refused(bytes, 10, KL_PACK_NOT_A_PACK, "not a klotski pack");
    bytes[1] ^= 1;
    expect_refused(bytes, size, KL_PACK_NOT_A_PACK, "not a klotski pack");
    bytes[1] ^= 1;
    bytes[KL_PACK_AT_HEADER_CRC32] ^= 1;
    expect_refused(bytes, size, KL_PACK_CORRUPT, "header checksum");
    bytes[KL_PACK_AT_HEADER_CRC32] ^= 1;
    uint32_t metrics = kl_pack_get(bytes + KL_PACK_AT_METRICS_OFFSET, 4);
    bytes[metrics - 1] ^= 1;
    expect_refused(bytes, size, KL_PACK_CORRUPT, "content checksum");
    bytes[metrics - 1] ^= 1;
    bytes[size - 1] ^= 1;
    expect_refused(bytes, size, KL_PACK_CORRUPT, "metrics checksum");
    bytes[size - 1] ^= 1;
    expect_refused(bytes, size - 1, KL_PACK_CORRUPT, "the file at");
    /* an index entry out of order, checksums made right */
    unsigned char *entry = bytes + KL_PACK_HEADER_SIZE + 4 * 3;
    uint32_t saved = kl_pack_get(entry, 4);
    kl_pack_put(entry, 4, kl_pack_get(entry - 4, 4) - 1);
    reseal(bytes, size);
    expect_refused(bytes, size, KL_PACK_CORRUPT, "out of order");
    kl_pack_put(entry, 4, saved);
    /* counts that cannot be */
    kl_pack_put(bytes + KL_PACK_AT_RESIDUE_BLOCK_LAYOUTS, 4, 1001);
    reseal(bytes, size);
    expect_refused(bytes, size, KL_PACK_CORRUPT, "impossible counts");
    free(bytes);
    s.version = 1;
    bytes = build(&s, &size);
    expect_refused(bytes, size, KL_PACK_VERSION, "format version 1");
    free(bytes);
    s.version = KL_PACK_FORMAT_VERSION;
    s.swap_first_groups = true;
    bytes = build(&s, &size);
    expect_refused(bytes, size, KL_PACK_CORRUPT, "out of order");
    free(bytes);
    s.swap_first_groups = false;
    s.names = "1A9BF0C00 no tabs\n";
    s.name_count = 1;
    bytes = build(&s, &size);
    expect_refused(bytes, size, KL_PACK_CORRUPT, "no line CODE<TAB>NAME<TAB>SECTION");
    free(bytes);
    s.names = "1A9BF0C01\tbad\t\n";
    bytes = build(&s, &size);
    expect_refused(bytes, size, KL_PACK_CORRUPT, "has no layout code");
    free(bytes);
    s.name_count = 0;
    bytes = build(&s, &size);
    expect_refused(bytes, size, KL_PACK_CORRUPT, "more than 0 lines");
    free(bytes);
    spec_free(&s);
}

/* Attaches the part of `bytes` from `at` to `size` (the file's last part) by `attach`:
 * refused one byte short ("the index says") and with its last byte flipped (`checksum`),
 * nothing attached (`attached` false), then attached. */
static void attach_checked(struct kl_pack *pack, enum kl_pack_status (*attach)(struct kl_pack *, const unsigned char *, size_t),
                           bool (*attached)(const struct kl_pack *), unsigned char *bytes, size_t at, size_t size,
                           const char *checksum)
{
    assert_int_equal(attach(pack, bytes + at, size - at - 1), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "the index says"));
    bytes[size - 1] ^= 1;
    assert_int_equal(attach(pack, bytes + at, size - at), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), checksum));
    bytes[size - 1] ^= 1;
    assert_false(attached(pack));
    assert_int_equal(attach(pack, bytes + at, size - at), KL_PACK_OK);
}

/* The straight and unit residues of the metrics part: their walks, routes and moves; a
 * pack opened from its steps part alone answers them KL_PACK_MISSING until the metrics
 * part is attached, which must be the part its header names, checksum and size. */
static void test_metrics(void **state)
{
    (void)state;
    struct spec s;
    spec_near_solved(&s, KL_METRIC_COUNT);
    kl_code near = picture_code(NEAR), solved = picture_code(SOLVED);
    size_t size;
    unsigned char *bytes = build(&s, &size);
    struct kl_pack *pack;
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_true(kl_pack_has_metrics(pack));
    int moves_count, count;
    kl_code route[6];
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
        assert_int_equal(kl_pack_min_moves(pack, near, (enum kl_metric)m, &moves_count), KL_PACK_OK);
        assert_int_equal(moves_count, 1);
        assert_int_equal(kl_pack_solve_in(pack, near, (enum kl_metric)m, route, &count), KL_PACK_OK);
        assert_true(count == 2 && route[1] == solved);
        assert_int_equal(kl_pack_min_moves(pack, 0x1A9BF0C00u, (enum kl_metric)m, &moves_count), KL_PACK_OK);
        assert_int_equal(moves_count, KL_PACK_NONE);
    }
    /* 横刀立马 is unsolvable here: its unit moves are its 4 one-cell steps of 8, neutral */
    struct kl_move_outcome moves[KL_MAX_STEPS];
    assert_int_equal(kl_pack_moves_in(pack, 0x1A9BF0C00u, KL_METRIC_UNIT, moves, &count, &moves_count), KL_PACK_OK);
    assert_int_equal(count, 4);
    for (int i = 0; i < count; i++)
        assert_true(moves[i].step.distance == 1 && moves[i].change == 0);
    kl_pack_close(pack);
    /* the steps part alone, then the metrics part attached */
    uint32_t metrics = kl_pack_get(bytes + KL_PACK_AT_METRICS_OFFSET, 4);
    assert_int_equal(open_bytes(bytes, metrics, &pack, NULL), KL_PACK_OK);
    assert_false(kl_pack_has_metrics(pack));
    assert_int_equal(kl_pack_min_moves(pack, near, KL_METRIC_STEP, &moves_count), KL_PACK_OK);
    assert_int_equal(kl_pack_min_moves(pack, near, KL_METRIC_UNIT, &moves_count), KL_PACK_MISSING);
    attach_checked(pack, kl_pack_attach_metrics, kl_pack_has_metrics, bytes, metrics, size, "metrics checksum");
    assert_int_equal(kl_pack_min_moves(pack, near, KL_METRIC_UNIT, &moves_count), KL_PACK_OK);
    assert_int_equal(moves_count, 1);
    kl_pack_close(pack);
    /* a unit residue that leads nowhere: near 2, its solved neighbour 0 */
    set_residue_in(s.metric_residues[KL_METRIC_UNIT], near, 2);
    free(bytes);
    bytes = build(&s, &size);
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_int_equal(kl_pack_min_moves(pack, near, KL_METRIC_STRAIGHT, &moves_count), KL_PACK_OK);
    assert_int_equal(kl_pack_min_moves(pack, near, KL_METRIC_UNIT, &moves_count), KL_PACK_CORRUPT);
    assert_non_null(strstr(kl_pack_message(pack), "no unit move from"));
    kl_pack_close(pack);
    free(bytes);
    spec_free(&s);
}

/* The lists part: a group's layer sizes and lists as lists_part() wrote them; a pack
 * without it answers KL_PACK_LISTS_MISSING until it is attached (its size and checksum
 * checked); each fault of its contents, under right checksums, is refused, again on the
 * next call, never answered. */
static void test_lists(void **state)
{
    (void)state;
    struct spec s;
    spec_init(&s);
    s.one_layout_groups = true;
    unsigned char depths[3 * 4 * KL_CLASS_COUNT + 4], lists[5 * 2 * KL_CLASS_COUNT + 1];
    lists_part(&s, depths, lists);
    size_t size;
    unsigned char *bytes = build(&s, &size);
    struct kl_pack *pack;
    assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
    assert_true(kl_pack_has_lists(pack));
    const uint32_t *sizes, *ids;
    int count;
    size_t length;
    for (int m = 0; m < KL_METRIC_COUNT; m++) {
        assert_int_equal(kl_pack_group_layers(pack, 1, (enum kl_metric)m, &sizes, &count), KL_PACK_OK);
        assert_true(count == 1 && sizes[0] == 1);
        assert_int_equal(kl_pack_group_layers(pack, 2, (enum kl_metric)m, &sizes, &count), KL_PACK_OK);
        assert_int_equal(count, 0);
    }
    uint32_t group_lists[][3] = {/* group, list, its one id or none (0) */
                                 {1, KL_PACK_LIST_HARDEST + KL_METRIC_UNIT, 1}, {1, KL_PACK_LIST_CENTRAL, 1},
                                 {2, KL_PACK_LIST_HARDEST, 0}, {2, KL_PACK_LIST_PERIPHERAL, 2},
                                 {3, KL_PACK_LIST_PERIPHERAL, 0}, {3, KL_PACK_LIST_HARDEST + KL_METRIC_STRAIGHT, 3},
                                 {200, KL_PACK_LIST_CENTRAL, 200}, {0, KL_PACK_LIST_CENTRAL, 0}};
    for (size_t i = 0; i < sizeof group_lists / sizeof *group_lists; i++) {
        assert_int_equal(kl_pack_group_list(pack, group_lists[i][0], (enum kl_pack_list)group_lists[i][1], &ids, &length),
                         KL_PACK_OK);
        assert_int_equal(length, group_lists[i][2] ? 1 : 0);
        if (length)
            assert_int_equal(ids[0], group_lists[i][2]);
    }
    assert_int_equal(kl_pack_group_layers(pack, KL_CLASS_COUNT, KL_METRIC_STEP, &sizes, &count), KL_PACK_INVALID);
    kl_pack_close(pack);
    /* without the lists part, then with it attached */
    uint32_t lists_offset = kl_pack_get(bytes + KL_PACK_AT_LISTS_OFFSET, 4);
    assert_int_equal(open_bytes(bytes, lists_offset, &pack, NULL), KL_PACK_OK);
    assert_true(kl_pack_has_metrics(pack));
    assert_false(kl_pack_has_lists(pack));
    assert_int_equal(kl_pack_group_list(pack, 1, KL_PACK_LIST_HARDEST, &ids, &length), KL_PACK_LISTS_MISSING);
    attach_checked(pack, kl_pack_attach_lists, kl_pack_has_lists, bytes, lists_offset, size, "lists checksum");
    assert_int_equal(kl_pack_group_list(pack, 1, KL_PACK_LIST_HARDEST, &ids, &length), KL_PACK_OK);
    assert_true(length == 1 && ids[0] == 1);
    kl_pack_close(pack);
    free(bytes);
    /* faults of its contents, each refused twice: a layer size that does not add up to
     * the group's size, a varint too wide, a byte past the lists, an id beyond the
     * layouts, a list too short for the counts */
    struct {
        size_t at;          /* the byte changed: in depths when below its size, else in lists */
        int value;          /* its new value; -1: the lists chunk one byte longer */
        const char *message;
    } faults[] = {{0, 2, "group 1's layers in step disagree"},
                  {s.depths_size, 0xFF, "is cut or too wide"},
                  {s.depths_size, -1, "past its lists"},
                  {s.depths_size + s.lists_size - 1, -2, "holds no ascending layout ids"},
                  {s.depths_size + s.lists_size - 1, -3, "cut or too wide"}};
    for (size_t i = 0; i < sizeof faults / sizeof *faults; i++) {
        lists_part(&s, depths, lists);
        if (faults[i].at < s.depths_size)
            depths[faults[i].at] = (unsigned char)faults[i].value;
        else if (faults[i].value == -1)
            lists[s.lists_size++] = 1;
        else if (faults[i].value == -2) /* the last id, 202, made far beyond the layouts */
            lists[s.lists_size - 1] = 0x81, lists[s.lists_size++] = 0x80, lists[s.lists_size++] = 0x80,
            lists[s.lists_size++] = 0x7F;
        else if (faults[i].value == -3)
            s.lists_size--;
        else
            lists[faults[i].at - s.depths_size] = (unsigned char)faults[i].value;
        bytes = build(&s, &size);
        assert_int_equal(open_bytes(bytes, size, &pack, NULL), KL_PACK_OK);
        for (int again = 0; again < 2; again++) {
            assert_int_equal(kl_pack_group_list(pack, 1, KL_PACK_LIST_CENTRAL, &ids, &length), KL_PACK_CORRUPT);
            if (!strstr(kl_pack_message(pack), faults[i].message))
                fail_msg("fault %zu: message \"%s\" lacks \"%s\"", i, kl_pack_message(pack), faults[i].message);
        }
        kl_pack_close(pack);
        free(bytes);
    }
    spec_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crc32_is_zlibs),
        cmocka_unit_test(test_walk_and_route),
        cmocka_unit_test(test_walk_refuses_wrong_residues),
        cmocka_unit_test(test_metrics),
        cmocka_unit_test(test_groups_and_names),
        cmocka_unit_test(test_open_checks),
        cmocka_unit_test(test_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
