/* bin/klotski: instant answers about any Klotski layout, group or class from the
 * database built by bin/klotski-build.  This file holds the one table of commands and
 * the global options: it reads the command line, finds the command, hands it its own
 * options (declared in its file, query/commands/NAME.c) and the open database.
 * docs/klotski.1 is the manual. */
#include <assert.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/format.h"
#include "core/moves.h"
#include "lib/klotski.h" /* KLOTSKI_VERSION, the project's one version */
#include "core/text_distance.h"
#include "query/commands/command.h"
#include "query/db.h"
#include "query/render/output.h"
#include "answer/report.h"

#define MAX_COMMAND_EDITS 2
#define MAX_OPTION_EDITS 2

/* The one table of commands, in the order of `klotski --help`. */
static const struct command *const commands[] = {
    &command_show, &command_solve, &command_solutions, &command_path, &command_group,
    &command_farthest, &command_hardest, &command_names, &command_stats, &command_verify,
    &command_moves, &command_hint, &command_check, &command_pack,
    &command_serve,
    &command_site,
};
#define COMMAND_COUNT (sizeof commands / sizeof *commands)

static const char global_options_help[] =
    "global options:\n"
    "  --db PATH   the database; without it $KLOTSKI_DB, else " KL_DB_DEFAULT_PATH " when\n"
    "              the current folder has one, else BINDIR/../" KL_DB_DEFAULT_PATH " beside\n"
    "              this program (a built tree's bin/klotski, run from any folder), else\n"
    "              PREFIX/" KL_DB_INSTALLED_PATH " of an installed klotski\n"
    "              (PREFIX/bin/klotski)\n"
    "  --json      one JSON object per answer, one per line\n"
    "  --csv       tables as CSV\n"
    "  --md        tables as Markdown (one output format at a time)\n"
    "  --metric M  count moves as M: step (default: one piece anywhere it can reach),\n"
    "              straight (one piece, one direction) or unit (one piece, one cell);\n"
    "              without it $KLOTSKI_METRIC, else step.  solve, path, moves, hint,\n"
    "              check, hardest, names and stats follow it; show and group give all\n"
    "              three\n"
    "  --help      this help; `klotski COMMAND --help` for a command\n"
    "  --version   the version\n";

/* getopt_long's keys: the global options, then the commands' options, numbered from
 * KEY_COMMAND_OPTION as known_options lists them.  Every key of a long option is above
 * the characters of short ones, which tells a missing value from an unknown option. */
enum option_key { KEY_DB = 256, KEY_JSON, KEY_CSV, KEY_MD, KEY_METRIC, KEY_HELP, KEY_VERSION,
                  KEY_COMMAND_OPTION };

static const struct option global_options[] = {
    {"db", required_argument, NULL, KEY_DB},
    {"json", no_argument, NULL, KEY_JSON},
    {"csv", no_argument, NULL, KEY_CSV},
    {"md", no_argument, NULL, KEY_MD},
    {"metric", required_argument, NULL, KEY_METRIC},
    {"help", no_argument, NULL, KEY_HELP},
    {"version", no_argument, NULL, KEY_VERSION},
};
#define GLOBAL_OPTION_COUNT (sizeof global_options / sizeof *global_options)

/* A command option as the command line gave it, kept until the command is known. */
struct given_option {
    const struct command_option *option; /* the first command's entry of that name */
    const char *value;                   /* NULL for a flag */
};

/* Everything the command line asked. */
struct invocation {
    const char *db_path;
    enum out_format format;
    const char *metric;         /* --metric's value; NULL: not given */
    bool help, version;
    struct given_option *given; /* the command options, in the order given */
    size_t given_count;
    struct request request;
};

/* The options getopt_long knows: the global ones and every command's, each name once
 * (keyed KEY_COMMAND_OPTION + its index in *names).  Returns the malloc'd table, ended
 * by a zero entry; *names (malloc'd) gets the first command's entry of each name. */
