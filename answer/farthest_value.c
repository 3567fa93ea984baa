#include "answer/farthest_value.h"

static const char *const farthest_columns[] = {"layout", "farthest", "distance", NULL};
static const char *const summary_columns[] = {"code", "group", "farthest_steps", "farthest_num", NULL};

struct answer_value farthest_layout_value(kl_code code, const char *group, int distance, const kl_code *farthest,
                                          size_t count, long limit)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    struct table *list = table_new(farthest_columns), *summary = table_new(summary_columns);
    for (size_t i = 0; i < count && (limit <= 0 || i < (size_t)limit); i++) {
        table_text(list, hex);
        table_code(list, farthest[i]);
        table_number(list, distance);
    }
    table_text(summary, hex);
    table_text(summary, group);
    table_number(summary, distance);
    table_number(summary, (long long)count);
    return (struct answer_value){summary, "farthest", list};
}
