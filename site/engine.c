/* The engine of the page with no server, compiled to WebAssembly (README.md here): the
 * answers of the serve page's API routes that the pack can give, in the JSON of the
 * commands they stand for (klotski COMMAND --json, same field names), made by the query
 * tool's own code: the typed LAYOUT forms and classic names (answer/typed_input.h), the
 * player page (answer/html_player.h), and the answers' values filled from the pack's
 * facts (site/loader.h) with the fields it holds (answer/pack_values.h, as `klotski
 * serve --pack` fills them; route_value.h, board_value.h) and written by the one JSON
 * writer (answer/value_json.h), as the query tool's and the server's are.
 *
 * The JavaScript side (assets/api.js) writes a request's text into site_request's buffer,
 * calls one site_* route, and reads the answer at site_answer (site_answer_length
 * bytes of UTF-8): the JSON answer when the route returns 0 (EXIT_ANSWERED), else the
 * error line, "SUBJECT: MESSAGE" as the server's API says it, with the status of the
 * command (1 not found, 2 bad input).  One thread; every answer replaces the one before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer/board_value.h"
#include "answer/check_value.h"
#include "answer/hint_value.h"
#include "answer/html_player.h"
#include "answer/members_value.h"
#include "answer/pack_values.h"
#include "answer/report.h"
#include "answer/route_value.h"
#include "answer/search/layers.h"
#include "answer/search/path.h"
#include "answer/typed_input.h"
#include "answer/value_json.h"
#include "core/classic.h"
#include "core/code.h"
#include "core/message.h"
#include "core/pack/format.h"
#include "core/rank.h"
#include "site/loader.h"

#define EXPORT(name) __attribute__((export_name(#name))) name
#define ERROR_SIZE 512

static char *request;      /* the request's text, NUL-terminated */
static size_t request_length, request_size;
static char *answer;       /* the last answer */
static size_t answer_length;
static FILE *answer_stream;

char *EXPORT(site_request)(size_t length)
{
    if (length + 1 > request_size) {
        request = xrealloc(request, length + 1);
        request_size = length + 1;
    }
    request[length] = '\0';
    request_length = length;
    return request;
}

const char *EXPORT(site_answer)(void) { return answer; }

size_t EXPORT(site_answer_length)(void) { return answer_length; }

/* The stream the answer is written to, the last one dropped. */
static FILE *answer_begin(void)
{
    free(answer);
    answer = NULL;
    answer_length = 0;
    answer_stream = open_memstream(&answer, &answer_length);
    if (!answer_stream)
        out_of_memory();
    return answer_stream;
}

static int answer_end(int status)
{
    if (fclose(answer_stream) != 0)
        out_of_memory();
    answer_stream = NULL;
    return status;
}

/* The answer is the error line `message`. */
static int answer_error(int status, const char *message)
{
    fputs(message, answer_begin());
    return answer_end(status);
}

/* Parses the request as a LAYOUT, as the server's routes do; answers the error when it
 * is none. */
static int parsed_layout(kl_code *code)
{
    char error[ERROR_SIZE];
    return input_layout_typed(request, code, error, sizeof error) ? EXIT_ANSWERED : answer_error(EXIT_BAD_INPUT, error);
}

/* The open pack, or NULL with the reason answered. */
static struct kl_pack *pack_or_error(void)
{
    char error[KL_PACK_MESSAGE_SIZE];
    struct kl_pack *pack = site_pack(error);
    if (!pack)
        answer_error(EXIT_BAD_INPUT, error);
    return pack;
}

/* The pack's failure as the answer: its message, as the reader words it, after the
 * pack's name. */
static int pack_error(struct kl_pack *pack, enum kl_pack_status status)
{
    if (status == KL_PACK_MISSING)
        site_pack_wants_metrics();
    const char *message = kl_pack_message(pack);
    char error[ERROR_SIZE];
    snprintf(error, sizeof error, "%s: %s", SITE_PACK_FILE, message[0] ? message : kl_pack_status_text(status));
    return answer_error(status == KL_PACK_INVALID ? EXIT_NOT_FOUND : EXIT_BAD_INPUT, error);
}

/* The metric the page asks in (enum kl_metric's number, api.js's METRIC_NUMBERS), or the
 * error answered when it is none. */
