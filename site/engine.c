/* The engine of the page with no server, compiled to WebAssembly (README.md here): the
 * answers of the serve page's API routes that the pack can give, in the JSON of the
 * commands they stand for (klotski COMMAND --json, same field names), made by the query
 * tool's own code: the typed LAYOUT forms and classic names (answer/typed_input.h), the
 * player page (answer/html_player.h), and the answers' values filled from the pack's
 * facts (site/loader.h) with the fields it holds (answer/pack_values.h, as `klotski
 * serve --pack` fills them; route_value.h, board_value.h) and written by the one JSON
 * writer (answer/value_json.h), as the query tool's and the server's are; what the pack
 * does not hold, by the query tool's searches over a group (answer/search/: a layout's
 * farthest layouts, its solutions, and the farthest data of a group searched and kept).
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
#include "answer/farthest_value.h"
#include "answer/hint_value.h"
#include "answer/html_player.h"
#include "answer/members_value.h"
#include "answer/pack_values.h"
#include "answer/report.h"
#include "answer/route_value.h"
#include "answer/search/layers.h"
#include "answer/search/path.h"
#include "answer/search/searched_group.h"
#include "answer/search/solutions.h"
#include "answer/solutions_value.h"
#include "answer/typed_input.h"
#include "answer/value_json.h"
#include "core/classic.h"
#include "core/classes.h"
#include "core/code.h"
#include "core/database/columns.h"
#include "core/message.h"
#include "core/pack/format.h"
#include "core/rank.h"
#include "site/loader.h"

#define EXPORT(name) __attribute__((export_name(#name))) name
#define ERROR_SIZE 512
/* Added to site_layout's and site_moves' number: the answer with the fields that need a
 * search of the layout's group, as the server's on a database whose farthest phase ran
 * (assets/engine.js's KLOTSKI_WITH_SEARCH): up to 2 s for a layout of the largest group,
 * which a page that offers no farthest data need not wait for. */
#define WITH_SEARCH 0x100

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
    if (status == KL_PACK_LISTS_MISSING)
        site_pack_wants_lists();
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

/* Tells the page how far a search has got: `done` of the group's `total` layouts
 * (assets/engine.js; the page's progress line). */
__attribute__((import_module("site"), import_name("progress"))) void site_progress(uint32_t done, uint32_t total);

/* The watch of a search over a group of `total` layouts, in `passes` searches of the
 * group one after the other: asked every BFS_WATCH_EVERY layouts (answer/search/bfs.h),
 * it tells the page so; it never stops a search (the page waits for its answer). */
struct progress {
    struct search_watch watch;
    size_t asked, total, passes;
};

static bool progress_told(void *context)
{
    struct progress *p = context;
    size_t done = p->asked++ * BFS_WATCH_EVERY / p->passes;
    site_progress((uint32_t)(done < p->total ? done : p->total), (uint32_t)p->total);
    return false;
}

/* A watch for `passes` searches over a group of `size` layouts. */
static struct search_watch *progress_over(struct progress *p, size_t size, size_t passes)
{
    *p = (struct progress){{progress_told, p}, 0, size, passes};
    return &p->watch;
}

/* A watch for a search over the group of the layout `l`. */
static struct search_watch *progress_of(struct progress *p, const struct pack_layout *l)
{
    return progress_over(p, (size_t)l->group.size, 1);
}

/* The group searched last, kept for the next question in it (the layout and its moves
 * after each step played). */
static struct searched_group searched;

/* The group of the layout `l` searched (answer/search/searched_group.h) unless it is the
 * one kept; returns the member `code` of it. */
