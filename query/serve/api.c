#include "query/serve/api.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/format.h"
#include "core/rank.h"
#include "query/commands/answers.h"
#include "core/classic.h"
#include "query/input/input.h"
#include "core/json.h"
#include "core/utf8.h"
#include "query/render/html_error.h"
#include "answer/board_value.h"
#include "answer/html_player.h"
#include "answer/pack_values.h"
#include "answer/report.h"
#include "answer/route_value.h"
#include "answer/typed_input.h"
#include "answer/value_json.h"
#include "query/search/solution.h"
#include "query/serve/slow_pool.h"

#define ERROR_SIZE 512
#define ID_ARGUMENT_SIZE 16 /* "#29334497" */
#define NAME_ARGUMENT_SIZE 32
#define API_MAX_LIST 1000           /* rows a list route answers at most (limit=) */
#define API_DEFAULT_MEMBERS 100   /* members a page of /api/members holds unless told */

#define BUSY_RETRY_AFTER_S 1 /* what a 503 of busy slow routes asks the client to wait */

#define JSON_TYPE "application/json; charset=utf-8"
#define HTML_TYPE "text/html; charset=utf-8"

/* The application: its page and assets, compiled in by the Makefile's EMBEDDED list. */
static const char index_html[] =
#include "query/serve/assets/index.html.inc"
    ;
static const char app_css[] =
#include "query/serve/assets/app.css.inc"
    ;
static const char app_js[] =
#include "query/serve/assets/app.js.inc"
    ;
static const char api_js[] =
#include "query/serve/assets/api.js.inc"
    ;

void api_reply_free(struct api_reply *reply)
{
    if (!reply->body_static)
        free(reply->body);
    free(reply->error);
    reply->body = NULL;
    reply->error = NULL;
}

/* A memory stream for a reply's body; reply_end closes it into the reply. */
struct body {
    FILE *stream;
    char *text;
    size_t length;
};

static void body_begin(struct body *b)
{
    *b = (struct body){0};
    b->stream = open_memstream(&b->text, &b->length);
    if (!b->stream)
        out_of_memory();
}

static void reply_end(struct body *b, struct api_reply *reply, unsigned status, const char *type)
{
    fclose(b->stream);
    *reply = (struct api_reply){.status = status, .content_type = type, .body = b->text, .length = b->length};
}

void api_error(struct api_reply *reply, unsigned status, const char *message)
{
    struct body b;
    body_begin(&b);
    fputs("{\"error\":", b.stream);
    kl_json_string(b.stream, message);
    fprintf(b.stream, ",\"status\":%u}\n", status);
    reply_end(&b, reply, status, JSON_TYPE);
    reply->error = xstrdup(message);
}

void api_busy(struct api_reply *reply)
{
    api_error(reply, 503, "busy: the server is answering as many slow requests as it takes; ask again");
    reply->retry_after = BUSY_RETRY_AFTER_S;
}

/* A copy of text (malloc'd) where control bytes and bytes that are not UTF-8 are '?'. */
static char *printable_copy(const char *text)
{
    char *copy = xstrdup(text);
    for (unsigned char *s = (unsigned char *)copy; *s;) {
        size_t length = kl_utf8_length((const char *)s, SIZE_MAX);
        if (length == 0 || (length == 1 && (*s < 0x20 || *s == 0x7F)))
            *s = '?', length = 1;
        s += length;
    }
    return copy;
}

/* Turns an error reply into the page people get: the same status and text as HTML. */
static void page_error(struct api_reply *reply)
{
    struct body b;
    body_begin(&b);
    char *message = printable_copy(reply->error);
    html_error_write(b.stream, reply->status, message);
    free(message);
    unsigned status = reply->status;
    api_reply_free(reply);
    reply_end(&b, reply, status, HTML_TYPE);
    reply->is_page = true;
}

/* The reply for a command's exit status that is not EXIT_ANSWERED. */
static void status_error(struct api_reply *reply, int status, const char *message)
{
    api_error(reply, status == EXIT_NOT_FOUND ? 404 : 400, message[0] ? message : "no answer");
}

