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

/* Cells a board of one symbol per piece writes for a blank. */
#define PIECE_BLANKS "._ "

/* A cell of a board: a letter or digit (a piece), or a blank. */
static bool is_board_cell(char c) { return c && (isalnum((unsigned char)c) || strchr(PIECE_BLANKS, c)); }

/* `length` cells of a board on one line: core/board.h's letters, or symbols with at
 * least the two empty cells every layout has written as '.' or '_' (so that a word, a
 * name in pinyin, is never taken for a board). */
static bool are_board_cells(const char *text, size_t length)
{
    size_t blanks = 0, letters = 0;
    for (size_t i = 0; i < length; i++) {
        if (!is_board_cell(text[i]) || text[i] == ' ')
            return false;
        blanks += text[i] == '.' || text[i] == '_';
        letters += strchr("KHVOkhvo.", text[i]) != NULL;
    }
    return blanks >= 2 || letters == length;
}

/* The 20 cells in a row (VKKVVKKVVHHVVooVo..o, or one symbol per piece), or 5 rows of 4
 * cells joined by '/' (BAAC/BAAC/DEEF/DGHF/I..J): a board on one line. */
static bool is_board_in_a_line(const char *text)
{
    size_t length = strlen(text);
    if (length == KL_CELLS)
        return !kl_layout_is_grid(text) && are_board_cells(text, length);
    if (length != KL_CELLS + KL_ROWS - 1)
        return false;
    /* The slashes alone make the form, so that a wrong cell is named as one. */
    for (int row = 0; row < KL_ROWS; row++) {
        const char *start = text + row * (KL_COLS + 1);
        if ((row < KL_ROWS - 1 && start[KL_COLS] != '/') || memchr(start, '/', KL_COLS))
            return false;
    }
    return true;
}

bool kl_layout_is_typed_form(const char *text)
{
    return text[0] == '#' || kl_layout_is_grid(text) || is_board_in_a_line(text);
}

bool kl_layout_is_board_row(const char *line)
{
    size_t length = strlen(line);
    while (length > 0 && strchr(KL_LAYOUT_BLANKS, line[length - 1]))
        length--;
    if (length != KL_COLS || strspn(line, " ") == KL_COLS)
        return false;
    for (size_t i = 0; i < length; i++)
        if (!is_board_cell(line[i]))
            return false;
    return true;
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

/* Splits a board's text (no CR) into its 20 cells: 5 lines of 4 cells, or 5 rows joined by
 * '/', or the 20 in a row; lines of blanks alone are skipped, blanks after a line's 4th
 * cell ignored.  Returns true, or false with the reason in message, naming the line. */
static bool board_cells(const char *text, char cells[KL_CELLS], char *message)
{
    size_t length;
    const char *trimmed = kl_layout_trimmed(text, &length);
    if (length == KL_CELLS && !memchr(trimmed, '\n', length) && !memchr(trimmed, '/', length)) {
        memcpy(cells, trimmed, KL_CELLS);
        return true;
    }
    const char *line_ends = strchr(text, '\n') ? "\n" : "\n/";
    int rows = 0, line = 0;
    for (const char *p = text; *p;) {
        size_t size = strcspn(p, line_ends), used = size;
        line++;
        /* A blank may be a space, so only those after a 4th cell go (and a line of
         * blanks alone). */
        while (used > KL_COLS && strchr(KL_LAYOUT_BLANKS, p[used - 1]))
            used--;
        if (strspn(p, KL_LAYOUT_BLANKS) >= used)
            used = 0;
        if (used > 0 && rows == KL_ROWS) {
            snprintf(message, KL_LAYOUT_MESSAGE_SIZE, KL_LAYOUT_NOT_A_BOARD "its line %d is a 6th row; a board is 5 lines of 4 cells",
                     line);
            return false;
        }
        if (used > 0 && used != KL_COLS) {
            snprintf(message, KL_LAYOUT_MESSAGE_SIZE, KL_LAYOUT_NOT_A_BOARD "its line %d (%.*s) has %zu cell%s, not 4",
                     line, used > 8 ? 8 : (int)used, p, used, used == 1 ? "" : "s");
            return false;
        }
        if (used > 0)
            memcpy(cells + KL_COLS * rows++, p, KL_COLS);
        p += size;
        if (*p)
            p++;
    }
    if (rows < KL_ROWS) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, KL_LAYOUT_NOT_A_BOARD "it ends after %d row%s; a board is 5 lines of 4 cells",
                 rows, rows == 1 ? "" : "s");
        return false;
    }
    return true;
}

