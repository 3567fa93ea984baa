#include "core/database/reader.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/descent.h"

enum kl_db_open_status kl_db_reader_open(struct kl_db_reader *reader, const char *path, char *detail,
                                         size_t detail_size)
{
    *reader = (struct kl_db_reader){0};
    /* One thread uses a reader at a time: SQLite's mutexes would only cost time. */
    return kl_db_open(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, KL_DB_BUSY_TIMEOUT_MS,
                      &reader->connection, detail, detail_size);
}

enum kl_db_open_status kl_db_reader_open_immutable(struct kl_db_reader *reader, const char *path, char *detail,
                                                   size_t detail_size)
{
    *reader = (struct kl_db_reader){0};
    return kl_db_open_immutable(path, SQLITE_OPEN_NOMUTEX, &reader->connection, detail, detail_size);
}

void kl_db_reader_close(struct kl_db_reader *reader)
{
    sqlite3_finalize(reader->layout);
    for (int m = 0; m < KL_METRIC_COUNT; m++)
        sqlite3_finalize(reader->min_moves[m]);
    sqlite3_finalize(reader->group_by_id);
    sqlite3_finalize(reader->group_by_name);
    sqlite3_close_v2(reader->connection);
    *reader = (struct kl_db_reader){0};
}

/* Steps the statement made once from `sql` (prepared on first use) with one integer or
 * text key.  Returns SQLITE_ROW with the row to read, after which the caller resets the
 * statement; otherwise the statement is reset already, and the result is SQLITE_DONE or
 * the failure's code. */
static int look_up(struct kl_db_reader *reader, sqlite3_stmt **stmt, const char *sql, int64_t number,
                   const char *text)
{
    int rc = SQLITE_OK;
    if (!*stmt)
        rc = sqlite3_prepare_v2(reader->connection, sql, -1, stmt, NULL);
    if (rc != SQLITE_OK)
        return rc;
    if (text)
        rc = sqlite3_bind_text(*stmt, 1, text, -1, SQLITE_STATIC);
    else
        rc = sqlite3_bind_int64(*stmt, 1, number);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(*stmt);
    if (rc != SQLITE_ROW)
        sqlite3_reset(*stmt);
    return rc;
}

int kl_db_reader_layout(struct kl_db_reader *reader, kl_code code, struct kl_db_layout_row *out)
{
    int rc = look_up(reader, &reader->layout, KL_DB_LAYOUT_SELECT, (int64_t)code, NULL);
    if (rc == SQLITE_ROW) {
        kl_db_layout_row_read(reader->layout, out);
        sqlite3_reset(reader->layout);
    }
    return rc;
}

/* A group's row from a statement of KL_DB_GROUP_SELECT that look_up stepped with result
 * rc; as kl_db_reader_group. */
static int read_group(sqlite3_stmt *stmt, int rc, struct kl_db_group_row *out)
{
    if (rc == SQLITE_ROW) {
        kl_db_group_row_read(stmt, out);
        sqlite3_reset(stmt);
    }
    return rc;
}

int kl_db_reader_group(struct kl_db_reader *reader, int64_t group_id, struct kl_db_group_row *out)
{
    int rc = look_up(reader, &reader->group_by_id, KL_DB_GROUP_SELECT "WHERE g.group_id = ?", group_id, NULL);
    return read_group(reader->group_by_id, rc, out);
}

int kl_db_reader_group_named(struct kl_db_reader *reader, const char *name, struct kl_db_group_row *out)
{
    int rc = look_up(reader, &reader->group_by_name, KL_DB_GROUP_SELECT "WHERE g.name = ?", 0, name);
    return read_group(reader->group_by_name, rc, out);
}

int kl_db_reader_min_moves(struct kl_db_reader *reader, kl_code code, enum kl_metric metric, int *moves)
{
    char sql[80];
    snprintf(sql, sizeof sql, "SELECT %s FROM layouts WHERE code = ?", kl_db_min_moves_column(metric));
    sqlite3_stmt **stmt = &reader->min_moves[metric];
    int rc = look_up(reader, stmt, sql, (int64_t)code, NULL);
    *moves = KL_DB_NULL;
    if (rc == SQLITE_ROW) {
        *moves = (int)kl_db_column_or_null(*stmt, 0);
        sqlite3_reset(*stmt);
    }
    return rc;
}

/* A descent's lookups: the reader, the metric, and the first failure's code. */
struct descent {
    struct kl_db_reader *reader;
    enum kl_metric metric;
    int failure; /* SQLITE_OK until a lookup fails */
};

/* The descent's lookup (kl_min_steps_lookup); after a failure, negative for every code,
 * which ends the descent. */
static int descent_min_moves(void *context, kl_code code)
{
    struct descent *descent = context;
    int moves = KL_DB_NULL;
    if (descent->failure == SQLITE_OK) {
        int rc = kl_db_reader_min_moves(descent->reader, code, descent->metric, &moves);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            descent->failure = rc;
    }
    return moves;
}

int kl_db_reader_descend(struct kl_db_reader *reader, kl_code code, int distance, enum kl_metric metric,
                         kl_code *route, bool *descended)
{
    struct descent descent = {reader, metric, SQLITE_OK};
    *descended = kl_descend(code, distance, metric, descent_min_moves, &descent, route);
    return descent.failure;
}

/* The reader behind kl_moves_ranked's lookups, and the first failure of one. */
struct move_lookup {
    struct kl_db_reader *reader;
    enum kl_metric metric;
    int failure; /* SQLITE_OK until a read fails */
};

static void look_up_move(void *context, struct kl_move_outcome *move)
{
    struct move_lookup *lookup = context;
    struct kl_db_layout_row to = {.min_moves = {KL_DB_NULL, KL_DB_NULL, KL_DB_NULL},
                                  .farthest_steps = KL_DB_NULL, .farthest_num = KL_DB_NULL};
    int rc = kl_db_reader_layout(lookup->reader, move->to, &to);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE && lookup->failure == SQLITE_OK)
        lookup->failure = rc;
    move->min_steps = to.min_moves[lookup->metric];
    move->farthest_steps = to.farthest_steps;
    move->farthest_num = to.farthest_num;
}

int kl_db_reader_moves(struct kl_db_reader *reader, kl_code code, enum kl_metric metric,
                       struct kl_move_outcome out[KL_MAX_STEPS], size_t *count)
{
    struct kl_db_layout_row from = {.min_moves = {KL_DB_NULL, KL_DB_NULL, KL_DB_NULL}};
    int found = kl_db_reader_layout(reader, code, &from);
    if (found != SQLITE_ROW && found != SQLITE_DONE)
        return found;
    struct move_lookup lookup = {reader, metric, SQLITE_OK};
    *count = kl_moves_ranked(code, metric, from.min_moves[metric], KL_DB_NULL, look_up_move, &lookup, out);
    return lookup.failure != SQLITE_OK ? lookup.failure : found;
}