static struct option *known_options(const struct command_option ***names)
{
    size_t total = GLOBAL_OPTION_COUNT + 1, count = 0;
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        for (const struct command_option *o = commands[i]->options; o && o->name; o++)
            total++;
    struct option *table = xcalloc(total, sizeof *table);
    *names = xcalloc(total, sizeof **names);
    memcpy(table, global_options, sizeof global_options);
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        for (const struct command_option *o = commands[i]->options; o && o->name; o++) {
            size_t k = 0;
            while (k < count && strcmp((*names)[k]->name, o->name) != 0)
                k++;
            /* One name, one kind of value: the value is checked before the command is known. */
            assert(k == count || command_option_same_kind((*names)[k], o));
            if (k < count)
                continue;
            (*names)[count] = o;
            table[GLOBAL_OPTION_COUNT + count] = (struct option){
                o->name, command_option_takes_value(o) ? required_argument : no_argument, NULL,
                KEY_COMMAND_OPTION + (int)count};
            count++;
        }
    }
    return table;
}

/* The exit status table, with the meaning of status 1 for each of `count` commands. */
static void print_exit_statuses(const struct command *const *list, size_t count)
{
    printf("exit status:\n"
           "  0  every input answered\n"
           "  1  not found:\n");
    for (size_t i = 0; i < count; i++)
        printf("     %-10s %s\n", list[i]->name, list[i]->not_found);
    printf("  2  bad usage or bad input, or no usable database\n");
}

static void print_tool_help(void)
{
    printf("usage: klotski [OPTIONS] COMMAND [ARGS]\n\n"
           "Instant answers about any Klotski (华容道) layout, group or class.\n\ncommands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
    printf("\nA LAYOUT is a code (1A9BF0C00 or 1a9bf0c), an id (#4091296), a short code (4WVE1:\n"
           "five characters are always one; write a hex code that short as 1A9BF0), a board\n"
           "in a file or on stdin (-): five lines of K H V o . or of one symbol per piece\n"
           "(BAAC BAAC DEEF DGHF I..J, or BAAC/BAAC/DEEF/DGHF/I..J as an argument), a 20-digit\n"
           "grid (27732773144115510660) or a classic name (横刀立马, or in pinyin hengdaolima;\n"
           "NAME#N for one of a name's layouts).  Several LAYOUTs, or one per line on stdin,\n"
           "are answered in turn.  A GROUP is a name (5-4-1-1) or a LAYOUT; a CLASS a name\n"
           "(5-4-1).\n\n"
           "Pictures: show --svg, solve --html, path --html, stats depths|groups --svg,\n"
           "group --svg|--html (see each command's --help).\n\n%s\n", global_options_help);
    print_exit_statuses(commands, COMMAND_COUNT);
    printf("See klotski(1).\n");
}

/* A command's help: its usage line, its own text, its options, the global options. */
static void print_command_help(const struct command *c)
{
    printf("usage: klotski %s\n\n%s", c->synopsis, c->help);
    if (c->options) {
        putchar('\n');
        command_options_help(stdout, c->options);
    }
    printf("\n%s\n", global_options_help);
    print_exit_statuses(&c, 1);
}

/* Stores an output format: one per command line. */
static int take_format(struct invocation *inv, enum out_format format)
{
    static const char *const names[] = {[FORMAT_JSON] = "--json", [FORMAT_CSV] = "--csv", [FORMAT_MD] = "--md"};
    if (inv->format != FORMAT_TEXT && inv->format != format)
        return report(EXIT_BAD_INPUT, names[format], "one output format at a time: %s was given already",
                      names[inv->format]);
    inv->format = format;
    return EXIT_ANSWERED;
}

/* Stores a global option, or checks a command option's value and keeps it for the
 * command.  Returns EXIT_BAD_INPUT (reported) when the value is bad. */
static int take_option(struct invocation *inv, int key, const char *value,
                       const struct command_option *const *names)
{
    switch (key) {
    case KEY_DB: inv->db_path = value; return EXIT_ANSWERED;
    case KEY_JSON: return take_format(inv, FORMAT_JSON);
    case KEY_CSV: return take_format(inv, FORMAT_CSV);
    case KEY_MD: return take_format(inv, FORMAT_MD);
    case KEY_METRIC: inv->metric = value; return EXIT_ANSWERED;
    case KEY_HELP: inv->help = true; return EXIT_ANSWERED;
    case KEY_VERSION: inv->version = true; return EXIT_ANSWERED;
    default: {
        const struct command_option *option = names[key - KEY_COMMAND_OPTION];
        if (command_option_check(option, value) != EXIT_ANSWERED)
            return EXIT_BAD_INPUT;
        inv->given[inv->given_count++] = (struct given_option){option, value};
        return EXIT_ANSWERED;
    }
    }
}

/* Reports an option no command takes, with the nearest known one when one is close (at
 * most MAX_OPTION_EDITS edits away), as no_such_command does for a command. */
static int unknown_option(const char *given, const struct option *known)
{
    const char *typed = given + strspn(given, "-");
    char name[KL_TEXT_DISTANCE_MAX_CHARS];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(typed, "="), typed);
    size_t count = 0;
    while (known[count].name)
        count++;
    const char **names = xcalloc(count, sizeof *names);
    for (size_t i = 0; i < count; i++)
        names[i] = known[i].name;
    const char *nearest = strncmp(given, "--", 2) == 0 ? kl_text_nearest(name, names, count, MAX_OPTION_EDITS) : NULL;
    int status = nearest ? report(EXIT_BAD_INPUT, given, "unknown option; did you mean --%s? (see klotski --help)",
                                  nearest)
                         : report(EXIT_BAD_INPUT, given, "unknown option (see klotski --help)");
    free(names);
    return status;
}

