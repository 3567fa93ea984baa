/* The C test of libklotski from where a user calls it: compiled by e2e_library_c.sh
 * against the INSTALLED klotski.h and libklotski.so with pkg-config, never the build
 * tree's objects.  It answers each layout of stdin (one a line) through every function of
 * the API and prints what it found in the form the script also makes from the klotski
 * command's --json answers, so that the two are compared line by line:
 *   show CODE ID SHORT CLASS GROUP GROUP_INDEX GROUP_SIZE MIN_STEPS MIN_SOLUTION_NUM MIRROR
 *   moves CODE NEXT:CHANGE:PIECE:FROM:TO:DISTANCE ...   (best first, as `klotski moves`)
 *   solve CODE STEPS                    (or "solve CODE unsolvable")
 *   error MESSAGE                       (an input that is no layout)
 * and for a line "@METRIC LAYOUT" the layout's moves and solution counted in METRIC
 * (klotski_moves_in, klotski_solve_in), as `klotski --metric METRIC moves/solve` answers:
 *   moves/METRIC CODE NEXT:CHANGE:PIECE:FROM:TO:DISTANCE ...
 *   solve/METRIC CODE MOVES CODE,CODE,...   (the route; or "solve/METRIC CODE unsolvable")
 *   error MESSAGE                       (a METRIC that is none)
 * Facts the command does not print are checked here, each against an independent way to
 * the same answer, and a failure printed as "FAIL what: details" (the script counts
 * them): the id back to the code, the board, the drawing and the short code parsed back,
 * the images (each its own inverse, the turn both flips), the steps against the moves'
 * set and each step's distance against a walk, every solution step among the steps of
 * the layout before it and one step closer (in a metric: one move of klotski_steps_in
 * and one closer by the record's count in it), the SVG naming the code, a metric that is
 * none refused by every call that takes one.  The database is
 * $KLOTSKI_DB (klotski_open(NULL), the command's lookup order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <klotski.h>

#include "check.h"

static const char *hex(klotski_code code, char buf[KLOTSKI_CODE_SIZE])
{
    if (klotski_format(code, buf) != KLOTSKI_OK)
        snprintf(buf, KLOTSKI_CODE_SIZE, "illegal");
    return buf;
}

/* Forms that name the same layout parse back to it. */
static void check_forms(klotski_code code)
{
    char a[KLOTSKI_CODE_SIZE], text[KLOTSKI_DRAWING_SIZE], message[KLOTSKI_MESSAGE_SIZE];
    klotski_code back = 0, image;
    uint32_t id;
    CHECK(klotski_id(code, &id) == KLOTSKI_OK && klotski_from_id(id, &back) == KLOTSKI_OK && back == code,
          "%s", hex(code, a));
    CHECK(klotski_board(code, text) == KLOTSKI_OK && strlen(text) == KLOTSKI_BOARD_SIZE - 1 &&
              klotski_parse(text, &back, message) == KLOTSKI_OK && back == code, "%s", hex(code, a));
    for (int utf8 = 0; utf8 <= 1; utf8++)
        CHECK(klotski_drawing(code, utf8, text) == KLOTSKI_OK && klotski_parse(text, &back, message) == KLOTSKI_OK &&
                  back == code, "%s utf8 %d", hex(code, a), utf8);
    CHECK(klotski_short_code(code, text) == KLOTSKI_OK && klotski_parse(text, &back, message) == KLOTSKI_OK &&
              back == code, "%s", hex(code, a));
    snprintf(text, sizeof text, "#%u", id);
    CHECK(klotski_parse(text, &back, message) == KLOTSKI_OK && back == code, "%s", hex(code, a));
    for (int s = KLOTSKI_MIRROR; s <= KLOTSKI_TURN; s++)
        CHECK(klotski_image(code, (enum klotski_symmetry)s, &image) == KLOTSKI_OK &&
                  klotski_image(image, (enum klotski_symmetry)s, &back) == KLOTSKI_OK && back == code,
              "%s symmetry %d", hex(code, a), s);
    klotski_code mirror, flip_of_mirror, turn;
    klotski_image(code, KLOTSKI_MIRROR, &mirror);
    klotski_image(mirror, KLOTSKI_FLIP, &flip_of_mirror);
    klotski_image(code, KLOTSKI_TURN, &turn);
    CHECK(turn == flip_of_mirror, "%s", hex(code, a));
    char *svg = NULL;
    CHECK(klotski_svg(code, &svg) == KLOTSKI_OK && strstr(svg, hex(code, a)) && strstr(svg, "</svg>"), "%s", a);
    klotski_free(svg);
    int solved = klotski_is_solved(code);
    CHECK(solved == (code >> 32 == 13), "%s", hex(code, a));
}

