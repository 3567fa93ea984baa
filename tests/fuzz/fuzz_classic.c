/* Fuzzes the classic-name resolver (core/classic.h) and NAME#N through
 * input_layout: every code it names is legal and carries that name, NAME#N picks the
 * Nth of NAME's layouts, and the suggestions for a name that is valid UTF-8 of at most
 * 64 characters are those of a naive model (on one input in 8, picked by its bytes: the
 * model is slow): every known name scored by a full Levenshtein table (its distance when
 * it contains the name, else the distance + 64 when below the name's length), the three
 * best, ties in the table's order. */
#include "tests/fuzz/fuzz.h"

#include <stdbool.h>

#include "core/classic.h"
#include "query/input/input.h"

#define ROOM 16
#define MODEL_CHARS 64
#define MODEL_NAME_SIZE 128

/* The table as classic.c reads it: lines "CODE<TAB>NAME<TAB>SECTION". */
static const char table[] =
#include "data/classic_names.tsv.inc"
    ;

/* The characters of valid UTF-8 text of `bytes` bytes (room for `room`); returns how
 * many, or room + 1 when the text is not valid UTF-8 or has more. */
static size_t model_characters(const char *text, size_t bytes, unsigned *out, size_t room)
{
    size_t n = 0;
    for (size_t i = 0; i < bytes; n++) {
        unsigned char c = (unsigned char)text[i];
        size_t more = c < 0x80 ? 0 : c >= 0xC2 && c < 0xE0 ? 1 : c >= 0xE0 && c < 0xF0 ? 2 : c >= 0xF0 && c < 0xF5 ? 3 : 4;
        if (more == 4 || (more > 0 && i + more >= bytes) || n == room)
            return room + 1;
        unsigned point = more ? c & (0x3Fu >> more) : c;
        for (size_t k = 1; k <= more; k++) {
            if (((unsigned char)text[i + k] & 0xC0) != 0x80)
                return room + 1;
            point = point << 6 | ((unsigned char)text[i + k] & 0x3F);
        }
        out[n] = point;
        i += more + 1;
    }
    return n;
}

static size_t model_distance(const unsigned *a, size_t na, const unsigned *b, size_t nb)
{
    size_t cell[MODEL_CHARS + 1][MODEL_CHARS + 1];
    for (size_t i = 0; i <= na; i++)
        for (size_t j = 0; j <= nb; j++) {
            if (i == 0 || j == 0) {
                cell[i][j] = i + j;
                continue;
            }
            size_t best = cell[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (cell[i - 1][j] + 1 < best)
                best = cell[i - 1][j] + 1;
            if (cell[i][j - 1] + 1 < best)
                best = cell[i][j - 1] + 1;
            cell[i][j] = best;
        }
    return cell[na][nb];
}

/* The model's suggestions for `name`, whose characters are typed[0..length). */
static size_t model_suggest(const char *name, const unsigned *typed, size_t length,
                            char best[KL_CLASSIC_SUGGESTIONS][MODEL_NAME_SIZE])
{
    size_t score[KL_CLASSIC_SUGGESTIONS], count = 0;
    for (const char *line = table; *line; line = strchr(line, '\n') + 1) {
        const char *start = strchr(line, '\t') + 1, *end = strchr(start, '\t');
        char known[MODEL_NAME_SIZE];
        snprintf(known, sizeof known, "%.*s", (int)(end - start), start);
        unsigned points[MODEL_CHARS];
        size_t n = model_characters(known, strlen(known), points, MODEL_CHARS);
        size_t d = model_distance(points, n, typed, length), s;
        if (strstr(known, name))
            s = d;
        else if (d < length)
            s = d + MODEL_CHARS;
        else
            continue;
        bool listed = false;
        for (size_t k = 0; k < count; k++)
            listed = listed || strcmp(best[k], known) == 0;
        size_t at = count;
        while (at > 0 && score[at - 1] > s)
            at--;
        if (listed || at == KL_CLASSIC_SUGGESTIONS)
            continue;
        if (count < KL_CLASSIC_SUGGESTIONS)
            count++;
        for (size_t k = count - 1; k > at; k--) {
            memcpy(best[k], best[k - 1], sizeof best[k]);
            score[k] = score[k - 1];
        }
        memcpy(best[at], known, sizeof known);
        score[at] = s;
    }
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *name = fuzz_text(data, size);
    kl_code codes[ROOM];
    size_t count = kl_classic_codes(name, codes, ROOM);
    for (size_t i = 0; i < count && i < ROOM; i++) {
        FUZZ_CHECK(kl_code_to_raw(codes[i], NULL) == KL_OK);
        FUZZ_CHECK(i == 0 || codes[i - 1] < codes[i]);
        char names[KL_CLASSIC_NAMES_SIZE];
        FUZZ_CHECK(kl_classic_names_of(codes[i], names) && strstr(names, name));
    }
    const char *suggestions[KL_CLASSIC_SUGGESTIONS];
    size_t suggested = kl_classic_suggest(name, suggestions);
    FUZZ_CHECK(suggested <= KL_CLASSIC_SUGGESTIONS);
    for (size_t i = 0; i < suggested; i++)
        FUZZ_CHECK(kl_classic_codes(suggestions[i], codes, ROOM) > 0);
    unsigned typed[MODEL_CHARS], sum = 0;
    for (size_t i = 0; i < size; i++)
        sum += data[i];
    size_t length = sum % 8 == 0 ? model_characters(name, size, typed, MODEL_CHARS) : MODEL_CHARS + 1;
    if (length <= MODEL_CHARS && strlen(name) == size) {
        char expected[KL_CLASSIC_SUGGESTIONS][MODEL_NAME_SIZE];
        FUZZ_CHECK(model_suggest(name, typed, length, expected) == suggested);
        for (size_t i = 0; i < suggested; i++)
            FUZZ_CHECK(strcmp(expected[i], suggestions[i]) == 0);
    }
    /* The name with a pick: NAME#N answers the Nth layout of NAME, or nothing. */
    if (size > 0 && strcmp(name, "-") != 0 && name[0] != '#') {
        char *picked = malloc(size + 8);
        FUZZ_CHECK(picked != NULL);
        int n = 1 + data[0] % 4;
        snprintf(picked, size + 8, "%s#%d", name, n);
        kl_code code;
        kl_code named[ROOM];
        count = kl_classic_codes(name, named, ROOM);
        if (input_layout(picked, &code) == 0 && kl_classic_codes(picked, codes, ROOM) == 0 && count > 0)
            FUZZ_CHECK((size_t)n <= count && code == named[n - 1]);
        free(picked);
    }
    free(name);
    return 0;
}
