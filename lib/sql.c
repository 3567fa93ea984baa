/* The SQL functions of klotski.h on a SQLite connection, in the manner of SQLite's
 * ext/misc (series.c, uuid.c): scalar functions klotski_code, klotski_int, klotski_board,
 * klotski_short, klotski_id, klotski_mirror, klotski_class, klotski_svg, klotski_version,
 * klotski_min_steps (the layout's min_steps, read from the connection's database), and the
 * table-valued klotski_steps (the steps of a layout, or its moves under a metric named
 * by its second argument) and klotski_members (a group's members, from the database's
 * member lists on the same connection) as eponymous virtual tables.
 *
 * One source, two builds: in libklotski it exports klotski_sql_functions (for the
 * library's own connections and the Python module's); compiled with
 * KLOTSKI_SQLITE_EXTENSION it is the loadable extension klotski_sqlite.so (entry point
 * sqlite3_klotski_init), whose SQLite calls go through the loading program's sqlite3_api
 * (it may have SQLite built in) and whose engine calls go to libklotski.
 *
 * A code argument is text in any form klotski_parse takes (1A9BF0C00, 4WVE1, #4091296,
 * a grid, a board, a classic name in characters or pinyin) or an integer as layouts.code stores it; NULL gives NULL; anything
 * else is an SQL error with the codec's message ("klotski_board: 1A9BF0C01: not a layout
 * code: unused low bits are not zero"). */
#ifdef KLOTSKI_SQLITE_EXTENSION
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1
#else
#include <sqlite3.h>
#endif

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/database/format.h"
#include "lib/internal.h"
#include "lib/klotski.h"

/* What read_code found. */
enum argument { ARGUMENT_CODE, ARGUMENT_NULL, ARGUMENT_BAD };

/* Reads an SQL value as a code: ARGUMENT_CODE with the code in *code, ARGUMENT_NULL, or
 * ARGUMENT_BAD with the reason in message (KLOTSKI_MESSAGE_SIZE bytes). */
static enum argument read_code(sqlite3_value *value, klotski_code *code, char *message)
{
    int result = KLOTSKI_INVALID;
    switch (sqlite3_value_type(value)) {
    case SQLITE_NULL:
        return ARGUMENT_NULL;
    case SQLITE_INTEGER: {
        sqlite3_int64 number = sqlite3_value_int64(value);
        if (number < 0)
            snprintf(message, KLOTSKI_MESSAGE_SIZE, "%lld: not a layout code: negative", (long long)number);
        else
            result = klotski_check((klotski_code)number, message);
        *code = (klotski_code)number;
        break;
    }
    case SQLITE_TEXT:
        result = klotski_parse((const char *)sqlite3_value_text(value), code, message);
        break;
    default:
        snprintf(message, KLOTSKI_MESSAGE_SIZE, "a layout is text or an integer code, not a %s",
                 sqlite3_value_type(value) == SQLITE_BLOB ? "blob" : "real number");
    }
    return result == KLOTSKI_OK ? ARGUMENT_CODE : ARGUMENT_BAD;
}

/* Reads the argument of the SQL function `function` as a code.  Returns true with the
 * code in *code; false after setting the result: NULL for NULL, else the error. */
static bool argument_code(sqlite3_context *context, const char *function, sqlite3_value *value, klotski_code *code)
{
    char message[KLOTSKI_MESSAGE_SIZE];
    switch (read_code(value, code, message)) {
    case ARGUMENT_CODE:
        return true;
    case ARGUMENT_NULL:
        sqlite3_result_null(context);
        return false;
    case ARGUMENT_BAD:
        break;
    }
    char *error = sqlite3_mprintf("%s: %s", function, message);
    sqlite3_result_error(context, error ? error : message, -1);
    sqlite3_free(error);
    return false;
}

/* klotski_version(): the library's version, the project's one (klotski.h). */
static void version_function(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    (void)argc, (void)argv;
    sqlite3_result_text(context, klotski_libversion(), -1, SQLITE_STATIC);
}

/* What each scalar function answers for a legal code. */
enum answer { CODE, INT, BOARD, SHORT, ID, MIRROR, CLASS, SVG };

static const struct scalar {
    const char *name;
    enum answer answer;
} scalars[] = {
    {"klotski_code", CODE},     {"klotski_int", INT},       {"klotski_board", BOARD}, {"klotski_short", SHORT},
    {"klotski_id", ID},         {"klotski_mirror", MIRROR}, {"klotski_class", CLASS},
    {"klotski_svg", SVG},
};