/* The steps: as many as the moves, each next layout among them, each parsed back. */
static void check_steps(klotski_code code, const struct klotski_move *moves, int move_count)
{
    struct klotski_step steps[KLOTSKI_MAX_STEPS];
    int count = -1;
    char a[KLOTSKI_CODE_SIZE];
    CHECK(klotski_steps(code, steps, &count) == KLOTSKI_OK && count == move_count, "%s: %d steps", hex(code, a),
          count);
    for (int i = 0; i < count; i++) {
        int found = 0;
        for (int m = 0; m < move_count; m++)
            found += moves[m].step.next == steps[i].next && moves[m].step.from == steps[i].from &&
                     moves[m].step.to == steps[i].to && moves[m].step.piece == steps[i].piece;
        CHECK(found == 1, "%s step %d", hex(code, a), i);
        CHECK(steps[i].distance >= 1 && steps[i].from != steps[i].to, "%s step %d", a, i);
    }
}

/* Every layout of the route one step after the one before and one step closer. */
static void check_route(klotski_db *db, const klotski_code *route, int count)
{
    char a[KLOTSKI_CODE_SIZE];
    struct klotski_layout layout;
    for (int i = 0; i + 1 < count; i++) {
        struct klotski_step steps[KLOTSKI_MAX_STEPS];
        int n = 0, found = 0;
        klotski_steps(route[i], steps, &n);
        for (int s = 0; s < n; s++)
            found += steps[s].next == route[i + 1];
        CHECK(found == 1, "route step %d from %s", i, hex(route[i], a));
        CHECK(klotski_layout(db, route[i + 1], &layout, NULL) == KLOTSKI_OK && layout.min_steps == count - 2 - i,
              "route step %d", i);
    }
    CHECK(klotski_is_solved(route[count - 1]) == 1, "route ends at %s", hex(route[count - 1], a));
}

static void answer(klotski_db *db, const char *text)
{
    char message[KLOTSKI_MESSAGE_SIZE], a[KLOTSKI_CODE_SIZE], b[KLOTSKI_CODE_SIZE], short_code[KLOTSKI_SHORT_CODE_SIZE];
    klotski_code code, mirror;
    if (klotski_parse(text, &code, message) != KLOTSKI_OK) {
        printf("error %s\n", message);
        return;
    }
    struct klotski_layout layout;
    struct klotski_group group;
    struct klotski_class class_of;
    uint32_t id;
    int result = klotski_layout(db, code, &layout, &group);
    CHECK(result == KLOTSKI_OK, "%s: %s", text, klotski_errmsg(db));
    if (result != KLOTSKI_OK)
        return;
    klotski_id(code, &id);
    klotski_short_code(code, short_code);
    klotski_class(code, &class_of);
    klotski_image(code, KLOTSKI_MIRROR, &mirror);
    CHECK(strcmp(class_of.name, group.class_name) == 0, "%s: %s", text, class_of.name);
    printf("show %s %u %s %s %s %lld %lld %d %d %s\n", hex(code, a), id, short_code, class_of.name, group.name,
           (long long)layout.group_index, (long long)group.size, layout.min_steps, layout.min_solution_num,
           hex(mirror, b));
    struct klotski_group named;
    CHECK(klotski_group_named(db, group.name, &named) == KLOTSKI_OK && named.group_id == group.group_id &&
              named.size == group.size, "%s", group.name);
    check_forms(code);

    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    int count = 0;
    CHECK(klotski_moves(db, code, moves, &count) == KLOTSKI_OK, "%s: %s", text, klotski_errmsg(db));
    printf("moves %s", hex(code, a));
    for (int i = 0; i < count; i++)
        printf(" %s:%d:%c:%d:%d:%d", hex(moves[i].step.next, b), moves[i].change, "oHVK"[moves[i].step.piece],
               moves[i].step.from, moves[i].step.to, moves[i].step.distance);
    printf("\n");
    check_steps(code, moves, count);

    klotski_code *route;
    int length;
    result = klotski_solve(db, code, &route, &length);
    if (result == KLOTSKI_UNSOLVABLE) {
        printf("solve %s unsolvable\n", hex(code, a));
        CHECK(layout.min_steps == KLOTSKI_NULL && strstr(klotski_errmsg(db), "unsolvable"), "%s", text);
        return;
    }
    CHECK(result == KLOTSKI_OK && length == layout.min_steps + 1 && route[0] == code, "%s: %s", text,
          klotski_errmsg(db));
    printf("solve %s %d\n", hex(code, a), length - 1);
    check_route(db, route, length);
    klotski_free(route);
}

