#include "answer/typed_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/layout_text.h"
#include "core/message.h"
#include "core/typed.h"
#include "answer/report.h"

char *input_normalised(const char *text)
{
    char *typed = kl_typed_trim(text);
    if (!typed)
        out_of_memory();
    return typed;
}

int input_typed_normalised(const char *text, bool files, kl_code *code)
{
    struct kl_typed typed;
    if (kl_typed_parse(text, &typed) == KL_TYPED_OK) {
        *code = typed.code;
        return EXIT_ANSWERED;
    }
    char reason[KL_TYPED_REASON_SIZE];
    kl_typed_reason(&typed, files, reason, sizeof reason);
    return report(EXIT_BAD_INPUT, text, "%s", reason);
}

bool input_layout_typed(const char *text, kl_code *code, char *error, size_t size)
{
    char *trimmed = input_normalised(text);
    struct kl_typed typed;
    bool parsed = kl_typed_parse(trimmed, &typed) == KL_TYPED_OK;
    if (parsed) {
        *code = typed.code;
    } else {
        char reason[KL_TYPED_REASON_SIZE];
        kl_typed_reason(&typed, true, reason, sizeof reason);
        kl_message_line(error, size, trimmed, reason);
    }
    free(trimmed);
    return parsed;
}

#define ATTEMPT_SEPARATORS ", \t\r\n" /* between the LAYOUTs of an attempt */

bool input_attempt_typed(const char *text, kl_code **codes, size_t *count, char *error, size_t size)
{
    *codes = xcalloc(strlen(text) / 2 + 1, sizeof **codes);
    *count = 0;
    char *copy = xstrdup(text), *save = NULL;
    bool typed = true;
    for (char *item = strtok_r(copy, ATTEMPT_SEPARATORS, &save); item && typed;
         item = strtok_r(NULL, ATTEMPT_SEPARATORS, &save)) {
        typed = input_layout_typed(item, &(*codes)[*count], error, size);
        *count += typed;
    }
    free(copy);
    if (typed && *count == 0) {
        snprintf(error, size, "attempt: missing (LAYOUTs, the start first, separated by commas)");
        typed = false;
    }
    if (!typed) {
        free(*codes);
        *codes = NULL;
    }
    return typed;
}

bool input_board_verdict(const char *cells, const char *layout, kl_code *code, char *error, size_t size)
{
    error[0] = '\0';
    if (cells) {
        char message[KL_LAYOUT_MESSAGE_SIZE];
        size_t prefix = strlen(KL_LAYOUT_NOT_A_BOARD);
        if (kl_layout_parse_board(cells, code, message))
            return true;
        snprintf(error, size, "%s", message + (strncmp(message, KL_LAYOUT_NOT_A_BOARD, prefix) == 0 ? prefix : 0));
        return false;
    }
    return input_layout_typed(layout, code, error, size);
}

/* Whether text is `count` numbers joined by '-': a group name has four, a class name
 * three. */
static bool is_dashed_numbers(const char *text, int count)
{
    int numbers = 0;
    for (const char *p = text; *p; numbers++) {
        size_t digits = strspn(p, "0123456789");
        if (digits == 0)
            return false;
        p += digits;
        if (*p == '-' && p[1])
            p++;
        else if (*p)
            return false;
    }
    return numbers == count;
}

bool input_is_group_name(const char *text)
{
    char *typed = input_normalised(text);
    bool is = is_dashed_numbers(typed, 4);
    free(typed);
    return is;
}

bool input_is_class_name(const char *text)
{
    char *typed = input_normalised(text);
    bool is = is_dashed_numbers(typed, 3);
    free(typed);
    return is;
}
