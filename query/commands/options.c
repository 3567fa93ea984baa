#include "query/commands/options.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "answer/report.h"

#define HELP_GAP 3 /* blanks between the longest option and its help */

bool command_option_takes_value(const struct command_option *option) { return option->kind != OPTION_FLAG; }

bool command_option_same_kind(const struct command_option *a, const struct command_option *b)
{
    return a->kind == b->kind;
}

const struct command_option *command_option_find(const struct command_option *options, const char *name)
{
    for (; options && options->name; options++)
        if (strcmp(options->name, name) == 0)
            return options;
    return NULL;
}

/* Reads a whole non-negative number; false when text is not one. */
static bool parse_number(const char *text, long *out)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (!*text || *end || value < 0)
        return false;
    *out = value;
    return true;
}

int command_option_check(const struct command_option *option, const char *value)
{
    long number;
    if (option->kind == OPTION_STEPS && (!parse_number(value, &number) || number > INT_MAX))
        return report(EXIT_BAD_INPUT, value, "--%s takes a number of steps from 0", option->name);
    if (option->kind == OPTION_COUNT && (!parse_number(value, &number) || number == 0))
        return report(EXIT_BAD_INPUT, value, "--%s takes a number from 1", option->name);
    if (option->kind == OPTION_INDEX && !parse_number(value, &number))
        return report(EXIT_BAD_INPUT, value, "--%s takes a number from 0", option->name);
    return EXIT_ANSWERED;
}

void command_option_store(const struct command_option *option, void *options, const char *value)
{
    char *field = (char *)options + option->offset;
    long number = 0;
    switch (option->kind) {
    case OPTION_FLAG:
        *(bool *)field = true;
        break;
    case OPTION_TEXT:
        *(const char **)field = value;
        break;
    case OPTION_STEPS:
        parse_number(value, &number);
        *(int *)field = (int)number;
        break;
    case OPTION_COUNT:
    case OPTION_INDEX:
        parse_number(value, &number);
        *(long *)field = number;
        break;
    }
}

/* The option as the help shows it: "--depth D". */
static int label_of(const struct command_option *option, char *label, size_t size)
{
    return snprintf(label, size, "--%s%s%s", option->name, option->value_name ? " " : "",
                    option->value_name ? option->value_name : "");
}

void command_options_help(FILE *out, const struct command_option *options)
{
    char label[64];
    int width = 0;
    for (const struct command_option *o = options; o && o->name; o++) {
        int length = label_of(o, label, sizeof label);
        width = length > width ? length : width;
    }
    for (const struct command_option *o = options; o && o->name; o++) {
        label_of(o, label, sizeof label);
        fprintf(out, "  %-*s%*s", width, label, HELP_GAP, "");
        for (const char *line = o->help;;) {
            size_t length = strcspn(line, "\n");
            fprintf(out, "%.*s\n", (int)length, line);
            if (!line[length])
                break;
            line += length + 1;
            fprintf(out, "%*s", 2 + width + HELP_GAP, "");
        }
    }
}