static void scalar_function(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    (void)argc;
    const struct scalar *f = sqlite3_user_data(context);
    klotski_code code;
    if (!argument_code(context, f->name, argv[0], &code))
        return;
    char text[KLOTSKI_BOARD_SIZE];
    uint32_t id;
    struct klotski_class class_of;
    char *svg;
    switch (f->answer) {
    case CODE:
        klotski_format(code, text);
        break;
    case INT:
        sqlite3_result_int64(context, (sqlite3_int64)code);
        return;
    case BOARD:
        klotski_board(code, text);
        break;
    case SHORT:
        klotski_short_code(code, text);
        break;
    case ID:
        klotski_id(code, &id);
        sqlite3_result_int64(context, id);
        return;
    case MIRROR:
        klotski_image(code, KLOTSKI_MIRROR, &code);
        klotski_format(code, text);
        break;
    case CLASS:
        klotski_class(code, &class_of);
        snprintf(text, sizeof text, "%s", class_of.name);
        break;
    case SVG:
        if (klotski_svg(code, &svg) != KLOTSKI_OK) {
            sqlite3_result_error_nomem(context);
            return;
        }
        sqlite3_result_text(context, svg, -1, klotski_free);
        return;
    }
    sqlite3_result_text(context, text, -1, SQLITE_TRANSIENT);
}

/* klotski_min_steps(LAYOUT): the layout's min_steps as the connection's database stores
 * it (layouts.min_steps; NULL when unsolvable), for a layout in any form read_code takes.
 * Not deterministic: the answer is the database's, which another connection may change. */
static void min_steps_function(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    (void)argc;
    klotski_code code;
    if (!argument_code(context, "klotski_min_steps", argv[0], &code))
        return;
    sqlite3 *db = sqlite3_context_db_handle(context);
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, "SELECT min_steps FROM layouts WHERE code = ?", -1, &statement, NULL) != SQLITE_OK) {
        char *error = sqlite3_mprintf("klotski_min_steps: not a klotski database (%s)", sqlite3_errmsg(db));
        sqlite3_result_error(context, error ? error : "klotski_min_steps: not a klotski database", -1);
        sqlite3_free(error);
        return;
    }
    sqlite3_bind_int64(statement, 1, (sqlite3_int64)code);
    int rc = sqlite3_step(statement);
    if (rc == SQLITE_ROW)
        sqlite3_result_value(context, sqlite3_column_value(statement, 0));
    else if (rc == SQLITE_DONE)
        sqlite3_result_error(context, "klotski_min_steps: the layout is not in the database", -1);
    else
        sqlite3_result_error_code(context, rc);
    sqlite3_finalize(statement);
}

/* ---- klotski_steps(LAYOUT [, METRIC]): one row per move ------------------------------ */

/* The table's columns, in its declaration's order; LAYOUT and METRIC are the hidden
 * arguments (METRIC a name of klotski_metric_parse, 'step' when not given). */
enum steps_column { PIECE, FROM_CELL, TO_CELL, DISTANCE, NEXT_CODE, NEXT, LAYOUT, METRIC };

#define STEPS_DECLARATION                                                                  \
    "CREATE TABLE x(piece TEXT, from_cell INTEGER, to_cell INTEGER, distance INTEGER,"     \
    " next_code INTEGER, next TEXT, layout HIDDEN, metric HIDDEN)"

/* The plan's number: which arguments the filter gets (the layout always, first). */
#define PLAN_WITH_METRIC 1

/* A scan of the steps of one layout. */
struct steps_cursor {
    sqlite3_vtab_cursor base;                       /* SQLite's part, first */
    struct klotski_step steps[KLOTSKI_MAX_STEPS];
    int count;
    int index;                                      /* the row the cursor is on */
    klotski_code layout;
    sqlite3_value *layout_given;                    /* the argument as given: the
                                                       hidden column's value, so that
                                                       WHERE layout = it holds */
    enum klotski_metric metric;
};

static int steps_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out,
                         char **error)
{
    (void)aux, (void)argc, (void)argv, (void)error;
    int rc = sqlite3_declare_vtab(db, STEPS_DECLARATION);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    *out = sqlite3_malloc(sizeof **out);
    if (!*out)
        return SQLITE_NOMEM;
    memset(*out, 0, sizeof **out);
    return SQLITE_OK;
}

