#include "query/commands/options.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "query/report.h"

#define HELP_GAP 3 /* blanks between the longest option and its help */

bool command_option_takes_value(const struct command_option *option) { return option->flag == NULL; }

bool command_option_same_kind(const struct command_option *a, const struct command_option *b)
{
    return !a->flag == !b->flag && !a->text == !b->text && !a->steps == !b->steps && !a->count == !b->count &&
           !a->index == !b->index;
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
    if (option->steps && (!parse_number(value, &number) || number > INT_MAX))
        return report(EXIT_BAD_INPUT, value, "--%s takes a number of steps from 0", option->name);
    if (option->count && (!parse_number(value, &number) || number == 0))
        return report(EXIT_BAD_INPUT, value, "--%s takes a number from 1", option->name);
    if (option->index && !parse_number(value, &number))
        return report(EXIT_BAD_INPUT, value, "--%s takes a number from 0", option->name);
    return EXIT_ANSWERED;
}

void command_option_store(const struct command_option *option, const char *value)
{
    long number = 0;
    if (option->flag) {
        *option->flag = true;
    } else if (option->text) {
        *option->text = value;
    } else {
        parse_number(value, &number);
        if (option->steps)
            *option->steps = (int)number;
        else
            *(option->count ? option->count : option->index) = number;
    }
}

union command_option_value command_option_get(const struct command_option *option)
{
    union command_option_value value;
    if (option->flag)
        value.flag = *option->flag;
    else if (option->text)
        value.text = *option->text;
    else if (option->steps)
        value.steps = *option->steps;
    else
        value.number = *(option->count ? option->count : option->index);
    return value;
}

void command_option_put(const struct command_option *option, union command_option_value value)
{
    if (option->flag)
        *option->flag = value.flag;
    else if (option->text)
        *option->text = value.text;
    else if (option->steps)
        *option->steps = value.steps;
    else
        *(option->count ? option->count : option->index) = value.number;
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
