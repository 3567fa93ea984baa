#include "answer/group_value.h"

static const char *const group_columns[] = {
    "group", "class", "size", "min_code", "solvable", "solved", "max_min_steps", "hardest_count",
    "diameter", "radius", "peripheral_count", "central_count", "max_min_straight_moves",
    "hardest_straight_count", "max_min_unit_moves", "hardest_unit_count", NULL};

struct table *group_value(const struct group_facts *g, unsigned long fields)
{
    struct table *t = table_new_fields(group_columns, fields);
    table_text(t, g->name);
    table_text(t, g->class_name);
    table_number(t, g->size);
    table_code(t, g->min_code);
    table_bool(t, g->solved > 0);
    table_number(t, g->solved);
    table_number_or_null(t, g->max_min_moves[KL_METRIC_STEP], "-");
    table_number_or_null(t, g->hardest_counts[KL_METRIC_STEP], "-");
    table_number_or_null(t, g->diameter, NULL);
    table_number_or_null(t, g->radius, NULL);
    table_number_or_null(t, g->peripheral_count, NULL);
    table_number_or_null(t, g->central_count, NULL);
    table_number_or_null(t, g->max_min_moves[KL_METRIC_STRAIGHT], "-");
    table_number_or_null(t, g->hardest_counts[KL_METRIC_STRAIGHT], "-");
    table_number_or_null(t, g->max_min_moves[KL_METRIC_UNIT], "-");
    table_number_or_null(t, g->hardest_counts[KL_METRIC_UNIT], "-");
    return t;
}

static const char *const depth_columns[] = {"group", "depth", "layouts", NULL};

struct table *group_depths_new(void)
{
    return table_new(depth_columns);
}

void group_depths_add(struct table *depths, const char *group, long long depth, long long layouts)
{
    table_text(depths, group);
    table_number_or_null(depths, depth < 0 ? -1 : depth, "unsolvable");
    table_number(depths, layouts);
}
