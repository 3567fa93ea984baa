/* The web application's requests, apart from HTTP (server.h hands over each request's
 * method, path and query arguments, already decoded): the checks every request passes,
 * and the routes: the JSON API under /api/, whose answers are
 * the commands' own --json output captured from their answer stream (output.h), the
 * solution player page, and the application's page and its assets.
 *
 *   /                          the application (assets/index.html, app.css, app.js)
 *   /api/layout?layout=L       show L --json
 *   /api/moves?layout=L        moves L --json
 *   /api/solve?layout=L        solve L --json
 *   /api/path?from=L&to=L      path FROM TO --json
 *   /api/group?group=G         group G --json
 *   /api/farthest?layout=L     farthest L --json
 *   /api/farthest?group=G      farthest --group G --json
 *   /api/hardest[?group=G|class=C][&limit=N]   hardest [--group G | --class C] [--limit N]
 *                              --json, its rows as an array; N at most 1000
 *   /api/solutions?layout=L    solutions L --json
 *   /api/hint?layout=L[&level=N]   hint [--level N] L --json
 *   /api/check?attempt=L,L,... check L L ... --json (LAYOUTs separated by commas, blanks
 *                              or line ends)
 *   /api/members?group=G[&depth=D][&offset=N][&limit=N]   group G --members [--depth D]
 *                              --offset N --limit N --json, its rows as an array: a page of
 *                              the members, 100 unless limit says (at most 1000)
 *   /api/names[?section=S]     names [--section S] --json, its rows as an array
 *   /api/stats?table=T[&class=C]   stats T [--class C] --json, its rows as an array
 *   /api/board?board=B|layout=L    whether a board (20 cells of K H V o .) or a LAYOUT
 *                              is legal: its code and board, or the codec's reason not
 *   /play?layout=L             the page that plays a minimal-step solution (solve --html)
 * A LAYOUT is any form that names no file (input_layout_typed); a GROUP a group name or
 * a LAYOUT; a CLASS a class name.  Every error under /api/ is a JSON object {"error":
 * TEXT, "status": N}; anywhere else (the pages for people) an HTML page saying the same
 * (query/render/html_error.h), with the same status: 400 bad input or too many arguments, 404 no such route or nothing found,
 * 405 a method other than GET and HEAD, 414 too long, 503 no database. */
#ifndef KLOTSKI_QUERY_SERVE_API_H
#define KLOTSKI_QUERY_SERVE_API_H

#include <stdbool.h>
#include <stddef.h>

#include "core/pack/pack.h"
#include "query/db.h"

#define API_MAX_ARGUMENTS 4      /* query arguments a request may carry */
#define API_MAX_REQUEST_TEXT 2048 /* bytes of path and arguments a request may carry */

/* A request: its method, its decoded path and query arguments (the first
 * API_MAX_ARGUMENTS), and what was given beyond them.  The strings are the caller's. */
struct api_request {
    const char *method;
    const char *path;
    size_t argument_count;
    const char *names[API_MAX_ARGUMENTS];
    const char *values[API_MAX_ARGUMENTS];
    size_t text_length; /* bytes of the path and of every argument given */
    bool too_many;      /* more than API_MAX_ARGUMENTS arguments were given */
    bool holds_nul;     /* the request as sent holds a NUL (%00), which C strings would
                           cut its path or an argument at: refused (the caller sets it) */
};

/* What a route answers. */
struct api_reply {
    unsigned status;          /* the HTTP status: 200, 400, 404, 414 */
    const char *content_type; /* a static string */
    char *body;               /* the body: malloc'd unless body_static */
    size_t length;
    bool body_static;         /* true: body is a static string (an asset) */
    bool is_page;             /* true: an HTML page (its own security policy) */
    char *error;              /* an error's text (malloc'd), NULL when none */
    unsigned retry_after;     /* a 503's seconds to wait before asking again; 0: none */
};

/* Starts *request: `method` and the decoded `path`, no argument yet. */
void api_request_start(struct api_request *request, const char *method, const char *path);

/* Adds a decoded query argument to *request: `name`, and `value` (NULL when the argument
 * has no '=', read as "").  Returns false when the request has more arguments than it
 * keeps (api_answer then refuses it): the caller may stop adding. */
bool api_request_add(struct api_request *request, const char *name, const char *value);

/* Answers `request` into *reply (free its body with api_reply_free): 405 for a method
 * other than GET and HEAD, 414 when its text exceeds API_MAX_REQUEST_TEXT, 400 for too
 * many arguments or a NUL in it (holds_nul), 503 when `db` is NULL (the database cannot
 * be opened; the application's files and /api/board are answered without it), when
 * the slow routes' pool is busy (slow_pool.h: the routes whose work grows with a group
 * or the database, farthest, hardest, members, solutions, stats, path, run on its
 * threads; the 503 has retry_after) or when the database's watch
 * (db_watch, the caller's: a deadline, a client gone) stopped the work, else what its route answers from the open database `db`, 404 when no route has its
 * path; an error is JSON under /api/, an HTML page elsewhere.  Thread
 * safety: each thread must use its own `db`; everything else a route touches is the
 * thread's own (output.h, report.h), the request's own (the commands' options) or
 * read-only: requests run at once, with no lock between them. */
void api_answer(struct db *db, const struct api_request *request, struct api_reply *reply);

/* Answers `request` as api_answer does, from the pack `pack` (one thread at a time: the
 * caller's own; NULL when it cannot be opened: 503) instead of a database: the
 * application's files and /api/board as api_answer; /api/layout, moves, solve, group,
 * names and /play with the values of the page with no server (answer/pack_values.h:
 * the fields the pack holds); every other route, and names with a section, 404 saying
 * that it needs the database and how to build one. */
void api_answer_pack(struct kl_pack *pack, const struct api_request *request, struct api_reply *reply);

/* Whether the request's path is a slow route's (api_answer runs it on the slow pool:
 * slow_pool.h), so that a caller may hand the whole request to the pool instead. */
bool api_is_slow(const struct api_request *request);

/* A JSON error reply {"error": message, "status": status}; message is any text (bytes
 * that are not UTF-8 become '?').  The reply keeps the message (error) too. */
void api_error(struct api_reply *reply, unsigned status, const char *message);

/* Sets *reply to the 503 of a full slow pool: its message and the Retry-After that asks
 * the client to come back (the page's api.js does). */
void api_busy(struct api_reply *reply);

void api_reply_free(struct api_reply *reply);

#endif
