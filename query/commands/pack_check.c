#include "query/commands/pack_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classes.h"
#include "core/database/format.h"
#include "core/pack/file.h"
#include "core/pack/format.h"
#include "core/rank.h"
#include "answer/report.h"

#define REPORTED_DIFFERENCES 10
#define DEPTH_UNSOLVABLE 255 /* min_steps of an unsolvable layout in the depth array */
#define DEPTH_UNKNOWN 254    /* a walk's depth not computed yet */

/* The check's state: the database's view of every layout, and what differs. */
struct check {
    const char *path;
    struct kl_pack *pack;
    /* per metric, the min moves per id from the database (steps: from the layers), or
     * DEPTH_UNSOLVABLE */
    uint8_t *depth[KL_METRIC_COUNT];
    uint16_t *group_num;     /* per id */
    long long differences;
    char first[200];         /* the first difference, for the one line on stderr */
};

static void differ(struct check *c, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void differ(struct check *c, const char *format, ...)
{
    char line[sizeof c->first];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (c->differences == 0)
        memcpy(c->first, line, sizeof line);
    if (c->differences++ < REPORTED_DIFFERENCES)
        printf("  %s\n", line);
}

/* A pack failure mid-way (a block that does not inflate): corrupt. */
static int corrupt(struct check *c)
{
    return report(EXIT_NOT_FOUND, c->path, "%s", kl_pack_message(c->pack));
}

/* Reads every layout's min_straight_moves and min_unit_moves from the layouts rows. */
static void load_metrics(struct db *db, struct check *c)
{
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
        c->depth[m] = xmalloc(KL_LAYOUT_COUNT);
        memset(c->depth[m], DEPTH_UNKNOWN, KL_LAYOUT_COUNT);
    }
    sqlite3_stmt *stmt = db_prepare(db, "SELECT code, min_straight_moves, min_unit_moves FROM layouts");
    while (db_step(db, stmt)) {
        kl_code code = (kl_code)sqlite3_column_int64(stmt, 0);
        kl_raw raw;
        if (kl_code_to_raw(code, &raw) != KL_OK) {
            differ(c, "the layouts table holds %09llX, no legal layout", (unsigned long long)code);
            continue;
        }
        uint32_t id = kl_code_to_id(code);
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
            int64_t moves = db_column_or_null(stmt, m);
            c->depth[m][id] = moves == DB_NULL ? DEPTH_UNSOLVABLE : moves < 0 || moves >= DEPTH_UNKNOWN ? DEPTH_UNKNOWN
                                                                                                         : (uint8_t)moves;
        }
    }
    sqlite3_finalize(stmt);
}

/* Reads every layout's min_steps and group_num from the layers (the writer's source). */
static void load_database(struct db *db, struct check *c)
{
    uint8_t *depth = c->depth[KL_METRIC_STEP] = xmalloc(KL_LAYOUT_COUNT);
    memset(depth, DEPTH_UNKNOWN, KL_LAYOUT_COUNT);
    c->group_num = xcalloc(KL_LAYOUT_COUNT, sizeof *c->group_num);
    sqlite3_stmt *stmt = db_prepare(db, "SELECT l.depth, l.size, l.ids, g.group_num FROM layers l"
                                        " JOIN groups g USING (group_id)");
    while (db_step(db, stmt)) {
        int64_t layer = db_column_or_null(stmt, 0);
        int64_t size = sqlite3_column_int64(stmt, 1);
        uint32_t *ids = db_column_ids(db, stmt, 2, (size_t)(size > 0 ? size : 0));
        uint16_t group_num = (uint16_t)sqlite3_column_int(stmt, 3);
        for (int64_t i = 0; i < size; i++) {
            depth[ids[i]] = layer == DB_NULL ? DEPTH_UNSOLVABLE : (uint8_t)layer;
            c->group_num[ids[i]] = group_num;
        }
        free(ids);
    }
    sqlite3_finalize(stmt);
}

/* Every layout's residues in metrics `first` to `last` (and in steps its group_num)
 * against the database's, in id order (so that each block is inflated once). */
