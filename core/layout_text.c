#include "core/layout_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "core/drawing.h"
#include "core/rank.h"

#define GRID_DIGITS KL_CELLS
#define GRID_FIRST_GENERAL '2'
#define GRID_LAST_GENERAL '6'

bool kl_layout_parse_board(const char *text, kl_code *code, char message[KL_LAYOUT_MESSAGE_SIZE])
{
    char drawn[KL_BOARD_TEXT_SIZE];
    kl_raw raw;
    enum kl_board_error err = kl_board_parse(kl_drawing_read(text, drawn) ? drawn : text, &raw);
    if (err != KL_BOARD_OK) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "not a board: %s", kl_board_error_text(err));
        return false;
    }
    *code = kl_raw_to_code(raw);
    return true;
}

static enum kl_layout_parse_result parse_id(const char *text, kl_code *code, char *message)
{
    char *end;
    unsigned long long id = strtoull(text + 1, &end, 10);
    if (!isdigit((unsigned char)text[1]) || *end || id >= KL_LAYOUT_COUNT) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "an id is # and a number from 0 to %u", KL_LAYOUT_COUNT - 1);
        return KL_LAYOUT_INVALID;
    }
    *code = kl_id_to_code((uint32_t)id);
    return KL_LAYOUT_PARSED;
}

static enum kl_layout_parse_result parse_short_code(const char *text, kl_code *code, char *message)
{
    uint32_t id;
    if (!kl_short_code_parse(text, &id)) {
        char last[KL_SHORT_CODE_TEXT_SIZE];
        kl_short_code_format(KL_LAYOUT_COUNT - 1, last);
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "a short code beyond the last layout, %s", last);
        return KL_LAYOUT_INVALID;
    }
    *code = kl_id_to_code(id);
    return KL_LAYOUT_PARSED;
}

bool kl_layout_is_grid(const char *text)
{
    return strlen(text) == GRID_DIGITS && strspn(text, "0123456789") == GRID_DIGITS;
}

/* The piece-number grid: cells with the same general number form one piece, whose
 * orientation the two cells tell. */
static enum kl_layout_parse_result parse_grid(const char *text, kl_code *code, char *message)
{
    char letters[KL_BOARD_TEXT_SIZE], *p = letters;
    for (int addr = 0; addr < KL_CELLS; addr++) {
        char digit = text[addr], letter = '?';
        if (digit == '0' || digit == '1' || digit == '7')
            letter = digit == '0' ? '.' : digit == '1' ? 'o' : 'K';
        else if (digit >= GRID_FIRST_GENERAL && digit <= GRID_LAST_GENERAL) {
            const char *first = strchr(text, digit), *last = strrchr(text, digit);
            int a = (int)(first - text), b = (int)(last - text);
            bool two = first != last && !memchr(first + 1, digit, (size_t)(last - first - 1));
            if (two && b == a + 1 && a % KL_COLS != KL_COLS - 1)
                letter = 'H';
            else if (two && b == a + KL_COLS)
                letter = 'V';
            else {
                snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "grid: general %c does not cover two adjacent cells", digit);
                return KL_LAYOUT_INVALID;
            }
        } else {
            snprintf(message, KL_LAYOUT_MESSAGE_SIZE,
                     "grid: cells are 0 (empty), 1 (1x1), 2-6 (generals) or 7 (2x2), not %c", digit);
            return KL_LAYOUT_INVALID;
        }
        *p++ = letter;
        if (addr % KL_COLS == KL_COLS - 1)
            *p++ = '\n';
    }
    *p = '\0';
    return kl_layout_parse_board(letters, code, message) ? KL_LAYOUT_PARSED : KL_LAYOUT_INVALID;
}

static bool is_ascii_word(const char *text)
{
    for (; *text; text++)
        if (!isalnum((unsigned char)*text))
            return false;
    return true;
}

static enum kl_layout_parse_result parse_code(const char *text, kl_code *code, char *message)
{
    enum kl_code_error err = kl_code_parse(text, code);
    if (err != KL_OK) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "not a layout code: %s", kl_code_error_text(err));
        return KL_LAYOUT_INVALID;
    }
    return KL_LAYOUT_PARSED;
}

enum kl_layout_parse_result kl_layout_parse(const char *text, kl_code *code,
                                            char message[KL_LAYOUT_MESSAGE_SIZE])
{
    if (text[0] == '#')
        return parse_id(text, code, message);
    if (kl_layout_is_grid(text))
        return parse_grid(text, code, message);
    /* Five characters of the short code's alphabet are a short code, even when they are
     * hex digits too: a hex code that short is written with a trailing 0 (1A9BF0). */
    if (kl_is_short_code(text))
        return parse_short_code(text, code, message);
    if (is_ascii_word(text))
        return parse_code(text, code, message);
    if (strchr(text, '\n'))
        return kl_layout_parse_board(text, code, message) ? KL_LAYOUT_PARSED : KL_LAYOUT_INVALID;
    snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "not a code, short code, #id, grid or board");
    return KL_LAYOUT_NO_FORM;
}
