#include "answer/pack_values.h"

#include <stdint.h>
#include <stdlib.h>

#include "answer/group_value.h"
#include "answer/layout_value.h"
#include "answer/moves_value.h"
#include "answer/names_value.h"
#include "answer/report.h"
#include "answer/hardest_value.h"
#include "answer/search/extremes.h"
#include "answer/search/layers.h"
#include "core/classes.h"
#include "core/rank.h"

enum kl_pack_status pack_layout_find(struct kl_pack *pack, kl_code code, int *steps, struct kl_pack_group *group)
{
    enum kl_pack_status found = kl_pack_min_steps(pack, code, steps);
    return found == KL_PACK_OK ? kl_pack_group_of(pack, code, group) : found;
}

enum kl_pack_status pack_layout_value(struct kl_pack *pack, kl_code code, int steps, const struct kl_pack_group *group,
                                      bool with_metrics, const struct layout_search_facts *searched,
                                      struct table **value)
{
    long long moves[KL_METRIC_COUNT] = {steps};
    for (int m = KL_METRIC_STRAIGHT; with_metrics && m < KL_METRIC_COUNT; m++) {
        int count;
        enum kl_pack_status found = kl_pack_min_moves(pack, code, (enum kl_metric)m, &count);
        if (found != KL_PACK_OK)
            return found;
        moves[m] = count;
    }
    unsigned long fields =
        1UL << LAYOUT_CODE | 1UL << LAYOUT_ID | 1UL << LAYOUT_SHORT_CODE | 1UL << LAYOUT_CLASS | 1UL << LAYOUT_GROUP |
        1UL << LAYOUT_GROUP_SIZE | 1UL << LAYOUT_MIN_STEPS | 1UL << LAYOUT_MIRROR | 1UL << LAYOUT_SELF_MIRROR |
        1UL << LAYOUT_NAMES | 1UL << LAYOUT_BOARD;
    if (with_metrics)
        fields |= 1UL << LAYOUT_MIN_STRAIGHT_MOVES | 1UL << LAYOUT_MIN_UNIT_MOVES;
    struct layout_facts facts = {.code = code, .group = group->name, .group_size = group->size,
                                 .min_moves = {moves[0], moves[1], moves[2]}};
    if (searched) {
        fields |= 1UL << LAYOUT_GROUP_INDEX | 1UL << LAYOUT_MIN_SOLUTION_NUM | 1UL << LAYOUT_FARTHEST_STEPS |
                  1UL << LAYOUT_FARTHEST_NUM | 1UL << LAYOUT_SOLUTION_NUM;
        facts.group_index = searched->group_index;
        facts.min_solution_num = searched->min_solution_num;
        facts.farthest_steps = searched->farthest_steps;
        facts.farthest_num = searched->farthest_num;
        facts.solution_num = searched->solution_num;
    }
    *value = layout_value(&facts, fields, false);
    return KL_PACK_OK;
}

enum kl_pack_status pack_moves_value(struct kl_pack *pack, kl_code code, const char *group, enum kl_metric metric,
                                     pack_moves_farthest farthest, void *context, struct answer_value *value)
{
    struct kl_move_outcome moves[KL_MAX_STEPS];
    int count, steps;
    enum kl_pack_status ranked = kl_pack_moves_in(pack, code, metric, moves, &count, &steps);
    if (ranked == KL_PACK_OK && farthest)
        farthest(context, moves, count);
    if (ranked == KL_PACK_OK)
        *value = moves_value(code, group, steps, metric, moves, (size_t)count, false);
    return ranked;
}

enum kl_pack_status pack_solution(struct kl_pack *pack, kl_code code, enum kl_metric metric, kl_code **route,
                                  int *count)
{
    struct kl_pack_facts facts;
    kl_pack_facts(pack, &facts);
    *route = xcalloc((size_t)facts.max_min_moves[metric] + 1, sizeof **route);
    enum kl_pack_status solved = kl_pack_solve_in(pack, code, metric, *route, count);
    if (solved != KL_PACK_OK) {
        free(*route);
        *route = NULL;
    }
    return solved;
}