static int check_layouts(struct check *c, enum kl_metric first, enum kl_metric last)
{
    for (uint32_t id = 0; id < KL_LAYOUT_COUNT; id++) {
        int group_num = c->group_num[id];
        if (first == KL_METRIC_STEP && kl_pack_group_number(c->pack, id, &group_num) != KL_PACK_OK)
            return corrupt(c);
        for (int m = first; m <= (int)last; m++) {
            int residue;
            if (kl_pack_metric_residue(c->pack, (enum kl_metric)m, id, &residue) != KL_PACK_OK)
                return corrupt(c);
            int depth = c->depth[m][id];
            int expected = depth == DEPTH_UNSOLVABLE ? KL_PACK_RESIDUE_UNSOLVABLE : depth % 3;
            if (depth == DEPTH_UNKNOWN)
                differ(c, "the database has no %s of #%u", kl_db_min_moves_column((enum kl_metric)m), id);
            else if (residue != expected)
                differ(c, "%09llX (#%u): %s residue %d, the database's %s %d gives %d",
                       (unsigned long long)kl_id_to_code(id), id, kl_metric_name((enum kl_metric)m), residue,
                       kl_db_min_moves_column((enum kl_metric)m), depth == DEPTH_UNSOLVABLE ? -1 : depth, expected);
        }
        if (group_num != c->group_num[id])
            differ(c, "%09llX (#%u): group_num %d, the database's %d", (unsigned long long)kl_id_to_code(id), id,
                   group_num, c->group_num[id]);
    }
    return EXIT_ANSWERED;
}

/* The state of the walks below, under one metric. */
struct walks {
    struct check *c;
    enum kl_metric metric;
    const uint8_t *depth; /* the database's, per id */
    int max_moves;
    uint8_t *walked;  /* per id: the walk's count, DEPTH_UNSOLVABLE, or DEPTH_UNKNOWN */
    uint32_t *chain;  /* the ids one walk passed, max_moves + 2 */
    int status;
};

/* The walk from layout `id` (code `start`), compared with the database's min_steps.
 * Follows the reader's steps until a layout whose length is known, or a solved one. */
static bool walk_from(void *context, uint32_t id, kl_code start)
{
    struct walks *w = context;
    struct check *c = w->c;
    int length = 0, residue;
    uint32_t at = id;
    kl_code code = start;
    while (w->walked[at] == DEPTH_UNKNOWN) {
        if (kl_pack_metric_residue(c->pack, w->metric, at, &residue) != KL_PACK_OK) {
            w->status = corrupt(c);
            return false;
        }
        if (residue == KL_PACK_RESIDUE_UNSOLVABLE || kl_code_is_solved(code)) {
            w->walked[at] = residue == 0 ? 0 : DEPTH_UNSOLVABLE;
            if (residue != KL_PACK_RESIDUE_UNSOLVABLE && residue != 0)
                differ(c, "%09llX is solved but has residue %d", (unsigned long long)code, residue);
            break;
        }
        if (length > w->max_moves) {
            differ(c, "the walk from %09llX passes %s (%d)", (unsigned long long)start,
                   kl_db_max_moves_column(w->metric), w->max_moves);
            break;
        }
        w->chain[length++] = at;
        /* Every block inflated in check_layouts: a failure here is a walk astray. */
        if (kl_pack_move_closer(c->pack, w->metric, code, residue, &code, &at) != KL_PACK_OK) {
            differ(c, "%s", kl_pack_message(c->pack));
            break;
        }
    }
    /* Unwinds the chain: each layout one more than the next; a walk that went astray
     * leaves its chain unsolvable, which the comparison below reports. */
    int known = w->walked[at];
    for (int k = length - 1; k >= 0; k--) {
        known = known >= DEPTH_UNKNOWN || known + 1 >= DEPTH_UNKNOWN ? DEPTH_UNSOLVABLE : known + 1;
        w->walked[w->chain[k]] = (uint8_t)known;
    }
    if (w->walked[id] == DEPTH_UNKNOWN)
        w->walked[id] = DEPTH_UNSOLVABLE;
    if (w->walked[id] != w->depth[id])
        differ(c, "%09llX: the walk gives %d %s, the database %d", (unsigned long long)start,
               w->walked[id] == DEPTH_UNSOLVABLE ? -1 : w->walked[id], kl_metric_unit(w->metric, 2),
               w->depth[id] == DEPTH_UNSOLVABLE ? -1 : w->depth[id]);
    return true;
}

