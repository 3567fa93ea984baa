/* The layout half of klotski.h: codes, forms, boards, classes, symmetries, steps, over
 * core/.  Pure functions: no state, thread-safe. */
#include "lib/klotski.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "core/classes.h"
#include "core/drawing.h"
#include "core/message.h"
#include "core/moves.h"
#include "core/picture/svg_board.h"
#include "core/rank.h"
#include "core/symmetry.h"
#include "core/typed.h"
#include "lib/internal.h"

_Static_assert(KLOTSKI_BOARD_SIZE == KL_BOARD_TEXT_SIZE, "board size");
_Static_assert(KLOTSKI_DRAWING_SIZE == KL_DRAWING_TEXT_SIZE, "drawing size");
_Static_assert(KLOTSKI_CODE_SIZE == KL_CODE_TEXT_SIZE, "code size");
_Static_assert(KLOTSKI_SHORT_CODE_SIZE == KL_SHORT_CODE_TEXT_SIZE, "short code size");
_Static_assert(KLOTSKI_CLASS_NAME_SIZE == KL_CLASS_NAME_SIZE, "class name size");
_Static_assert(KLOTSKI_MAX_STEPS == KL_MAX_STEPS, "steps");
_Static_assert(KLOTSKI_LAYOUT_COUNT == KL_LAYOUT_COUNT, "layouts");
_Static_assert((int)KLOTSKI_PIECE_KING == (int)KL_PIECE_KING, "pieces");
_Static_assert((int)KLOTSKI_STEP == (int)KL_METRIC_STEP && (int)KLOTSKI_STRAIGHT == (int)KL_METRIC_STRAIGHT &&
                   (int)KLOTSKI_UNIT == (int)KL_METRIC_UNIT && KLOTSKI_UNIT + 1 == KL_METRIC_COUNT, "metrics");

const char *klotski_libversion(void) { return KLOTSKI_VERSION; }

int klotski_libversion_number(void) { return KLOTSKI_VERSION_NUMBER; }

const char *klotski_errstr(int result)
{
    static const char *const texts[] = {
        [KLOTSKI_OK] = "not an error",
        [KLOTSKI_INVALID] = "not a legal layout",
        [KLOTSKI_NOTFOUND] = "not in the database",
        [KLOTSKI_UNSOLVABLE] = "unsolvable",
        [KLOTSKI_CANTOPEN] = "cannot open the database",
        [KLOTSKI_NOTADB] = "not a klotski database of this format",
        [KLOTSKI_ERROR] = "database error",
        [KLOTSKI_NOMEM] = "out of memory",
        [KLOTSKI_MISUSE] = "library misuse",
    };
    if (result < 0 || (size_t)result >= sizeof texts / sizeof *texts)
        return "unknown result code";
    return texts[result];
}

void klotski_free(void *p) { free(p); }

int klotski_parse(const char *text, klotski_code *code, char *message)
{
    if (!text || !code)
        return KLOTSKI_MISUSE;
    char *trimmed = kl_typed_trim(text);
    struct kl_typed typed = {.error = KL_TYPED_NOMEM};
    if (trimmed)
        kl_typed_parse(trimmed, &typed);
    if (typed.error == KL_TYPED_OK)
        *code = typed.code;
    else if (message) {
        char reason[KL_TYPED_REASON_SIZE];
        kl_typed_reason(&typed, false, reason, sizeof reason);
        kl_message_line(message, KLOTSKI_MESSAGE_SIZE, !trimmed ? "input" : strchr(trimmed, '\n') ? "board" : trimmed,
                        reason);
    }
    free(trimmed);
    return typed.error == KL_TYPED_OK ? KLOTSKI_OK : KLOTSKI_INVALID;
}

int klotski_check(klotski_code code, char *message)
{
    if (code >> 36) {
        if (message)
            snprintf(message, KLOTSKI_MESSAGE_SIZE, "%llu: not a layout code: more than 36 bits",
                     (unsigned long long)code);
        return KLOTSKI_INVALID;
    }
    enum kl_code_error err = kl_code_to_raw(code, NULL);
    if (err == KL_OK)
        return KLOTSKI_OK;
    if (message) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(code, hex);
        snprintf(message, KLOTSKI_MESSAGE_SIZE, "%s: not a layout code: %s", hex, kl_code_error_text(err));
    }
    return KLOTSKI_INVALID;
}

void lib_message(char message[KLOTSKI_MESSAGE_SIZE], const char *subject, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lib_vmessage(message, subject, format, args);
    va_end(args);
}

void lib_vmessage(char message[KLOTSKI_MESSAGE_SIZE], const char *subject, const char *format, va_list args)
{
    char *text = NULL;
    kl_message_line(message, KLOTSKI_MESSAGE_SIZE, subject, vasprintf(&text, format, args) < 0 ? "out of memory" : text);
    free(text);
}

bool lib_raw(klotski_code code, kl_raw *raw)
{
    return code >> 36 == 0 && kl_code_to_raw(code, raw) == KL_OK;
}

int klotski_format(klotski_code code, char buf[KLOTSKI_CODE_SIZE])
{
    if (!buf)
        return KLOTSKI_MISUSE;
    if (!lib_raw(code, &(kl_raw){0}))
        return KLOTSKI_INVALID;
    kl_code_format(code, buf);
    return KLOTSKI_OK;
}

int klotski_id(klotski_code code, uint32_t *id)
{
    if (!id)
        return KLOTSKI_MISUSE;
    if (!lib_raw(code, &(kl_raw){0}))
        return KLOTSKI_INVALID;
    *id = kl_code_to_id(code);
    return KLOTSKI_OK;
}

