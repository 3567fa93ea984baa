/* Fuzzes the classic-name resolver (query/input/classic.h) and NAME#N through
 * input_layout: every code it names is legal and carries that name, every suggestion is
 * a known name, and NAME#N picks the Nth of NAME's layouts. */
#include "tests/fuzz/fuzz.h"

#include "query/input/classic.h"
#include "query/input/input.h"

#define ROOM 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *name = fuzz_text(data, size);
    kl_code codes[ROOM];
    size_t count = classic_codes(name, codes, ROOM);
    for (size_t i = 0; i < count && i < ROOM; i++) {
        FUZZ_CHECK(kl_code_to_raw(codes[i], NULL) == KL_OK);
        FUZZ_CHECK(i == 0 || codes[i - 1] < codes[i]);
        char *names = classic_names_of(codes[i]);
        FUZZ_CHECK(names && strstr(names, name));
        free(names);
    }
    const char *suggestions[CLASSIC_SUGGESTIONS];
    size_t suggested = classic_suggest(name, suggestions);
    FUZZ_CHECK(suggested <= CLASSIC_SUGGESTIONS);
    for (size_t i = 0; i < suggested; i++)
        FUZZ_CHECK(classic_codes(suggestions[i], codes, ROOM) > 0);
    /* The name with a pick: NAME#N answers the Nth layout of NAME, or nothing. */
    if (size > 0 && strcmp(name, "-") != 0 && name[0] != '#') {
        char *picked = malloc(size + 8);
        FUZZ_CHECK(picked != NULL);
        int n = 1 + data[0] % 4;
        snprintf(picked, size + 8, "%s#%d", name, n);
        kl_code code;
        kl_code named[ROOM];
        count = classic_codes(name, named, ROOM);
        if (input_layout(picked, &code) == 0 && classic_codes(picked, codes, ROOM) == 0 && count > 0)
            FUZZ_CHECK((size_t)n <= count && code == named[n - 1]);
        free(picked);
    }
    free(name);
    return 0;
}
