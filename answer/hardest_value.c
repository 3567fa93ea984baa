#include "answer/hardest_value.h"

#include "core/rank.h"

const char *const *hardest_columns(enum kl_metric metric)
{
    static const char *const columns[KL_METRIC_COUNT][5] = {{"code", "id", "min_steps", "group", NULL},
                                                            {"code", "id", "min_straight_moves", "group", NULL},
                                                            {"code", "id", "min_unit_moves", "group", NULL}};
    return columns[metric];
}

int hardest_order(const void *a, const void *b)
{
    const struct hardest_layout *x = a, *y = b;
    if (x->count != y->count)
        return (x->count < y->count) - (x->count > y->count);
    return (x->code > y->code) - (x->code < y->code);
}

void hardest_add(struct table *rows, kl_code code, int count, const char *group)
{
    table_code(rows, code);
    table_number(rows, kl_code_to_id(code));
    table_number(rows, count);
    table_text(rows, group);
}