/* The layout's distance to solved under `metric`, from its records (klotski_layout_v2:
 * the 1.0 struct and the sized klotski_layout_metrics); -2 when the call fails. */
static int distance_in(klotski_db *db, klotski_code code, enum klotski_metric metric)
{
    struct klotski_layout layout;
    struct klotski_layout_metrics metrics = {.size = sizeof metrics};
    if (klotski_layout_v2(db, code, &layout, &metrics, NULL, NULL) != KLOTSKI_OK)
        return -2;
    return metric == KLOTSKI_STEP ? layout.min_steps
           : metric == KLOTSKI_STRAIGHT ? metrics.min_straight_moves : metrics.min_unit_moves;
}

/* "@METRIC LAYOUT": the moves and the solution counted in METRIC, each move of the
 * solution among klotski_steps_in's and one closer by the records. */
static void answer_in_metric(klotski_db *db, const char *line)
{
    char name[32] = "", text[64] = "", message[KLOTSKI_MESSAGE_SIZE], a[KLOTSKI_CODE_SIZE], b[KLOTSKI_CODE_SIZE];
    enum klotski_metric metric;
    klotski_code code;
    sscanf(line, "@%31s %63s", name, text);
    if (klotski_metric_parse(name, &metric, message) != KLOTSKI_OK) {
        printf("error %s\n", message);
        return;
    }
    CHECK(strcmp(klotski_metric_name((int)metric), name) == 0, "%s", name);
    if (klotski_parse(text, &code, message) != KLOTSKI_OK) {
        printf("FAIL parse %s: %s\n", text, message);
        failures++;
        return;
    }
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    int count = 0;
    CHECK(klotski_moves_in(db, code, metric, moves, &count) == KLOTSKI_OK, "%s: %s", text, klotski_errmsg(db));
    printf("moves/%s %s", name, hex(code, a));
    for (int i = 0; i < count; i++)
        printf(" %s:%d:%c:%d:%d:%d", hex(moves[i].step.next, b), moves[i].change, "oHVK"[moves[i].step.piece],
               moves[i].step.from, moves[i].step.to, moves[i].step.distance);
    printf("\n");
    int distance = distance_in(db, code, metric);
    klotski_code *route;
    int length;
    int result = klotski_solve_in(db, code, metric, &route, &length);
    if (result == KLOTSKI_UNSOLVABLE) {
        printf("solve/%s %s unsolvable\n", name, hex(code, a));
        CHECK(distance == KLOTSKI_NULL, "%s", text);
        return;
    }
    CHECK(result == KLOTSKI_OK && length == distance + 1 && route[0] == code, "%s: %s", text,
          klotski_errmsg(db));
    if (result != KLOTSKI_OK)
        return;
    printf("solve/%s %s %d ", name, hex(code, a), length - 1);
    for (int i = 0; i < length; i++)
        printf("%s%s", i ? "," : "", hex(route[i], a));
    printf("\n");
    for (int i = 0; i + 1 < length; i++) {
        struct klotski_step steps[KLOTSKI_MAX_STEPS];
        int n = 0, found = 0;
        klotski_steps_in(route[i], metric, steps, &n);
        for (int s = 0; s < n; s++)
            found += steps[s].next == route[i + 1];
        CHECK(found == 1, "%s route move %d from %s", name, i, hex(route[i], a));
        CHECK(distance_in(db, route[i + 1], metric) == length - 2 - i, "%s route move %d", name, i);
    }
    CHECK(klotski_is_solved(route[length - 1]) == 1, "route ends at %s", hex(route[length - 1], a));
    klotski_free(route);
}

