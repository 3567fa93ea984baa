/* A LAYOUT typed as text, the one way in for the query tool, the library and the page's
 * engine: trimmed once (kl_typed_trim), parsed once (kl_typed_parse: every form of
 * core/layout_text.h, then a classic name, core/classic.h), and when it is none its error
 * a value, a kind and its details (the character at fault and its place, the closest
 * names), that the caller words (kl_typed_reason) under its own subject, as SQLite
 * returns a code and keeps the message on the handle.  Every function here is
 * thread-safe. */
#ifndef KLOTSKI_CORE_TYPED_H
#define KLOTSKI_CORE_TYPED_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"

/* Names and codes a value lists at most: suggestions, names that read alike, the
 * layouts of one name. */
#define KL_TYPED_LISTED 16

/* Room for the reason of a form (a board's, a grid's), with its NUL. */
#define KL_TYPED_FORM_REASON_SIZE 128

/* Room for any reason kl_typed_reason writes, with its NUL. */
#define KL_TYPED_REASON_SIZE 1024

/* What a typed text is, or why it is no layout. */
enum kl_typed_error {
    KL_TYPED_OK = 0,          /* a legal layout, in code */
    KL_TYPED_NOMEM,           /* memory ran out */
    KL_TYPED_EMPTY,           /* blanks alone */
    KL_TYPED_BAD_ID,          /* # and no number from 0 to KL_LAYOUT_COUNT - 1 */
    KL_TYPED_BAD_SHORT_CODE,  /* a short code beyond the last layout */
    KL_TYPED_BAD_DIGIT,       /* a code with a character that is no hex digit: character, place */
    KL_TYPED_BAD_CODE,        /* hex digits that are no layout code: code_error, id */
    KL_TYPED_BAD_BOARD,       /* a grid or a board that is no layout: form_reason */
    KL_TYPED_NO_FORM,         /* none of core/layout_text.h's forms (kl_layout_parse alone) */
    KL_TYPED_NOT_A_NAME,      /* none of the forms, and no classic name: names, the closest */
    KL_TYPED_MISSPELT_PINYIN, /* pinyin that reads as no classic name, close to names:
                                 names, the closest (told before what it lacks as a code) */
    KL_TYPED_AMBIGUOUS,       /* pinyin that reads as several names alike: names */
    KL_TYPED_UNPICKED,        /* a name of several layouts, none picked: name, codes */
    KL_TYPED_PICK_RANGE       /* NAME#N beyond the name's layouts: code_count */
};

/* A parse's outcome: the layout, or the error with its details (only those its kind
 * names are set). */
struct kl_typed {
    enum kl_typed_error error;
    kl_code code;                   /* KL_TYPED_OK: the layout */
    const char *text;               /* the trimmed text parsed (the caller's) */
    char character;                 /* BAD_DIGIT: the first character no hex digit */
    size_t place;                   /* BAD_DIGIT: its place in text, from 1 */
    enum kl_code_error code_error;  /* BAD_CODE: why the digits are no code */
    long long id;                   /* BAD_CODE: the id a decimal number may mean, or -1 */
    char form_reason[KL_TYPED_FORM_REASON_SIZE]; /* BAD_BOARD: "not a board: ...", "grid: ..." */
    const char *names[KL_TYPED_LISTED]; /* NOT_A_NAME, MISSPELT_PINYIN: the closest names,
                                           best first; AMBIGUOUS: the names read */
    size_t name_count;
    bool pinyin;                    /* names are written with their pinyin */
    const char *name;               /* UNPICKED: the name looked up */
    kl_code codes[KL_TYPED_LISTED]; /* UNPICKED: the name's layouts by code */
    size_t code_count;              /* UNPICKED, PICK_RANGE: how many it has */
};

/* Returns a malloc'd copy of text without a leading UTF-8 byte-order mark and without the
 * blanks around it (core/layout_text.h's), the text kl_typed_parse reads; NULL when
 * memory ran out.  Free it. */
char *kl_typed_trim(const char *text);

/* Parses `text`, as kl_typed_trim made it: every form of core/layout_text.h, then a
 * classic name, NAME#N for the Nth (from 1, by code) of a name's several layouts, or a
 * name in pinyin (hengdaolima, heng dao li ma, héng dāo lì mǎ, any case; also with #N).
 * Several names that read alike in pinyin: the shortest of them, since the others are it
 * with marks added (xiaoxuanfeng is 小旋风, not 小旋风Ⅰ); several of the same length are
 * KL_TYPED_AMBIGUOUS.  The forms come first: a spelling that is also a code or a short
 * code (tanke, five letters of the short code's alphabet) is that code, and a blank makes
 * it a name (tan ke); but text that reads as pinyin close to a name is told so
 * (KL_TYPED_MISSPELT_PINYIN) before what it lacks as a code.  Fills *typed (its text
 * pointing at `text`, which the caller keeps while it reads typed) and returns its
 * error, KL_TYPED_OK with the layout in typed->code. */
enum kl_typed_error kl_typed_parse(const char *text, struct kl_typed *typed);

/* Writes why typed text is no layout, without the text before it, in out (`size` bytes,
 * cut to fit; KL_TYPED_REASON_SIZE holds any): "not a layout code: character 9 ('G') is
 * not a hex digit", "not a code, id, grid, board or classic name; closest names: 横刀立马",
 * "looks like a classic name in pinyin, but no name reads so; closest names: 横刀立马
 * (héng dāo lì mǎ)", "names 2 layouts; pick one: NAME#1 = CODE, ...".  files: whether
 * the caller reads board files too, which the forms it lists then name ("board file"). */
void kl_typed_reason(const struct kl_typed *typed, bool files, char *out, size_t size);

#endif