enum kl_pack_status pack_group_answer(struct kl_pack *pack, const struct kl_pack_group *group, bool with_lists,
                                      struct answer_value *value)
{
    const uint32_t *sizes[KL_METRIC_COUNT];
    int counts[KL_METRIC_COUNT];
    for (int m = 0; with_lists && m < KL_METRIC_COUNT; m++) {
        enum kl_pack_status status = kl_pack_group_layers(pack, group->group_id, (enum kl_metric)m, &sizes[m], &counts[m]);
        if (status != KL_PACK_OK)
            return status;
    }
    char class_name[KL_CLASS_NAME_SIZE];
    kl_class_name(kl_class_from_id(group->class_id), class_name);
    struct group_facts facts = {
        .name = group->name, .class_name = class_name, .size = group->size, .min_code = group->min_code,
        .solved = group->solved,
        .max_min_moves = {group->max_min_steps, group->max_min_straight_moves, group->max_min_unit_moves},
        .diameter = group->diameter, .radius = group->radius,
        .peripheral_count = group->peripheral_count, .central_count = group->central_count};
    if (!with_lists) {
        facts.hardest_counts[KL_METRIC_STEP] = group->hardest_count;
        const unsigned long fields = GROUP_EVERY_FIELD & ~(1UL << GROUP_HARDEST_STRAIGHT_COUNT) &
                                     ~(1UL << GROUP_HARDEST_UNIT_COUNT);
        *value = (struct answer_value){.summary = group_value(&facts, fields)};
        return KL_PACK_OK;
    }
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        facts.hardest_counts[m] = counts[m] ? (long long)sizes[m][counts[m] - 1] : KL_PACK_NONE;
    struct table *depths = group_depths_new();
    if (!counts[KL_METRIC_STEP])
        group_depths_add(depths, group->name, KL_PACK_NONE, group->size);
    for (int d = 0; d < counts[KL_METRIC_STEP]; d++)
        group_depths_add(depths, group->name, d, sizes[KL_METRIC_STEP][d]);
    *value = (struct answer_value){group_value(&facts, GROUP_EVERY_FIELD), "depths", depths};
    return KL_PACK_OK;
}

/* The members' codes of a list of the pack's, malloc'd. */
static kl_code *list_codes(const uint32_t *ids, size_t count)
{
    kl_code *codes = xmalloc(count * sizeof *codes + 1);
    for (size_t i = 0; i < count; i++)
        codes[i] = kl_id_to_code(ids[i]);
    return codes;
}

/* How many layouts of one kind a limit lets an answer list (0: all). */
static size_t limit_room(long limit)
{
    return limit > 0 ? (size_t)limit : SIZE_MAX;
}

