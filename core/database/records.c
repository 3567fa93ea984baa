#include "core/database/records.h"

#include <stdio.h>

int64_t kl_db_column_or_null(sqlite3_stmt *stmt, int column)
{
    return sqlite3_column_type(stmt, column) == SQLITE_NULL ? KL_DB_NULL : sqlite3_column_int64(stmt, column);
}

void kl_db_layout_row_read(sqlite3_stmt *s, struct kl_db_layout_row *out)
{
    int min_steps = (int)kl_db_column_or_null(s, KL_DB_LAYOUT_MIN_STEPS);
    *out = (struct kl_db_layout_row){
        .code = (kl_code)sqlite3_column_int64(s, KL_DB_LAYOUT_CODE),
        .group_id = sqlite3_column_int64(s, KL_DB_LAYOUT_GROUP_ID),
        .group_index = sqlite3_column_int64(s, KL_DB_LAYOUT_GROUP_INDEX),
        .min_steps = min_steps,
        .min_solution_num = (int)kl_db_column_or_null(s, KL_DB_LAYOUT_MIN_SOLUTION_NUM),
        .farthest_steps = (int)kl_db_column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT),
        .farthest_num = kl_db_column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 1),
        .solution_num = kl_db_column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 2),
        .min_moves = {min_steps, (int)kl_db_column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 3),
                      (int)kl_db_column_or_null(s, KL_DB_LAYOUT_COLUMN_COUNT + 4)},
    };
}

void kl_db_group_row_read(sqlite3_stmt *s, struct kl_db_group_row *out)
{
    int max_min_steps = (int)kl_db_column_or_null(s, 7);
    *out = (struct kl_db_group_row){
        .group_id = sqlite3_column_int64(s, 0),
        .class_id = sqlite3_column_int64(s, 3),
        .size = sqlite3_column_int64(s, 4),
        .min_code = (kl_code)sqlite3_column_int64(s, 5),
        .solved = sqlite3_column_int64(s, 6),
        .max_min_steps = max_min_steps,
        .hardest_count = kl_db_column_or_null(s, 8),
        .diameter = (int)kl_db_column_or_null(s, 9),
        .radius = (int)kl_db_column_or_null(s, 10),
        .peripheral_count = kl_db_column_or_null(s, 11),
        .central_count = kl_db_column_or_null(s, 12),
        .max_min_moves = {max_min_steps, (int)kl_db_column_or_null(s, 13), (int)kl_db_column_or_null(s, 14)},
    };
    snprintf(out->name, sizeof out->name, "%s", (const char *)sqlite3_column_text(s, 1));
    snprintf(out->class_name, sizeof out->class_name, "%s", (const char *)sqlite3_column_text(s, 2));
}