static bool metric_known(int metric)
{
    if (metric >= KL_METRIC_STEP && metric < KL_METRIC_COUNT)
        return true;
    char error[ERROR_SIZE];
    snprintf(error, sizeof error, "metric: %d is no metric (%s)", metric, KL_METRIC_NAMES);
    answer_error(EXIT_BAD_INPUT, error);
    return false;
}

/* The request's layout as the pack knows it. */
struct pack_layout {
    struct kl_pack *pack;
    kl_code code;
    int steps;                  /* KL_PACK_NONE: unsolvable */
    struct kl_pack_group group;
};

/* Fills *l for the request's layout, or answers the error. */
static int pack_layout_read(struct pack_layout *l)
{
    int status = parsed_layout(&l->code);
    if (status != EXIT_ANSWERED)
        return status;
    if (!(l->pack = pack_or_error()))
        return EXIT_BAD_INPUT;
    enum kl_pack_status found = pack_layout_find(l->pack, l->code, &l->steps, &l->group);
    return found == KL_PACK_OK ? EXIT_ANSWERED : pack_error(l->pack, found);
}

/* The answer is the value's JSON (answer/value_json.h), as the server's; the value freed. */
static int value_answer(struct answer_value *value)
{
    value_json_answer(answer_begin(), value);
    answer_value_free(value);
    return answer_end(EXIT_ANSWERED);
}

/* /api/board: board=CELLS (is_cells) or layout=LAYOUT: {"legal":true,...}; an illegal one
 * answers its reason as an error, which assets/api.js turns into {"legal":false,...}. */
int EXPORT(site_board)(int is_cells)
{
    char error[ERROR_SIZE];
    kl_code code;
    if (!input_board_verdict(is_cells ? request : NULL, request, &code, error, sizeof error))
        return answer_error(EXIT_BAD_INPUT, error);
    return value_answer(&(struct answer_value){.summary = board_value(code, NULL)});
}

/* /api/layout: show --json, the fields the pack knows; min_straight_moves and
 * min_unit_moves only `with_metrics` (else left out: the page's first answer comes before
 * the pack's metrics part is downloaded). */
int EXPORT(site_layout)(int with_metrics)
{
    struct pack_layout l;
    int status = pack_layout_read(&l);
    if (status != EXIT_ANSWERED)
        return status;
    struct table *row;
    enum kl_pack_status found = pack_layout_value(l.pack, l.code, l.steps, &l.group, with_metrics, &row);
    if (found != KL_PACK_OK)
        return pack_error(l.pack, found);
    return value_answer(&(struct answer_value){.summary = row});
}

/* /api/moves: moves --json under `metric` (farthest_steps and farthest_num: not in the
 * pack), each min_steps counting in that metric, as the command's. */
int EXPORT(site_moves)(int metric)
{
    struct pack_layout l;
    int status = metric_known(metric) ? pack_layout_read(&l) : EXIT_BAD_INPUT;
    if (status != EXIT_ANSWERED)
        return status;
    struct answer_value value;
    enum kl_pack_status ranked = pack_moves_value(l.pack, l.code, l.group.name, (enum kl_metric)metric, &value);
    if (ranked != KL_PACK_OK)
        return pack_error(l.pack, ranked);
    return value_answer(&value);
}

/* The answer is that `code` is unsolvable, as the query tool words it. */
static int unsolvable_error(kl_code code)
{
    char hex[KL_CODE_TEXT_SIZE], error[ERROR_SIZE];
    kl_code_format(code, hex);
    snprintf(error, sizeof error, "%s: " REPORT_UNSOLVABLE, hex);
    return answer_error(EXIT_NOT_FOUND, error);
}

/* A minimal solution under `metric` of the request's layout into *route (malloc'd),
 * *count codes, or the error answered. */
static int solution(int metric, kl_code *code, kl_code **route, int *count)
{
    int status = metric_known(metric) ? parsed_layout(code) : EXIT_BAD_INPUT;
    if (status != EXIT_ANSWERED)
        return status;
    struct kl_pack *pack = pack_or_error();
    if (!pack)
        return EXIT_BAD_INPUT;
    enum kl_pack_status solved = pack_solution(pack, *code, (enum kl_metric)metric, route, count);
    if (solved == KL_PACK_OK)
        return EXIT_ANSWERED;
    return solved == KL_PACK_UNSOLVABLE ? unsolvable_error(*code) : pack_error(pack, solved);
}