enum kl_pack_status pack_farthest_group_value(struct kl_pack *pack, const struct kl_pack_group *group, bool central,
                                              long limit, const struct search_watch *watch,
                                              struct answer_value *value, enum farthest_extremes *source)
{
    const uint32_t *ids[KL_PACK_LIST_COUNT];
    size_t counts[KL_PACK_LIST_COUNT];
    for (int l = 0; l < KL_PACK_LIST_COUNT; l++) {
        enum kl_pack_status status = kl_pack_group_list(pack, group->group_id, (enum kl_pack_list)l, &ids[l], &counts[l]);
        if (status != KL_PACK_OK)
            return status;
    }
    struct group_extremes found = {0};
    kl_code *members = NULL, *extremes[2] = {NULL, NULL};
    size_t extreme_counts[2] = {counts[KL_PACK_LIST_PERIPHERAL], counts[KL_PACK_LIST_CENTRAL]};
    int diameter = group->diameter, radius = group->radius;
    *source = EXTREMES_STORED;
    if (group->diameter == KL_PACK_NONE) {
        *source = group->size <= EXTREMES_ON_DEMAND_MAX_SIZE &&
                          extremes_of_group(group->min_code, group->size, watch, &found, &members)
                      ? EXTREMES_FOUND_NOW
                      : EXTREMES_MISSING;
        if (*source == EXTREMES_MISSING)
            return KL_PACK_OK;
        diameter = found.diameter;
        radius = found.radius;
        extreme_counts[0] = found.peripheral_count;
        extreme_counts[1] = found.central_count;
        for (int k = 0; k < 2; k++) {
            extremes[k] = xmalloc(extreme_counts[k] * sizeof *extremes[k] + 1);
            for (size_t i = 0; i < extreme_counts[k]; i++)
                extremes[k][i] = members[(k ? found.central : found.peripheral)[i]];
        }
        group_extremes_free(&found);
        free(members);
    } else {
        extremes[0] = list_codes(ids[KL_PACK_LIST_PERIPHERAL], extreme_counts[0]);
        extremes[1] = list_codes(ids[KL_PACK_LIST_CENTRAL], extreme_counts[1]);
    }
    struct table *layouts = farthest_group_layouts_new();
    kl_code *hardest = list_codes(ids[KL_PACK_LIST_HARDEST + KL_METRIC_STEP], counts[KL_PACK_LIST_HARDEST]);
    farthest_group_layouts_add(layouts, group->name, "hardest", hardest, counts[KL_PACK_LIST_HARDEST],
                               group->max_min_steps, &(size_t){limit_room(limit)});
    farthest_group_layouts_add(layouts, group->name, "peripheral", extremes[0], extreme_counts[0], diameter,
                               &(size_t){limit_room(limit)});
    if (central)
        farthest_group_layouts_add(layouts, group->name, "central", extremes[1], extreme_counts[1], radius,
                                   &(size_t){limit_room(limit)});
    free(hardest);
    free(extremes[0]);
    free(extremes[1]);
    struct table *summary = farthest_group_summary(&(struct farthest_group_facts){
        group->name, group->max_min_steps, group->hardest_count, diameter, radius, (long long)extreme_counts[0],
        (long long)extreme_counts[1], *source});
    *value = (struct answer_value){summary, "layouts", layouts};
    return KL_PACK_OK;
}

/* The count that `limit` layouts of the groups first to end - 1 reach under `metric`:
 * the largest whose layouts, with those of larger counts, number `limit` or more; the
 * least count of any when all number fewer; -1 when no group there is solvable. */
static enum kl_pack_status least_count(struct kl_pack *pack, uint32_t first, uint32_t end, long limit,
                                       enum kl_metric metric, int *least)
{
    struct kl_pack_facts facts;
    kl_pack_facts(pack, &facts);
    uint64_t *total = xcalloc((size_t)facts.max_min_moves[metric] + 1, sizeof *total);
    enum kl_pack_status status = KL_PACK_OK;
    for (uint32_t g = first; g < end && status == KL_PACK_OK; g++) {
        const uint32_t *sizes;
        int count;
        status = kl_pack_group_layers(pack, g, metric, &sizes, &count);
        for (int d = 0; status == KL_PACK_OK && d < count && d <= facts.max_min_moves[metric]; d++)
            total[d] += sizes[d];
    }
    uint64_t reached = 0;
    *least = -1;
    for (int d = facts.max_min_moves[metric]; d >= 0 && reached < (uint64_t)limit; d--)
        if (total[d]) {
            reached += total[d];
            *least = d;
        }
    free(total);
    return status;
}

/* Appends a layout to a growing array. */
static void add_counted(struct hardest_layout **found, size_t *count, size_t *capacity, struct hardest_layout layout)
{
    if (*count == *capacity) {
        *capacity = *capacity ? 2 * *capacity : 1024;
        *found = xrealloc(*found, *capacity * sizeof **found);
    }
    (*found)[(*count)++] = layout;
}

