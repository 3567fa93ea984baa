/* A command's own options, declared as a table in the command's file: each entry names
 * the option, says what value it takes and where that value goes, and carries its help
 * lines, from which the command's help lists its options.  Adding an option to a
 * command is one entry in that table (and the variable it sets).
 *
 * main.c reads the whole command line before it knows the command, as getopt_long
 * permutes it; so one option name means one kind of value in every command that takes
 * it (checked by command_option_same_kind), and a value is checked as soon as it is
 * read, whichever command is named. */
#ifndef KLOTSKI_QUERY_OPTIONS_H
#define KLOTSKI_QUERY_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

/* One option of a command.  Exactly one of the five destinations is set; which one says
 * what the option takes.  A table of them ends with an entry whose name is NULL. */
struct command_option {
    const char *name;       /* without the dashes: "depth" for --depth */
    const char *value_name; /* the value in the help ("D" shows "--depth D"); NULL for a flag */
    const char *help;       /* its help: lines joined by '\n' (none at the end), the first
                               beside the option, the others under it */
    bool *flag;             /* a flag, no value: set to true */
    const char **text;      /* a text (a GROUP, a CLASS), kept as given */
    int *steps;             /* a number of steps, from 0 */
    long *count;            /* a count, from 1 */
    long *index;            /* a place in a list, from 0 */
};

/* The value an option's destination holds: what the server saves before a run that sets
 * the option and puts back after it. */
union command_option_value {
    bool flag;
    const char *text;
    int steps;
    long number; /* count or index */
};

/* True when the option takes a value (all kinds but the flag). */
bool command_option_takes_value(const struct command_option *option);

/* True when two options take the same kind of value, so that one name may stand for
 * both. */
bool command_option_same_kind(const struct command_option *a, const struct command_option *b);

/* The entry of `options` (a table, or NULL for none) named `name`, or NULL. */
const struct command_option *command_option_find(const struct command_option *options, const char *name);

/* Checks the value given to an option: returns EXIT_ANSWERED, or reports
 * "VALUE: --NAME takes a number ..." on stderr and returns EXIT_BAD_INPUT.  A flag or a
 * text takes any value (value is NULL for a flag). */
int command_option_check(const struct command_option *option, const char *value);

/* Stores a value that command_option_check accepted at the option's destination. */
void command_option_store(const struct command_option *option, const char *value);

/* The value the option's destination holds now. */
union command_option_value command_option_get(const struct command_option *option);

/* Sets the option's destination to `value` (one command_option_get returned). */
void command_option_put(const struct command_option *option, union command_option_value value);

/* Writes the help of a table (NULL or empty: nothing), an option per entry: two
 * blanks, the option and its value name, padded so that every help text starts in one
 * column three blanks after the longest, and its further help lines in that column. */
void command_options_help(FILE *out, const struct command_option *options);

#endif
