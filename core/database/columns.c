#include "core/database/columns.h"

const char *kl_db_min_moves_column(enum kl_metric metric)
{
    static const char *const names[KL_METRIC_COUNT] = {"min_steps", "min_straight_moves",
                                                       "min_unit_moves"};
    return names[metric];
}

const char *kl_db_max_moves_column(enum kl_metric metric)
{
    static const char *const names[KL_METRIC_COUNT] = {
        "max_min_steps", "max_min_straight_moves", "max_min_unit_moves"};
    return names[metric];
}

const char *kl_db_hardest_count_column(enum kl_metric metric)
{
    static const char *const names[KL_METRIC_COUNT] = {
        "hardest_count", "hardest_straight_count", "hardest_unit_count"};
    return names[metric];
}
