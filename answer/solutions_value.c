#include "answer/solutions_value.h"

static const char *const solution_columns[] = {"layout", "solution", "distance", "minimal", NULL};
static const char *const summary_columns[] = {"code", "min_steps", "solutions", "min_solutions", NULL};

struct answer_value solutions_value(kl_code code, int min_steps, const struct solutions *found,
                                    size_t *minimal_count)
{
    struct table *list = table_new(solution_columns), *summary = table_new(summary_columns);
    char layout[KL_CODE_TEXT_SIZE];
    kl_code_format(code, layout);
    *minimal_count = 0;
    for (size_t i = 0; i < found->count; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(found->codes[i], hex);
        table_text(list, layout);
        table_text(list, hex);
        table_number(list, found->distances[i]);
        table_bool(list, found->distances[i] == min_steps);
        *minimal_count += found->distances[i] == min_steps;
    }
    table_text(summary, layout);
    table_number(summary, min_steps);
    table_number(summary, (long long)found->count);
    table_number(summary, (long long)*minimal_count);
    return (struct answer_value){summary, "solution_list", list};
}
