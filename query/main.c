/* bin/klotski: instant answers about any Klotski layout, group or class from the
 * database built by bin/klotski-build.  This file reads the global options, finds the
 * command and hands it the open database; docs/klotski.1 is the manual. */
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/format.h"
#include "query/commands/command.h"
#include "query/db.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "query/report.h"

#define KLOTSKI_VERSION "1.0.0"

static const struct command *const commands[] = {
    &cmd_show, &cmd_solve, &cmd_solutions, &cmd_path, &cmd_group,
    &cmd_farthest, &cmd_hardest, &cmd_stats, &cmd_verify,
};
#define COMMAND_COUNT (sizeof commands / sizeof *commands)

static const char global_options_help[] =
    "global options:\n"
    "  --db PATH   the database (default: $KLOTSKI_DB, else " KL_DB_DEFAULT_PATH ")\n"
    "  --json      one JSON object per answer, one per line\n"
    "  --csv       tables as CSV\n"
    "  --md        tables as Markdown\n"
    "  --help      this help; `klotski COMMAND --help` for a command\n"
    "  --version   the version\n";

enum option_key {
    KEY_DB = 256, KEY_JSON, KEY_CSV, KEY_MD, KEY_HELP, KEY_VERSION,
    KEY_CODES, KEY_MEMBERS, KEY_DEPTH, KEY_GROUP, KEY_CLASS, KEY_LIMIT, KEY_SVG, KEY_HTML
};

static const struct option long_options[] = {
    {"db", required_argument, NULL, KEY_DB},
    {"json", no_argument, NULL, KEY_JSON},
    {"csv", no_argument, NULL, KEY_CSV},
    {"md", no_argument, NULL, KEY_MD},
    {"help", no_argument, NULL, KEY_HELP},
    {"version", no_argument, NULL, KEY_VERSION},
    {"codes", no_argument, NULL, KEY_CODES},
    {"members", no_argument, NULL, KEY_MEMBERS},
    {"depth", required_argument, NULL, KEY_DEPTH},
    {"group", required_argument, NULL, KEY_GROUP},
    {"class", required_argument, NULL, KEY_CLASS},
    {"limit", required_argument, NULL, KEY_LIMIT},
    {"svg", no_argument, NULL, KEY_SVG},
    {"html", no_argument, NULL, KEY_HTML},
    {NULL, 0, NULL, 0},
};

/* Everything the command line asked. */
struct invocation {
    const char *db_path;
    enum out_format format;
    bool help, version;
    unsigned options_given; /* enum command_option flags */
    const char *option_names[COMMAND_OPTION_COUNT]; /* as typed, by flag bit */
    struct request request;
};

static void print_tool_help(void)
{
    printf("usage: klotski [OPTIONS] COMMAND [ARGS]\n\n"
           "Instant answers about any Klotski (华容道) layout, group or class.\n\ncommands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
    printf("\nA LAYOUT is a code (1A9BF0C00 or 1a9bf0c), an id (#4091296), a board file (or -\n"
           "for stdin), a 20-digit grid (27732773144115510660) or a classic name (横刀立马,\n"
           "NAME#N for one of a name's layouts).  Several LAYOUTs, or one per line on stdin,\n"
           "are answered in turn.  A GROUP is a name (5-4-1-1) or a LAYOUT; a CLASS a name\n"
           "(5-4-1).\n\nPictures: show --svg, solve --html, path --html, stats depths|groups --svg,\n"
           "group --svg|--html (see each command's --help).\n\n%s\nexit status: 0 answered, 1 not found or unsolvable, 2 bad usage or input.\n"
           "See klotski(1).\n", global_options_help);
}

static void print_command_help(const struct command *c)
{
    printf("usage: klotski %s\n\n%s\n%s", c->synopsis, c->help, global_options_help);
}

/* Reads a whole non-negative number; false when text is not one. */
static bool parse_count(const char *text, long *out)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (!*text || *end || value < 0)
        return false;
    *out = value;
    return true;
}

static int note_option(struct invocation *inv, enum command_option flag, const char *name)
{
    inv->options_given |= flag;
    inv->option_names[__builtin_ctz(flag)] = name;
    return EXIT_ANSWERED;
}