/* The value of argument `name`, or NULL when the request has none. */
static const char *argument(const struct api_request *request, const char *name)
{
    for (size_t i = 0; i < request->argument_count; i++)
        if (strcmp(request->names[i], name) == 0)
            return request->values[i];
    return NULL;
}

/* An answer's value as the reply: its JSON (answer/value_json.h) on one line. */
static void value_reply(struct api_reply *reply, const struct answer_value *answer)
{
    struct body b;
    body_begin(&b);
    value_json_answer(b.stream, answer);
    fputc('\n', b.stream);
    reply_end(&b, reply, 200, JSON_TYPE);
}

/* A table's rows as the reply: an array of objects, on one line. */
static void rows_reply(struct api_reply *reply, const struct table *rows)
{
    value_reply(reply, &(struct answer_value){.list = (struct table *)rows});
}

/* Keeps the calling thread's reports in `error` (ERROR_SIZE bytes) until reports_answered,
 * so that an answer function's error becomes the reply's. */
static void reports_kept(char *error) { report_to_buffer(error, ERROR_SIZE); }

/* Sends reports back to stderr; answers the error kept when status is not EXIT_ANSWERED.
 * Returns whether it is. */
static bool reports_answered(int status, const char *error, struct api_reply *reply)
{
    report_to_buffer(NULL, 0);
    if (status != EXIT_ANSWERED)
        status_error(reply, status, error);
    return status == EXIT_ANSWERED;
}

/* Checks argument `name`, when given: a whole number from `min` to `max`, stored in
 * *value (NULL: only checked; left as it is when not given).  Returns false after
 * answering the error. */
static bool number_argument(const struct api_request *request, const char *name, long min, long max,
                            long *value, struct api_reply *reply)
{
    const char *text = argument(request, name);
    if (!text)
        return true;
    char *end, error[ERROR_SIZE];
    errno = 0;
    long number = strtol(text, &end, 10);
    if (*text >= '0' && *text <= '9' && !*end && !errno && number >= min && number <= max) {
        if (value)
            *value = number;
        return true;
    }
    snprintf(error, sizeof error, "%s: %s takes a number from %ld to %ld", text, name, min, max);
    api_error(reply, 400, error);
    return false;
}

/* Reads argument `name` as a LAYOUT and writes it as "#ID", the form that the commands
 * read without looking for a file.  Returns false after answering the error. */
static bool layout_argument(const struct api_request *request, const char *name, char id[ID_ARGUMENT_SIZE],
                            kl_code *code, struct api_reply *reply)
{
    const char *text = argument(request, name);
    char error[ERROR_SIZE];
    if (!text || !*text) {
        snprintf(error, sizeof error, "%s: " INPUT_LAYOUT_MISSING, name);
        api_error(reply, 400, error);
        return false;
    }
    if (!input_layout_typed(text, code, error, sizeof error)) {
        status_error(reply, EXIT_BAD_INPUT, error);
        return false;
    }
    snprintf(id, ID_ARGUMENT_SIZE, "#%lu", (unsigned long)kl_code_to_id(*code));
    return true;
}

/* Whether text is `count` numbers joined by '-' and short: a class (3) or group (4) name. */
static bool is_name_of(const char *text, int count)
{
    return strlen(text) < NAME_ARGUMENT_SIZE && (count == 4 ? input_is_group_name(text) : input_is_class_name(text));
}

/* Reads argument `name` as a GROUP: a group name as it is, else a LAYOUT as "#ID". */
static bool group_argument(const struct api_request *request, const char *name, char out[NAME_ARGUMENT_SIZE],
                           struct api_reply *reply)
{
    const char *text = argument(request, name);
    char *typed = text ? input_normalised(text) : NULL;
    bool is_group_name = typed && is_name_of(typed, 4);
    if (is_group_name)
        snprintf(out, NAME_ARGUMENT_SIZE, "%s", typed);
    free(typed);
    if (is_group_name)
        return true;
    kl_code code;
    return layout_argument(request, name, out, &code, reply);
}

/* The request's layout= looked up with its group.  Returns false after answering the
 * error. */
static bool layout_found(struct db *db, const struct api_request *request, struct kl_db_layout_row *layout,
                         struct kl_db_group_row *group, struct api_reply *reply)
{
    char id[ID_ARGUMENT_SIZE], error[ERROR_SIZE];
    kl_code code;
    if (!layout_argument(request, "layout", id, &code, reply))
        return false;
    reports_kept(error);
    return reports_answered(db_layout_in_group(db, code, layout, group), error, reply);
}

