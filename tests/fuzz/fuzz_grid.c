/* Fuzzes the 20-digit grid (query/input/input.h): the bytes become the grid's digits, so
 * that almost every input takes the grid path.  A grid accepted is a legal layout whose
 * cells agree with the digits: 0 empty, 1 a 1x1, 7 the 2x2, 2-6 a general. */
#include "tests/fuzz/fuzz.h"

#include "core/board.h"
#include "query/input/input.h"

#define GRID_DIGITS 20

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < GRID_DIGITS)
        return 0;
    char grid[GRID_DIGITS + 1];
    for (int i = 0; i < GRID_DIGITS; i++)
        grid[i] = (char)('0' + data[i] % 10);
    grid[GRID_DIGITS] = '\0';
    kl_code code;
    if (input_layout(grid, &code) != 0)
        return 0;
    kl_raw raw;
    FUZZ_CHECK(kl_code_to_raw(code, &raw) == KL_OK);
    char board[KL_BOARD_TEXT_SIZE];
    kl_board_format(raw, board);
    for (int addr = 0; addr < GRID_DIGITS; addr++) {
        char letter = board[addr + addr / KL_COLS], digit = grid[addr];
        if (digit == '0')
            FUZZ_CHECK(letter == '.');
        else if (digit == '1')
            FUZZ_CHECK(letter == 'o');
        else if (digit == '7')
            FUZZ_CHECK(letter == 'K');
        else
            FUZZ_CHECK(letter == 'H' || letter == 'V');
    }
    return 0;
}
