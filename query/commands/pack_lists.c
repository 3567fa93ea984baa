#include "query/commands/pack_lists.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pack/format.h"
#include "core/pack/pack.h"
#include "core/rank.h"
#include "answer/report.h"

/* A group's member in one of the lists, as the database lists them: by group, then id. */
struct listed {
    uint32_t group_id, id;
};

/* The depths chunk: per group and metric, the sizes of its layers 0 to its largest min
 * moves, in group_id order, then metric order (format.h); none for an unsolvable group. */
static int read_depths(struct db *db, uint32_t group_count, struct pack_lists *out)
{
    size_t *first = xmalloc(((size_t)group_count * KL_METRIC_COUNT + 1) * sizeof *first);
    int *most = xmalloc((size_t)group_count * KL_METRIC_COUNT * sizeof *most);
    sqlite3_stmt *stmt = db_prepare(db, "SELECT solved, max_min_steps, max_min_straight_moves, max_min_unit_moves"
                                        " FROM groups ORDER BY group_id");
    size_t total = 0, g = 0;
    for (; g < group_count && db_step(db, stmt); g++)
        for (int m = 0; m < KL_METRIC_COUNT; m++) {
            int64_t depth = sqlite3_column_int64(stmt, 0) > 0 ? db_column_or_null(stmt, 1 + m) : DB_NULL;
            most[g * KL_METRIC_COUNT + (size_t)m] = depth == DB_NULL ? -1 : (int)depth;
            first[g * KL_METRIC_COUNT + (size_t)m] = total;
            total += depth == DB_NULL ? 0 : (size_t)depth + 1;
        }
    sqlite3_finalize(stmt);
    uint32_t *sizes = xcalloc(total ? total : 1, sizeof *sizes);
    stmt = db_prepare(db, "SELECT 'step', group_id, depth, size FROM layers WHERE depth IS NOT NULL"
                          " UNION ALL SELECT metric, group_id, depth, size FROM move_layers");
    int status = EXIT_ANSWERED;
    while (status == EXIT_ANSWERED && db_step(db, stmt)) {
        enum kl_metric metric;
        int64_t group_id = sqlite3_column_int64(stmt, 1), depth = sqlite3_column_int64(stmt, 2);
        bool known = kl_metric_parse((const char *)sqlite3_column_text(stmt, 0), &metric) && group_id >= 0 &&
                     group_id < group_count;
        size_t at = known ? (size_t)group_id * KL_METRIC_COUNT + metric : 0;
        if (!known || depth < 0 || depth > most[at])
            status = report(EXIT_BAD_INPUT, NULL, "a layer of group %lld at depth %lld lies beyond its groups row",
                            (long long)group_id, (long long)depth);
        else
            sizes[first[at] + (size_t)depth] = (uint32_t)sqlite3_column_int64(stmt, 3);
    }
    sqlite3_finalize(stmt);
    out->depths_size = 4 * total;
    out->depths = xmalloc(out->depths_size + 1);
    for (size_t i = 0; i < total; i++)
        kl_pack_put(out->depths + 4 * i, 4, sizes[i]);
    free(sizes);
    free(most);
    free(first);
    return status;
}

/* Appends a member to a growing list. */
static void add_listed(struct listed **list, size_t *count, size_t *capacity, uint32_t group_id, uint32_t id)
{
    if (*count == *capacity) {
        *capacity = *capacity ? 2 * *capacity : 4096;
        *list = xrealloc(*list, *capacity * sizeof **list);
    }
    (*list)[(*count)++] = (struct listed){group_id, id};
}

/* The rows (group_id, code) of `sql`, in group_id then code order, its ?1 the metric's
 * name. */
static struct listed *read_codes(struct db *db, const char *sql, enum kl_metric metric, size_t *count)
{
    struct listed *list = NULL;
    size_t capacity = 0;
    *count = 0;
    sqlite3_stmt *stmt = db_prepare(db, sql);
    sqlite3_bind_text(stmt, 1, kl_metric_name(metric), -1, SQLITE_STATIC);
    while (db_step(db, stmt))
        add_listed(&list, count, &capacity, (uint32_t)sqlite3_column_int64(stmt, 0),
                   kl_code_to_id((kl_code)sqlite3_column_int64(stmt, 1)));
    sqlite3_finalize(stmt);
    return list;
}

