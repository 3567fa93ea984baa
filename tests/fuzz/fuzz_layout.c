/* Fuzzes the whole LAYOUT resolver (query/input/input.h, the parsers that need no
 * database): a code, an id, a grid, a board file path, a classic name or NAME#N.  What it
 * accepts is a legal layout.  "-" (stdin) is left out: the harness owns stdin. */
#include "tests/fuzz/fuzz.h"

#include "query/input/input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    kl_code code;
    if (strcmp(text, "-") != 0 && input_layout(text, &code) == 0)
        FUZZ_CHECK(kl_code_to_raw(code, NULL) == KL_OK);
    free(text);
    return 0;
}
