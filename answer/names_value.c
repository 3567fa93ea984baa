#include "answer/names_value.h"

/* Per metric: the count is named as its layouts column (as hardest names it). */
static const char *const name_columns[KL_METRIC_COUNT][NAMES_FIELD_COUNT + 1] = {
    {"name", "code", "min_steps", "group", "section", NULL},
    {"name", "code", "min_straight_moves", "group", "section", NULL},
    {"name", "code", "min_unit_moves", "group", "section", NULL}};

struct table *names_value(enum kl_metric metric, unsigned long fields)
{
    return table_new_fields(name_columns[metric], fields);
}

void names_value_add(struct table *t, const char *name, kl_code code, long long min_moves, const char *group,
                     const char *section)
{
    table_text(t, name);
    table_code(t, code);
    table_number_or_null(t, min_moves, "unsolvable");
    table_text(t, group);
    table_text(t, section);
}
