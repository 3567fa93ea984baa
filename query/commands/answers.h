/* The commands' answers as values (answer/value.h), each computed by one function of its
 * command's file from its inputs and its options passed in, printing nothing: the
 * command prints the value in the output format asked (query/render/output.h), the
 * server (query/serve/api.c) writes it as JSON (answer/value_json.h).  Moves count in
 * the db's metric (db_metric).  Errors are reported (answer/report.h: on stderr, or in
 * the thread's buffer of report_to_buffer) and their exit status returned.  Free each
 * value with table_free or answer_value_free. */
#ifndef KLOTSKI_QUERY_ANSWERS_H
#define KLOTSKI_QUERY_ANSWERS_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/value.h"
#include "core/database/format.h"
#include "query/db.h"

/* show: a layout's facts, one row: code, id, short_code, class, group, group_index,
 * group_size, min_steps and the same in straight and unit moves, min_solution_num,
 * mirror, self_mirror, farthest_steps, farthest_num, solution_num, names, board.  For
 * people (for_people) the names go one a line and the board is left out (null), since
 * it is drawn beside the card. */
struct table *show_answer(const struct kl_db_layout_row *layout, const struct kl_db_group_row *group,
                          bool for_people);

/* moves: the summary code, group, min_steps, moves_count, optimal_count and the list
 * "move_list" of every move with its outcome, best first; for people each move is one
 * text column and the counts' columns are named in the metric's unit.  *optimal_count
 * is the number of optimal moves. */
struct answer_value moves_answer(struct db *db, const struct kl_db_layout_row *layout,
                                 const struct kl_db_group_row *group, bool for_people, size_t *optimal_count);

/* solve: a minimal solution of the layout as route_value (answer/route_value.h) gives
 * it, with_start as there.  Returns EXIT_ANSWERED and fills *answer, or EXIT_NOT_FOUND
 * for an unsolvable layout (reported), the status of solution_route otherwise. */
int solve_answer(struct db *db, const struct kl_db_layout_row *layout, bool with_start,
                 struct answer_value *answer);

/* group: the summary of a group's facts and the list "depths", its depth histogram
 * (group, depth, layouts; for people depth, layouts and a bar). */
struct answer_value group_facts_answer(struct db *db, const struct kl_db_group_row *group, bool for_people);

/* The page of a group's members that group --members lists. */
struct group_members {
    int depth;   /* only the members this far from solved; DB_NULL: every one */
    long offset; /* members to skip */
    long limit;  /* members to list at most; 0: all */
};

/* group --members: a table of the page of members asked (group, code, id, group_index,
 * min_steps), in code order, into *list: a table that prints its rows as they come when
 * `streamed` (table_new_streamed), for a list of any length on the command line.
 * Returns EXIT_ANSWERED, or EXIT_NOT_FOUND (reported) when the group has no members at
 * the depth asked. */
int group_members_answer(struct db *db, const struct group_members *page, const struct kl_db_group_row *group,
                         bool streamed, struct table **list);

/* names: the classic names (name, code, the min count named in the db's metric, group,
 * section), all or those of the section that `section` names (NULL: all), into *list.
 * Returns EXIT_ANSWERED, or EXIT_NOT_FOUND or EXIT_BAD_INPUT (reported) when `section`
 * names none or several. */
int names_answer(struct db *db, const char *section, struct table **list);

/* hint: the hint of `level` (1 a band of ten distances, 2 also the piece to move, 3 also
 * the step), one row: code, level, steps_from, steps_to, piece, row, col, moves, to (the
 * fields the level does not tell null), into *hint.  Returns EXIT_ANSWERED, or
 * EXIT_NOT_FOUND (reported) for an unsolvable layout. */
int hint_answer(struct db *db, const struct kl_db_layout_row *layout, long level, struct table **hint);

/* check: the attempt (its layouts, the start first, and each one's line) checked step by
 * step: the summary (start, end, steps, start and end min_steps, solved,
 * first_not_optimal, wasted; for people the counts named in the metric's unit) and the
 * list "step_list", a row per line.  Returns EXIT_ANSWERED, or reports a layout not in
 * the database (EXIT_NOT_FOUND) or not one step from the one before (EXIT_BAD_INPUT). */