/* /api/solve: solve --json, under `metric`. */
int EXPORT(site_solve)(int metric)
{
    kl_code code, *route;
    int count, status = solution(metric, &code, &route, &count);
    if (status != EXIT_ANSWERED)
        return status;
    struct answer_value value = route_value(route, (size_t)count, (enum kl_metric)metric, false);
    free(route);
    return value_answer(&value);
}

/* /play: the player page of a minimal solution under `metric` (solve --html). */
int EXPORT(site_play)(int metric)
{
    kl_code code, *route;
    int count, status = solution(metric, &code, &route, &count);
    if (status != EXIT_ANSWERED)
        return status;
    char names[KL_CLASSIC_NAMES_SIZE];
    html_player_solution(answer_begin(), route, (size_t)count, (enum kl_metric)metric,
                         kl_classic_names_of(code, names) ? names : NULL);
    free(route);
    return answer_end(EXIT_ANSWERED);
}

/* /api/hint: hint --json --level `level` (1 to 3; assets/api.js words the server's error
 * for another) under
 * `metric`, its step the first of the moves ranked best first, as the command's. */
int EXPORT(site_hint)(int level, int metric)
{
    if (level < HINT_LEVEL_BAND || level > HINT_LEVEL_STEP) {
        char error[ERROR_SIZE];
        snprintf(error, sizeof error, "level: takes 1, 2 or 3, not %d", level);
        return answer_error(EXIT_BAD_INPUT, error);
    }
    struct pack_layout l;
    int status = metric_known(metric) ? pack_layout_read(&l) : EXIT_BAD_INPUT;
    if (status != EXIT_ANSWERED)
        return status;
    struct kl_move_outcome moves[KL_MAX_STEPS];
    int count, min_moves;
    enum kl_pack_status ranked = kl_pack_moves_in(l.pack, l.code, (enum kl_metric)metric, moves, &count, &min_moves);
    if (ranked != KL_PACK_OK)
        return pack_error(l.pack, ranked);
    if (min_moves == KL_PACK_NONE)
        return unsolvable_error(l.code);
    struct answer_value value = {.summary = hint_value(l.code, min_moves, level, moves)};
    return value_answer(&value);
}

/* /api/check: check --json under `metric`, the request the attempt's LAYOUTs separated
 * by commas, blanks or line ends (answer/typed_input.h), each on the line of its place. */
int EXPORT(site_check)(int metric)
{
    kl_code *codes;
    size_t count;
    char error[ERROR_SIZE];
    if (!metric_known(metric))
        return EXIT_BAD_INPUT;
    if (!input_attempt_typed(request, &codes, &count, error, sizeof error))
        return answer_error(EXIT_BAD_INPUT, error);
    struct kl_pack *pack = pack_or_error();
    struct check_value c;
    check_value_begin(&c, (enum kl_metric)metric, false);
    int status = pack ? EXIT_ANSWERED : EXIT_BAD_INPUT;
    for (size_t i = 0; i < count && status == EXIT_ANSWERED; i++) {
        struct kl_move_outcome moves[KL_MAX_STEPS];
        int moves_count = 0, min_moves, before_min;
        enum kl_pack_status found = kl_pack_min_moves(pack, codes[i], (enum kl_metric)metric, &min_moves);
        if (found == KL_PACK_OK && i > 0)
            found = kl_pack_moves_in(pack, codes[i - 1], (enum kl_metric)metric, moves, &moves_count, &before_min);
        char step_error[CHECK_ERROR_SIZE];
        if (found != KL_PACK_OK)
            status = pack_error(pack, found);
        else if (!check_value_add(&c, codes[i], (int)i + 1, min_moves, moves, (size_t)moves_count, step_error))
            status = answer_error(EXIT_BAD_INPUT, step_error);
    }
    free(codes);
    if (status != EXIT_ANSWERED) {
        check_value_drop(&c);
        return status;
    }
    struct answer_value value = check_value_end(&c);
    return value_answer(&value);
}

/* /api/group: group --json, the facts the pack holds (no depth histogram); the request a
 * group name or a LAYOUT. */
int EXPORT(site_group)(void)
{
    struct kl_pack *pack = pack_or_error();
    if (!pack)
        return EXIT_BAD_INPUT;
    struct pack_layout l;
    if (kl_pack_group_named(pack, request, &l.group) != KL_PACK_OK) {
        int status = pack_layout_read(&l);
        if (status != EXIT_ANSWERED)
            return status;
    }
    return value_answer(&(struct answer_value){.summary = pack_group_value(&l.group)});
}

