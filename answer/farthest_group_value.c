#include "answer/farthest_group_value.h"

static const char *const summary_columns[] = {
    "group", "max_min_steps", "hardest_count", "diameter", "radius", "peripheral_count",
    "central_count", "extremes", NULL};
static const char *const layout_columns[] = {"group", "kind", "code", "steps", NULL};
static const char *const extremes_sources[] = {"stored", "found now", "missing"};

struct table *farthest_group_summary(const struct farthest_group_facts *f)
{
    struct table *t = table_new(summary_columns);
    table_text(t, f->group);
    table_number_or_null(t, f->max_min_steps, NULL);
    table_number_or_null(t, f->hardest_count, NULL);
    table_number_or_null(t, f->diameter, NULL);
    table_number_or_null(t, f->radius, NULL);
    table_number_or_null(t, f->peripheral_count, NULL);
    table_number_or_null(t, f->central_count, NULL);
    table_text(t, extremes_sources[f->extremes]);
    return t;
}

struct table *farthest_group_layouts_new(void)
{
    return table_new(layout_columns);
}

void farthest_group_layouts_add(struct table *layouts, const char *group, const char *kind, const kl_code *codes,
                                size_t count, int steps, size_t *room)
{
    for (size_t i = 0; i < count && *room > 0; i++, --*room) {
        table_text(layouts, group);
        table_text(layouts, kind);
        table_code(layouts, codes[i]);
        table_number(layouts, steps);
    }
}
