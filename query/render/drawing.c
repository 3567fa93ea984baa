#include "query/render/drawing.h"

#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "core/piece.h"
#include "query/report.h"

/* Each cell is 3 characters wide and 1 line tall inside the lines of the frame, so the
 * drawing is (4*4+1) characters by (5*2+1) lines and cell (row, col) has its letter at
 * line 2*row+1, character 4*col+2. */
#define CELL_WIDTH 4
#define DRAWING_COLS (KL_COLS * CELL_WIDTH + 1)
#define DRAWING_LINES (KL_ROWS * 2 + 1)
#define EMPTY_OWNER (-1)
#define MAX_CHAR_BYTES 3 /* box-drawing characters take 3 bytes in UTF-8 */

enum { UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8 };

/* The piece covering each cell, named by its anchor address; EMPTY_OWNER for empty cells,
 * so that empty cells side by side share one outline. */
static void find_owners(kl_raw raw, int owner[KL_CELLS])
{
    for (int addr = 0; addr < KL_CELLS; addr++)
        owner[addr] = EMPTY_OWNER;
    for (int addr = 0; addr < KL_CELLS; addr++) {
        int kind = kl_piece_of_anchor_cell(kl_raw_cell(raw, addr));
        if (kind < 0)
            continue;
        for (uint32_t cells = kl_piece_cells((enum kl_piece)kind, addr); cells; cells &= cells - 1)
            owner[__builtin_ctz(cells)] = addr;
    }
}

/* Owner of cell (row, col), or a value no cell has when it lies off the board. */
static int owner_at(const int owner[KL_CELLS], int row, int col)
{
    if (row < 0 || row >= KL_ROWS || col < 0 || col >= KL_COLS)
        return KL_CELLS;
    return owner[row * KL_COLS + col];
}

/* Whether a line separates the cells on either side of an edge. */
static bool wall(const int owner[KL_CELLS], int row_a, int col_a, int row_b, int col_b)
{
    return owner_at(owner, row_a, col_a) != owner_at(owner, row_b, col_b);
}

/* The character at a crossing of frame lines, from the walls meeting there. */
static const char *crossing(unsigned walls, bool utf8)
{
    static const char *const box[16] = {
        " ", "?", "?", "│", "?", "┘", "┐", "┤", "?", "└", "┌", "├", "─", "┴", "┬", "┼"};
    static const char *const ascii[16] = {
        " ", "?", "?", "|", "?", "+", "+", "+", "?", "+", "+", "+", "-", "+", "+", "+"};
    return (utf8 ? box : ascii)[walls];
}

static char *append(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

char *drawing_of(kl_raw raw, bool utf8)
{
    int owner[KL_CELLS];
    find_owners(raw, owner);
    char letters[KL_BOARD_TEXT_SIZE];
    kl_board_format(raw, letters);
    const char *horizontal = utf8 ? "─" : "-", *vertical = utf8 ? "│" : "|";
    char *out = xmalloc(DRAWING_LINES * (DRAWING_COLS * MAX_CHAR_BYTES + 1) + 1), *p = out;
    for (int line = 0; line < DRAWING_LINES; line++) {
        int row = line / 2;
        for (int col = 0; col <= KL_COLS; col++) {
            if (line % 2 == 0) {
                unsigned walls = (wall(owner, row - 1, col - 1, row - 1, col) ? UP : 0) |
                                 (wall(owner, row, col - 1, row, col) ? DOWN : 0) |
                                 (wall(owner, row - 1, col - 1, row, col - 1) ? LEFT : 0) |
                                 (wall(owner, row - 1, col, row, col) ? RIGHT : 0);
                p = append(p, crossing(walls, utf8));
                if (col < KL_COLS) {
                    const char *edge = wall(owner, row - 1, col, row, col) ? horizontal : " ";
                    for (int i = 1; i < CELL_WIDTH; i++)
                        p = append(p, edge);
                }
                continue;
            }
            p = append(p, wall(owner, row, col - 1, row, col) ? vertical : " ");
            if (col < KL_COLS) {
                char letter = letters[row * (KL_COLS + 1) + col];
                *p++ = ' ';
                *p++ = letter == '.' ? ' ' : letter;
                *p++ = ' ';
            }
        }
        *p++ = '\n';
    }
    *p = '\0';
    return out;
}

/* Moves to the start of the next line; returns NULL at the end of text. */
static const char *next_line(const char *line)
{
    const char *end = strchr(line, '\n');
    return end ? end + 1 : NULL;
}

void drawing_cells(kl_code code, char cells[DRAWING_CELLS_SIZE])
{
    kl_raw raw;
    char board[KL_BOARD_TEXT_SIZE], *p = cells;
    kl_code_to_raw(code, &raw);
    kl_board_format(raw, board);
    for (const char *c = board; *c; c++)
        if (*c != '\n')
            *p++ = *c;
    *p = '\0';
}

bool drawing_starts(const char *line)
{
    line += strspn(line, " \t");
    return strncmp(line, "┌", strlen("┌")) == 0 || *line == '+';
}

/* The character `index` characters after the start of line (UTF-8 aware), or 0 when the
 * line is shorter. */
static char character_at(const char *line, size_t index)
{
    for (; *line && *line != '\n'; index--) {
        if (index == 0)
            return *line;
        line++;
        while (((unsigned char)*line & 0xC0) == 0x80)
            line++;
    }
    return 0;
}

bool drawing_read(const char *text, char *board)
{
    const char *top = text;
    while (top && !drawing_starts(top))
        top = next_line(top);
    if (!top)
        return false;
    size_t indent = strspn(top, " \t");
    char *p = board;
    const char *line = top;
    for (int row = 0; row < KL_ROWS; row++) {
        line = line ? next_line(line) : NULL;
        for (int col = 0; col < KL_COLS; col++) {
            char c = line ? character_at(line, indent + (size_t)(CELL_WIDTH * col + 2)) : 0;
            *p++ = c == ' ' ? '.' : c ? c : '?';
        }
        *p++ = '\n';
        line = line ? next_line(line) : NULL;
    }
    *p = '\0';
    return true;
}
