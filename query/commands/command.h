/* What a command is: its name, its help, its own options (options.h) and the function
 * that answers it.  Each query/commands/NAME.c defines one `const struct command` and
 * owns everything about it; main.c lists them in its one table of commands, reads the
 * global options (--db, --json, --csv, --md, --help, --version) and hands the command
 * its options and arguments. */
#ifndef KLOTSKI_QUERY_COMMAND_H
#define KLOTSKI_QUERY_COMMAND_H

#include "query/commands/options.h"
#include "query/db.h"

/* What a command is asked: its options, and the arguments left after them. */
struct request {
    const void *options; /* the command's own struct of options (its option_defaults,
                            then the options given), NULL for a command without */
    char **args;
    int arg_count;
    const char *db_path; /* the database the command's `db` is open on (serve opens one
                            connection per thread on it) */
};

struct command {
    const char *name;
    const char *synopsis; /* the usage line after "klotski " */
    const char *summary;  /* one line for `klotski --help` */
    const char *not_found; /* what exit status 1 (EXIT_NOT_FOUND) means for it, one line
                              of the exit status table of `klotski --help`, the command's
                              --help and docs/klotski.1 */
    const char *help;     /* what `klotski COMMAND --help` prints after the usage line;
                             the list of its options follows, made from `options` */
    const struct command_option *options; /* the options it takes; NULL for none */
    /* Its struct of options as no option given leaves it, and the struct's size: each
     * run starts from a copy of its own (NULL and 0 for a command without options). */
    const void *option_defaults;
    size_t options_size;
    /* Checks the options together once they are stored and the output format is
     * chosen, before the database opens (NULL: nothing to check).  Returns
     * EXIT_ANSWERED, or reports and returns EXIT_BAD_INPUT. */
    int (*check)(const void *options);
    /* Whether the command, with these options, answers from the database (NULL: always);
     * when not, `run` gets a NULL db and no database is looked for (serve --pack). */
    bool (*needs_database)(const void *options);
    /* Answers the request from the open database.  Returns an enum exit_status; errors
     * are already reported on stderr. */
    int (*run)(struct db *db, const struct request *req);
};

/* The commands, one per query/commands/NAME.c. */
extern const struct command command_show, command_solve, command_solutions, command_path, command_group,
    command_farthest, command_hardest, command_names, command_stats, command_verify, command_moves,
    command_hint, command_check, command_pack;
/* The web application, query/commands/serve.c. */
extern const struct command command_serve;
/* The page with no server, query/commands/site.c. */
extern const struct command command_site;

#endif
