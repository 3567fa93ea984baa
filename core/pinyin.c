#include "core/pinyin.h"

#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/text_distance.h"
#include "core/utf8.h"

/* Lines "CHARACTER<TAB>READING READING...", made from data/classic_pinyin.tsv by the
 * Makefile. */
static const char pinyin_tsv[] =
#include "data/classic_pinyin.tsv.inc"
    ;

/* Room for the table's characters: it holds some 600 (unit_pinyin checks that all fit). */
#define MAX_CHARACTERS 4096

/* One character's readings: text inside pinyin_tsv, blank-separated, not NUL-ended. */
struct character {
    unsigned point;
    const char *readings;
    size_t length;
};

static struct character characters[MAX_CHARACTERS];
static size_t character_count;

static int compare_characters(const void *a, const void *b)
{
    unsigned x = ((const struct character *)a)->point, y = ((const struct character *)b)->point;
    return (x > y) - (x < y);
}

static void index_table(void)
{
    for (const char *line = pinyin_tsv; *line && character_count < MAX_CHARACTERS;) {
        size_t length = strcspn(line, "\n");
        const char *tab = memchr(line, '\t', length);
        unsigned point;
        if (tab && kl_text_code_points(line, &point, 1) == 1)
            characters[character_count++] =
                (struct character){point, tab + 1, (size_t)(line + length - tab - 1)};
        line += length + (line[length] == '\n');
    }
    qsort(characters, character_count, sizeof *characters, compare_characters);
}

static const struct character *find(unsigned point)
{
    static pthread_once_t indexed = PTHREAD_ONCE_INIT;
    pthread_once(&indexed, index_table);
    struct character key = {.point = point};
    return bsearch(&key, characters, character_count, sizeof *characters, compare_characters);
}

/* What a character of typed pinyin stands for. */
#define DROPPED 0      /* a separator or a tone mark alone: not compared */
#define NOT_PINYIN (-1)

/* The pinyin vowels (and n, m) with tone marks and ü, each as its plain lower-case letter. */
static const struct {
    unsigned point;
    char letter;
} toned[] = {
    {0xE0, 'a'},   {0xE1, 'a'},   {0x101, 'a'},  {0x1CE, 'a'},  {0xC0, 'a'},   {0xC1, 'a'},   {0x100, 'a'},
    {0x1CD, 'a'},  {0xE8, 'e'},   {0xE9, 'e'},   {0xEA, 'e'},   {0x113, 'e'},  {0x11B, 'e'},  {0xC8, 'e'},
    {0xC9, 'e'},   {0xCA, 'e'},   {0x112, 'e'},  {0x11A, 'e'},  {0x1EBF, 'e'}, {0x1EC1, 'e'}, {0x1EBE, 'e'}, {0x1EC0, 'e'}, {0xEC, 'i'},
    {0xED, 'i'},   {0x12B, 'i'},  {0x1D0, 'i'},  {0xCC, 'i'},   {0xCD, 'i'},   {0x12A, 'i'},  {0x1CF, 'i'},
    {0xF2, 'o'},   {0xF3, 'o'},   {0x14D, 'o'},  {0x1D2, 'o'},  {0xD2, 'o'},   {0xD3, 'o'},   {0x14C, 'o'},
    {0x1D1, 'o'},  {0xF9, 'u'},   {0xFA, 'u'},   {0x16B, 'u'},  {0x1D4, 'u'},  {0xD9, 'u'},   {0xDA, 'u'},
    {0x16A, 'u'},  {0x1D3, 'u'},  {0xFC, 'u'},   {0x1D6, 'u'},  {0x1D8, 'u'},  {0x1DA, 'u'},  {0x1DC, 'u'},
    {0xDC, 'u'},   {0x1D5, 'u'},  {0x1D7, 'u'},  {0x1D9, 'u'},  {0x1DB, 'u'},  {0x144, 'n'},  {0x148, 'n'},
    {0x1F9, 'n'},  {0x143, 'n'},  {0x147, 'n'},  {0x1F8, 'n'},  {0x1E3F, 'm'}, {0x1E3E, 'm'},
};