/* /api/names: names --json as an array, each classic name with its layout's min moves
 * under `metric` (its group left out: the page lists none, and each would cost a group
 * block). */
int EXPORT(site_names)(int metric)
{
    struct kl_pack *pack = metric_known(metric) ? pack_or_error() : NULL;
    if (!pack)
        return EXIT_BAD_INPUT;
    struct table *t;
    enum kl_pack_status status = pack_names_value(pack, (enum kl_metric)metric, &t);
    if (status != KL_PACK_OK)
        return pack_error(pack, status);
    return value_answer(&(struct answer_value){.list = t});
}

/* The import that shows a long search's progress in the page (assets/engine.js): `done`
 * of `total` layouts searched. */
__attribute__((import_module("site"), import_name("progress"))) void site_progress(uint32_t done, uint32_t total);

/* A search's progress, for the page: the count the search keeps current, and what it
 * rises to. */
struct search_progress {
    const size_t *done; /* layouts searched so far, as the search counts them */
    size_t scale;       /* how many times the search counts each layout */
    size_t total;       /* layouts in the group */
};

/* The watch of the page's searches: never stops one, shows its progress. */
static bool show_progress(void *context)
{
    const struct search_progress *p = context;
    site_progress((uint32_t)(*p->done / p->scale), (uint32_t)p->total);
    return false;
}

/* The answer is that the request's `argument` is missing, as the server words it. */
static int missing_argument(const char *argument)
{
    char error[ERROR_SIZE];
    snprintf(error, sizeof error, "%s: " INPUT_LAYOUT_MISSING, argument);
    return answer_error(EXIT_BAD_INPUT, error);
}

/* The request read as the server reads a GROUP (query/serve/api.c): a group's name,
 * into *name (malloc'd; free it), or else a LAYOUT, into *code (*name NULL); or the error
 * answered. */
static int group_text(char **name, kl_code *code)
{
    *name = NULL;
    if (!request[0])
        return missing_argument("group");
    char *typed = input_normalised(request);
    if (input_is_group_name(typed) && strlen(typed) < KL_PACK_GROUP_NAME_SIZE) {
        *name = typed;
        return EXIT_ANSWERED;
    }
    free(typed);
    return parsed_layout(code);
}

/* The group of group_text's name or code from the pack, or the error answered. */
static int group_found(const char *name, kl_code code, struct kl_pack **pack, struct kl_pack_group *group)
{
    if (!(*pack = pack_or_error()))
        return EXIT_BAD_INPUT;
    if (!name) {
        int steps;
        enum kl_pack_status found = pack_layout_find(*pack, code, &steps, group);
        return found == KL_PACK_OK ? EXIT_ANSWERED : pack_error(*pack, found);
    }
    if (kl_pack_group_named(*pack, name, group) == KL_PACK_OK)
        return EXIT_ANSWERED;
    char error[ERROR_SIZE];
    kl_message_line(error, sizeof error, name, "no such group");
    return answer_error(EXIT_NOT_FOUND, error);
}

/* The pack's residues under a metric, as member_layers_from_residues asks for them: the
 * first failure kept (a chunk not yet inflated, which the page then inflates). */
struct pack_residues {
    struct kl_pack *pack;
    enum kl_metric metric;
    enum kl_pack_status status;
};

static int pack_residue(void *context, kl_code code)
{
    struct pack_residues *r = context;
    int residue;
    enum kl_pack_status status = kl_pack_metric_residue(r->pack, r->metric, kl_code_to_id(code), &residue);
    if (status == KL_PACK_OK && residue != KL_PACK_RESIDUE_UNSOLVABLE)
        return residue;
    if (r->status == KL_PACK_OK)
        r->status = status == KL_PACK_OK ? KL_PACK_CORRUPT : status;
    return -1;
}

/* The layers of `group` under `metric` (answer/search/layers.h) into *layers, from the
 * pack's residues, the page's progress line shown meanwhile; or the error answered. */