int klotski_from_id(int64_t id, klotski_code *code)
{
    if (!code)
        return KLOTSKI_MISUSE;
    if (id < 0 || id >= KL_LAYOUT_COUNT)
        return KLOTSKI_INVALID;
    *code = kl_id_to_code((uint32_t)id);
    return KLOTSKI_OK;
}

int klotski_short_code(klotski_code code, char buf[KLOTSKI_SHORT_CODE_SIZE])
{
    if (!buf)
        return KLOTSKI_MISUSE;
    if (!lib_raw(code, &(kl_raw){0}))
        return KLOTSKI_INVALID;
    kl_short_code_format(kl_code_to_id(code), buf);
    return KLOTSKI_OK;
}

int klotski_board(klotski_code code, char buf[KLOTSKI_BOARD_SIZE])
{
    if (!buf)
        return KLOTSKI_MISUSE;
    kl_raw raw;
    if (!lib_raw(code, &raw))
        return KLOTSKI_INVALID;
    kl_board_format(raw, buf);
    return KLOTSKI_OK;
}

int klotski_drawing(klotski_code code, int utf8, char buf[KLOTSKI_DRAWING_SIZE])
{
    if (!buf)
        return KLOTSKI_MISUSE;
    kl_raw raw;
    if (!lib_raw(code, &raw))
        return KLOTSKI_INVALID;
    kl_drawing_format(raw, utf8 != 0, buf);
    return KLOTSKI_OK;
}

int klotski_class(klotski_code code, struct klotski_class *out)
{
    if (!out)
        return KLOTSKI_MISUSE;
    if (!lib_raw(code, &(kl_raw){0}))
        return KLOTSKI_INVALID;
    struct kl_class c = kl_class_of_code(code);
    out->jiang = c.jiang;
    out->bing = c.bing;
    out->style = c.style;
    kl_class_name(c, out->name);
    return KLOTSKI_OK;
}

int klotski_image(klotski_code code, enum klotski_symmetry symmetry, klotski_code *out)
{
    if (!out)
        return KLOTSKI_MISUSE;
    if (!lib_raw(code, &(kl_raw){0}))
        return KLOTSKI_INVALID;
    switch (symmetry) {
    case KLOTSKI_MIRROR:
        *out = kl_code_mirror(code);
        return KLOTSKI_OK;
    case KLOTSKI_FLIP:
        *out = kl_code_flip_up_down(code);
        return KLOTSKI_OK;
    case KLOTSKI_TURN:
        *out = kl_code_turn_half(code);
        return KLOTSKI_OK;
    }
    return KLOTSKI_INVALID;
}

int klotski_is_solved(klotski_code code)
{
    if (!lib_raw(code, &(kl_raw){0}))
        return -1;
    return kl_code_is_solved(code);
}

int klotski_steps(klotski_code code, struct klotski_step out[KLOTSKI_MAX_STEPS], int *count)
{
    return klotski_steps_in(code, KLOTSKI_STEP, out, count);
}

const char *klotski_metric_name(int metric)
{
    return lib_metric(metric) ? kl_metric_name((enum kl_metric)metric) : NULL;
}

int klotski_metric_parse(const char *name, enum klotski_metric *metric, char *message)
{
    if (!name || !metric)
        return KLOTSKI_MISUSE;
    enum kl_metric parsed;
    if (kl_metric_parse(name, &parsed)) {
        *metric = (enum klotski_metric)parsed;
        return KLOTSKI_OK;
    }
    if (message)
        lib_message(message, NULL, "'%.64s' is no metric (%s)", name, KL_METRIC_NAMES);
    return KLOTSKI_INVALID;
}

bool lib_metric(int metric)
{
    return metric >= 0 && metric < KL_METRIC_COUNT;
}

int klotski_steps_in(klotski_code code, enum klotski_metric metric, struct klotski_step out[KLOTSKI_MAX_STEPS],
                     int *count)
{
    if (!out || !count)
        return KLOTSKI_MISUSE;
    kl_raw raw;
    if (!lib_raw(code, &raw) || !lib_metric(metric))
        return KLOTSKI_INVALID;
    struct kl_step steps[KL_MAX_STEPS];
    int n = kl_moves(raw, (enum kl_metric)metric, steps);
    for (int i = 0; i < n; i++)
        out[i] = lib_step(raw, steps[i]);
    *count = n;
    return KLOTSKI_OK;
}

struct klotski_step lib_step(kl_raw raw, struct kl_step step)
{
    return (struct klotski_step){.piece = step.kind, .from = step.from, .to = step.to,
                                 .distance = step.distance,
                                 .next = kl_raw_to_code(kl_step_apply(raw, step))};
}

int klotski_svg(klotski_code code, char **svg)
{
    if (!svg)
        return KLOTSKI_MISUSE;
    if (!lib_raw(code, &(kl_raw){0}))
        return KLOTSKI_INVALID;
    size_t size;
    FILE *out = open_memstream(svg, &size);
    if (!out)
        return KLOTSKI_NOMEM;
    char title[KL_CODE_TEXT_SIZE];
    kl_code_format(code, title);
    svg_board_write(out, code, NULL, title);
    /* A write that ran out of memory sets the stream's error, and the close may still
     * succeed, with a short or NULL buffer. */
    bool failed = ferror(out) != 0;
    if (fclose(out) != 0 || failed || !*svg) {
        free(*svg);
        *svg = NULL;
        return KLOTSKI_NOMEM;
    }
    return KLOTSKI_OK;
}