/* The letter a code point of pinyin stands for: a lower-case ASCII letter or digit (v and
 * ü as u), DROPPED or NOT_PINYIN. */
static int letter_of(unsigned point)
{
    if (point < 0x80) {
        if (point == 'v' || point == 'V')
            return 'u';
        if (isalnum((int)point))
            return tolower((int)point);
        return strchr(" \t'-_", (int)point) && point ? DROPPED : NOT_PINYIN;
    }
    if ((point >= 0x300 && point <= 0x36F) || point == 0xB7 || point == 0x2019 || point == 0x30FB)
        return DROPPED; /* combining marks, middle dots, a typographic apostrophe */
    for (size_t i = 0; i < sizeof toned / sizeof *toned; i++)
        if (toned[i].point == point)
            return toned[i].letter;
    return NOT_PINYIN;
}

/* Decodes one UTF-8 character at *text and moves past it. */
static unsigned next_point(const char **text)
{
    unsigned point;
    *text += kl_utf8_decode(*text, SIZE_MAX, &point);
    return point;
}

bool kl_pinyin_key(const char *text, char *key, size_t size)
{
    size_t used = 0;
    bool letters = false;
    while (*text) {
        int letter = letter_of(next_point(&text));
        if (letter == NOT_PINYIN || used + 1 >= size)
            return false;
        if (letter == DROPPED)
            continue;
        letters = letters || isalpha(letter);
        key[used++] = (char)letter;
    }
    key[used] = '\0';
    return letters;
}

/* How many bytes of key one reading (`length` bytes of toned text) matches at its start;
 * 0 when it does not. */
static size_t reading_matches(const char *key, const char *reading, size_t length)
{
    const char *end = reading + length;
    size_t matched = 0;
    while (reading < end) {
        int letter = letter_of(next_point(&reading));
        if (letter == DROPPED)
            continue;
        if (letter == NOT_PINYIN || key[matched] != letter)
            return 0;
        matched++;
    }
    return matched;
}

/* Whether key reads as the name's characters from `name` on (recursive over them: each
 * Han character tries each of its readings). */
static bool reads_from(const char *key, const char *name)
{
    if (!*name)
        return !*key;
    unsigned point = next_point(&name);
    if (point < 0x80) {
        if (!isalnum((int)point))
            return reads_from(key, name);
        return *key == letter_of(point) && reads_from(key + 1, name);
    }
    const struct character *c = find(point);
    if (!c)
        return reads_from(key, name);
    for (const char *r = c->readings, *end = c->readings + c->length; r < end;) {
        size_t length = strcspn(r, " ");
        length = r + length > end ? (size_t)(end - r) : length;
        size_t matched = reading_matches(key, r, length);
        if (matched && reads_from(key + matched, name))
            return true;
        r += length + 1;
    }
    return false;
}

bool kl_pinyin_reads_as(const char *key, const char *name)
{
    return *key && reads_from(key, name);
}

void kl_pinyin_spell(const char *name, bool toned_form, char *out, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    out[0] = '\0';
    while (*name) {
        unsigned point = next_point(&name);
        const struct character *c = point < 0x80 ? NULL : find(point);
        const char *reading;
        size_t length;
        if (c) {
            reading = c->readings;
            length = strcspn(reading, " \n");
            length = length > c->length ? c->length : length;
        } else if (point < 0x80 && isalnum((int)point)) {
            reading = name - 1;
            length = 1;
        } else {
            continue;
        }
        if (toned_form && used > 0 && used + 1 < size)
            out[used++] = ' ';
        for (const char *r = reading; r < reading + length;) {
            const char *from = r;
            int letter = letter_of(next_point(&r));
            size_t bytes = toned_form ? (size_t)(r - from) : 1;
            if (used + bytes >= size)
                break;
            if (toned_form)
                memcpy(out + used, from, bytes);
            else if (letter > 0)
                out[used] = (char)letter;
            else
                continue;
            used += bytes;
        }
        out[used] = '\0';
    }
}
