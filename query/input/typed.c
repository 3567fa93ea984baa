#include "query/input/typed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/layout_text.h"
#include "query/input/classic.h"
#include "query/report.h"

#define MAX_NAMED_LAYOUTS 16

char *input_normalised(const char *text)
{
    size_t length;
    const char *start = kl_layout_trimmed(text, &length);
    char *copy = xmalloc(length + 1);
    memcpy(copy, start, length);
    copy[length] = '\0';
    return copy;
}

static int unknown_name(const char *text)
{
    const char *names[CLASSIC_SUGGESTIONS];
    size_t count = classic_suggest(text, names);
    char list[512];
    size_t used = (size_t)snprintf(list, sizeof list, "%s", count ? "closest names: " : "no classic name is close");
    for (size_t i = 0; i < count && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    return report(EXIT_BAD_INPUT, text, "not a code, id, grid, board file or classic name; %s", list);
}

/* A classic name, or NAME#N: the Nth (from 1) of the layouts a name names, by code. */
static int parse_name(const char *text, kl_code *code)
{
    kl_code codes[MAX_NAMED_LAYOUTS];
    size_t count = classic_codes(text, codes, MAX_NAMED_LAYOUTS);
    if (count == 1) {
        *code = codes[0];
        return EXIT_ANSWERED;
    }
    const char *hash = strrchr(text, '#');
    if (count == 0 && hash && hash > text && hash[1] && strspn(hash + 1, "0123456789") == strlen(hash + 1)) {
        char *name = xstrdup(text);
        name[hash - text] = '\0';
        count = classic_codes(name, codes, MAX_NAMED_LAYOUTS);
        free(name);
        unsigned long pick = strtoul(hash + 1, NULL, 10);
        if (count == 0)
            return unknown_name(text);
        if (pick >= 1 && pick <= count && pick <= MAX_NAMED_LAYOUTS) {
            *code = codes[pick - 1];
            return EXIT_ANSWERED;
        }
        return report(EXIT_BAD_INPUT, text, "the name has %zu layouts; pick #1 to #%zu", count, count);
    }
    if (count == 0)
        return unknown_name(text);
    char list[1024] = "";
    for (size_t i = 0; i < count && i < MAX_NAMED_LAYOUTS; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(codes[i], hex);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s#%zu = %s", i ? ", " : "", text, i + 1, hex);
    }
    return report(EXIT_BAD_INPUT, text, "names %zu layouts; pick one: %s", count, list);
}

int input_typed_normalised(const char *text, kl_code *code)
{
    char message[KL_LAYOUT_MESSAGE_SIZE];
    switch (kl_layout_parse(text, code, message)) {
    case KL_LAYOUT_PARSED:
        return EXIT_ANSWERED;
    case KL_LAYOUT_INVALID:
        return report(EXIT_BAD_INPUT, text, "%s", message);
    case KL_LAYOUT_NO_FORM:
        break;
    }
    return parse_name(text, code);
}

int input_layout_typed(const char *text, kl_code *code)
{
    char *typed = input_normalised(text);
    int status = input_typed_normalised(typed, code);
    free(typed);
    return status;
}

bool input_board_verdict(const char *cells, const char *layout, kl_code *code, char *error, size_t size)
{
    error[0] = '\0';
    if (cells) {
        kl_raw raw;
        enum kl_board_error err = kl_layout_read_board(cells, &raw);
        if (err != KL_BOARD_OK) {
            snprintf(error, size, "%s", kl_board_error_text(err));
            return false;
        }
        *code = kl_raw_to_code(raw);
        return true;
    }
    report_to_buffer(error, size);
    int status = input_layout_typed(layout, code);
    report_to_buffer(NULL, 0);
    return status == EXIT_ANSWERED;
}