/* Appends the members of group g whose count under `metric` is `least` or more: its
 * hardest list, and the rest from a search of its layers, checked against the pack's. */
static enum kl_pack_status collect_group(struct kl_pack *pack, uint32_t g, int least, enum kl_metric metric,
                                         struct hardest_layout **found, size_t *count, size_t *capacity)
{
    const uint32_t *sizes, *ids;
    int depths;
    size_t hardest;
    enum kl_pack_status status = kl_pack_group_layers(pack, g, metric, &sizes, &depths);
    if (status == KL_PACK_OK)
        status = kl_pack_group_list(pack, g, (enum kl_pack_list)(KL_PACK_LIST_HARDEST + metric), &ids, &hardest);
    if (status != KL_PACK_OK || depths - 1 < least)
        return status;
    for (size_t i = 0; i < hardest; i++)
        add_counted(found, count, capacity, (struct hardest_layout){kl_id_to_code(ids[i]), depths - 1, g});
    if (depths - 1 == least)
        return KL_PACK_OK;
    struct kl_pack_group group;
    kl_pack_group_at(pack, g, &group);
    struct member_layers layers;
    member_layers_find(&layers, group.min_code, group.size, metric, NULL);
    bool same = layers.depths == depths;
    for (int d = 0; same && d < depths; d++)
        same = layers.layer_size[d] == sizes[d];
    for (size_t i = 0; same && i < layers.count; i++)
        if (layers.depth[i] >= least && layers.depth[i] < depths - 1)
            add_counted(found, count, capacity, (struct hardest_layout){layers.codes[i], layers.depth[i], g});
    member_layers_free(&layers);
    return same ? KL_PACK_OK : KL_PACK_CORRUPT;
}

enum kl_pack_status pack_hardest_value(struct kl_pack *pack, uint32_t first, uint32_t end, long limit,
                                       enum kl_metric metric, struct table **rows, size_t *listed)
{
    *rows = NULL;
    *listed = 0;
    int least;
    enum kl_pack_status status = least_count(pack, first, end, limit, metric, &least);
    struct hardest_layout *found = NULL;
    size_t count = 0, capacity = 0;
    for (uint32_t g = first; least >= 0 && g < end && status == KL_PACK_OK; g++)
        status = collect_group(pack, g, least, metric, &found, &count, &capacity);
    if (status == KL_PACK_OK) {
        qsort(found, count, sizeof *found, hardest_order);
        *rows = table_new(hardest_columns(metric));
        for (; *listed < count && *listed < (size_t)limit; ++*listed) {
            struct kl_pack_group group;
            kl_pack_group_at(pack, found[*listed].group_id, &group);
            hardest_add(*rows, found[*listed].code, found[*listed].count, group.name);
        }
    }
    free(found);
    return status;
}

/* The sums of a class's groups (or of every class's, for the summary's last row). */
struct class_sums {
    long long classes, groups, layouts, solved, solvable;
    long long largest; /* the largest max min moves of a group; -1: none solvable */
};

static void add_group(struct class_sums *sums, const struct kl_pack_group *g, int most)
{
    sums->groups++;
    sums->layouts += g->size;
    sums->solved += g->solved;
    sums->solvable += g->solved ? g->size : 0;
    if (g->solved && most > sums->largest)
        sums->largest = most;
}

static void add_sums(struct class_sums *into, const struct class_sums *sums)
{
    into->classes++;
    into->groups += sums->groups;
    into->layouts += sums->layouts;
    into->solved += sums->solved;
    into->solvable += sums->solvable;
}

/* The group's max min moves under `metric` (KL_PACK_NONE when unsolvable). */
static int group_most(const struct kl_pack_group *g, enum kl_metric metric)
{
    return metric == KL_METRIC_STEP       ? g->max_min_steps
         : metric == KL_METRIC_STRAIGHT ? g->max_min_straight_moves
                                        : g->max_min_unit_moves;
}