/* A GROUP as group_argument reads it, looked up.  Returns false after answering the
 * error. */
static bool group_found(struct db *db, const char *name, struct kl_db_group_row *group, struct api_reply *reply)
{
    char error[ERROR_SIZE];
    reports_kept(error);
    return reports_answered(input_group(db, name, group), error, reply);
}

/* Reads argument `name` as a CLASS name. */
static bool class_argument(const struct api_request *request, const char *name, struct api_reply *reply)
{
    const char *text = argument(request, name);
    char *typed = text ? input_normalised(text) : NULL;
    bool is_class_name = typed && is_name_of(typed, 3);
    free(typed);
    if (is_class_name)
        return true;
    char error[ERROR_SIZE];
    snprintf(error, sizeof error, "%s: a CLASS is written jiang-bing-style, e.g. 5-4-1", name);
    api_error(reply, 400, error);
    return false;
}

static void answer_layout(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    if (!layout_found(db, request, &layout, &group, reply))
        return;
    struct answer_value answer = {.summary = show_answer(&layout, &group, false)};
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void answer_moves(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    size_t optimal;
    if (!layout_found(db, request, &layout, &group, reply))
        return;
    struct answer_value answer = moves_answer(db, &layout, &group, false, &optimal);
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void answer_solve(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    struct answer_value answer;
    char error[ERROR_SIZE];
    if (!layout_found(db, request, &layout, &group, reply))
        return;
    reports_kept(error);
    if (reports_answered(solve_answer(db, &layout, false, &answer), error, reply)) {
        value_reply(reply, &answer);
        answer_value_free(&answer);
    }
}

static void answer_solutions(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    struct answer_value answer = {0};
    char error[ERROR_SIZE];
    if (!layout_found(db, request, &layout, &group, reply))
        return;
    reports_kept(error);
    if (reports_answered(solutions_answer(db, &layout, &group, &answer), error, reply))
        value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void answer_hint(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    char id[ID_ARGUMENT_SIZE], error[ERROR_SIZE];
    kl_code code;
    long level = 1;
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    struct table *hint;
    if (!layout_argument(request, "layout", id, &code, reply) || !number_argument(request, "level", 1, 3, &level, reply))
        return;
    reports_kept(error);
    int status = db_layout_in_group(db, code, &layout, &group);
    if (status == EXIT_ANSWERED)
        status = hint_answer(db, &layout, level, &hint);
    if (reports_answered(status, error, reply)) {
        value_reply(reply, &(struct answer_value){.summary = hint});
        table_free(hint);
    }
}

/* check: the attempt's LAYOUTs in one argument (answer/typed_input.h's
 * input_attempt_typed), each on the line of its place (from 1). */
static void answer_check(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    const char *attempt = argument(request, "attempt");
    struct input_list list = {0};
    char error[ERROR_SIZE];
    if (!input_attempt_typed(attempt ? attempt : "", &list.codes, &list.count, error, sizeof error)) {
        status_error(reply, EXIT_BAD_INPUT, error);
        return;
    }
    list.lines = xcalloc(list.count, sizeof *list.lines);
    for (size_t i = 0; i < list.count; i++)
        list.lines[i] = (int)i + 1;
    struct answer_value answer;
    reports_kept(error);
    if (reports_answered(check_answer(db, &list, false, &answer), error, reply)) {
        value_reply(reply, &answer);
        answer_value_free(&answer);
    }
    input_list_free(&list);
}

static void answer_names(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct table *list;
    char error[ERROR_SIZE];
    reports_kept(error);
    if (reports_answered(names_answer(db, argument(request, "section"), &list), error, reply)) {
        rows_reply(reply, list);
        table_free(list);
    }
}

static void answer_path(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    char id[ID_ARGUMENT_SIZE], error[ERROR_SIZE];
    kl_code from, to, *route;
    size_t length;
    if (!layout_argument(request, "from", id, &from, reply) || !layout_argument(request, "to", id, &to, reply))
        return;
    reports_kept(error);
    if (reports_answered(path_answer(db, from, to, &route, &length), error, reply)) {
        struct answer_value answer = route_value(route, length, db_metric(db), false);
        value_reply(reply, &answer);
        answer_value_free(&answer);
        free(route);
    }
}

static void answer_group(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct kl_db_group_row group;
    char name[NAME_ARGUMENT_SIZE];
    if (!group_argument(request, "group", name, reply) || !group_found(db, name, &group, reply))
        return;
    struct answer_value answer = group_facts_answer(db, &group, false);
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void answer_farthest(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    char name[NAME_ARGUMENT_SIZE], error[ERROR_SIZE], headline[FARTHEST_HEADLINE_SIZE];
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    struct answer_value answer = {0};
    int status;
    if (argument(request, "group") && argument(request, "layout")) {
        api_error(reply, 400, "farthest: give layout or group, not both");
        return;
    }
    if (!argument(request, "group")) {
        if (!layout_found(db, request, &layout, &group, reply))
            return;
        reports_kept(error);
        status = farthest_answer(db, &layout, &group, 0, &answer, headline);
    } else {
        if (!group_argument(request, "group", name, reply) || !group_found(db, name, &group, reply))
            return;
        reports_kept(error);
        status = farthest_group_answer(db, &group, false, 0, &answer, headline);
    }
    if (reports_answered(status, error, reply))
        value_reply(reply, &answer);
    answer_value_free(&answer);
}

/* hardest: over the whole database, a class or a group, API_MAX_LIST rows at most. */
static void answer_hardest(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    char group[NAME_ARGUMENT_SIZE], error[ERROR_SIZE];
    const char *class_name = argument(request, "class");
    long limit = HARDEST_DEFAULT_LIMIT;
    struct table *rows;
    if (class_name && argument(request, "group")) {
        api_error(reply, 400, "hardest: give class or group, not both");
        return;
    }
    if (!number_argument(request, "limit", 1, API_MAX_LIST, &limit, reply) ||
        (class_name && !class_argument(request, "class", reply)) ||
        (argument(request, "group") && !group_argument(request, "group", group, reply)))
        return;
    reports_kept(error);
    if (reports_answered(hardest_answer(db, class_name, argument(request, "group") ? group : NULL, limit, false, &rows),
                         error, reply)) {
        rows_reply(reply, rows);
        table_free(rows);
    }
}

/* group --members: a page of a group's members, API_MAX_LIST at most. */
static void answer_members(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    struct kl_db_group_row group;
    struct group_members page = {.depth = DB_NULL, .limit = API_DEFAULT_MEMBERS};
    struct table *list;
    char name[NAME_ARGUMENT_SIZE], error[ERROR_SIZE];
    long depth = DB_NULL;
    if (!group_argument(request, "group", name, reply) ||
        !number_argument(request, "limit", 1, API_MAX_LIST, &page.limit, reply) ||
        !number_argument(request, "offset", 0, KL_LAYOUT_COUNT, &page.offset, reply) ||
        !number_argument(request, "depth", 0, KL_DB_UNSOLVABLE, &depth, reply) ||
        !group_found(db, name, &group, reply))
        return;
    page.depth = (int)depth;
    reports_kept(error);
    if (reports_answered(group_members_answer(db, &page, &group, false, &list), error, reply)) {
        rows_reply(reply, list);
        table_free(list);
    }
}

static void answer_stats(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    static const char *const tables[] = {"summary", "classes", "groups", "depths"};
    const char *table = argument(request, "table"), *class_name = argument(request, "class");
    size_t i = 0;
    while (table && i < sizeof tables / sizeof *tables && strcmp(tables[i], table) != 0)
        i++;
    if (!table || i == sizeof tables / sizeof *tables)
        api_error(reply, 400, "table: one of summary, classes, groups, depths");
    else if (!class_name || class_argument(request, "class", reply)) {
        char error[ERROR_SIZE];
        struct table *rows;
        reports_kept(error);
        if (reports_answered(stats_answer(db, tables[i], class_name, &rows), error, reply)) {
            rows_reply(reply, rows);
            table_free(rows);
        }
    }
}

static void answer_board(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    (void)db;
    const char *cells = argument(request, "board"), *layout = argument(request, "layout");
    char error[ERROR_SIZE] = "";
    kl_code code = 0;
    if (!cells == !layout) {
        api_error(reply, 400, "board: give board (20 cells of K H V o .) or layout, one of them");
        return;
    }
    input_board_verdict(cells, layout, &code, error, sizeof error);
    struct answer_value answer = {.summary = board_value(code, error[0] ? error : NULL)};
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

/* solve --html: the player page of a minimal solution under metric= (steps unless told). */
static void answer_play(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    char id[ID_ARGUMENT_SIZE], error[ERROR_SIZE];
    kl_code code;
    if (!layout_argument(request, "layout", id, &code, reply))
        return;
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    report_to_buffer(error, sizeof error);
    int status = db_layout_in_group(db, code, &layout, &group);
    kl_code *route = status == EXIT_ANSWERED ? solution_route(db, &layout, &status) : NULL;
    report_to_buffer(NULL, 0);
    if (!route) {
        status_error(reply, status, error);
        return;
    }
    struct body b;
    body_begin(&b);
    char names[KL_CLASSIC_NAMES_SIZE];
    html_player_solution(b.stream, route, (size_t)layout.min_moves[db_metric(db)] + 1, db_metric(db),
                         kl_classic_names_of(code, names) ? names : NULL);
    free(route);
    reply_end(&b, reply, 200, HTML_TYPE);
    reply->is_page = true;
}

/* An asset of the application. */
static void asset(struct api_reply *reply, const char *text, size_t length, const char *type)
{
    *reply = (struct api_reply){.status = 200, .content_type = type, .body = (char *)text, .length = length,
                                .body_static = true, .is_page = true};
}

static void answer_index(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    (void)db, (void)request;
    asset(reply, index_html, sizeof index_html - 1, HTML_TYPE);
}

static void answer_css(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    (void)db, (void)request;
    asset(reply, app_css, sizeof app_css - 1, "text/css; charset=utf-8");
}

static void answer_js(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    (void)db, (void)request;
    asset(reply, app_js, sizeof app_js - 1, "text/javascript; charset=utf-8");
}

static void answer_api_js(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    (void)db, (void)request;
    asset(reply, api_js, sizeof api_js - 1, "text/javascript; charset=utf-8");
}

/* ---- The routes a pack answers (api_answer_pack): the values of the page with no
 * server (answer/pack_values.h), the metric from the request's metric=. ---- */

/* The request's metric= (metric_chosen checked it; step when not given). */
static enum kl_metric request_metric(const struct api_request *request)
{
    enum kl_metric metric = KL_METRIC_STEP;
    const char *name = argument(request, "metric");
    if (name)
        kl_metric_parse(name, &metric);
    return metric;
}

/* The reply for a pack's status that is not KL_PACK_OK about `subject`: 404 for what it
 * does not hold, else 500 with its reader's message. */
static void pack_status_error(struct api_reply *reply, struct kl_pack *pack, enum kl_pack_status status,
                              const char *subject)
{
    char error[ERROR_SIZE];
    const char *message = kl_pack_message(pack);
    if (status == KL_PACK_UNSOLVABLE)
        snprintf(error, sizeof error, "%s: " REPORT_UNSOLVABLE, subject);
    else if (status == KL_PACK_MISSING)
        snprintf(error, sizeof error, "%s: the pack holds no straight or unit moves (its metrics part)", subject);
    else
        snprintf(error, sizeof error, "%s: %s", subject, message[0] ? message : kl_pack_status_text(status));
    api_error(reply, status == KL_PACK_INVALID || status == KL_PACK_UNSOLVABLE || status == KL_PACK_MISSING ? 404 : 500,
              error);
}

/* The request's layout= found in the pack, with its min steps and group.  Returns false
 * after answering the error. */
static bool pack_layout_found(struct kl_pack *pack, const struct api_request *request, kl_code *code, int *steps,
                              struct kl_pack_group *group, struct api_reply *reply)
{
    char id[ID_ARGUMENT_SIZE];
    if (!layout_argument(request, "layout", id, code, reply))
        return false;
    enum kl_pack_status found = pack_layout_find(pack, *code, steps, group);
    if (found != KL_PACK_OK)
        pack_status_error(reply, pack, found, argument(request, "layout"));
    return found == KL_PACK_OK;
}

static void pack_layout(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    kl_code code;
    int steps;
    struct kl_pack_group group;
    struct table *row;
    if (!pack_layout_found(pack, request, &code, &steps, &group, reply))
        return;
    enum kl_pack_status found = pack_layout_value(pack, code, steps, &group, kl_pack_has_metrics(pack), NULL, &row);
    if (found != KL_PACK_OK) {
        pack_status_error(reply, pack, found, argument(request, "layout"));
        return;
    }
    struct answer_value answer = {.summary = row};
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void pack_moves(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    kl_code code;
    int steps;
    struct kl_pack_group group;
    struct answer_value answer;
    if (!pack_layout_found(pack, request, &code, &steps, &group, reply))
        return;
    enum kl_pack_status ranked = pack_moves_value(pack, code, group.name, request_metric(request), NULL, NULL, &answer);
    if (ranked != KL_PACK_OK) {
        pack_status_error(reply, pack, ranked, argument(request, "layout"));
        return;
    }
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

/* A minimal solution of the request's layout= under its metric=: *route (free it) of
 * *count codes.  Returns false after answering the error. */
static bool pack_solved(struct kl_pack *pack, const struct api_request *request, kl_code **route, int *count,
                        struct api_reply *reply)
{
    char id[ID_ARGUMENT_SIZE], hex[KL_CODE_TEXT_SIZE];
    kl_code code;
    if (!layout_argument(request, "layout", id, &code, reply))
        return false;
    enum kl_pack_status solved = pack_solution(pack, code, request_metric(request), route, count);
    kl_code_format(code, hex);
    if (solved != KL_PACK_OK)
        pack_status_error(reply, pack, solved, hex);
    return solved == KL_PACK_OK;
}

static void pack_solve(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    kl_code *route;
    int count;
    if (!pack_solved(pack, request, &route, &count, reply))
        return;
    struct answer_value answer = route_value(route, (size_t)count, request_metric(request), false);
    free(route);
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void pack_play(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    kl_code *route;
    int count;
    if (!pack_solved(pack, request, &route, &count, reply))
        return;
    struct body b;
    body_begin(&b);
    char names[KL_CLASSIC_NAMES_SIZE];
    html_player_solution(b.stream, route, (size_t)count, request_metric(request),
                         kl_classic_names_of(route[0], names) ? names : NULL);
    free(route);
    reply_end(&b, reply, 200, HTML_TYPE);
    reply->is_page = true;
}

/* /api/group: a group name, else a LAYOUT's group. */
static void pack_group(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    char name[NAME_ARGUMENT_SIZE];
    struct kl_pack_group group;
    if (!group_argument(request, "group", name, reply))
        return;
    enum kl_pack_status found;
    if (name[0] == '#') {
        kl_code code;
        int steps;
        input_layout_typed(name, &code, NULL, 0);
        found = pack_layout_find(pack, code, &steps, &group);
    } else
        found = kl_pack_group_named(pack, name, &group);
    if (found != KL_PACK_OK) {
        pack_status_error(reply, pack, found, name);
        return;
    }
    struct answer_value answer;
    if ((found = pack_group_answer(pack, &group, kl_pack_has_lists(pack), &answer)) != KL_PACK_OK) {
        pack_status_error(reply, pack, found, name);
        return;
    }
    value_reply(reply, &answer);
    answer_value_free(&answer);
}

static void pack_names(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    struct table *rows;
    enum kl_pack_status status = pack_names_value(pack, request_metric(request), &rows);
    if (status != KL_PACK_OK) {
        pack_status_error(reply, pack, status, "names");
        return;
    }
    rows_reply(reply, rows);
    table_free(rows);
}

/* What a route's work costs. */
enum route_cost {
    LOCAL, /* needs no database: the application's files, a board's verdict */
    FAST,  /* a few lookups */
    SLOW,  /* grows with a group or the database (a search on demand, a long list) */
};

/* One route: its path, the arguments it takes, its answer, its cost, and its answer from
 * a pack (NULL: the pack cannot give it; a LOCAL route needs neither). */
struct route {
    const char *path;
    const char *arguments[API_MAX_ARGUMENTS + 1]; /* NULL-terminated */
    void (*answer)(struct db *db, const struct api_request *request, struct api_reply *reply);
    enum route_cost cost;
    void (*from_pack)(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply);
};

static const struct route routes[] = {
    {"/", {"layout", "edit", "metric", "lang", NULL}, answer_index, LOCAL, NULL},
    {"/app.css", {NULL}, answer_css, LOCAL, NULL},
    {"/app.js", {NULL}, answer_js, LOCAL, NULL},
    {"/api.js", {NULL}, answer_api_js, LOCAL, NULL},
    {"/play", {"layout", "metric", NULL}, answer_play, FAST, pack_play},
    {"/api/layout", {"layout", NULL}, answer_layout, FAST, pack_layout},
    {"/api/moves", {"layout", "metric", NULL}, answer_moves, FAST, pack_moves},
    {"/api/solve", {"layout", "metric", NULL}, answer_solve, FAST, pack_solve},
    {"/api/path", {"from", "to", "metric", NULL}, answer_path, SLOW, NULL},
    {"/api/group", {"group", NULL}, answer_group, FAST, pack_group},
    {"/api/farthest", {"layout", "group", NULL}, answer_farthest, SLOW, NULL},
    {"/api/hardest", {"group", "class", "limit", "metric", NULL}, answer_hardest, SLOW, NULL},
    {"/api/solutions", {"layout", NULL}, answer_solutions, SLOW, NULL},
    {"/api/hint", {"layout", "level", "metric", NULL}, answer_hint, FAST, NULL},
    {"/api/check", {"attempt", "metric", NULL}, answer_check, FAST, NULL},
    {"/api/members", {"group", "depth", "offset", "limit", NULL}, answer_members, SLOW, NULL},
    {"/api/names", {"section", "metric", NULL}, answer_names, FAST, pack_names},
    {"/api/stats", {"table", "class", "metric", NULL}, answer_stats, SLOW, NULL},
    {"/api/board", {"board", "layout", NULL}, answer_board, LOCAL, NULL},
};

/* Whether every argument of the request is one the route takes, once.  Answers the
 * error when not. */
static bool arguments_known(const struct route *route, const struct api_request *request, struct api_reply *reply)
{
    char error[ERROR_SIZE];
    for (size_t i = 0; i < request->argument_count; i++) {
        const char *const *known = route->arguments;
        while (*known && strcmp(*known, request->names[i]) != 0)
            known++;
        if (!*known || argument(request, request->names[i]) != request->values[i]) {
            snprintf(error, sizeof error, "%s: %s argument of %s", request->names[i],
                     *known ? "a repeated" : "not an", route->path);
            api_error(reply, 400, error);
            return false;
        }
    }
    return true;
}

void api_request_start(struct api_request *request, const char *method, const char *path)
{
    *request = (struct api_request){.method = method, .path = path, .text_length = strlen(path)};
}

bool api_request_add(struct api_request *request, const char *name, const char *value)
{
    value = value ? value : "";
    request->text_length += strlen(name) + strlen(value) + 2;
    if (request->argument_count == API_MAX_ARGUMENTS) {
        request->too_many = true;
        return false;
    }
    request->names[request->argument_count] = name;
    request->values[request->argument_count++] = value;
    return true;
}

/* Sets the db's metric (db_metric) to the request's metric= (step, straight or unit; a
 * route that takes none counts steps).  Answers the error when it names no metric. */
static bool metric_chosen(struct db *db, const struct api_request *request,
                          struct api_reply *reply)
{
    const char *name = argument(request, "metric");
    enum kl_metric metric = KL_METRIC_STEP;
    if (name && !kl_metric_parse(name, &metric)) {
        char error[ERROR_SIZE];
        snprintf(error, sizeof error, "metric: '%.64s' is no metric (%s)", name, KL_METRIC_NAMES);
        api_error(reply, 400, error);
        return false;
    }
    if (db)
        db_set_metric(db, metric);
    return true;
}

/* A route's answer to one request, as slow_pool_run hands it to a thread of the pool. */
struct route_work {
    const struct route *route;
    struct db *db;
    const struct api_request *request;
    struct api_reply *reply;
};

static void answer_route_work(void *argument)
{
    const struct route_work *w = argument;
    w->route->answer(w->db, w->request, w->reply);
}

/* Answers the request with its route: one that needs the database 503 without it; a slow
 * one on a thread of the slow pool (slow_pool.h), 503 at once when they are all busy;
 * work that the db's watch stopped is 503 too. */
static void answer_with(const struct route *route, struct db *db, const struct api_request *request,
                        struct api_reply *reply)
{
    if (!db && route->cost != LOCAL) {
        api_error(reply, 503, "the database cannot be opened");
        return;
    }
    if (route->cost != SLOW)
        route->answer(db, request, reply);
    else if (!slow_pool_run(answer_route_work, &(struct route_work){route, db, request, reply})) {
        api_busy(reply);
        return;
    }
    if (db && db_interrupted(db)) {
        api_reply_free(reply);
        api_error(reply, 503, "stopped: the answer took longer than the server's deadline");
    }
}

/* Answers the request with its route from the pack: a LOCAL route as from a database;
 * one the pack cannot give 404, saying what it needs. */
static void answer_from_pack(const struct route *route, struct kl_pack *pack, const struct api_request *request,
                             struct api_reply *reply)
{
    char error[ERROR_SIZE];
    if (route->cost == LOCAL)
        route->answer(NULL, request, reply);
    else if (!route->from_pack) {
        snprintf(error, sizeof error,
                 "%s: needs the database (this server answers from a pack: layout, moves, solve, group, names, "
                 "board, /play); build one with klotski-build and serve it without --pack",
                 route->path);
        api_error(reply, 404, error);
    } else if (argument(request, "section"))
        api_error(reply, 404, "section: needs the database (a pack lists every name)");
    else if (!pack)
        api_error(reply, 503, "the pack cannot be opened (out of memory)");
    else
        route->from_pack(pack, request, reply);
}

/* What answers the requests: a database (NULL when it cannot be opened) or a pack (NULL
 * when it cannot be opened). */
struct source {
    struct db *db;
    struct kl_pack *pack;
    bool is_pack;
};

/* The route of the request's path, if any, from the source. */
static void route_request(const struct source *source, const struct api_request *request, struct api_reply *reply)
{
    struct db *db = source->db;
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++) {
        if (strcmp(routes[i].path, request->path) != 0)
            continue;
        if (!arguments_known(&routes[i], request, reply) || !metric_chosen(db, request, reply))
            return;
        if (source->is_pack)
            answer_from_pack(&routes[i], source->pack, request, reply);
        else {
            answer_with(&routes[i], db, request, reply);
            if (db)
                db_set_metric(db, KL_METRIC_STEP);
        }
        return;
    }
    char error[ERROR_SIZE];
    snprintf(error, sizeof error, "%s: no such page (see /api/ in the README)", request->path);
    api_error(reply, 404, error);
}

bool api_is_slow(const struct api_request *request)
{
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++)
        if (strcmp(routes[i].path, request->path) == 0)
            return routes[i].cost == SLOW;
    return false;
}

/* Whether a path is the API's, whose errors are JSON for programs. */
static bool is_api_path(const char *path) { return strncmp(path, "/api/", 5) == 0; }

/* api_answer and api_answer_pack: the checks every request passes, then its route. */
static void answer_checked(const struct source *source, const struct api_request *request, struct api_reply *reply)
{
    if (strcmp(request->method, "GET") != 0 && strcmp(request->method, "HEAD") != 0)
        api_error(reply, 405, "only GET and HEAD are answered");
    else if (request->text_length > API_MAX_REQUEST_TEXT)
        api_error(reply, 414, "the request is too long");
    else if (request->too_many)
        api_error(reply, 400, "too many arguments");
    else if (request->holds_nul)
        api_error(reply, 400, "a NUL byte (%00) in the request: no path or argument holds one");
    else
        route_request(source, request, reply);
    if (reply->error && !is_api_path(request->path))
        page_error(reply);
}

void api_answer(struct db *db, const struct api_request *request, struct api_reply *reply)
{
    answer_checked(&(struct source){.db = db}, request, reply);
}

void api_answer_pack(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply)
{
    answer_checked(&(struct source){.pack = pack, .is_pack = true}, request, reply);
}