/* Stores one option; returns EXIT_BAD_INPUT (reported) when its value is bad. */
static int take_option(struct invocation *inv, int key, const char *value)
{
    struct request *r = &inv->request;
    long number = 0;
    switch (key) {
    case KEY_DB: inv->db_path = value; return EXIT_ANSWERED;
    case KEY_JSON: inv->format = FORMAT_JSON; return EXIT_ANSWERED;
    case KEY_CSV: inv->format = FORMAT_CSV; return EXIT_ANSWERED;
    case KEY_MD: inv->format = FORMAT_MD; return EXIT_ANSWERED;
    case KEY_HELP: inv->help = true; return EXIT_ANSWERED;
    case KEY_VERSION: inv->version = true; return EXIT_ANSWERED;
    case KEY_CODES: r->codes = true; return note_option(inv, OPTION_CODES, "--codes");
    case KEY_MEMBERS: r->members = true; return note_option(inv, OPTION_MEMBERS, "--members");
    case KEY_GROUP: r->group = value; return note_option(inv, OPTION_GROUP, "--group");
    case KEY_CLASS: r->class_name = value; return note_option(inv, OPTION_CLASS, "--class");
    case KEY_SVG: r->svg = true; return note_option(inv, OPTION_SVG, "--svg");
    case KEY_HTML: r->html = true; return note_option(inv, OPTION_HTML, "--html");
    case KEY_DEPTH:
        if (!parse_count(value, &number) || number > INT_MAX)
            return report(EXIT_BAD_INPUT, value, "--depth takes a number of steps from 0");
        r->depth = (int)number;
        return note_option(inv, OPTION_DEPTH, "--depth");
    default:
        if (!parse_count(value, &number) || number == 0)
            return report(EXIT_BAD_INPUT, value, "--limit takes a number from 1");
        r->limit = number;
        return note_option(inv, OPTION_LIMIT, "--limit");
    }
}

static int parse_command_line(int argc, char **argv, struct invocation *inv)
{
    *inv = (struct invocation){.format = FORMAT_TEXT, .request = {.depth = DB_NULL, .limit = DB_NULL}};
    opterr = 0;
    int key;
    while ((key = getopt_long(argc, argv, "hV", long_options, NULL)) != -1) {
        if (key == 'h' || key == 'V') {
            key = key == 'h' ? KEY_HELP : KEY_VERSION;
        } else if (key == '?' || key == ':') {
            bool needs_value = optopt >= KEY_DB;
            return report(EXIT_BAD_INPUT, argv[optind - 1],
                          needs_value ? "the option needs a value" : "unknown option (see klotski --help)");
        }
        if (take_option(inv, key, optarg) != EXIT_ANSWERED)
            return EXIT_BAD_INPUT;
    }
    inv->request.args = argv + optind;
    inv->request.arg_count = argc - optind;
    return EXIT_ANSWERED;
}

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* `klotski help [COMMAND]`, `klotski --help`, `klotski COMMAND --help`. */
static int print_help(const char *name)
{
    const struct command *c = name ? find_command(name) : NULL;
    if (name && !c)
        return report(EXIT_BAD_INPUT, name, "no such command (see klotski --help)");
    if (c)
        print_command_help(c);
    else
        print_tool_help();
    return EXIT_ANSWERED;
}

/* Rejects options the command does not take. */
static int check_options(const struct invocation *inv, const struct command *c)
{
    unsigned stray = inv->options_given & ~c->options;
    if (stray)
        return report(EXIT_BAD_INPUT, inv->option_names[__builtin_ctz(stray)],
                      "not an option of %s (see klotski %s --help)", c->name, c->name);
    return EXIT_ANSWERED;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    struct invocation inv;
    if (parse_command_line(argc, argv, &inv) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    struct request *r = &inv.request;
    const char *name = r->arg_count > 0 ? r->args[0] : NULL;
    if (inv.version) {
        printf("klotski %s (database format %d)\n", KLOTSKI_VERSION, KL_DB_FORMAT_VERSION);
        return EXIT_ANSWERED;
    }
    if (name && strcmp(name, "help") == 0)
        return print_help(r->arg_count > 1 ? r->args[1] : NULL);
    if (inv.help)
        return print_help(name);
    if (!name)
        return report(EXIT_BAD_INPUT, NULL, "no command given (see klotski --help)");
    const struct command *c = find_command(name);
    if (!c)
        return report(EXIT_BAD_INPUT, name, "no such command (see klotski --help)");
    if (check_options(&inv, c) != EXIT_ANSWERED || picture_check_request(r, inv.format) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    r->args++;
    r->arg_count--;
    out_init(inv.format);
    const char *path = inv.db_path ? inv.db_path : getenv("KLOTSKI_DB");
    struct db *db = db_open(path && *path ? path : KL_DB_DEFAULT_PATH);
    if (!db)
        return EXIT_BAD_INPUT;
    int status = c->run(db, r);
    db_close(db);
    if (fflush(stdout) != 0)
        status = worse_status(status, report(EXIT_BAD_INPUT, NULL, "cannot write the answer"));
    return status;
}
