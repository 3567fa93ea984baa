/* A command's own options, declared as a table in the command's file: each entry names
 * the option, says what value it takes and where that value goes, and carries its help
 * lines, from which the command's help lists its options.  Adding an option to a
 * command is one entry in that table (and the field of the command's options it sets).
 *
 * main.c reads the whole command line before it knows the command, as getopt_long
 * permutes it; so one option name means one kind of value in every command that takes
 * it (checked by command_option_same_kind), and a value is checked as soon as it is
 * read, whichever command is named. */
#ifndef KLOTSKI_QUERY_OPTIONS_H
#define KLOTSKI_QUERY_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What an option takes, which also says where its value goes in the command's options
 * (a struct of the command's own, command.h): a bool, a const char *, an int or a long. */
enum command_option_kind {
    OPTION_FLAG,  /* no value: the bool is set to true */
    OPTION_TEXT,  /* a text (a GROUP, a CLASS), kept as given */
    OPTION_STEPS, /* a number of steps, from 0, into an int */
    OPTION_COUNT, /* a count, from 1, into a long */
    OPTION_INDEX, /* a place in a list, from 0, into a long */
};

/* One option of a command.  Its value goes into a struct of options that each caller
 * owns (main.c one per run, the server one per request), at `offset`, so that no value
 * lives in a process-wide variable.  A table of them ends with an entry whose name is
 * NULL. */
struct command_option {
    const char *name;       /* without the dashes: "depth" for --depth */
    const char *value_name; /* the value in the help ("D" shows "--depth D"); NULL for a flag */
    const char *help;       /* its help: lines joined by '\n' (none at the end), the first
                               beside the option, the others under it */
    enum command_option_kind kind;
    size_t offset;          /* of its field in the command's struct of options */
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

/* Stores a value that command_option_check accepted into `options`, the command's struct
 * of options (command.h), at the option's field. */
void command_option_store(const struct command_option *option, void *options, const char *value);

/* Writes the help of a table (NULL or empty: nothing), an option per entry: two
 * blanks, the option and its value name, padded so that every help text starts in one
 * column three blanks after the longest, and its further help lines in that column. */
void command_options_help(FILE *out, const struct command_option *options);

#endif