struct input_list;
int check_answer(struct db *db, const struct input_list *attempt, bool for_people, struct answer_value *answer);

/* path: a shortest path, under the db's metric, from the layout `from` to `to` into
 * *route (malloc'd, *length codes, from first; route_value makes it a value).  Returns
 * EXIT_ANSWERED, or reports a layout not in the database or layouts in different groups
 * (EXIT_NOT_FOUND); EXIT_NOT_FOUND unreported when the db's watch stopped the search. */
int path_answer(struct db *db, kl_code from, kl_code to, kl_code **route, size_t *length);

/* solutions: the summary code, min_steps, solutions, min_solutions and the list
 * "solution_list" of the solved layouts the layout reaches first (layout, solution,
 * distance, minimal), by distance then code.  Returns EXIT_ANSWERED with *answer filled;
 * EXIT_NOT_FOUND (reported) for an unsolvable layout, unreported when the db's watch
 * stopped the search, *answer left as it is; EXIT_NOT_FOUND with *answer filled after
 * reporting that the database stores other counts than the search finds. */
int solutions_answer(struct db *db, const struct kl_db_layout_row *layout, const struct kl_db_group_row *group,
                     struct answer_value *answer);

/* The room for the one-line headline for people that farthest's answers give beside
 * their value (a build command in it). */
#define FARTHEST_HEADLINE_SIZE (256 + KL_DB_BUILD_COMMAND_SIZE)

/* farthest LAYOUT: the summary code, group, farthest_steps, farthest_num and the list
 * "farthest" (layout, farthest, distance) of the layouts of its group farthest from it,
 * `limit` at most (0: all), found by a search; its headline for people in `headline`.
 * Returns EXIT_ANSWERED, or EXIT_NOT_FOUND unreported when the db's watch stopped the
 * search (*answer left as it is). */
int farthest_answer(struct db *db, const struct kl_db_layout_row *layout, const struct kl_db_group_row *group,
                    long limit, struct answer_value *answer, char headline[FARTHEST_HEADLINE_SIZE]);

/* farthest GROUP: the summary (group, max_min_steps, hardest_count, diameter, radius,
 * peripheral_count, central_count, extremes: stored, found now or missing) and the list
 * "layouts" (group, kind, code, steps) of its hardest and peripheral layouts, and its
 * central ones when `central`, `limit` of each kind at most (0: all); the headline as
 * farthest_answer's.  Returns EXIT_ANSWERED; with *answer filled too, EXIT_NOT_FOUND
 * after reporting that the extremes of a group too large to search now are missing. */
int farthest_group_answer(struct db *db, const struct kl_db_group_row *group, bool central, long limit,
                          struct answer_value *answer, char headline[FARTHEST_HEADLINE_SIZE]);

/* hardest's default --limit. */
#define HARDEST_DEFAULT_LIMIT 10

/* hardest: the `limit` layouts with the most min moves in the db's metric, most first,
 * ties by code (code, id, the count named in the metric, group), over the class that
 * class_name names, or the group that group_text names (a group name or a LAYOUT), or
 * the whole database when both are NULL, into *rows: a table that prints its rows as
 * they come when `streamed` (table_new_streamed).  Returns EXIT_ANSWERED, or reports no
 * such class or group, or no solvable layout in it (EXIT_NOT_FOUND). */
int hardest_answer(struct db *db, const char *class_name, const char *group_text, long limit, bool streamed,
                   struct table **rows);

/* stats: the statistics table `name` (summary, classes, groups or depths), of the class
 * that class_name names (NULL: all), its counts and columns in the db's metric, into
 * *table.  Returns EXIT_ANSWERED, or reports no such table (EXIT_BAD_INPUT) or class
 * (EXIT_NOT_FOUND). */
int stats_answer(struct db *db, const char *name, const char *class_name, struct table **table);

#endif