/* summary: per (jiang, bing), ascending, then the row "all" of every class in scope. */
static void summary_rows(struct table *t, const struct class_sums *per_class, const int *class_ids, size_t classes)
{
    struct class_sums all = {0};
    for (size_t i = 0; i < classes;) {
        struct kl_class c = kl_class_from_id(class_ids[i]);
        struct class_sums same = {0};
        for (; i < classes && kl_class_from_id(class_ids[i]).jiang == c.jiang &&
               kl_class_from_id(class_ids[i]).bing == c.bing; i++) {
            add_sums(&same, &per_class[i]);
            add_sums(&all, &per_class[i]);
        }
        long long cells[] = {c.jiang, c.bing, same.classes, same.groups, same.layouts, same.solved, same.solvable};
        for (size_t k = 0; k < sizeof cells / sizeof *cells; k++)
            table_number(t, cells[k]);
    }
    table_null(t, "all");
    table_null(t, "all");
    long long cells[] = {all.classes, all.groups, all.layouts, all.solved, all.solvable};
    for (size_t k = 0; k < sizeof cells / sizeof *cells; k++)
        table_number(t, cells[k]);
}

/* Orders class ids by (jiang, bing), then id, as the summary groups them. */
static int compare_jiang_bing(const void *a, const void *b)
{
    struct kl_class x = kl_class_from_id(*(const int *)a), y = kl_class_from_id(*(const int *)b);
    if (x.jiang != y.jiang)
        return x.jiang - y.jiang;
    if (x.bing != y.bing)
        return x.bing - y.bing;
    return *(const int *)a - *(const int *)b;
}

/* depths: per depth under `metric`, ascending, its layouts and groups, then the
 * unsolvable groups' (depth null). */
static enum kl_pack_status depth_rows(struct kl_pack *pack, struct table *t, uint32_t first, uint32_t end,
                                      enum kl_metric metric)
{
    struct kl_pack_facts facts;
    kl_pack_facts(pack, &facts);
    size_t depths = (size_t)facts.max_min_moves[metric] + 1;
    long long *layouts = xcalloc(depths, sizeof *layouts), *groups = xcalloc(depths, sizeof *groups);
    long long unsolvable_layouts = 0, unsolvable_groups = 0;
    enum kl_pack_status status = KL_PACK_OK;
    for (uint32_t g = first; g < end && status == KL_PACK_OK; g++) {
        const uint32_t *sizes;
        int count;
        struct kl_pack_group group;
        kl_pack_group_at(pack, g, &group);
        status = kl_pack_group_layers(pack, g, metric, &sizes, &count);
        if (status == KL_PACK_OK && count == 0) {
            unsolvable_layouts += group.size;
            unsolvable_groups++;
        }
        for (int d = 0; status == KL_PACK_OK && d < count && (size_t)d < depths; d++) {
            layouts[d] += sizes[d];
            groups[d]++;
        }
    }
    for (size_t d = 0; status == KL_PACK_OK && d < depths; d++)
        if (groups[d]) {
            table_number(t, (long long)d);
            table_number(t, layouts[d]);
            table_number(t, groups[d]);
        }
    if (status == KL_PACK_OK && unsolvable_groups) {
        table_null(t, "unsolvable");
        table_number(t, unsolvable_layouts);
        table_number(t, unsolvable_groups);
    }
    free(layouts);
    free(groups);
    return status;
}

