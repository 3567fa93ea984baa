/* What a command is and what it is asked: the options main.c parsed for it and its
 * arguments.  Each cmd_*.c defines one `const struct command`; main.c lists them. */
#ifndef KLOTSKI_QUERY_COMMAND_H
#define KLOTSKI_QUERY_COMMAND_H

#include <stdbool.h>

#include "query/db.h"

/* The options a command may take besides the global ones (--db, --json, --csv, --md). */
enum command_option {
    OPTION_CODES = 1 << 0,   /* --codes */
    OPTION_MEMBERS = 1 << 1, /* --members */
    OPTION_DEPTH = 1 << 2,   /* --depth D */
    OPTION_GROUP = 1 << 3,   /* --group GROUP */
    OPTION_CLASS = 1 << 4,   /* --class CLASS */
    OPTION_LIMIT = 1 << 5,   /* --limit N */
    OPTION_SVG = 1 << 6,     /* --svg: the answer as an SVG picture (pictures.h) */
    OPTION_HTML = 1 << 7     /* --html: the answer as an HTML page (pictures.h) */
};
#define COMMAND_OPTION_COUNT 8

struct request {
    bool codes;             /* --codes */
    bool members;           /* --members */
    int depth;              /* --depth D, or DB_NULL */
    const char *group;      /* --group GROUP, or NULL */
    const char *class_name; /* --class CLASS, or NULL */
    long limit;             /* --limit N, or DB_NULL */
    bool svg;               /* --svg */
    bool html;              /* --html */
    char **args;            /* the arguments after the options */
    int arg_count;
};

struct command {
    const char *name;
    const char *synopsis; /* the usage line after "klotski " */
    const char *summary;  /* one line for `klotski --help` */
    const char *help;     /* what `klotski COMMAND --help` prints after the usage line */
    unsigned options;     /* enum command_option flags it accepts */
    /* Answers the request from the open database.  Returns an enum exit_status; errors
     * are already reported on stderr. */
    int (*run)(struct db *db, const struct request *req);
};

/* The commands, one per cmd_*.c. */
extern const struct command cmd_show, cmd_solve, cmd_solutions, cmd_path, cmd_group,
    cmd_farthest, cmd_hardest, cmd_stats, cmd_verify;

#endif