/* Writes cells as a board of core/board.h's letters: each piece written as one symbol,
 * recognised by the shape of its cells.  Returns true, or false with the reason (a
 * symbol that is no cell, or whose cells form no piece) in message. */
static bool pieces_to_letters(const char cells[KL_CELLS], char board[KL_BOARD_TEXT_SIZE], char *message)
{
    char letters[KL_CELLS];
    for (int addr = 0; addr < KL_CELLS; addr++) {
        letters[addr] = 0;
        if (!is_board_cell(cells[addr])) {
            snprintf(message, KL_LAYOUT_MESSAGE_SIZE,
                     KL_LAYOUT_NOT_A_BOARD "'%c' is no cell: a piece is a letter or digit, a blank . _ or a space",
                     cells[addr]);
            return false;
        }
    }
    for (int addr = 0; addr < KL_CELLS; addr++) {
        char symbol = cells[addr];
        if (letters[addr])
            continue;
        if (strchr(PIECE_BLANKS, symbol)) {
            letters[addr] = '.';
            continue;
        }
        int count = 0;
        for (int other = addr; other < KL_CELLS; other++)
            count += cells[other] == symbol;
        int col = addr % KL_COLS;
        bool right = col < KL_COLS - 1 && cells[addr + 1] == symbol;
        bool below = addr + KL_COLS < KL_CELLS && cells[addr + KL_COLS] == symbol;
        char letter = count == 1                                                   ? 'o'
                      : count == 2 && right                                        ? 'H'
                      : count == 2 && below                                        ? 'V'
                      : count == 4 && right && below && cells[addr + KL_COLS + 1] == symbol ? 'K'
                                                                                   : 0;
        if (!letter) {
            snprintf(message, KL_LAYOUT_MESSAGE_SIZE,
                     KL_LAYOUT_NOT_A_BOARD "piece %c covers %d cells that are not a 2x2, 1x2, 2x1 or 1x1 block", symbol, count);
            return false;
        }
        for (int other = addr; other < KL_CELLS; other++)
            if (cells[other] == symbol)
                letters[other] = letter;
    }
    char *p = board;
    for (int addr = 0; addr < KL_CELLS; addr++) {
        *p++ = letters[addr];
        if (addr % KL_COLS == KL_COLS - 1)
            *p++ = '\n';
    }
    *p = '\0';
    return true;
}

/* Whether every cell is a letter of core/board.h (K H V o .), which then read as such. */
static bool are_board_letters(const char cells[KL_CELLS])
{
    for (int addr = 0; addr < KL_CELLS; addr++)
        if (!strchr("KHVOkhvo.", cells[addr]))
            return false;
    return true;
}

/* kl_layout_parse_board of text without a byte-order mark and CR. */
static bool parse_clean_board(const char *clean, kl_raw *raw, char *message)
{
    char board[KL_BOARD_TEXT_SIZE], cells[KL_CELLS];
    bool pieces = false;
    if (!kl_drawing_read(clean, board)) {
        if (!board_cells(clean, cells, message))
            return false;
        pieces = !are_board_letters(cells);
        if (pieces && !pieces_to_letters(cells, board, message))
            return false;
        if (!pieces) {
            char *p = board;
            for (int addr = 0; addr < KL_CELLS; addr++) {
                *p++ = cells[addr];
                if (addr % KL_COLS == KL_COLS - 1)
                    *p++ = '\n';
            }
            *p = '\0';
        }
    }
    enum kl_board_error err = kl_board_parse(board, raw);
    if (err == KL_BOARD_OK)
        return true;
    /* Pieces read by their shape always fit; what can still be wrong is their number. */
    snprintf(message, KL_LAYOUT_MESSAGE_SIZE, KL_LAYOUT_NOT_A_BOARD "%s",
             pieces && err == KL_BOARD_KING ? "there must be exactly one 2x2 piece" : kl_board_error_text(err));
    return false;
}

bool kl_layout_parse_board(const char *text, kl_code *code, char message[KL_LAYOUT_MESSAGE_SIZE])
{
    char *clean = malloc(strlen(text) + 1), *end = clean;
    if (!clean) {
        snprintf(message, KL_LAYOUT_MESSAGE_SIZE, "out of memory");
        return false;
    }
    if (strncmp(text, KL_LAYOUT_UTF8_BOM, strlen(KL_LAYOUT_UTF8_BOM)) == 0)
        text += strlen(KL_LAYOUT_UTF8_BOM);
    for (; *text; text++)
        if (*text != '\r')
            *end++ = *text;
    *end = '\0';
    kl_raw raw;
    bool parsed = parse_clean_board(clean, &raw, message);
    free(clean);
    if (parsed)
        *code = kl_raw_to_code(raw);
    return parsed;
}