static int steps_disconnect(sqlite3_vtab *table)
{
    sqlite3_free(table);
    return SQLITE_OK;
}

/* The plan: the layout's equality constraint becomes the filter's first argument, the
 * metric's, when there is one, its second (PLAN_WITH_METRIC); a scan without a layout is
 * refused (there is no table of all steps). */
static int steps_best_index(sqlite3_vtab *table, sqlite3_index_info *info)
{
    int layout = -1, metric = -1;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        if ((c->iColumn != LAYOUT && c->iColumn != METRIC) || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (!c->usable)
            return SQLITE_CONSTRAINT;
        *(c->iColumn == LAYOUT ? &layout : &metric) = i;
    }
    if (layout >= 0) {
        info->aConstraintUsage[layout].argvIndex = 1;
        info->aConstraintUsage[layout].omit = 1;
        if (metric >= 0) {
            info->aConstraintUsage[metric].argvIndex = 2;
            info->aConstraintUsage[metric].omit = 1;
            info->idxNum = PLAN_WITH_METRIC;
        }
        info->estimatedCost = KLOTSKI_MAX_STEPS;
        info->estimatedRows = KLOTSKI_MAX_STEPS / 4;
        return SQLITE_OK;
    }
    sqlite3_free(table->zErrMsg);
    table->zErrMsg = sqlite3_mprintf("klotski_steps: name a layout: SELECT * FROM klotski_steps('1A9BF0C00')");
    return SQLITE_ERROR;
}

static int steps_open(sqlite3_vtab *table, sqlite3_vtab_cursor **out)
{
    (void)table;
    struct steps_cursor *cursor = sqlite3_malloc(sizeof *cursor);
    if (!cursor)
        return SQLITE_NOMEM;
    memset(cursor, 0, sizeof *cursor);
    *out = &cursor->base;
    return SQLITE_OK;
}

static int steps_close(sqlite3_vtab_cursor *base)
{
    sqlite3_value_free(((struct steps_cursor *)base)->layout_given);
    sqlite3_free(base);
    return SQLITE_OK;
}

/* The scan of one layout's moves; its errors go to the table, as virtual tables give
 * them.  A NULL layout or metric gives no rows. */
static int steps_filter(sqlite3_vtab_cursor *base, int plan, const char *plan_text, int argc, sqlite3_value **argv)
{
    (void)plan_text, (void)argc;
    struct steps_cursor *cursor = (struct steps_cursor *)base;
    cursor->count = cursor->index = 0;
    cursor->metric = KLOTSKI_STEP;
    sqlite3_value_free(cursor->layout_given);
    cursor->layout_given = sqlite3_value_dup(argv[0]);
    if (!cursor->layout_given)
        return SQLITE_NOMEM;
    char message[KLOTSKI_MESSAGE_SIZE];
    enum argument layout = read_code(argv[0], &cursor->layout, message);
    if (layout != ARGUMENT_BAD && plan == PLAN_WITH_METRIC) {
        if (sqlite3_value_type(argv[1]) == SQLITE_NULL)
            return SQLITE_OK;
        if (klotski_metric_parse((const char *)sqlite3_value_text(argv[1]), &cursor->metric, message) != KLOTSKI_OK)
            layout = ARGUMENT_BAD;
    }
    switch (layout) {
    case ARGUMENT_CODE:
        klotski_steps_in(cursor->layout, cursor->metric, cursor->steps, &cursor->count);
        return SQLITE_OK;
    case ARGUMENT_NULL:
        return SQLITE_OK;
    case ARGUMENT_BAD:
        break;
    }
    sqlite3_free(base->pVtab->zErrMsg);
    base->pVtab->zErrMsg = sqlite3_mprintf("klotski_steps: %s", message);
    return SQLITE_ERROR;
}

static int steps_next(sqlite3_vtab_cursor *base)
{
    ((struct steps_cursor *)base)->index++;
    return SQLITE_OK;
}

static int steps_eof(sqlite3_vtab_cursor *base)
{
    const struct steps_cursor *cursor = (const struct steps_cursor *)base;
    return cursor->index >= cursor->count;
}

