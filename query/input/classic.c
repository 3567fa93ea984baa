#include "query/input/classic.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "query/search/code_list.h"
#include "query/report.h"

/* Lines "CODE<TAB>NAME<TAB>SECTION", made from data/classic_names.tsv by the Makefile. */
static const char classic_tsv[] =
#include "data/classic_names.tsv.inc"
    ;

struct entry {
    kl_code code;
    char *name;
};

static struct entry *entries;
static size_t entry_count;

/* Splits the embedded table into entries (once: the server's threads share them). */
static void split_table(void)
{
    size_t lines = 0;
    for (const char *p = classic_tsv; *p; p++)
        lines += *p == '\n';
    entries = xcalloc(lines, sizeof *entries);
    for (const char *line = classic_tsv; *line;) {
        size_t len = strcspn(line, "\n");
        const char *name = memchr(line, '\t', len);
        if (name) {
            name++;
            const char *end = memchr(name, '\t', len - (size_t)(name - line));
            size_t name_len = end ? (size_t)(end - name) : len - (size_t)(name - line);
            struct entry *e = &entries[entry_count++];
            e->code = strtoull(line, NULL, 16);
            e->name = xmalloc(name_len + 1);
            memcpy(e->name, name, name_len);
            e->name[name_len] = '\0';
        }
        line += len + (line[len] == '\n');
    }
}

static void load(void)
{
    static pthread_once_t loaded = PTHREAD_ONCE_INIT;
    pthread_once(&loaded, split_table);
}

size_t classic_codes(const char *name, kl_code *codes, size_t room)
{
    load();
    kl_code *found = xcalloc(entry_count, sizeof *found);
    size_t count = 0;
    for (size_t i = 0; i < entry_count; i++)
        if (strcmp(entries[i].name, name) == 0)
            found[count++] = entries[i].code;
    sort_codes(found, count);
    size_t distinct = 0;
    for (size_t i = 0; i < count; i++) {
        if (distinct > 0 && found[i] == found[distinct - 1])
            continue;
        found[distinct++] = found[i];
    }
    memcpy(codes, found, (distinct < room ? distinct : room) * sizeof *codes);
    free(found);
    return distinct;
}

/* Decodes UTF-8 into code points (room for `room`); returns how many. */
static size_t code_points(const char *s, unsigned *out, size_t room)
{
    size_t n = 0;
    while (*s && n < room) {
        unsigned char c = (unsigned char)*s++;
        unsigned cp = c;
        int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        cp &= more ? 0x3Fu >> more : 0x7Fu;
        for (; more > 0 && ((unsigned char)*s & 0xC0) == 0x80; more--)
            cp = cp << 6 | ((unsigned char)*s++ & 0x3Fu);
        out[n++] = cp;
    }
    return n;
}

#define MAX_NAME_CHARS 64

/* Levenshtein distance between two names, in characters. */
static size_t edit_distance(const char *a, const char *b)
{
    unsigned ca[MAX_NAME_CHARS], cb[MAX_NAME_CHARS];
    size_t na = code_points(a, ca, MAX_NAME_CHARS), nb = code_points(b, cb, MAX_NAME_CHARS);
    size_t row[MAX_NAME_CHARS + 1];
    for (size_t j = 0; j <= nb; j++)
        row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t replace = diagonal + (ca[i - 1] != cb[j - 1]);
            size_t insert = row[j - 1] + 1, remove = row[j] + 1;
            diagonal = row[j];
            row[j] = replace < insert ? (replace < remove ? replace : remove)
                                      : (insert < remove ? insert : remove);
        }
    }
    return row[nb];
}

#define NOT_CLOSE SIZE_MAX

/* How far a known name is from what was typed: names containing it first, then names
 * fewer edits away than it has characters; NOT_CLOSE for the others. */
static size_t closeness(const char *known, const char *typed)
{
    unsigned chars[MAX_NAME_CHARS];
    size_t d = edit_distance(known, typed);
    if (strstr(known, typed))
        return d;
    return d < code_points(typed, chars, MAX_NAME_CHARS) ? d + MAX_NAME_CHARS : NOT_CLOSE;
}

size_t classic_suggest(const char *name, const char *names[CLASSIC_SUGGESTIONS])
{
    load();
    size_t score[CLASSIC_SUGGESTIONS], count = 0;
    for (size_t i = 0; i < entry_count; i++) {
        const char *known = entries[i].name;
        bool listed = false;
        for (size_t k = 0; k < count; k++)
            listed = listed || strcmp(names[k], known) == 0;
        if (listed)
            continue;
        size_t s = closeness(known, name), at = count;
        if (s == NOT_CLOSE)
            continue;
        while (at > 0 && score[at - 1] > s)
            at--;
        if (at == CLASSIC_SUGGESTIONS)
            continue;
        size_t keep = count < CLASSIC_SUGGESTIONS ? count : CLASSIC_SUGGESTIONS - 1;
        memmove(&names[at + 1], &names[at], (keep - at) * sizeof *names);
        memmove(&score[at + 1], &score[at], (keep - at) * sizeof *score);
        names[at] = known;
        score[at] = s;
        count = keep + 1;
    }
    return count;
}

char *classic_names_of(kl_code code)
{
    load();
    size_t size = 1;
    for (size_t i = 0; i < entry_count; i++)
        if (entries[i].code == code)
            size += strlen(entries[i].name) + 2;
    if (size == 1)
        return NULL;
    char *joined = xmalloc(size);
    joined[0] = '\0';
    for (size_t i = 0; i < entry_count; i++)
        if (entries[i].code == code) {
            if (joined[0])
                strcat(joined, ", ");
            strcat(joined, entries[i].name);
        }
    return joined;
}
