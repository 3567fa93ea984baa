#include "core/layout_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "core/drawing.h"
#include "core/rank.h"

#define GRID_FIRST_GENERAL '2'
#define GRID_LAST_GENERAL '6'

/* The 20 cells in a row, each a letter of core/board.h (any case), as the page and the
 * API write a board. */
static bool is_cells(const char *text)
{
    return strlen(text) == KL_CELLS && strspn(text, "KHVOkhvo.") == KL_CELLS;
}

bool kl_layout_is_typed_form(const char *text)
{
    return text[0] == '#' || kl_layout_is_grid(text) || is_cells(text);
}

const char *kl_layout_trimmed(const char *text, size_t *length)
{
    if (strncmp(text, KL_LAYOUT_UTF8_BOM, strlen(KL_LAYOUT_UTF8_BOM)) == 0)
        text += strlen(KL_LAYOUT_UTF8_BOM);
    text += strspn(text, KL_LAYOUT_BLANKS);
    size_t n = strlen(text);
    while (n > 0 && strchr(KL_LAYOUT_BLANKS, text[n - 1]))
        n--;
    *length = n;
    return text;
}

enum kl_board_error kl_layout_read_board(const char *text, kl_raw *raw)
{
    char *clean = malloc(strlen(text) + 1), *end = clean;
    if (!clean)
        return KL_BOARD_SHAPE;
    if (strncmp(text, KL_LAYOUT_UTF8_BOM, strlen(KL_LAYOUT_UTF8_BOM)) == 0)
        text += strlen(KL_LAYOUT_UTF8_BOM);
    for (; *text; text++)
        if (*text != '\r')
            *end++ = *text;
    *end = '\0';
    char board[KL_BOARD_TEXT_SIZE];
    const char *parsed = clean, *cells = clean + strspn(clean, KL_LAYOUT_BLANKS);
    size_t length = strcspn(cells, KL_LAYOUT_BLANKS);
    if (length == KL_CELLS && !cells[length + strspn(cells + length, KL_LAYOUT_BLANKS)]) {
        char *p = board;
        for (int cell = 0; cell < KL_CELLS; cell++) {
            *p++ = cells[cell];
            if (cell % KL_COLS == KL_COLS - 1)
                *p++ = '\n';
        }
        *p = '\0';
        parsed = board;
    } else if (kl_drawing_read(clean, board)) {
        parsed = board;
    }
    enum kl_board_error err = kl_board_parse(parsed, raw);
    free(clean);
    return err;
}

bool kl_layout_parse_board(const char *text, kl_code *code, char message[KL_LAYOUT_MESSAGE_SIZE])
{
    kl_raw raw;
    enum kl_board_error err = kl_layout_read_board(text, &raw);
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
    return strlen(text) == KL_CELLS && strspn(text, "0123456789") == KL_CELLS;
}

static enum kl_layout_parse_result parse_board_text(const char *text, kl_code *code, char *message)
{
    return kl_layout_parse_board(text, code, message) ? KL_LAYOUT_PARSED : KL_LAYOUT_INVALID;
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
    return parse_board_text(letters, code, message);
}

static bool is_ascii_word(const char *text)
{
    for (; *text; text++)
        if (!isalnum((unsigned char)*text))
            return false;
    return true;
}

/* A code in hex; `typed` is the text as typed (with its 0x, if any).  A decimal number
 * that is no code but is below the number of layouts was probably meant as an id. */
static enum kl_layout_parse_result parse_code(const char *typed, const char *hex, kl_code *code, char *message)
{
    enum kl_code_error err = kl_code_parse(hex, code);
    if (err == KL_OK)
        return KL_LAYOUT_PARSED;
    char *end;
    unsigned long long number = strtoull(typed, &end, 10);
    if (isdigit((unsigned char)typed[0]) && !*end && number < KL_LAYOUT_COUNT)
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "not a layout code: %s; did you mean the id #%llu?",
                 kl_code_error_text(err), number);
    else
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "not a layout code: %s", kl_code_error_text(err));
    return KL_LAYOUT_INVALID;
}

/* A hex code written with the 0x of C and SQL. */
static bool has_hex_prefix(const char *text)
{
    return text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && text[2];
}

/* kl_layout_parse of text already trimmed. */
static enum kl_layout_parse_result parse_trimmed(const char *text, kl_code *code, char *message)
{
    if (!*text) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "empty layout");
        return KL_LAYOUT_INVALID;
    }
    if (text[0] == '#')
        return parse_id(text, code, message);
    if (kl_layout_is_grid(text))
        return parse_grid(text, code, message);
    if (is_cells(text))
        return parse_board_text(text, code, message);
    if (has_hex_prefix(text) && is_ascii_word(text))
        return parse_code(text, text + 2, code, message);
    /* Five characters of the short code's alphabet are a short code, even when they are
     * hex digits too: a hex code that short is written with a trailing 0 (1A9BF0). */
    if (kl_is_short_code(text))
        return parse_short_code(text, code, message);
    if (is_ascii_word(text))
        return parse_code(text, text, code, message);
    if (strchr(text, '\n'))
        return parse_board_text(text, code, message);
    snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "not a code, short code, #id, grid or board");
    return KL_LAYOUT_NO_FORM;
}

enum kl_layout_parse_result kl_layout_parse(const char *text, kl_code *code,
                                            char message[KL_LAYOUT_MESSAGE_SIZE])
{
    size_t length;
    const char *start = kl_layout_trimmed(text, &length);
    char *trimmed = malloc(length + 1);
    if (!trimmed) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "out of memory");
        return KL_LAYOUT_INVALID;
    }
    memcpy(trimmed, start, length);
    trimmed[length] = '\0';
    enum kl_layout_parse_result result = parse_trimmed(trimmed, code, message);
    free(trimmed);
    return result;
}