static int steps_column(sqlite3_vtab_cursor *base, sqlite3_context *context, int column)
{
    const struct steps_cursor *cursor = (const struct steps_cursor *)base;
    const struct klotski_step *step = &cursor->steps[cursor->index];
    static const char letters[] = "oHVK"; /* by enum klotski_piece */
    char text[KLOTSKI_CODE_SIZE];
    switch ((enum steps_column)column) {
    case PIECE:
        sqlite3_result_text(context, &letters[step->piece], 1, SQLITE_STATIC);
        break;
    case FROM_CELL:
        sqlite3_result_int(context, step->from);
        break;
    case TO_CELL:
        sqlite3_result_int(context, step->to);
        break;
    case DISTANCE:
        sqlite3_result_int(context, step->distance);
        break;
    case NEXT_CODE:
        sqlite3_result_int64(context, (sqlite3_int64)step->next);
        break;
    case NEXT:
        klotski_format(step->next, text);
        sqlite3_result_text(context, text, -1, SQLITE_TRANSIENT);
        break;
    case LAYOUT:
        sqlite3_result_value(context, cursor->layout_given);
        break;
    case METRIC:
        sqlite3_result_text(context, klotski_metric_name(cursor->metric), -1, SQLITE_STATIC);
        break;
    }
    return SQLITE_OK;
}

static int steps_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = ((const struct steps_cursor *)base)->index + 1;
    return SQLITE_OK;
}

/* xCreate NULL: an eponymous-only table, named by its function. */
static sqlite3_module steps_module = {
    .xConnect = steps_connect,
    .xBestIndex = steps_best_index,
    .xDisconnect = steps_disconnect,
    .xOpen = steps_open,
    .xClose = steps_close,
    .xFilter = steps_filter,
    .xNext = steps_next,
    .xEof = steps_eof,
    .xColumn = steps_column,
    .xRowid = steps_rowid,
};


/* ---- klotski_members(GROUP): one row per member ------------------------------------ */

/* The table's columns, in its declaration's order; GROUP is the hidden argument. */
enum members_column { MEMBER_CODE, MEMBER_MIN_STEPS, MEMBER_GROUP_INDEX, MEMBER_GROUP };

#define MEMBERS_DECLARATION "CREATE TABLE x(code INTEGER, min_steps INTEGER, group_index INTEGER, \"group\" HIDDEN)"

/* The table: SQLite's part, and the connection whose member lists it reads. */
struct members_table {
    sqlite3_vtab base;
    sqlite3 *connection;
};

/* A walk over one group's members. */
struct members_cursor {
    sqlite3_vtab_cursor base;  /* SQLite's part, first */
    klotski_members *walk;     /* NULL: no rows (a NULL group) */
    klotski_code code;         /* the row the cursor is on */
    int min_steps;
    sqlite3_int64 group_index;
    bool done;
    sqlite3_value *group;      /* the argument as given */
};

static int members_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out,
                           char **error)
{
    (void)aux, (void)argc, (void)argv, (void)error;
    int rc = sqlite3_declare_vtab(db, MEMBERS_DECLARATION);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    struct members_table *table = sqlite3_malloc(sizeof *table);
    if (!table)
        return SQLITE_NOMEM;
    memset(table, 0, sizeof *table);
    table->connection = db;
    *out = &table->base;
    return SQLITE_OK;
}

/* Sets the table's error message; returns SQLITE_ERROR. */
static int members_error(sqlite3_vtab *table, const char *message)
{
    sqlite3_free(table->zErrMsg);
    table->zErrMsg = sqlite3_mprintf("klotski_members: %s", message);
    return SQLITE_ERROR;
}

/* The plan: the group's equality constraint becomes the filter's argument; a scan without
 * one is refused (there is no table of all members but layouts). */
static int members_best_index(sqlite3_vtab *table, sqlite3_index_info *info)
{
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        if (c->iColumn != MEMBER_GROUP || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (!c->usable)
            return SQLITE_CONSTRAINT;
        info->aConstraintUsage[i].argvIndex = 1;
        info->aConstraintUsage[i].omit = 1;
        info->estimatedCost = 1000;
        info->estimatedRows = 1000;
        /* The rows come in code order, which is group_index order. */
        if (info->nOrderBy == 1 && !info->aOrderBy[0].desc &&
            (info->aOrderBy[0].iColumn == MEMBER_CODE || info->aOrderBy[0].iColumn == MEMBER_GROUP_INDEX))
            info->orderByConsumed = 1;
        return SQLITE_OK;
    }
    return members_error(table, "name a group: SELECT * FROM klotski_members('5-4-1-1')");
}

