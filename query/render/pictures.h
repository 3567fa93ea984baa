/* The answers that are pictures: their titles, notes and captions, drawn by svg_board.h,
 * svg_chart.h, html_player.h and html_group.h on out_stream() (output.h).  The commands
 * fetch what a picture shows and hand it over; nothing here reads the database.
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

#include <stdbool.h>
#include <stddef.h>

#include "query/commands/command.h"
#include "query/db.h"
#include "query/render/svg_chart.h"

/* Checks that a request for a picture asks nothing else of the output: not both --svg
 * and --html, no table format (--json, --csv, --md: out_format() must be chosen), and
 * none of the options that list (`listing`: --codes, --members or --depth was given).
 * svg, html: whether --svg, --html were given.  Returns EXIT_ANSWERED (also when no
 * picture is asked), or reports and returns EXIT_BAD_INPUT. */
int picture_check_request(bool svg, bool html, bool listing);

/* For the commands that answer LAYOUT... or GROUP...: when a picture is asked
 * (`option`: "--svg" or "--html"; NULL when none is), checks that exactly one input is
 * given.  Returns EXIT_ANSWERED or reports and returns EXIT_BAD_INPUT. */
int picture_check_one_input(const char *option, const struct request *req);

/* show LAYOUT --svg.  names: the layout's classic names (core/classic.h), which
 * the picture's title gives after the code, or NULL.  Returns EXIT_ANSWERED. */
int picture_board(const struct kl_db_layout_row *layout, const struct kl_db_group_row *group, const char *names);

/* path --html: the page playing the route codes[0..count-1], each a move under `metric`
 * from the one before.  what: the route's kind for the title ("a shortest path"), which
 * goes on with its length in the metric's unit ("in 5 straight moves"); start_names: the
 * classic names of codes[0], which the title gives beside its code, or NULL. */
void picture_route(const kl_code *codes, size_t count, const char *what, enum kl_metric metric,
                   const char *start_names);

/* solve --html and the server's /play: picture_route of a minimal solution under `metric`,
 * titled "a minimal-step solution in 81 steps", "a minimal solution in 90 straight moves"
 * or "a minimal solution in 116 unit moves". */
void picture_solution(const kl_code *codes, size_t count, enum kl_metric metric, const char *start_names);

/* stats depths --svg: layouts per min_steps counted in `metric` (core/moves.h; the axis
 * and the title name its column, min_steps, min_straight_moves or min_unit_moves).
 * bars: x a count, value its layouts (x ascending); unsolvable: the layouts left out,
 * which have none; class_name: the class drawn, NULL for all.  Returns EXIT_ANSWERED, or
 * EXIT_NOT_FOUND (reported) when there is no bar: every layout is unsolvable. */
int picture_depths(const struct chart_bar *bars, size_t count, long long unsolvable, const char *class_name,
                   enum kl_metric metric);

/* stats groups --class CLASS --svg: the groups of the class named class_name (bars, x a
 * group_num and value its size) drawn as the layouts per bin of group size, bins
 * doubling (1, 2-3, 4-7, ...), so that a class of thousands of groups shows its largest
 * ones. */
void picture_class_groups(const struct chart_bar *bars, size_t count, const char *class_name);

/* stats groups --svg: a column per class (labelled with its name, in sections by jiang)
 * whose dots are its group sizes, each weighted by the groups of that size. */
void picture_group_sizes(const struct chart_column *columns, size_t count);

/* The layouts of group --html besides its histogram, as the command found them. */
struct group_page_layouts {
    const kl_code *hardest;  /* the group's hardest layouts, ascending; NULL if unsolvable */
    size_t hardest_count;
    const kl_code *farthest; /* its peripheral layouts, or those farthest from `from` */
    size_t farthest_count;
    bool peripheral;         /* true: `farthest` are the stored peripheral layouts */
    kl_code from;            /* otherwise: the layout they were measured from, */
    int distance;            /* and their distance from it */
};

/* group GROUP --svg (layouts NULL) or --html (layouts given): the group's depth
 * histogram from `bars` (x a min_steps, value its layouts; none for an unsolvable
 * group), alone or on the group's page.  Returns EXIT_ANSWERED, or EXIT_NOT_FOUND
 * (reported) for the histogram alone of an unsolvable group. */
int picture_group(const struct kl_db_group_row *group, const struct chart_bar *bars, size_t count,
                  const struct group_page_layouts *layouts);

#endif