/* The min_steps the pack's walk gives every layout against the database's: each layout's
 * walk takes the reader's step one closer (kl_pack_step_closer, as kl_pack_min_steps
 * does), whose own walk's length is remembered, so each layout costs one step.  The
 * layouts come in id order from the enumeration, each with its code: none converted. */
static int check_walks(struct check *c, enum kl_metric metric, int max_moves)
{
    struct walks w = {c, metric, c->depth[metric], max_moves, xmalloc(KL_LAYOUT_COUNT),
                      xmalloc(((size_t)max_moves + 2) * sizeof *w.chain), EXIT_ANSWERED};
    memset(w.walked, DEPTH_UNKNOWN, KL_LAYOUT_COUNT);
    kl_enumerate_each(walk_from, &w);
    free(w.chain);
    free(w.walked);
    return w.status;
}

/* Every group's facts against its groups row. */
static void check_groups(struct db *db, struct check *c, uint32_t group_count)
{
    uint32_t rows = 0;
    struct kl_db_group_row row;
    for (int64_t id = 0; db_group(db, id, &row); id++, rows++) {
        struct kl_pack_group g;
        if (kl_pack_group_at(c->pack, (uint32_t)id, &g) != KL_PACK_OK) {
            differ(c, "no group %lld", (long long)id);
            continue;
        }
        long long pack_values[] = {g.class_id, g.size, (long long)g.min_code, g.solved, g.max_min_steps,
                                   g.hardest_count, g.diameter, g.radius, g.peripheral_count, g.central_count,
                                   g.max_min_straight_moves, g.max_min_unit_moves};
        long long db_values[] = {row.class_id, row.size, (long long)row.min_code, row.solved, row.max_min_steps,
                                 row.hardest_count, row.diameter, row.radius, row.peripheral_count,
                                 row.central_count, row.max_min_moves[KL_METRIC_STRAIGHT], row.max_min_moves[KL_METRIC_UNIT]};
        if (strcmp(g.name, row.name) != 0 || memcmp(pack_values, db_values, sizeof pack_values) != 0)
            differ(c, "group %s (%lld) differs from the database's %s", g.name, (long long)id, row.name);
    }
    if (rows != group_count)
        differ(c, "%u groups, the database %u", group_count, rows);
}

/* The walk of every layout that checks the lists part (check_lists). */
struct lists_walk {
    struct check *c;
    uint32_t class_first[KL_CLASS_COUNT]; /* the database's first group_id of each class */
    size_t *first;       /* per group and metric, where its layers' counts begin in counted */
    uint32_t *counted;   /* the members counted at each depth */
    size_t *met;         /* per group and metric, the members of its hardest list met */
    int status;
};

/* Counts layout `id` in its group's layer under each metric (its min moves from the
 * database), and checks that a member of its group's deepest layer is the next of the
 * pack's hardest list. */
static bool count_layout(void *context, uint32_t id, kl_code code)
{
    struct lists_walk *w = context;
    struct check *c = w->c;
    uint32_t g = w->class_first[kl_class_id(kl_class_of_code(code))] + c->group_num[id];
    for (int m = 0; m < KL_METRIC_COUNT; m++) {
        int depth = c->depth[m][id];
        if (depth >= DEPTH_UNKNOWN)
            continue;
        const uint32_t *sizes, *hardest;
        int count;
        size_t hardest_count, at = (size_t)g * KL_METRIC_COUNT + (size_t)m;
        if (kl_pack_group_layers(c->pack, g, (enum kl_metric)m, &sizes, &count) != KL_PACK_OK ||
            kl_pack_group_list(c->pack, g, (enum kl_pack_list)(KL_PACK_LIST_HARDEST + m), &hardest, &hardest_count) !=
                KL_PACK_OK) {
            w->status = corrupt(c);
            return false;
        }
        if (depth >= count) {
            differ(c, "%09llX: %d %s, beyond its group's %d layers in the pack", (unsigned long long)code, depth,
                   kl_metric_unit((enum kl_metric)m, depth), count);
            continue;
        }
        w->counted[w->first[at] + (size_t)depth]++;
        if (depth == count - 1 && (w->met[at] >= hardest_count || hardest[w->met[at]++] != id))
            differ(c, "%09llX (#%u), among its group's hardest in %s, is not the next of the pack's list",
                   (unsigned long long)code, id, kl_metric_name((enum kl_metric)m));
    }
    return true;
}