static int members_open(sqlite3_vtab *table, sqlite3_vtab_cursor **out)
{
    (void)table;
    struct members_cursor *cursor = sqlite3_malloc(sizeof *cursor);
    if (!cursor)
        return SQLITE_NOMEM;
    memset(cursor, 0, sizeof *cursor);
    *out = &cursor->base;
    return SQLITE_OK;
}

/* Forgets the cursor's walk and argument. */
static void members_reset(struct members_cursor *cursor)
{
    klotski_members_close(cursor->walk);
    sqlite3_value_free(cursor->group);
    cursor->walk = NULL;
    cursor->group = NULL;
    cursor->done = true;
    cursor->group_index = 0;
}

static int members_close(sqlite3_vtab_cursor *base)
{
    members_reset((struct members_cursor *)base);
    sqlite3_free(base);
    return SQLITE_OK;
}

static int members_next(sqlite3_vtab_cursor *base)
{
    struct members_cursor *cursor = (struct members_cursor *)base;
    if (!cursor->done) {
        cursor->group_index++;
        cursor->done = !klotski_members_next(cursor->walk, &cursor->code, &cursor->min_steps);
    }
    return SQLITE_OK;
}

int lib_member_lists_read(sqlite3 *connection, const char *group, klotski_members **walk, char **message)
{
    *walk = NULL;
    *message = NULL;
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(connection, KL_DB_GROUP_LAYERS_SELECT, -1, &stmt, NULL) != SQLITE_OK) {
        *message = sqlite3_mprintf("%s (the member lists are a klotski database's)", sqlite3_errmsg(connection));
        return *message ? KLOTSKI_ERROR : KLOTSKI_NOMEM;
    }
    sqlite3_bind_text(stmt, 1, group, -1, SQLITE_STATIC);
    int result = klotski_members_new(walk), rc = SQLITE_DONE;
    sqlite3_int64 size = -1;
    while (result == KLOTSKI_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        size = sqlite3_column_int64(stmt, 3);
        int depth = sqlite3_column_type(stmt, 0) == SQLITE_NULL ? KLOTSKI_NULL : sqlite3_column_int(stmt, 0);
        const void *blob = sqlite3_column_blob(stmt, 2);
        result = klotski_members_add(*walk, depth, blob, (size_t)sqlite3_column_bytes(stmt, 2),
                                     sqlite3_column_int64(stmt, 1));
    }
    if (result == KLOTSKI_INVALID || (result == KLOTSKI_OK && size >= 0 && size != klotski_members_count(*walk))) {
        /* The loadable extension reaches only klotski.h's calls: the path as SQLite has it. */
        const char *file = sqlite3_db_filename(connection, "main");
        *message = sqlite3_mprintf("a member list is corrupt; rebuild the database with `klotski-build --db %s`",
                                   file && file[0] ? file : "FILE");
        result = KLOTSKI_ERROR;
    } else if (result == KLOTSKI_OK && rc != SQLITE_DONE) {
        *message = sqlite3_mprintf("database error: %s", sqlite3_errmsg(connection));
        result = KLOTSKI_ERROR;
    } else if (result == KLOTSKI_OK && size < 0) {
        *message = sqlite3_mprintf("no such group");
        result = KLOTSKI_NOTFOUND;
    }
    sqlite3_finalize(stmt);
    if (result != KLOTSKI_OK) {
        klotski_members_close(*walk);
        *walk = NULL;
        if (!*message)
            result = KLOTSKI_NOMEM;
    }
    return result;
}

/* The walk over one group's members; a NULL group gives no rows. */
static int members_filter(sqlite3_vtab_cursor *base, int plan, const char *plan_text, int argc, sqlite3_value **argv)
{
    (void)plan, (void)plan_text, (void)argc;
    struct members_cursor *cursor = (struct members_cursor *)base;
    members_reset(cursor);
    switch (sqlite3_value_type(argv[0])) {
    case SQLITE_NULL:
        return SQLITE_OK;
    case SQLITE_TEXT:
        break;
    default:
        return members_error(base->pVtab, "a group is named as text: klotski_members('5-4-1-1')");
    }
    cursor->group = sqlite3_value_dup(argv[0]);
    if (!cursor->group)
        return SQLITE_NOMEM;
    const char *group = (const char *)sqlite3_value_text(cursor->group);
    char *message;
    int result = lib_member_lists_read(((struct members_table *)base->pVtab)->connection, group, &cursor->walk,
                                       &message);
    if (result == KLOTSKI_NOMEM)
        return SQLITE_NOMEM;
    if (result != KLOTSKI_OK) {
        char *line = sqlite3_mprintf("%s: %s", group, message);
        sqlite3_free(message);
        members_error(base->pVtab, line ? line : "out of memory");
        sqlite3_free(line);
        return SQLITE_ERROR;
    }
    cursor->done = !klotski_members_next(cursor->walk, &cursor->code, &cursor->min_steps);
    return SQLITE_OK;
}