/* groups: a row per group, in group_id order. */
static enum kl_pack_status group_rows(struct kl_pack *pack, struct table *t, uint32_t first, uint32_t end,
                                      enum kl_metric metric)
{
    for (uint32_t g = first; g < end; g++) {
        struct kl_pack_group group;
        kl_pack_group_at(pack, g, &group);
        long long hardest = group.hardest_count;
        if (metric != KL_METRIC_STEP) {
            const uint32_t *sizes;
            int count;
            enum kl_pack_status status = kl_pack_group_layers(pack, g, metric, &sizes, &count);
            if (status != KL_PACK_OK)
                return status;
            hardest = count ? (long long)sizes[count - 1] : KL_PACK_NONE;
        }
        char class_name[KL_CLASS_NAME_SIZE], min_code[KL_CODE_TEXT_SIZE];
        kl_class_name(kl_class_from_id(group.class_id), class_name);
        kl_code_format(group.min_code, min_code);
        table_text(t, group.name);
        table_text(t, class_name);
        table_number(t, group.size);
        table_text(t, min_code);
        table_number(t, group.solved);
        table_number_or_null(t, group_most(&group, metric), NULL);
        table_number_or_null(t, hardest, NULL);
        table_number_or_null(t, group.diameter, NULL);
        table_number_or_null(t, group.radius, NULL);
    }
    return KL_PACK_OK;
}

enum kl_pack_status pack_stats_value(struct kl_pack *pack, enum stats_table table, uint32_t first, uint32_t end,
                                     enum kl_metric metric, struct table **rows)
{
    *rows = stats_table_new(table, metric);
    enum kl_pack_status status = KL_PACK_OK;
    if (table == STATS_DEPTHS)
        status = depth_rows(pack, *rows, first, end, metric);
    else if (table == STATS_GROUPS)
        status = group_rows(pack, *rows, first, end, metric);
    else {
        struct class_sums per_class[KL_CLASS_COUNT];
        int class_ids[KL_CLASS_COUNT];
        size_t classes = 0;
        for (uint32_t g = first; g < end; g++) {
            struct kl_pack_group group;
            kl_pack_group_at(pack, g, &group);
            if (!classes || class_ids[classes - 1] != group.class_id) {
                class_ids[classes] = group.class_id;
                per_class[classes++] = (struct class_sums){.largest = -1};
            }
            add_group(&per_class[classes - 1], &group, group_most(&group, metric));
        }
        if (table == STATS_CLASSES)
            for (size_t i = 0; i < classes; i++) {
                struct kl_class c = kl_class_from_id(class_ids[i]);
                char name[KL_CLASS_NAME_SIZE];
                kl_class_name(c, name);
                table_text(*rows, name);
                long long cells[] = {c.jiang, c.bing, c.style, per_class[i].layouts, per_class[i].groups,
                                     per_class[i].solved, per_class[i].solvable};
                for (size_t k = 0; k < sizeof cells / sizeof *cells; k++)
                    table_number(*rows, cells[k]);
                table_number_or_null(*rows, per_class[i].largest, NULL);
            }
        else {
            /* per (jiang, bing): the classes ordered so, each with its sums */
            int order[KL_CLASS_COUNT];
            struct class_sums sorted[KL_CLASS_COUNT];
            for (size_t i = 0; i < classes; i++)
                order[i] = class_ids[i];
            qsort(order, classes, sizeof *order, compare_jiang_bing);
            for (size_t i = 0; i < classes; i++)
                for (size_t k = 0; k < classes; k++)
                    if (class_ids[k] == order[i])
                        sorted[i] = per_class[k];
            summary_rows(*rows, sorted, order, classes);
        }
    }
    if (status != KL_PACK_OK) {
        table_free(*rows);
        *rows = NULL;
    }
    return status;
}

enum kl_pack_status pack_names_value(struct kl_pack *pack, enum kl_metric metric, struct table **value)
{
    struct table *t = names_value(metric, NAMES_EVERY_FIELD);
    struct kl_pack_name name;
    for (uint32_t i = 0; kl_pack_name_at(pack, i, &name); i++) {
        int steps;
        struct kl_pack_group group;
        enum kl_pack_status status = kl_pack_min_moves(pack, name.code, metric, &steps);
        if (status == KL_PACK_OK)
            status = kl_pack_group_of(pack, name.code, &group);
        if (status != KL_PACK_OK) {
            table_free(t);
            return status;
        }
        names_value_add(t, name.name, name.code, steps, group.name, name.section);
    }
    *value = t;
    return KL_PACK_OK;
}