static enum kl_typed_error parse_id(const char *text, struct kl_typed *typed)
{
    char *end;
    unsigned long long id = strtoull(text + 1, &end, 10);
    if (!isdigit((unsigned char)text[1]) || *end || id >= KL_LAYOUT_COUNT)
        return KL_TYPED_BAD_ID;
    typed->code = kl_id_to_code((uint32_t)id);
    return KL_TYPED_OK;
}

static enum kl_typed_error parse_short_code(const char *text, struct kl_typed *typed)
{
    uint32_t id;
    if (!kl_short_code_parse(text, &id))
        return KL_TYPED_BAD_SHORT_CODE;
    typed->code = kl_id_to_code(id);
    return KL_TYPED_OK;
}

bool kl_layout_is_grid(const char *text)
{
    return strlen(text) == KL_CELLS && strspn(text, "0123456789") == KL_CELLS;
}

static enum kl_typed_error parse_board_text(const char *text, struct kl_typed *typed)
{
    return kl_layout_parse_board(text, &typed->code, typed->form_reason) ? KL_TYPED_OK : KL_TYPED_BAD_BOARD;
}

/* The piece-number grid: cells with the same general number form one piece, whose
 * orientation the two cells tell. */
static enum kl_typed_error parse_grid(const char *text, struct kl_typed *typed)
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
                snprintf(typed->form_reason, sizeof typed->form_reason,
                         "grid: general %c does not cover two adjacent cells", digit);
                return KL_TYPED_BAD_BOARD;
            }
        } else {
            snprintf(typed->form_reason, sizeof typed->form_reason,
                     "grid: cells are 0 (empty), 1 (1x1), 2-6 (generals) or 7 (2x2), not %c", digit);
            return KL_TYPED_BAD_BOARD;
        }
        *p++ = letter;
        if (addr % KL_COLS == KL_COLS - 1)
            *p++ = '\n';
    }
    *p = '\0';
    return parse_board_text(letters, typed);
}

static bool is_ascii_word(const char *text)
{
    for (; *text; text++)
        if (!isalnum((unsigned char)*text))
            return false;
    return true;
}

/* A code in hex; `text` is the code as typed (with its 0x, if any), `hex` its digits.  A
 * character that is no hex digit is named with its place in text; a decimal number that
 * is no code but is below the number of layouts was probably meant as an id. */
static enum kl_typed_error parse_code(const char *text, const char *hex, struct kl_typed *typed)
{
    enum kl_code_error err = kl_code_parse(hex, &typed->code);
    if (err == KL_OK)
        return KL_TYPED_OK;
    size_t digits = strspn(hex, "0123456789abcdefABCDEF");
    if (err == KL_ERR_BAD_CHARACTER && hex[digits]) {
        typed->character = hex[digits];
        typed->place = (size_t)(hex - text) + digits + 1;
        return KL_TYPED_BAD_DIGIT;
    }
    typed->code_error = err;
    char *end;
    unsigned long long number = strtoull(text, &end, 10);
    if (isdigit((unsigned char)text[0]) && !*end && number < KL_LAYOUT_COUNT)
        typed->id = (long long)number;
    return KL_TYPED_BAD_CODE;
}

/* A hex code written with the 0x of C and SQL. */
static bool has_hex_prefix(const char *text)
{
    return text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && text[2];
}

enum kl_typed_error kl_layout_parse(const char *text, struct kl_typed *typed)
{
    if (!*text)
        return KL_TYPED_EMPTY;
    if (text[0] == '#')
        return parse_id(text, typed);
    if (kl_layout_is_grid(text))
        return parse_grid(text, typed);
    if (is_board_in_a_line(text))
        return parse_board_text(text, typed);
    if (has_hex_prefix(text) && is_ascii_word(text))
        return parse_code(text, text + 2, typed);
    /* Five characters of the short code's alphabet are a short code, even when they are
     * hex digits too: a hex code that short is written with a trailing 0 (1A9BF0). */
    if (kl_is_short_code(text))
        return parse_short_code(text, typed);
    if (is_ascii_word(text))
        return parse_code(text, text, typed);
    if (strchr(text, '\n'))
        return parse_board_text(text, typed);
    return KL_TYPED_NO_FORM;
}
