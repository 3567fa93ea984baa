/* Fuzzes the text board parser (core/board.h) and the drawn board reader
 * (core/drawing.h): what they accept is a legal layout whose board and drawings
 * read back to the same layout. */
#include "tests/fuzz/fuzz.h"

#include "core/board.h"
#include "core/drawing.h"

/* A legal raw layout's board, and its drawings in both styles, read back to it. */
static void check_round_trip(kl_raw raw)
{
    kl_code code = kl_raw_to_code(raw);
    FUZZ_CHECK(kl_code_to_raw(code, NULL) == KL_OK);
    char board[KL_BOARD_TEXT_SIZE];
    kl_raw back;
    kl_board_format(raw, board);
    FUZZ_CHECK(kl_board_parse(board, &back) == KL_BOARD_OK && back == raw);
    for (int utf8 = 0; utf8 <= 1; utf8++) {
        char drawing[KL_DRAWING_TEXT_SIZE];
        kl_drawing_format(raw, utf8, drawing);
        char read[KL_BOARD_TEXT_SIZE];
        FUZZ_CHECK(kl_drawing_read(drawing, read));
        FUZZ_CHECK(kl_board_parse(read, &back) == KL_BOARD_OK && back == raw);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    kl_raw raw;
    enum kl_board_error err = kl_board_parse(text, &raw);
    FUZZ_CHECK(kl_board_error_text(err) != NULL);
    if (err == KL_BOARD_OK)
        check_round_trip(raw);
    char drawn[KL_BOARD_TEXT_SIZE];
    if (kl_drawing_read(text, drawn)) {
        FUZZ_CHECK(strlen(drawn) == KL_BOARD_TEXT_SIZE - 1);
        if (kl_board_parse(drawn, &raw) == KL_BOARD_OK)
            check_round_trip(raw);
    }
    free(text);
    return 0;
}