static int members_eof(sqlite3_vtab_cursor *base) { return ((struct members_cursor *)base)->done; }

static int members_column(sqlite3_vtab_cursor *base, sqlite3_context *context, int column)
{
    const struct members_cursor *cursor = (const struct members_cursor *)base;
    switch ((enum members_column)column) {
    case MEMBER_CODE:
        sqlite3_result_int64(context, (sqlite3_int64)cursor->code);
        break;
    case MEMBER_MIN_STEPS:
        if (cursor->min_steps == KLOTSKI_NULL)
            sqlite3_result_null(context);
        else
            sqlite3_result_int(context, cursor->min_steps);
        break;
    case MEMBER_GROUP_INDEX:
        sqlite3_result_int64(context, cursor->group_index);
        break;
    case MEMBER_GROUP:
        sqlite3_result_value(context, cursor->group);
        break;
    }
    return SQLITE_OK;
}

static int members_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = ((const struct members_cursor *)base)->group_index + 1;
    return SQLITE_OK;
}

/* xCreate NULL: an eponymous-only table, named by its function. */
static sqlite3_module members_module = {
    .xConnect = members_connect,
    .xBestIndex = members_best_index,
    .xDisconnect = steps_disconnect,
    .xOpen = members_open,
    .xClose = members_close,
    .xFilter = members_filter,
    .xNext = members_next,
    .xEof = members_eof,
    .xColumn = members_column,
    .xRowid = members_rowid,
};

/* Registers every function on db.  Returns SQLite's result code; on a failure, the name
 * of the function that failed in *failed. */
static int register_functions(sqlite3 *db, const char **failed)
{
    for (size_t i = 0; i < sizeof scalars / sizeof *scalars; i++) {
        *failed = scalars[i].name;
        int rc = sqlite3_create_function(db, scalars[i].name, 1,
                                         SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                         (void *)&scalars[i], scalar_function, NULL, NULL);
        if (rc != SQLITE_OK)
            return rc;
    }
    *failed = "klotski_version";
    int rc = sqlite3_create_function(db, *failed, 0, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                                     version_function, NULL, NULL);
    if (rc != SQLITE_OK)
        return rc;
    *failed = "klotski_min_steps";
    rc = sqlite3_create_function(db, *failed, 1, SQLITE_UTF8, NULL, min_steps_function, NULL, NULL);
    if (rc != SQLITE_OK)
        return rc;
    *failed = "klotski_steps";
    rc = sqlite3_create_module(db, *failed, &steps_module, NULL);
    if (rc != SQLITE_OK)
        return rc;
    *failed = "klotski_members";
    return sqlite3_create_module(db, *failed, &members_module, NULL);
}

#ifdef KLOTSKI_SQLITE_EXTENSION
/* The entry point: load_extension(FILE, 'sqlite3_klotski_init'); `.load FILE` finds it
 * as sqlite3_extension_init, the name SQLite tries first.  On a failure *error receives
 * what failed, which SQLite reports and frees. */
__attribute__((visibility("default")))
int sqlite3_klotski_init(sqlite3 *db, char **error, const sqlite3_api_routines *api)
{
    SQLITE_EXTENSION_INIT2(api);
    const char *failed;
    int rc = register_functions(db, &failed);
    if (rc != SQLITE_OK && error)
        *error = sqlite3_mprintf("klotski_sqlite: cannot register %s (libklotski %s): %s", failed,
                                 klotski_libversion(), sqlite3_errmsg(db));
    return rc;
}

__attribute__((visibility("default")))
int sqlite3_extension_init(sqlite3 *db, char **error, const sqlite3_api_routines *api)
{
    return sqlite3_klotski_init(db, error, api);
}
#else
int klotski_sql_functions(struct sqlite3 *connection)
{
    const char *failed;
    return connection ? register_functions(connection, &failed) : SQLITE_MISUSE;
}
#endif