static uint32_t searched_member(const struct pack_layout *l, kl_code code)
{
    struct progress progress;
    searched_group_load(&searched, l->code, (size_t)l->group.size, progress_of(&progress, l));
    return searched_group_member(&searched, code);
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

/* /api/layout: show --json.  `with_metrics` 0: the fields the pack's steps part knows
 * (the page's first answer comes before the pack's metrics part is downloaded, and waits
 * for no search); 1: with min_straight_moves and min_unit_moves from the metrics part;
 * adding WITH_SEARCH: group_index, min_solution_num, farthest_steps, farthest_num and
 * solution_num too, from a search of the group (searched_member), as the server's on a
 * database whose farthest phase ran (1 + WITH_SEARCH: every field). */
int EXPORT(site_layout)(int with_metrics)
{
    bool with_search = with_metrics & WITH_SEARCH;
    with_metrics &= ~WITH_SEARCH;
    struct pack_layout l;
    int status = pack_layout_read(&l);
    if (status != EXIT_ANSWERED)
        return status;
    struct table *row;
    enum kl_pack_status found = pack_layout_value(l.pack, l.code, l.steps, &l.group, with_metrics, NULL, &row);
    if (found != KL_PACK_OK)
        return pack_error(l.pack, found);
    if (with_search) { /* the pack's parts read, the search's facts added */
        table_free(row);
        struct layout_search_facts facts = searched_group_facts(&searched, searched_member(&l, l.code));
        pack_layout_value(l.pack, l.code, l.steps, &l.group, with_metrics, &facts, &row);
    }
    return value_answer(&(struct answer_value){.summary = row});
}

/* pack_moves_value's farthest data: each move's layout's (context: the pack_layout). */
static void moves_farthest(void *context, struct kl_move_outcome *moves, int count)
{
    for (int i = 0; i < count; i++) {
        long long num;
        searched_group_farthest(&searched, searched_member(context, moves[i].to), &moves[i].farthest_steps, &num);
        moves[i].farthest_num = num;
    }
}

/* /api/moves: moves --json under `metric`, each min_steps counting in that metric, as
 * the command's; + WITH_SEARCH: with each move's farthest_steps and farthest_num
 * (moves_farthest), else null. */
int EXPORT(site_moves)(int metric)
{
    bool with_search = metric & WITH_SEARCH;
    metric &= ~WITH_SEARCH;
    struct pack_layout l;
    int status = metric_known(metric) ? pack_layout_read(&l) : EXIT_BAD_INPUT;
    if (status != EXIT_ANSWERED)
        return status;
    struct answer_value value;
    enum kl_pack_status ranked =
        pack_moves_value(l.pack, l.code, l.group.name, (enum kl_metric)metric, with_search ? moves_farthest : NULL, &l,
                         &value);
    if (ranked != KL_PACK_OK)
        return pack_error(l.pack, ranked);
    return value_answer(&value);
}

/* /api/farthest?layout=: farthest LAYOUT --json, `limit` layouts at most (0: all, as the
 * server lists them), by one search of the group. */
int EXPORT(site_farthest_layout)(int limit)
{
    struct pack_layout l;
    int status = pack_layout_read(&l);
    if (status != EXIT_ANSWERED)
        return status;
    size_t count;
    int distance;
    struct progress progress;
    kl_code *farthest = bfs_farthest(l.code, (size_t)l.group.size, progress_of(&progress, &l), &count,
                                     &distance);
    struct answer_value value = farthest_layout_value(l.code, l.group.name, distance, farthest, count, limit);
    free(farthest);
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

/* /api/solutions: solutions --json, by one search from the layout (as far as a solution
 * may lie); an unsolvable layout's error as the server's. */
int EXPORT(site_solutions)(void)
{
    struct pack_layout l;
    int status = pack_layout_read(&l);
    if (status != EXIT_ANSWERED)
        return status;
    if (l.steps == KL_PACK_NONE)
        return unsolvable_error(l.code);
    struct solutions found;
    struct progress progress;
    solutions_find(l.code, (size_t)l.group.size, progress_of(&progress, &l), &found);
    size_t minimal;
    struct answer_value value = solutions_value(l.code, l.steps, &found, &minimal);
    solutions_free(&found);
    return value_answer(&value);
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

/* The request's group, a group name or a LAYOUT meaning its group, into *l (l->group,
 * l->pack, and l->code for a LAYOUT); or the error answered: a name of no group is not
 * found, as the server says. */
static int group_read(struct pack_layout *l)
{
    char *name;
    int status = group_text(&name, &l->code);
    if (status == EXIT_ANSWERED)
        status = group_found(name, l->code, &l->pack, &l->group);
    free(name);
    return status;
}

/* /api/group: group --json, its facts and, `with_lists`, its depth histogram and hardest
 * counts in straight and unit moves (the pack's lists part; without, the facts the steps
 * part holds, for the page's first answer); the request a group name or a LAYOUT. */
int EXPORT(site_group)(int with_lists)
{
    struct pack_layout l;
    int status = group_read(&l);
    if (status != EXIT_ANSWERED)
        return status;
    struct answer_value value;
    enum kl_pack_status found = pack_group_answer(l.pack, &l.group, with_lists != 0, &value);
    return found == KL_PACK_OK ? value_answer(&value) : pack_error(l.pack, found);
}

/* /api/farthest?group=: farthest GROUP --json, its hardest and peripheral layouts (and
 * its central ones when `central`), `limit` of each kind at most (0: all), as the server
 * answers from the database the pack came from (answer/pack_values.h); the request a
 * group name or a LAYOUT. */
int EXPORT(site_farthest_group)(int central, int limit)
{
    struct pack_layout l;
    int status = group_read(&l);
    if (status != EXIT_ANSWERED)
        return status;
    struct answer_value value;
    enum farthest_extremes source;
    enum kl_pack_status found = pack_farthest_group_value(l.pack, &l.group, central != 0, limit, NULL, &value, &source);
    if (found != KL_PACK_OK)
        return pack_error(l.pack, found);
    if (source == EXTREMES_MISSING) {
        char error[ERROR_SIZE];
        snprintf(error, sizeof error, "%s: " FARTHEST_EXTREMES_MISSING, l.group.name, (long long)l.group.size,
                 "`klotski-build --farthest` on the database the pack came from");
        return answer_error(EXIT_NOT_FOUND, error);
    }
    return value_answer(&value);
}

/* /api/names: names --json as an array, each classic name with its layout's min moves
 * under `metric` and its group. */
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

/* The groups of the class the request names into first to *end - 1; or the error
 * answered, as the server words it. */
static int class_read(struct kl_pack *pack, uint32_t *first, uint32_t *end)
{
    struct kl_class c;
    char error[ERROR_SIZE], name[KL_PACK_GROUP_NAME_SIZE];
    int used = 0, numbers[3];
    if (sscanf(request, "%d-%d-%d%n", &numbers[0], &numbers[1], &numbers[2], &used) != 3 || request[used] ||
        strlen(request) + 3 > sizeof name)
        return answer_error(EXIT_BAD_INPUT, "class: a CLASS is written jiang-bing-style, e.g. 5-4-1");
    struct kl_pack_group group;
    snprintf(name, sizeof name, "%s-0", request);
    if (!kl_class_parse(request, &c) || kl_pack_group_named(pack, name, &group) != KL_PACK_OK) {
        snprintf(error, sizeof error, "%.64s: no such class", request);
        return answer_error(EXIT_NOT_FOUND, error);
    }
    *first = *end = group.group_id;
    while (kl_pack_group_at(pack, *end, &group) == KL_PACK_OK && group.class_id == kl_class_id(c))
        ++*end;
    return EXIT_ANSWERED;
}

/* /api/hardest: hardest --json under `metric`, `limit` layouts (1 to 1000; assets/api.js
 * words the server's error for another), over the whole database (scope 0), the class the
 * request names (1) or the group (2: a group name or a LAYOUT); from the pack's lists
 * part and, below its groups' hardest, a search of their layers. */
int EXPORT(site_hardest)(int scope, int limit, int metric)
{
    struct pack_layout l = {.pack = pack_or_error()};
    if (!l.pack || !metric_known(metric))
        return EXIT_BAD_INPUT;
    uint32_t first = 0, end = 0;
    struct kl_pack_facts facts;
    kl_pack_facts(l.pack, &facts);
    int status = scope == 1 ? class_read(l.pack, &first, &end) : scope == 2 ? group_read(&l) : EXIT_ANSWERED;
    if (status != EXIT_ANSWERED)
        return status;
    if (scope == 0)
        end = facts.group_count;
    if (scope == 2)
        end = (first = l.group.group_id) + 1;
    struct table *rows;
    size_t listed;
    enum kl_pack_status found = pack_hardest_value(l.pack, first, end, limit, (enum kl_metric)metric, &rows, &listed);
    if (found != KL_PACK_OK)
        return pack_error(l.pack, found);
    if (listed == 0) {
        table_free(rows);
        char error[ERROR_SIZE], subject[KL_CODE_TEXT_SIZE + 2];
        /* The server names a LAYOUT's group by the layout's id (query/serve/api.c) */
        snprintf(subject, sizeof subject, "#%u", kl_code_to_id(l.code));
        snprintf(error, sizeof error, "%.64s: unsolvable: no layout has %s",
                 scope == 2 && !input_is_group_name(request) ? subject : request, kl_db_min_moves_column((enum kl_metric)metric));
        return answer_error(EXIT_NOT_FOUND, error);
    }
    return value_answer(&(struct answer_value){.list = rows});
}

/* /api/stats: stats TABLE --json under `metric`, `table` 0 summary, 1 classes, 2 groups,
 * 3 depths (answer/stats_value.h; assets/api.js words the server's error for another
 * name), of the class the request names, or of all when it is "". */
int EXPORT(site_stats)(int table, int metric)
{
    struct kl_pack *pack = pack_or_error();
    if (!pack || !metric_known(metric))
        return EXIT_BAD_INPUT;
    if (table < 0 || table >= STATS_TABLE_COUNT)
        return answer_error(EXIT_BAD_INPUT, "table: one of summary, classes, groups, depths");
    struct kl_pack_facts facts;
    kl_pack_facts(pack, &facts);
    uint32_t first = 0, end = facts.group_count;
    int status = request[0] ? class_read(pack, &first, &end) : EXIT_ANSWERED;
    if (status != EXIT_ANSWERED)
        return status;
    struct table *rows;
    enum kl_pack_status found = pack_stats_value(pack, (enum stats_table)table, first, end, (enum kl_metric)metric, &rows);
    if (found != KL_PACK_OK)
        return pack_error(pack, found);
    return value_answer(&(struct answer_value){.list = rows});
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
    struct progress progress;
    if (member_layers_from_residues(layers, group->min_code, member_depth, group->size, pack_residue, &residues,
                                    progress_over(&progress, group->size, 2)))
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
    size_t length;
    struct progress progress;
    kl_code *route;
    path_find(from.code, to.code, from.group.size, (enum kl_metric)metric, progress_over(&progress, from.group.size, 1),
              NULL, &route, &length);
    if (!route)
        return answer_error(EXIT_NOT_FOUND, "the pack's groups are wrong: same group but no path");
    struct answer_value value = route_value(route, length, (enum kl_metric)metric, false);
    free(route);
    return value_answer(&value);
}
