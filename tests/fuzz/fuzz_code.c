/* Fuzzes the code parser (core/code.h): whatever kl_code_parse accepts is a legal layout
 * whose printed forms parse back to it. */
#include "tests/fuzz/fuzz.h"

#include "core/code.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    kl_code code = 0, back = 0;
    enum kl_code_error err = kl_code_parse(text, &code);
    FUZZ_CHECK(kl_code_error_text(err) != NULL);
    if (err == KL_OK) {
        kl_raw raw;
        FUZZ_CHECK(kl_code_to_raw(code, &raw) == KL_OK);
        FUZZ_CHECK(kl_raw_to_code(raw) == code);
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(code, hex);
        FUZZ_CHECK(kl_code_parse(hex, &back) == KL_OK && back == code);
        kl_code_format_short(code, hex);
        FUZZ_CHECK(kl_code_parse(hex, &back) == KL_OK && back == code);
    }
    free(text);
    return 0;
}