/* The lists part against the database: every group's layer sizes under each metric and
 * its hardest layouts, counted from every layout's min moves (the depth layers' ids in
 * steps, the layouts rows in straight and unit moves; not from the tables layers,
 * move_layers, hardest and hardest_moves, which the writer reads), its hardest counts
 * against its groups row, and its peripheral and central layouts against the row's
 * lists. */
static int check_lists(struct db *db, struct check *c, uint32_t group_count)
{
    struct lists_walk w = {.c = c, .status = EXIT_ANSWERED};
    sqlite3_stmt *stmt = db_prepare(db, "SELECT class_id, min(group_id) FROM groups GROUP BY class_id");
    while (db_step(db, stmt))
        if ((uint64_t)sqlite3_column_int64(stmt, 0) < KL_CLASS_COUNT)
            w.class_first[sqlite3_column_int64(stmt, 0)] = (uint32_t)sqlite3_column_int64(stmt, 1);
    sqlite3_finalize(stmt);
    size_t entries = (size_t)group_count * KL_METRIC_COUNT, total = 0;
    w.first = xmalloc((entries + 1) * sizeof *w.first);
    w.met = xcalloc(entries, sizeof *w.met);
    for (size_t at = 0; at < entries; at++) {
        const uint32_t *sizes;
        int count = 0;
        if (kl_pack_group_layers(c->pack, (uint32_t)(at / KL_METRIC_COUNT), (enum kl_metric)(at % KL_METRIC_COUNT),
                                 &sizes, &count) != KL_PACK_OK)
            w.status = corrupt(c);
        w.first[at] = total;
        total += (size_t)count;
    }
    w.counted = xcalloc(total + 1, sizeof *w.counted);
    if (w.status == EXIT_ANSWERED)
        kl_enumerate_each(count_layout, &w);
    struct kl_db_group_row row;
    for (uint32_t g = 0; w.status == EXIT_ANSWERED && g < group_count && db_group(db, g, &row); g++) {
        for (int m = 0; m < KL_METRIC_COUNT; m++) {
            const uint32_t *sizes;
            int count;
            size_t at = (size_t)g * KL_METRIC_COUNT + (size_t)m;
            kl_pack_group_layers(c->pack, g, (enum kl_metric)m, &sizes, &count);
            if (memcmp(sizes, w.counted + w.first[at], (size_t)count * sizeof *sizes) != 0)
                differ(c, "group %s's layer sizes in %s differ from its members'", row.name,
                       kl_metric_name((enum kl_metric)m));
            if (count > 0 && (sizes[count - 1] != row.hardest_counts[m] || w.met[at] != sizes[count - 1]))
                differ(c, "group %s's hardest in %s: %u in the pack, its row's %s %lld", row.name,
                       kl_metric_name((enum kl_metric)m), sizes[count - 1], kl_db_hardest_count_column((enum kl_metric)m),
                       (long long)row.hardest_counts[m]);
        }
        for (int l = KL_PACK_LIST_PERIPHERAL; l <= KL_PACK_LIST_CENTRAL; l++) {
            uint32_t *expected;
            const uint32_t *ids;
            size_t count, stored = l == KL_PACK_LIST_PERIPHERAL ? db_peripheral_ids(db, g, &expected)
                                                                : db_central_ids(db, g, &expected);
            if (kl_pack_group_list(c->pack, g, (enum kl_pack_list)l, &ids, &count) != KL_PACK_OK)
                w.status = corrupt(c);
            else if (count != stored || (count && memcmp(ids, expected, count * sizeof *ids) != 0))
                differ(c, "group %s's %s layouts differ from its row's", row.name,
                       l == KL_PACK_LIST_PERIPHERAL ? "peripheral" : "central");
            free(expected);
        }
    }
    free(w.first);
    free(w.met);
    free(w.counted);
    return w.status;
}

/* Every classic name against the names table, in name_id order. */
static void check_names(struct db *db, struct check *c, uint32_t name_count)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT code, name, coalesce(section, '') FROM names ORDER BY name_id");
    uint32_t i = 0;
    for (; db_step(db, stmt); i++) {
        struct kl_pack_name name;
        if (!kl_pack_name_at(c->pack, i, &name) || name.code != (kl_code)sqlite3_column_int64(stmt, 0) ||
            strcmp(name.name, (const char *)sqlite3_column_text(stmt, 1)) != 0 ||
            strcmp(name.section, (const char *)sqlite3_column_text(stmt, 2)) != 0)
            differ(c, "name %u differs from the database's (%s)", i, (const char *)sqlite3_column_text(stmt, 1));
    }
    sqlite3_finalize(stmt);
    if (i != name_count)
        differ(c, "%u names, the database %u", name_count, i);
}

