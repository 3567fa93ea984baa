/* A route (a solution, a shortest path) as one self-contained HTML page that plays it:
 * the board as inline SVG (svg_board.h), previous/next/first/last and play/pause
 * buttons, the arrow, Home, End and space keys, a slider, a step counter, and the list of
 * steps with the current one marked and the piece it moved outlined on the board.
 * Nothing is fetched: the CSS and the little script are in the page.
 *
 * The page tells programs where it stands: <body> has data-steps (the route's number of
 * steps), data-unit (the word its counter counts in), data-step (the step shown, 0 = the start) and data-code (the code of the
 * layout shown), and the board's pieces keep their data-cell up to date.  The script
 * defines window.klotskiPlayer = {go(step), step(), steps}.  Opened with the URL
 * fragment #end it starts at the last step, with #step=N at step N, and with #play it
 * starts playing: links can point into a route, and a headless browser can check any
 * step without clicking. */
#ifndef KLOTSKI_ANSWER_HTML_PLAYER_H
#define KLOTSKI_ANSWER_HTML_PLAYER_H

#include <stddef.h>
#include <stdio.h>

#include "core/code.h"
#include "core/moves.h"

/* Writes the page playing the route codes[0] .. codes[count-1] (count >= 1, legal codes,
 * each one step from the one before).  title: the page's title and heading (plain
 * text; escaped here); unit: what one move of the route is, for its counter ("step",
 * "straight move", "unit move": "unit move 3 of 116"; plain text). */
void html_player_write(FILE *out, const char *title, const char *unit, const kl_code *codes, size_t count);

/* html_player_write of a route titled "NAMES (FIRST) → LAST: WHAT in N UNITS" (the names
 * and brackets when start_names is not NULL), counting in `metric`: what path --html,
 * solve --html, the server's /play and the page with no server (site/) show. */
void html_player_route(FILE *out, const kl_code *codes, size_t count, const char *what, enum kl_metric metric,
                       const char *start_names);

/* html_player_route of a minimal solution under `metric` ("a minimal-step solution"). */
void html_player_solution(FILE *out, const kl_code *codes, size_t count, enum kl_metric metric,
                          const char *start_names);

#endif