static int group_layers(struct kl_pack *pack, const struct kl_pack_group *group, enum kl_metric metric,
                        struct member_layers *layers)
{
    int member_depth;
    enum kl_pack_status status = kl_pack_min_moves(pack, group->min_code, metric, &member_depth);
    if (status != KL_PACK_OK)
        return pack_error(pack, status);
    struct pack_residues residues = {pack, metric, KL_PACK_OK};
    struct search_progress progress = {&layers->searched, 2, group->size};
    if (member_layers_from_residues(layers, group->min_code, member_depth, group->size, pack_residue, &residues,
                                    &(struct search_watch){show_progress, &progress}))
        return EXIT_ANSWERED;
    return pack_error(pack, residues.status != KL_PACK_OK ? residues.status : KL_PACK_CORRUPT);
}

/* /api/members: group --members --json --depth `depth` (MEMBERS_ANY_DEPTH: any) --offset
 * `offset` --limit `limit`, the request a group's name or a LAYOUT: the page of its
 * members, found by a search of the group (answer/search/layers.h).  assets/api.js
 * checks the numbers as the server does and gives its defaults; the server checks the
 * group's text before them, so limit 0 asks for that check alone (the answer "[]" when
 * the text is a group's name or a LAYOUT). */
int EXPORT(site_members)(int depth, int offset, int limit)
{
    char *name;
    kl_code code;
    int status = group_text(&name, &code);
    if (status != EXIT_ANSWERED || limit == 0) {
        free(name);
        return status != EXIT_ANSWERED ? status : value_answer(&(struct answer_value){.list = table_new(members_columns)});
    }
    struct kl_pack *pack;
    struct kl_pack_group group;
    if (depth < MEMBERS_ANY_DEPTH || offset < 0 || limit < 0)
        status = answer_error(EXIT_BAD_INPUT, "members: a depth from -1, an offset from 0 and a limit from 0");
    else
        status = group_found(name, code, &pack, &group);
    free(name);
    if (status != EXIT_ANSWERED)
        return status;
    char reason[MEMBERS_REASON_SIZE], error[ERROR_SIZE];
    if (!members_depth_held(group.max_min_steps, depth, reason)) {
        kl_message_line(error, sizeof error, group.name, reason);
        return answer_error(EXIT_NOT_FOUND, error);
    }
    struct member_layers layers;
    if ((status = group_layers(pack, &group, KL_METRIC_STEP, &layers)) != EXIT_ANSWERED)
        return status;
    struct table *t = table_new(members_columns);
    struct members_page page = {depth, (size_t)offset, (size_t)limit};
    members_value_add(t, group.name, &page, layers.count, layers.depth, NULL, layers.codes);
    member_layers_free(&layers);
    return value_answer(&(struct answer_value){.list = t});
}

/* /api/path: path --json under `metric`, the request FROM and TO (each a LAYOUT)
 * separated by a NUL byte (a LAYOUT may span lines, as a board does; none holds a NUL):
 * a shortest path, found by a breadth-first search from FROM that stops at the distance
 * of TO, as the query tool's (query/commands/path.c). */
int EXPORT(site_path)(int metric)
{
    const char *to_text = request + strlen(request) + 1;
    if (to_text > request + request_length)
        to_text = "";
    if (!metric_known(metric))
        return EXIT_BAD_INPUT;
    if (!request[0])
        return missing_argument("from");
    struct pack_layout from, to;
    int status = pack_layout_read(&from);
    if (status != EXIT_ANSWERED)
        return status;
    if (!to_text[0])
        return missing_argument("to");
    memmove(request, to_text, strlen(to_text) + 1);
    if ((status = pack_layout_read(&to)) != EXIT_ANSWERED)
        return status;
    char hex_from[KL_CODE_TEXT_SIZE], hex_to[KL_CODE_TEXT_SIZE], error[ERROR_SIZE];
    kl_code_format(from.code, hex_from);
    kl_code_format(to.code, hex_to);
    if (from.group.group_id != to.group.group_id) {
        snprintf(error, sizeof error, "%s and %s: " PATH_DIFFERENT_GROUPS, hex_from, hex_to, from.group.name,
                 to.group.name);
        return answer_error(EXIT_NOT_FOUND, error);
    }
    size_t searched = 0, length;
    struct search_progress progress = {&searched, 1, from.group.size};
    kl_code *route;
    path_find(from.code, to.code, from.group.size, (enum kl_metric)metric,
              &(struct search_watch){show_progress, &progress}, &searched, &route, &length);
    if (!route)
        return answer_error(EXIT_NOT_FOUND, "the pack's groups are wrong: same group but no path");
    struct answer_value value = route_value(route, length, (enum kl_metric)metric, false);
    free(route);
    return value_answer(&value);
}
