#include "core/typed.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classic.h"
#include "core/layout_text.h"
#include "core/pinyin.h"
#include "core/rank.h"

char *kl_typed_trim(const char *text)
{
    size_t length;
    const char *start = kl_layout_trimmed(text, &length);
    return strndup(start, length);
}

enum kl_typed_error kl_typed_parse(const char *text, struct kl_typed *typed)
{
    *typed = (struct kl_typed){.text = text, .id = -1};
    typed->error = kl_layout_parse(text, typed);
    if (typed->error != KL_TYPED_OK && typed->error != KL_TYPED_EMPTY)
        typed->error = kl_classic_parse(text, typed->error, typed);
    return typed->error;
}

/* Appends printf's output to out (`size` bytes), cut to fit. */
__attribute__((format(printf, 3, 4)))
static void append(char *out, size_t size, const char *format, ...)
{
    size_t used = strlen(out);
    va_list args;
    va_start(args, format);
    vsnprintf(out + used, size - used, format, args);
    va_end(args);
}

/* Appends the names of typed joined by ", ", each with its pinyin when typed says so. */
static void append_names(const struct kl_typed *typed, char *out, size_t size)
{
    for (size_t i = 0; i < typed->name_count; i++) {
        append(out, size, "%s%s", i ? ", " : "", typed->names[i]);
        if (typed->pinyin) {
            char spelled[KL_PINYIN_SIZE];
            kl_pinyin_spell(typed->names[i], true, spelled, sizeof spelled);
            append(out, size, " (%s)", spelled);
        }
    }
}

/* The 1st, 2nd, 3rd... */
static const char *ordinal_suffix(size_t n)
{
    if (n % 100 >= 11 && n % 100 <= 13)
        return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

void kl_typed_reason(const struct kl_typed *typed, bool files, char *out, size_t size)
{
    out[0] = '\0';
    switch (typed->error) {
    case KL_TYPED_OK:
        append(out, size, "a legal layout");
        break;
    case KL_TYPED_NOMEM:
        append(out, size, "out of memory");
        break;
    case KL_TYPED_EMPTY:
        append(out, size, "empty layout");
        break;
    case KL_TYPED_BAD_ID:
        append(out, size, "an id is # and a number from 0 to %u", KL_LAYOUT_COUNT - 1);
        break;
    case KL_TYPED_BAD_SHORT_CODE: {
        char last[KL_SHORT_CODE_TEXT_SIZE];
        kl_short_code_format(KL_LAYOUT_COUNT - 1, last);
        append(out, size, "a short code beyond the last layout, %s", last);
        break;
    }
    case KL_TYPED_BAD_DIGIT:
        append(out, size, "not a layout code: the %zu%s character, '%c', is not a hex digit", typed->place,
               ordinal_suffix(typed->place), typed->character);
        break;
    case KL_TYPED_BAD_CODE:
        append(out, size, "not a layout code: %s", kl_code_error_text(typed->code_error));
        if (typed->id >= 0)
            append(out, size, "; did you mean the id #%lld?", typed->id);
        break;
    case KL_TYPED_BAD_BOARD:
        append(out, size, "%s", typed->form_reason);
        break;
    case KL_TYPED_NO_FORM: /* kl_layout_parse's alone: worded as a text that no name is close to */
    case KL_TYPED_NOT_A_NAME:
        append(out, size, "not a code, id, grid, board%s or classic name; ", files ? " file" : "");
        if (typed->name_count == 0)
            append(out, size, "no classic name is close");
        else
            append(out, size, "closest names: ");
        append_names(typed, out, size);
        break;
    case KL_TYPED_MISSPELT_PINYIN:
        append(out, size, "looks like a classic name in pinyin, but no name reads so; closest names: ");
        append_names(typed, out, size);
        break;
    case KL_TYPED_AMBIGUOUS:
        append(out, size, "reads as %zu names: ", typed->name_count);
        append_names(typed, out, size);
        append(out, size, "; type the one you mean");
        break;
    case KL_TYPED_UNPICKED:
        if (strcmp(typed->text, typed->name) == 0)
            append(out, size, "names %zu layouts; pick one: ", typed->code_count);
        else
            append(out, size, "is %s, which names %zu layouts; pick one: ", typed->name, typed->code_count);
        for (size_t i = 0; i < typed->code_count && i < KL_TYPED_LISTED; i++) {
            char hex[KL_CODE_TEXT_SIZE];
            kl_code_format(typed->codes[i], hex);
            append(out, size, "%s%s#%zu = %s", i ? ", " : "", typed->text, i + 1, hex);
        }
        break;
    case KL_TYPED_PICK_RANGE:
        append(out, size, "the name has %zu layouts; pick #1 to #%zu", typed->code_count, typed->code_count);
        break;
    }
}
