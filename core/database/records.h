/* A layout's row and a group's row as the query tool and the library read them, read in
 * one place: from a row of KL_DB_LAYOUT_SELECT or KL_DB_GROUP_SELECT (format.h) into the
 * structs below, so that a new column is read here once.  The library copies these into
 * the public structs of klotski.h. */
#ifndef KLOTSKI_CORE_DATABASE_RECORDS_H
#define KLOTSKI_CORE_DATABASE_RECORDS_H

#include <stdint.h>

#include <sqlite3.h>

#include "core/classes.h"
#include "core/code.h"
#include "core/database/format.h"
#include "core/moves.h"

#define KL_DB_NULL (-1) /* a NULL column in the structs below */

/* One row of layouts. */
struct kl_db_layout_row {
    kl_code code;
    int64_t group_id;
    int64_t group_index;
    int min_steps;                  /* KL_DB_NULL: unsolvable */
    int min_moves[KL_METRIC_COUNT]; /* min_steps under each metric of core/moves.h
                                       (min_moves[KL_METRIC_STEP] is min_steps);
                                       KL_DB_NULL: unsolvable */
    int min_solution_num;           /* KL_DB_NULL: unsolvable */
    int farthest_steps;             /* KL_DB_NULL: not stored (farthest phase not run) */
    int64_t farthest_num;           /* KL_DB_NULL: not stored */
    int64_t solution_num;           /* KL_DB_NULL: not stored, or unsolvable */
};

/* One row of groups, with its class name. */
struct kl_db_group_row {
    int64_t group_id;
    char name[KL_DB_GROUP_NAME_SIZE];
    char class_name[KL_CLASS_NAME_SIZE];
    int64_t class_id;
    int64_t size;
    kl_code min_code;
    int64_t solved;           /* solved members; 0: unsolvable group */
    int max_min_steps;        /* KL_DB_NULL when unsolvable */
    int64_t hardest_count;    /* KL_DB_NULL when unsolvable */
    /* The group extremes: KL_DB_NULL until found, by the base build for most groups and
     * by the farthest phase for the rest (schema/tables.sql). */
    int diameter;
    int radius;
    int64_t peripheral_count;
    int64_t central_count;
    int max_min_moves[KL_METRIC_COUNT]; /* max_min_steps under each metric (core/moves.h;
                                           [KL_METRIC_STEP] is max_min_steps); KL_DB_NULL
                                           when unsolvable */
};

/* An integer column of the statement's current row, or KL_DB_NULL when it is NULL. */
int64_t kl_db_column_or_null(sqlite3_stmt *stmt, int column);

/* Reads the current row of a statement of KL_DB_LAYOUT_SELECT into *out. */
void kl_db_layout_row_read(sqlite3_stmt *stmt, struct kl_db_layout_row *out);

/* Reads the current row of a statement of KL_DB_GROUP_SELECT into *out (names cut to
 * their sizes). */
void kl_db_group_row_read(sqlite3_stmt *stmt, struct kl_db_group_row *out);

#endif