/* Reads the whole command line, options before and after the command name alike (as
 * getopt_long permutes it), up to `--`.  The command is not known until the end, so a
 * command option's value is checked as it is read and the option kept for the command.
 * Returns EXIT_ANSWERED, or EXIT_BAD_INPUT after reporting the first bad option. */
static int parse_command_line(int argc, char **argv, struct invocation *inv)
{
    *inv = (struct invocation){.format = FORMAT_TEXT, .given = xcalloc((size_t)argc, sizeof *inv->given)};
    const struct command_option **names;
    struct option *options = known_options(&names);
    opterr = 0;
    int key, status = EXIT_ANSWERED;
    while (status == EXIT_ANSWERED && (key = getopt_long(argc, argv, "hV", options, NULL)) != -1) {
        if (key == 'h' || key == 'V') {
            key = key == 'h' ? KEY_HELP : KEY_VERSION;
        } else if (key == '?' || key == ':') {
            const char *given = argv[optind - 1];
            bool known = optopt >= KEY_DB, has_value = strchr(given, '=') != NULL;
            status = known ? report(EXIT_BAD_INPUT, given,
                                    has_value ? "the option takes no value" : "the option needs a value")
                           : unknown_option(given, options);
            break;
        }
        status = take_option(inv, key, optarg, names);
    }
    free(options);
    free(names);
    inv->request.args = argv + optind;
    inv->request.arg_count = argc - optind;
    return status;
}

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* Reports a name that is no command, with the nearest command when one is close (at most
 * MAX_COMMAND_EDITS edits away). */
static int no_such_command(const char *name)
{
    const char *names[COMMAND_COUNT + 1];
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        names[i] = commands[i]->name;
    names[COMMAND_COUNT] = "help";
    const char *nearest = kl_text_nearest(name, names, COMMAND_COUNT + 1, MAX_COMMAND_EDITS);
    if (nearest)
        return report(EXIT_BAD_INPUT, name, "no such command; did you mean %s? (see klotski --help)", nearest);
    return report(EXIT_BAD_INPUT, name, "no such command (see klotski --help)");
}