int pack_check(struct db *db, const char *path)
{
    struct kl_pack_file file;
    char message[KL_PACK_MESSAGE_SIZE];
    enum kl_pack_status opened = kl_pack_file_open(path, &file, message);
    if (opened != KL_PACK_OK)
        return report(opened == KL_PACK_CORRUPT ? EXIT_NOT_FOUND : EXIT_BAD_INPUT, path, "%s", message);
    struct check c = {.path = path, .pack = file.pack};
    struct kl_pack_facts facts;
    kl_pack_facts(file.pack, &facts);
    /* The lists part's own checks (schema/pack.md) at once, before a minute of reading. */
    const uint32_t *sizes;
    int count;
    if (kl_pack_has_lists(file.pack) && kl_pack_group_layers(file.pack, 0, KL_METRIC_STEP, &sizes, &count) != KL_PACK_OK) {
        int status = corrupt(&c);
        kl_pack_file_close(&file);
        return status;
    }
    char crc[32];
    if (db_meta(db, KL_DB_META_LAYOUTS_CRC32, crc, sizeof crc) && strtoul(crc, NULL, 10) != facts.source_crc32)
        differ(&c, "written from a database whose layouts_crc32 is %u, this one's is %s", facts.source_crc32, crc);
    load_database(db, &c);
    int status = check_layouts(&c, KL_METRIC_STEP, KL_METRIC_STEP);
    /* The metrics part after the steps part is right: the layouts rows it needs take
     * 10 s to read, which a fault of the steps need not wait for. */
    if (status == EXIT_ANSWERED && c.differences == 0) {
        if (!kl_pack_has_metrics(c.pack))
            status = report(EXIT_NOT_FOUND, path, "%s", kl_pack_status_text(KL_PACK_MISSING));
        else {
            load_metrics(db, &c);
            status = check_layouts(&c, KL_METRIC_STRAIGHT, KL_METRIC_UNIT);
        }
    }
    if (status == EXIT_ANSWERED)
        printf("every layout's residues in steps, straight and unit moves, and group_num: %s\n",
               c.differences ? "DIFFER" : "OK");
    if (status == EXIT_ANSWERED && c.differences == 0) {
        if (!kl_pack_has_lists(c.pack))
            status = report(EXIT_NOT_FOUND, path, "%s", kl_pack_status_text(KL_PACK_LISTS_MISSING));
        else if ((status = check_lists(db, &c, facts.group_count)) == EXIT_ANSWERED)
            printf("every group's layer sizes, hardest, peripheral and central layouts: %s\n",
                   c.differences ? "DIFFER" : "OK");
    }
    /* The walks read the values just compared: once those differ, their answers would
     * only repeat the difference, at the cost of a minute. */
    for (int m = 0; m < KL_METRIC_COUNT && status == EXIT_ANSWERED && c.differences == 0; m++)
        if ((status = check_walks(&c, (enum kl_metric)m, facts.max_min_moves[m])) == EXIT_ANSWERED)
            printf("every layout's %s by the walk: %s\n", kl_db_min_moves_column((enum kl_metric)m), c.differences ? "DIFFER" : "OK");
    if (status == EXIT_ANSWERED) {
        long long before = c.differences;
        check_groups(db, &c, facts.group_count);
        check_names(db, &c, facts.name_count);
        printf("every group's facts and every name: %s\n", c.differences > before ? "DIFFER" : "OK");
    }
    if (status == EXIT_ANSWERED && c.differences) {
        status = report(EXIT_NOT_FOUND, path, "%lld difference%s from the database, the first: %s", c.differences,
                        c.differences == 1 ? "" : "s", c.first);
    } else if (status == EXIT_ANSWERED)
        printf("%s: OK, the pack holds the database's %u layouts\n", path, facts.layout_count);
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        free(c.depth[m]);
    free(c.group_num);
    kl_pack_file_close(&file);
    return status;
}
