#include "answer/pack_values.h"

#include <stdlib.h>

#include "answer/group_value.h"
#include "answer/layout_value.h"
#include "answer/moves_value.h"
#include "answer/names_value.h"
#include "answer/report.h"
#include "core/classes.h"

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

struct table *pack_group_value(const struct kl_pack_group *group)
{
    char class_name[KL_CLASS_NAME_SIZE];
    kl_class_name(kl_class_from_id(group->class_id), class_name);
    struct group_facts facts = {
        .name = group->name, .class_name = class_name, .size = group->size, .min_code = group->min_code,
        .solved = group->solved,
        .max_min_moves = {group->max_min_steps, group->max_min_straight_moves, group->max_min_unit_moves},
        .hardest_counts = {group->hardest_count}, .diameter = group->diameter, .radius = group->radius,
        .peripheral_count = group->peripheral_count, .central_count = group->central_count};
    const unsigned long fields = GROUP_EVERY_FIELD & ~(1UL << GROUP_HARDEST_STRAIGHT_COUNT) &
                                 ~(1UL << GROUP_HARDEST_UNIT_COUNT);
    return group_value(&facts, fields);
}

enum kl_pack_status pack_names_value(struct kl_pack *pack, enum kl_metric metric, struct table **value)
{
    struct table *t = names_value(metric, NAMES_EVERY_FIELD & ~(1UL << NAMES_GROUP));
    struct kl_pack_name name;
    for (uint32_t i = 0; kl_pack_name_at(pack, i, &name); i++) {
        int steps;
        enum kl_pack_status status = kl_pack_min_moves(pack, name.code, metric, &steps);
        if (status != KL_PACK_OK) {
            table_free(t);
            return status;
        }
        names_value_add(t, name.name, name.code, steps, NULL, name.section);
    }
    *value = t;
    return KL_PACK_OK;
}
