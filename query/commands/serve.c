/* `klotski serve [--port N] [--bind ADDRESS]`: the web application over the database
 * (query/serve/): a page to explore any layout and the JSON API under /api/. */
#include <stddef.h>

#include "query/commands/command.h"
#include "answer/report.h"
#include "query/serve/server.h"

#define DEFAULT_PORT 8080
#define DEFAULT_DEADLINE_S 5
#define DEFAULT_CACHE_MB 64
#define MAX_PORT 65535
#define MAX_CACHE_MB (1L << 20) /* a TiB: beyond any machine, and far from overflowing */

struct serve_options {
    long port;
    const char *bind;
    bool any_port;
    long deadline; /* seconds */
    long slow;     /* slow requests answered at once; 0: half the cores */
    long cache_mb; /* the slow answers kept in memory, in MiB */
    const char *pack; /* answer from this pack (klotski pack's file) alone, no database */
};

static const struct serve_options option_defaults = {.port = DEFAULT_PORT, .bind = "127.0.0.1",
                                                     .deadline = DEFAULT_DEADLINE_S, .cache_mb = DEFAULT_CACHE_MB};

static const struct command_option serve_option_table[] = {
    {.name = "port", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct serve_options, port), .help = "listen on port N (default 8080)"},
    {.name = "any-port", .kind = OPTION_FLAG, .offset = offsetof(struct serve_options, any_port),
     .help = "listen on a free port the system picks (the line printed\nat the start names it)"},
    {.name = "bind", .value_name = "ADDRESS", .kind = OPTION_TEXT, .offset = offsetof(struct serve_options, bind),
     .help = "listen on this address or host name (default 127.0.0.1:\nthis machine only; localhost works too; 0.0.0.0 opens it to\nthe network)"},
    {.name = "deadline", .value_name = "S", .kind = OPTION_COUNT, .offset = offsetof(struct serve_options, deadline),
     .help = "stop a request's work after S seconds and answer 503 (default 5)"},
    {.name = "slow", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct serve_options, slow),
     .help = "answer at most N requests of the slow routes (farthest, hardest,\nmembers, solutions, stats, path) at once, any more 503 at\nonce (default: half the cores, at least 1)"},
    {.name = "cache-mb", .value_name = "N", .kind = OPTION_INDEX, .offset = offsetof(struct serve_options, cache_mb),
     .help = "keep the slow routes' answers in memory, N MiB at most, the least\nrecently used dropped first (default 64; 0: none)"},
    {.name = "pack", .value_name = "FILE", .kind = OPTION_TEXT, .offset = offsetof(struct serve_options, pack),
     .help = "answer from the pack FILE (klotski pack's) alone, with no database:\nlayout, moves, solve, group, names, board and /play; the\nother routes answer 404, a database needed"},
    {NULL},
};

static int check_serve(const void *given)
{
    const struct serve_options *options = given;
    if (options->port > MAX_PORT)
        return report(EXIT_BAD_INPUT, "--port", "a port is a number from 1 to %d", MAX_PORT);
    if (options->cache_mb > MAX_CACHE_MB)
        return report(EXIT_BAD_INPUT, "--cache-mb", "the cache takes from 0 to %ld MiB", MAX_CACHE_MB);
    return EXIT_ANSWERED;
}

static bool serve_needs_database(const void *given)
{
    const struct serve_options *options = given;
    return !options->pack;
}

static int run_serve(struct db *db, const struct request *req)
{
    const struct serve_options *options = req->options;
    (void)db;
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "serve takes no arguments, only options");
    return serve_run(options->pack ? NULL : req->db_path, options->pack, options->bind, options->any_port ? 0 : (int)options->port,
                     (double)options->deadline, (unsigned)options->slow, (size_t)options->cache_mb << 20);
}

const struct command command_serve = {
    .name = "serve",
    .synopsis = "serve [--port N | --any-port] [--bind ADDRESS] [--deadline S] [--slow N] [--cache-mb N] [--pack FILE]",
    .summary = "a web application to explore the database in a browser",
    .not_found = "libmicrohttpd cannot be loaded",
    .help = "Serves a web application over the database until interrupted (Ctrl-C): a page\n"
            "that draws any layout, lists its moves with their outcomes best first, plays\n"
            "them by a click or the arrow keys, undoes and redoes them, plays the solution,\n"
            "finds the layouts farthest from it, shows the group's facts and its hardest and\n"
            "peripheral layouts, lists the classic layouts, and edits boards, in English or\n"
            "Chinese; and a JSON API under /api/ whose answers are the --json answers of the\n"
            "commands (layout, moves, solve, solutions, path, group, members, farthest,\n"
            "hardest, hint, check, stats, board, names: see the README).  Every state has\n"
            "its address: /?layout=1A9BF0C00.  Nothing is fetched from the network.  The\n"
            "database is opened read-only.  The slow routes (farthest, hardest, members,\n"
            "solutions, stats, path) run on threads of their own, --slow at a time,\n"
            "any more answered 503 at once; a request's work stops at its --deadline or\n"
            "when its client hangs up (503); 128 connections per client address at most.\n"
            "Their answers are kept in memory (--cache-mb), so that a repeated slow\n"
            "request is answered at once.  With --pack FILE it answers from a pack\n"
            "(klotski pack) with no database: the page, layout, moves, solve, group,\n"
            "names, board and /play, in the JSON of the page with no server; the other\n"
            "routes answer 404, saying that they need the database.\n",
    .options = serve_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_serve,
    .needs_database = serve_needs_database,
    .run = run_serve,
};
