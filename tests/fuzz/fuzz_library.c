/* Fuzzes the library's text -> layout entry point, klotski_parse (lib/klotski.h, over
 * core/layout_text.h): every form without a file or a name.  What it accepts is a legal
 * layout whose code, short code, id, board and drawing parse back to it, and which has the
 * short code or id the text gave in those forms (checked on the text alone); what it refuses
 * gets one line of message that fits KLOTSKI_MESSAGE_SIZE. */
#include "tests/fuzz/fuzz.h"

#include <ctype.h>
#include <stdbool.h>

#include "lib/klotski.h"

/* Each form of `code` parses back to it. */
static void check_forms(klotski_code code)
{
    char text[KLOTSKI_DRAWING_SIZE];
    uint32_t id;
    klotski_code back;
    FUZZ_CHECK(klotski_check(code, NULL) == KLOTSKI_OK);
    FUZZ_CHECK(klotski_format(code, text) == KLOTSKI_OK);
    FUZZ_CHECK(klotski_parse(text, &back, NULL) == KLOTSKI_OK && back == code);
    FUZZ_CHECK(klotski_short_code(code, text) == KLOTSKI_OK);
    FUZZ_CHECK(klotski_parse(text, &back, NULL) == KLOTSKI_OK && back == code);
    FUZZ_CHECK(klotski_id(code, &id) == KLOTSKI_OK && klotski_from_id(id, &back) == KLOTSKI_OK && back == code);
    FUZZ_CHECK(klotski_board(code, text) == KLOTSKI_OK);
    FUZZ_CHECK(klotski_parse(text, &back, NULL) == KLOTSKI_OK && back == code);
    FUZZ_CHECK(klotski_drawing(code, 1, text) == KLOTSKI_OK);
    FUZZ_CHECK(klotski_parse(text, &back, NULL) == KLOTSKI_OK && back == code);
}

/* A text accepted as a short code or an id names the layout with that short code or id. */
static void check_named(const char *text, klotski_code code)
{
    static const char alphabet[] = "123456789ABCDEFGHJKMNPQRSTUVWXYZ";
    char short_code[KLOTSKI_SHORT_CODE_SIZE];
    klotski_short_code(code, short_code);
    if (strlen(text) == KLOTSKI_SHORT_CODE_SIZE - 1) {
        bool is_short = true;
        for (int i = 0; i < KLOTSKI_SHORT_CODE_SIZE - 1; i++)
            is_short = is_short && text[i] && strchr(alphabet, toupper((unsigned char)text[i]));
        for (int i = 0; is_short && i < KLOTSKI_SHORT_CODE_SIZE - 1; i++)
            FUZZ_CHECK(short_code[i] == toupper((unsigned char)text[i]));
    }
    uint32_t id;
    klotski_id(code, &id);
    if (text[0] == '#')
        FUZZ_CHECK(strtoull(text + 1, NULL, 10) == id);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char message[KLOTSKI_MESSAGE_SIZE + 1];
    message[KLOTSKI_MESSAGE_SIZE] = 'x'; /* a write past the message's room shows here */
    klotski_code code;
    if (klotski_parse(text, &code, message) == KLOTSKI_OK) {
        check_forms(code);
        check_named(text, code);
    }
    else /* "SUBJECT: REASON", but for an empty input, which has no subject to name */
        FUZZ_CHECK(message[KLOTSKI_MESSAGE_SIZE] == 'x' && strlen(message) < KLOTSKI_MESSAGE_SIZE &&
                   !strchr(message, '\n') && (strstr(message, ": ") || strcmp(message, "empty layout") == 0));
    free(text);
    return 0;
}
