#include "query/input/typed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classic.h"
#include "core/layout_text.h"
#include "query/report.h"

char *input_normalised(const char *text)
{
    size_t length;
    const char *start = kl_layout_trimmed(text, &length);
    char *copy = xmalloc(length + 1);
    memcpy(copy, start, length);
    copy[length] = '\0';
    return copy;
}

int input_typed_normalised(const char *text, kl_code *code)
{
    char message[KL_CLASSIC_MESSAGE_SIZE];
    if (kl_classic_parse(text, "a code, id, grid, board file or classic name", code, message, sizeof message))
        return EXIT_ANSWERED;
    return report(EXIT_BAD_INPUT, text, "%s", message);
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
        char message[KL_LAYOUT_MESSAGE_SIZE];
        size_t prefix = strlen(KL_LAYOUT_NOT_A_BOARD);
        if (kl_layout_parse_board(cells, code, message))
            return true;
        snprintf(error, size, "%s", message + (strncmp(message, KL_LAYOUT_NOT_A_BOARD, prefix) == 0 ? prefix : 0));
        return false;
    }
    report_to_buffer(error, size);
    int status = input_layout_typed(layout, code);
    report_to_buffer(NULL, 0);
    return status == EXIT_ANSWERED;
}