/* The groups' id lists of the columns `column`_count and `column`_ids, in group_id order. */
static struct listed *read_ids(struct db *db, const char *column, size_t *count)
{
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT group_id, %s_count, %s_ids FROM groups WHERE %s_ids IS NOT NULL ORDER BY group_id",
             column, column, column);
    struct listed *list = NULL;
    size_t capacity = 0;
    *count = 0;
    sqlite3_stmt *stmt = db_prepare(db, sql);
    while (db_step(db, stmt)) {
        size_t n = (size_t)sqlite3_column_int64(stmt, 1);
        uint32_t *ids = db_column_ids(db, stmt, 2, n);
        for (size_t i = 0; i < n; i++)
            add_listed(&list, count, &capacity, (uint32_t)sqlite3_column_int64(stmt, 0), ids[i]);
        free(ids);
    }
    sqlite3_finalize(stmt);
    return list;
}

/* Appends `value` as a LEB128 varint. */
static void put_varint(unsigned char *out, size_t *size, uint32_t value)
{
    for (; value >= 0x80; value >>= 7)
        out[(*size)++] = (unsigned char)(value | 0x80);
    out[(*size)++] = (unsigned char)value;
}

/* The lists chunk: per group, in group_id order, its lists in format.h's order, each
 * its ids ascending as varints of the first and of the gaps. */
static int write_lists(const struct listed *const lists[KL_PACK_LIST_COUNT], const size_t counts[KL_PACK_LIST_COUNT],
                       uint32_t group_count, struct pack_lists *out)
{
    size_t total = 0, at[KL_PACK_LIST_COUNT] = {0};
    for (int l = 0; l < KL_PACK_LIST_COUNT; l++)
        total += counts[l];
    out->lists = xmalloc(5 * total + 1);
    out->lists_size = 0;
    for (uint32_t g = 0; g < group_count; g++)
        for (int l = 0; l < KL_PACK_LIST_COUNT; l++)
            for (uint32_t previous = 0, k = 0; at[l] < counts[l] && lists[l][at[l]].group_id == g; at[l]++, k++) {
                uint32_t id = lists[l][at[l]].id;
                if (id >= KL_LAYOUT_COUNT || (k > 0 && id <= previous))
                    return report(EXIT_BAD_INPUT, NULL, "group %u's list %d is not ascending", g, l);
                put_varint(out->lists, &out->lists_size, id - previous);
                previous = id;
            }
    for (int l = 0; l < KL_PACK_LIST_COUNT; l++)
        if (at[l] != counts[l])
            return report(EXIT_BAD_INPUT, NULL, "list %d names a group out of order or beyond the groups", l);
    return EXIT_ANSWERED;
}

int pack_lists_of_database(struct db *db, uint32_t group_count, struct pack_lists *out)
{
    *out = (struct pack_lists){0};
    int status = read_depths(db, group_count, out);
    if (status != EXIT_ANSWERED)
        return status;
    struct listed *lists[KL_PACK_LIST_COUNT];
    size_t counts[KL_PACK_LIST_COUNT];
    lists[KL_PACK_LIST_HARDEST + KL_METRIC_STEP] =
        read_codes(db, "SELECT group_id, code FROM hardest WHERE ?1 IS NOT NULL ORDER BY group_id, code", KL_METRIC_STEP,
                   &counts[KL_PACK_LIST_HARDEST + KL_METRIC_STEP]);
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
        lists[KL_PACK_LIST_HARDEST + m] =
            read_codes(db, "SELECT group_id, code FROM hardest_moves WHERE metric = ?1 ORDER BY group_id, code",
                       (enum kl_metric)m, &counts[KL_PACK_LIST_HARDEST + m]);
    lists[KL_PACK_LIST_PERIPHERAL] = read_ids(db, "peripheral", &counts[KL_PACK_LIST_PERIPHERAL]);
    lists[KL_PACK_LIST_CENTRAL] = read_ids(db, "central", &counts[KL_PACK_LIST_CENTRAL]);
    status = write_lists((const struct listed *const *)lists, counts, group_count, out);
    for (int l = 0; l < KL_PACK_LIST_COUNT; l++)
        free(lists[l]);
    return status;
}