/* `klotski help [COMMAND]`, `klotski --help`, `klotski COMMAND --help`. */
static int print_help(const char *name)
{
    const struct command *c = name ? find_command(name) : NULL;
    if (name && !c)
        return no_such_command(name);
    if (c)
        print_command_help(c);
    else
        print_tool_help();
    return EXIT_ANSWERED;
}

/* Stores the options given for the command into `options`, its struct of options, or
 * reports the first it does not take. */
static int take_command_options(const struct invocation *inv, const struct command *c, void *options)
{
    for (size_t i = 0; i < inv->given_count; i++) {
        const char *name = inv->given[i].option->name;
        const struct command_option *own = command_option_find(c->options, name);
        if (!own) {
            char option[64];
            snprintf(option, sizeof option, "--%s", name);
            return report(EXIT_BAD_INPUT, option, "not an option of %s (see klotski %s --help)", c->name, c->name);
        }
        command_option_store(own, options, inv->given[i].value);
    }
    return EXIT_ANSWERED;
}

/* The metric the answers count in: --metric, else $KLOTSKI_METRIC, else step.  Returns
 * EXIT_ANSWERED, or reports and returns EXIT_BAD_INPUT for a name that is no metric. */
static int choose_metric(const struct invocation *inv, enum kl_metric *metric)
{
    const char *name = inv->metric, *source = "--metric";
    if (!name) {
        name = getenv("KLOTSKI_METRIC");
        source = "KLOTSKI_METRIC";
    }
    *metric = KL_METRIC_STEP;
    if (!name || kl_metric_parse(name, metric))
        return EXIT_ANSWERED;
    return report(EXIT_BAD_INPUT, source, "'%s' is no metric (%s)", name, KL_METRIC_NAMES);
}

/* Stores the command's options into `options` (its defaults already), checks them, opens
 * the database and runs the command. */
static int run_command(struct invocation *inv, const struct command *c, void *options)
{
    struct request *r = &inv->request;
    enum kl_metric metric;
    if (take_command_options(inv, c, options) != EXIT_ANSWERED || (c->check && c->check(options) != EXIT_ANSWERED) ||
        choose_metric(inv, &metric) != EXIT_ANSWERED)
        return EXIT_BAD_INPUT;
    r->args++;
    r->arg_count--;
    char installed[PATH_MAX];
    struct db *db = NULL;
    if (!c->needs_database || c->needs_database(options)) {
        r->db_path = db_locate(inv->db_path, installed, sizeof installed);
        if (!(db = db_open(r->db_path, !inv->db_path)))
            return EXIT_BAD_INPUT;
        db_set_metric(db, metric);
    }
    int status = c->run(db, r);
    if (db)
        db_close(db);
    if (fflush(stdout) != 0)
        status = worse_status(status, report(EXIT_BAD_INPUT, NULL, "cannot write the answer"));
    return status;
}

/* Does what the command line asks: the version, a help, or a command's answer. */
static int answer(struct invocation *inv)
{
    struct request *r = &inv->request;
    const char *name = r->arg_count > 0 ? r->args[0] : NULL;
    if (inv->version) {
        printf("klotski %s (database format %d)\n", KLOTSKI_VERSION, KL_DB_FORMAT_VERSION);
        return EXIT_ANSWERED;
    }
    if (name && strcmp(name, "help") == 0)
        return print_help(r->arg_count > 1 ? r->args[1] : NULL);
    if (inv->help)
        return print_help(name);
    if (!name)
        return report(EXIT_BAD_INPUT, NULL, "no command given (see klotski --help)");
    const struct command *c = find_command(name);
    if (!c)
        return no_such_command(name);
    out_init(inv->format);
    void *options = c->options_size ? xmalloc(c->options_size) : NULL;
    if (options)
        memcpy(options, c->option_defaults, c->options_size);
    r->options = options;
    int status = run_command(inv, c, options);
    free(options);
    return status;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    struct invocation inv;
    int status = parse_command_line(argc, argv, &inv);
    if (status == EXIT_ANSWERED)
        status = answer(&inv);
    free(inv.given);
    return status;
}
