/* `klotski serve [--port N] [--bind ADDRESS]`: the web application over the database
 * (query/serve/): a page to explore any layout and the JSON API under /api/. */
#include "query/commands/command.h"
#include "query/report.h"
#include "query/serve/server.h"

#define DEFAULT_PORT 8080
#define MAX_PORT 65535

static struct {
    long port;
    const char *bind;
    bool any_port;
} options = {.port = DEFAULT_PORT, .bind = "127.0.0.1"};

static const struct command_option serve_options[] = {
    {.name = "port", .value_name = "N", .count = &options.port, .help = "listen on port N (default 8080)"},
    {.name = "any-port", .flag = &options.any_port,
     .help = "listen on a free port the system picks (the line printed\nat the start names it)"},
    {.name = "bind", .value_name = "ADDRESS", .text = &options.bind,
     .help = "listen on this address or host name (default 127.0.0.1:\nthis machine only; localhost works too; 0.0.0.0 opens it to\nthe network)"},
    {NULL},
};

static int check_serve(void)
{
    if (options.port > MAX_PORT)
        return report(EXIT_BAD_INPUT, "--port", "a port is a number from 1 to %d", MAX_PORT);
    return EXIT_ANSWERED;
}

static int run_serve(struct db *db, const struct request *req)
{
    (void)db;
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "serve takes no arguments, only options");
    return serve_run(req->db_path, options.bind, options.any_port ? 0 : (int)options.port);
}

const struct command command_serve = {
    .name = "serve",
    .synopsis = "serve [--port N | --any-port] [--bind ADDRESS]",
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
            "database is opened read-only, once per thread of a pool of one thread per core.\n",
    .options = serve_options,
    .check = check_serve,
    .run = run_serve,
};
