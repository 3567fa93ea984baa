/* The answers that are pictures: what each one shows, gathered from the database and
 * drawn by svg_board.h, svg_chart.h, html_player.h and html_group.h, on stdout.
 *   show LAYOUT --svg        the board, captioned with its code, class and min_steps
 *   solve LAYOUT --html      a page that plays a minimal-step solution
 *   path FROM TO --html      a page that plays a shortest path
 *   stats depths --svg       layouts per min_steps, of everything or of --class CLASS
 *   stats groups --svg       the group sizes of every class; with --class CLASS, the size
 *                            of each group of that class
 *   group GROUP --svg        the group's depth histogram
 *   group GROUP --html       the group's page: facts, depth histogram, hardest and
 *                            farthest layouts as boards
 * A picture is one document, so it answers exactly one input. */
#ifndef KLOTSKI_QUERY_PICTURES_H
#define KLOTSKI_QUERY_PICTURES_H

#include <stddef.h>

#include "query/commands/command.h"
#include "query/db.h"
#include "query/render/output.h"

/* Checks that a request for a picture asks nothing else of the output: not both --svg
 * and --html, no table format (`format`: --json, --csv, --md), no --codes, --members or
 * --depth.  Returns EXIT_ANSWERED (also when no picture is asked), or reports and
 * returns EXIT_BAD_INPUT. */
int picture_check_request(const struct request *req, enum out_format format);

/* For the commands that answer LAYOUT... or GROUP...: when a picture is asked, checks
 * that exactly one input is given.  Returns EXIT_ANSWERED or reports and returns
 * EXIT_BAD_INPUT. */
int picture_check_one_input(const struct request *req);

/* show LAYOUT --svg.  Returns EXIT_ANSWERED. */
int picture_board(const struct layout_row *layout, const struct group_row *group);

/* solve --html and path --html: the page playing the route codes[0..count-1].
 * what: the route's kind for the title ("a shortest path"). */
void picture_route(const kl_code *codes, size_t count, const char *what);

/* stats TABLE --svg, for the rows of class_id (DB_NULL: all classes; class_name its
 * name, else NULL).  Returns EXIT_ANSWERED; EXIT_BAD_INPUT (reported) for a table that
 * has no picture; EXIT_NOT_FOUND (reported) for a depth chart of unsolvable layouts. */
int picture_statistic(struct db *db, const char *table, int64_t class_id, const char *class_name);

/* group GROUP --svg or --html.  Returns EXIT_ANSWERED, or EXIT_NOT_FOUND (reported) for
 * the depth histogram of an unsolvable group. */
int picture_group(struct db *db, const struct request *req, const struct group_row *group);

#endif