/* The calls' failures: each result code with its message. */
static void check_errors(klotski_db *db)
{
    char message[KLOTSKI_MESSAGE_SIZE], buf[KLOTSKI_DRAWING_SIZE];
    klotski_code code = 0x1A9BF0C00, out;
    struct klotski_layout layout;
    struct klotski_group group;
    uint32_t id;
    CHECK(strcmp(klotski_libversion(), KLOTSKI_VERSION) == 0, "%s", klotski_libversion());
    CHECK(klotski_libversion_number() == KLOTSKI_VERSION_NUMBER, "%d", klotski_libversion_number());
    CHECK(strcmp(klotski_errstr(KLOTSKI_INVALID), "not a legal layout") == 0, "%s", klotski_errstr(1));
    CHECK(strcmp(klotski_errstr(99), "unknown result code") == 0, "%s", klotski_errstr(99));
    CHECK(klotski_check(code | 1, message) == KLOTSKI_INVALID &&
              strcmp(message, "1A9BF0C01: not a layout code: unused low bits are not zero") == 0, "%s", message);
    CHECK(klotski_check(1ull << 40, message) == KLOTSKI_INVALID && strstr(message, "more than 36 bits"), "%s", message);
    CHECK(klotski_parse("1A9BF0C01", &out, NULL) == KLOTSKI_INVALID, "no message asked");
    CHECK(klotski_format(code | 1, buf) == KLOTSKI_INVALID && klotski_id(code | 1, &id) == KLOTSKI_INVALID &&
              klotski_short_code(code | 1, buf) == KLOTSKI_INVALID && klotski_board(code | 1, buf) == KLOTSKI_INVALID &&
              klotski_drawing(code | 1, 1, buf) == KLOTSKI_INVALID && klotski_is_solved(code | 1) == -1,
          "illegal codes");
    CHECK(klotski_from_id(KLOTSKI_LAYOUT_COUNT, &out) == KLOTSKI_INVALID && klotski_from_id(-1, &out) == KLOTSKI_INVALID,
          "ids out of range");
    CHECK(klotski_image(code, (enum klotski_symmetry)7, &out) == KLOTSKI_INVALID, "no such symmetry");
    CHECK(klotski_layout(db, code | 1, &layout, &group) == KLOTSKI_INVALID &&
              strcmp(klotski_errmsg(db), "1A9BF0C01: not a layout code: unused low bits are not zero") == 0,
          "%s", klotski_errmsg(db));
    CHECK(klotski_group_named(db, "5-4-1-99999", &group) == KLOTSKI_NOTFOUND &&
              strcmp(klotski_errmsg(db), "5-4-1-99999: no such group") == 0, "%s", klotski_errmsg(db));
    CHECK(klotski_layout(db, code, &layout, NULL) == KLOTSKI_OK && strcmp(klotski_errmsg(db), "not an error") == 0,
          "%s", klotski_errmsg(db));
    klotski_db *missing;
    CHECK(klotski_open("no/such/klotski.db", &missing) == KLOTSKI_CANTOPEN &&
              strstr(klotski_errmsg(missing), "no/such/klotski.db: no database here"), "%s", klotski_errmsg(missing));
    CHECK(klotski_layout(missing, code, &layout, NULL) == KLOTSKI_MISUSE, "a handle that did not open");
    klotski_close(missing);
    klotski_db *not_a_database;
    CHECK(klotski_open("/etc/hostname", &not_a_database) == KLOTSKI_NOTADB, "%s", klotski_errmsg(not_a_database));
    klotski_close(not_a_database);
    CHECK(klotski_close(NULL) == KLOTSKI_OK && strcmp(klotski_errmsg(NULL), "out of memory") == 0, "NULL handle");

    struct klotski_step steps[KLOTSKI_MAX_STEPS];
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    klotski_code *route = NULL;
    int count = -1;
    const char *bad_metric = "7 is no metric (step, straight or unit)";
    CHECK(klotski_metric_name(KLOTSKI_UNIT + 1) == NULL && klotski_metric_name(-1) == NULL, "no metric's name");
    CHECK(klotski_steps_in(code, (enum klotski_metric)7, steps, &count) == KLOTSKI_INVALID && count == -1,
          "steps in metric 7");
    CHECK(klotski_moves_in(db, code, (enum klotski_metric)7, moves, &count) == KLOTSKI_INVALID && count == -1 &&
              strcmp(klotski_errmsg(db), bad_metric) == 0, "%s", klotski_errmsg(db));
    CHECK(klotski_solve_in(db, code, (enum klotski_metric)7, &route, &count) == KLOTSKI_INVALID && !route &&
              strcmp(klotski_errmsg(db), bad_metric) == 0, "%s", klotski_errmsg(db));
    CHECK(klotski_solve_in(db, code | 1, KLOTSKI_UNIT, &route, &count) == KLOTSKI_INVALID && !route &&
              strstr(klotski_errmsg(db), "unused low bits"), "%s", klotski_errmsg(db));
}

int main(void)
{
    klotski_db *db;
    if (klotski_open(NULL, &db) != KLOTSKI_OK) {
        printf("FAIL open: %s\n", klotski_errmsg(db));
        return 1;
    }
    printf("database %s\n", klotski_db_filename(db));
    check_errors(db);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '@')
            answer_in_metric(db, line);
        else
            answer(db, line);
    }
    klotski_close(db);
    printf("checks failed: %d\n", failures);
    return failures != 0;
}
