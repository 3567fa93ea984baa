#include "core/classic.h"

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/names.h"
#include "core/layout_text.h"
#include "core/pinyin.h"
#include "core/text_distance.h"

#define MAX_NAME_CHARS KL_TEXT_DISTANCE_MAX_CHARS /* characters of a name that suggestions compare */
#define MAX_NAMED_LAYOUTS KL_TYPED_LISTED /* names read alike, layouts of one name, that a list shows */

/* One line of the table: a code and one of its names, the name also as code points for
 * the suggestions. */
struct entry {
    kl_code code;
    char *name;
    unsigned *points; /* the name's first MAX_NAME_CHARS characters, as code points */
    size_t length;    /* how many of them */
};

/* A character and a name that holds it: the suggestions' index of who holds what. */
struct holder {
    unsigned point;
    size_t entry;
    size_t count; /* how many times the name holds it */
};

static struct entry *entries;  /* in the table's order, which suggestions keep on ties */
static size_t entry_count;
static size_t *by_name;        /* entries' indices, by name then code */
static size_t *by_code;        /* entries' indices, by code then the table's order */
static struct holder *holders; /* each character of each name once, by character */
static size_t holder_count;
static char *all_names;        /* every name in the table's order, each ended by '\n' */
static size_t *name_starts;    /* where each entry's name begins in all_names */
static size_t *distinct;       /* each name's first entry, in the table's order */
static size_t distinct_count;
static char **spellings;       /* per distinct name, its pinyin key in first readings */
static bool ready;             /* all of the above were made (false when memory ran out) */

static int compare_by_name(const void *a, const void *b)
{
    const struct entry *x = &entries[*(const size_t *)a], *y = &entries[*(const size_t *)b];
    int order = strcmp(x->name, y->name);
    return order ? order : (x->code > y->code) - (x->code < y->code);
}

static int compare_by_code(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    if (entries[x].code != entries[y].code)
        return entries[x].code < entries[y].code ? -1 : 1;
    return (x > y) - (x < y);
}

static int compare_points(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

static int compare_holders(const void *a, const void *b)
{
    const struct holder *x = a, *y = b;
    if (x->point != y->point)
        return x->point < y->point ? -1 : 1;
    return (x->entry > y->entry) - (x->entry < y->entry);
}

/* The index of the suggestions: who holds each character, and all names in one text.
 * Returns false when memory ran out. */
static bool index_names(void)
{
    size_t characters = 0, bytes = 0;
    for (size_t i = 0; i < entry_count; i++) {
        characters += entries[i].length;
        bytes += strlen(entries[i].name) + 1;
    }
    holders = calloc(characters + 1, sizeof *holders);
    all_names = malloc(bytes + 1);
    name_starts = calloc(entry_count + 1, sizeof *name_starts);
    if (!holders || !all_names || !name_starts)
        return false;
    char *end = all_names;
    for (size_t i = 0; i < entry_count; i++) {
        for (size_t k = 0; k < entries[i].length; k++)
            holders[holder_count++] = (struct holder){entries[i].points[k], i, 1};
        name_starts[i] = (size_t)(end - all_names);
        end = stpcpy(end, entries[i].name);
        *end++ = '\n';
    }
    *end = '\0';
    qsort(holders, holder_count, sizeof *holders, compare_holders);
    size_t kept = 0;
    for (size_t i = 0; i < holder_count; i++) {
        if (kept > 0 && compare_holders(&holders[i], &holders[kept - 1]) == 0)
            holders[kept - 1].count++;
        else
            holders[kept++] = holders[i];
    }
    holder_count = kept;
    return true;
}

/* Reads the compiled-in table (core/database/names.h) into entries and sorts the index
 * by name (once: the server's threads share them).  When memory runs out, what was made
 * stays unused (ready stays false). */
static void split_table(void)
{
    size_t lines = 0;
    struct kl_db_name line;
    for (const char *cursor = kl_db_names_start(); kl_db_names_next(&cursor, &line);)
        lines++;
    entries = calloc(lines + 1, sizeof *entries);
    if (!entries)
        return;
    for (const char *cursor = kl_db_names_start(); kl_db_names_next(&cursor, &line);) {
        struct entry *e = &entries[entry_count++];
        e->code = line.code;
        e->name = strndup(line.name, line.name_length);
        unsigned points[MAX_NAME_CHARS];
        e->length = e->name ? kl_text_code_points(e->name, points, MAX_NAME_CHARS) : 0;
        e->points = calloc(e->length + 1, sizeof *e->points);
        if (!e->name || !e->points)
            return;
        memcpy(e->points, points, e->length * sizeof *points);
    }
    by_name = calloc(entry_count + 1, sizeof *by_name);
    if (!by_name)
        return;
    for (size_t i = 0; i < entry_count; i++)
        by_name[i] = i;
    qsort(by_name, entry_count, sizeof *by_name, compare_by_name);
    by_code = calloc(entry_count + 1, sizeof *by_code);
    if (!by_code)
        return;
    memcpy(by_code, by_name, entry_count * sizeof *by_code);
    qsort(by_code, entry_count, sizeof *by_code, compare_by_code);
    distinct = calloc(entry_count + 1, sizeof *distinct);
    if (!distinct)
        return;
    /* Each name's first line: the least index among its run in by_name. */
    bool *first = calloc(entry_count + 1, sizeof *first);
    if (!first)
        return;
    for (size_t i = 0, run; i < entry_count; i += run) {
        size_t least = by_name[i];
        for (run = 1; i + run < entry_count && strcmp(entries[by_name[i + run]].name, entries[by_name[i]].name) == 0; run++)
            least = by_name[i + run] < least ? by_name[i + run] : least;
        first[least] = true;
    }
    for (size_t i = 0; i < entry_count; i++)
        if (first[i])
            distinct[distinct_count++] = i;
    free(first);
    spellings = calloc(distinct_count + 1, sizeof *spellings);
    for (size_t i = 0; spellings && i < distinct_count; i++) {
        char spelled[KL_PINYIN_SIZE];
        kl_pinyin_spell(entries[distinct[i]].name, false, spelled, sizeof spelled);
        if (!(spellings[i] = strdup(spelled)))
            return;
    }
    if (!spellings)
        return;
    ready = index_names();
}

/* Makes the index once; false when memory ran out for it. */
static bool load(void)
{
    static pthread_once_t loaded = PTHREAD_ONCE_INIT;
    pthread_once(&loaded, split_table);
    return ready;
}

/* Where the entries named `name` begin in by_name (entry_count when there are none). */
static size_t first_named(const char *name)
{
    size_t low = 0, high = entry_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (strcmp(entries[by_name[middle]].name, name) < 0)
            low = middle + 1;
        else
            high = middle;
    }
    return low < entry_count && strcmp(entries[by_name[low]].name, name) == 0 ? low : entry_count;
}

size_t kl_classic_codes(const char *name, kl_code *codes, size_t room)
{
    if (!load())
        return 0;
    size_t low = first_named(name);
    size_t found = 0;
    kl_code last = 0;
    for (size_t i = low; i < entry_count && strcmp(entries[by_name[i]].name, name) == 0; i++) {
        kl_code code = entries[by_name[i]].code;
        if (found > 0 && code == last)
            continue;
        if (found < room)
            codes[found] = code;
        found++;
        last = code;
    }
    return found;
}

/* What the typed name shares with the known names: kept for the entries it shares
 * anything with, so that the others cost nothing. */
struct shared {
    unsigned char *common; /* per entry: characters in common, with their repeats */
    bool *contains;        /* per entry: whether its name contains the typed one as bytes */
    size_t *touched;       /* the entries with either, each once */
    size_t touched_count;
};

static void touch(struct shared *shared, size_t entry)
{
    if (!shared->common[entry] && !shared->contains[entry])
        shared->touched[shared->touched_count++] = entry;
}

/* Counts the characters each entry has in common with the typed name (at most
 * MAX_NAME_CHARS, so that a byte holds it): no alignment of the two matches more. */
static void count_common(const unsigned *typed, size_t length, struct shared *shared)
{
    unsigned sorted[MAX_NAME_CHARS];
    memcpy(sorted, typed, length * sizeof *typed);
    qsort(sorted, length, sizeof *sorted, compare_points);
    for (size_t i = 0, repeats; i < length; i += repeats) {
        for (repeats = 1; i + repeats < length && sorted[i + repeats] == sorted[i];)
            repeats++;
        size_t low = 0, high = holder_count;
        while (low < high) {
            size_t middle = low + (high - low) / 2;
            if (holders[middle].point < sorted[i])
                low = middle + 1;
            else
                high = middle;
        }
        for (; low < holder_count && holders[low].point == sorted[i]; low++) {
            touch(shared, holders[low].entry);
            shared->common[holders[low].entry] += (unsigned char)(repeats < holders[low].count ? repeats : holders[low].count);
        }
    }
}

/* Marks the entries whose name contains `name` as bytes: its places in all_names, each
 * within one name (a name holds no '\n'). */
static void mark_containing(const char *name, struct shared *shared)
{
    if (!*name) {
        for (size_t i = 0; i < entry_count; i++) {
            touch(shared, i);
            shared->contains[i] = true;
        }
        return;
    }
    if (strchr(name, '\n'))
        return;
    for (const char *at = all_names; (at = strstr(at, name)); at++) {
        size_t offset = (size_t)(at - all_names), low = 0, high = entry_count;
        while (high - low > 1) {
            size_t middle = low + (high - low) / 2;
            if (name_starts[middle] <= offset)
                low = middle;
            else
                high = middle;
        }
        touch(shared, low);
        shared->contains[low] = true;
    }
}

/* A known name's score, fewer is closer: its distance to the typed name when it contains
 * it, else that distance + FAR_SCORE when below the typed name's length (the known name
 * is not close otherwise).  Distances are at most MAX_NAME_CHARS. */
#define FAR_SCORE (MAX_NAME_CHARS + 1)
#define MAX_SCORE (FAR_SCORE + MAX_NAME_CHARS)

/* A known name that may be close, and the least score it can have. */
struct candidate {
    size_t entry;
    size_t least;
};

static int compare_candidates(const void *a, const void *b)
{
    const struct candidate *x = a, *y = b;
    if (x->least != y->least)
        return x->least < y->least ? -1 : 1;
    return (x->entry > y->entry) - (x->entry < y->entry);
}

/* The entries that may be close to the typed name, by least score then table order.
 * Returns how many; `candidates` has room for entry_count. */
static size_t gather_candidates(const char *name, const unsigned *typed, size_t length,
                                struct candidate *candidates)
{
    struct shared shared = {calloc(entry_count + 1, 1), calloc(entry_count + 1, sizeof(bool)),
                            calloc(entry_count + 1, sizeof(size_t)), 0};
    size_t count = 0;
    if (!shared.common || !shared.contains || !shared.touched)
        goto done;
    count_common(typed, length, &shared);
    mark_containing(name, &shared);
    for (size_t t = 0; t < shared.touched_count; t++) {
        size_t i = shared.touched[t], known = entries[i].length, wider = length > known ? length : known;
        size_t least = wider - (shared.common[i] < known ? shared.common[i] : known);
        /* Not known - length: a typed name cut inside a character decodes to more
         * characters than the name that contains its bytes. */
        if (shared.contains[i])
            least = wider - (length < known ? length : known);
        else if (least < length)
            least += FAR_SCORE;
        else
            continue;
        candidates[count++] = (struct candidate){i, least};
    }
    qsort(candidates, count, sizeof *candidates, compare_candidates);
done:
    free(shared.common);
    free(shared.contains);
    free(shared.touched);
    return count;
}

size_t kl_classic_suggest(const char *name, const char *names[KL_CLASSIC_SUGGESTIONS])
{
    struct candidate *candidates = load() ? calloc(entry_count + 1, sizeof *candidates) : NULL;
    if (!candidates)
        return 0;
    unsigned typed[MAX_NAME_CHARS];
    size_t length = kl_text_code_points(name, typed, MAX_NAME_CHARS);
    size_t candidate_count = gather_candidates(name, typed, length, candidates);
    /* The list, best first; on equal scores the name earlier in the table first. */
    size_t score[KL_CLASSIC_SUGGESTIONS], entry[KL_CLASSIC_SUGGESTIONS], count = 0;
    for (size_t c = 0; c < candidate_count; c++) {
        const struct entry *known = &entries[candidates[c].entry];
        size_t least = candidates[c].least;
        /* A full list takes a score below its last, or equal and earlier in the table;
         * the candidates come by least score, so a least above it ends the search. */
        size_t allowed = MAX_SCORE, entry_index = candidates[c].entry;
        if (count == KL_CLASSIC_SUGGESTIONS) {
            size_t last = score[count - 1];
            if (least > last)
                break;
            if (least == last && entry_index > entry[count - 1])
                continue;
            allowed = last - (entry_index > entry[count - 1]);
        }
        bool listed = false;
        for (size_t k = 0; k < count; k++)
            listed = listed || strcmp(names[k], known->name) == 0;
        if (listed)
            continue;
        bool far = least >= FAR_SCORE;
        size_t base = far ? FAR_SCORE : 0, bound = far ? length - 1 : MAX_NAME_CHARS;
        if (allowed - base < bound)
            bound = allowed - base;
        size_t d = kl_text_distance_within(known->points, known->length, typed, length, bound);
        if (d > bound)
            continue;
        size_t s = base + d, at = count;
        while (at > 0 && (score[at - 1] > s || (score[at - 1] == s && entry[at - 1] > entry_index)))
            at--;
        size_t keep = count < KL_CLASSIC_SUGGESTIONS ? count : KL_CLASSIC_SUGGESTIONS - 1;
        memmove(&names[at + 1], &names[at], (keep - at) * sizeof *names);
        memmove(&score[at + 1], &score[at], (keep - at) * sizeof *score);
        memmove(&entry[at + 1], &entry[at], (keep - at) * sizeof *entry);
        names[at] = known->name;
        score[at] = s;
        entry[at] = entry_index;
        count = keep + 1;
    }
    free(candidates);
    return count;
}


bool kl_classic_names_of(kl_code code, char names[KL_CLASSIC_NAMES_SIZE])
{
    names[0] = '\0';
    if (!load())
        return false;
    /* The first of the code's entries in by_code, found by halves: the server looks the
     * names up for every layout it answers. */
    size_t low = 0, high = entry_count, used = 0;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (entries[by_code[middle]].code < code)
            low = middle + 1;
        else
            high = middle;
    }
    for (; low < entry_count && entries[by_code[low]].code == code; low++)
        used += (size_t)snprintf(names + used, used < KL_CLASSIC_NAMES_SIZE ? KL_CLASSIC_NAMES_SIZE - used : 0,
                                 "%s%s", used ? ", " : "", entries[by_code[low]].name);
    return used > 0;
}

/* The names that pinyin `key` reads as, in the table's order, into names (room for
 * `room`); returns how many there are. */
static size_t pinyin_names(const char *key, const char **names, size_t room)
{
    size_t count = 0;
    for (size_t i = 0; i < distinct_count; i++)
        if (kl_pinyin_reads_as(key, entries[distinct[i]].name)) {
            if (count < room)
                names[count] = entries[distinct[i]].name;
            count++;
        }
    return count;
}

/* The names whose pinyin (each character's first reading) is closest to pinyin `key`:
 * fewest edits first, at most a quarter of the key's letters (one for a short key), on
 * ties the one earlier in the table.  Returns how many (at most KL_CLASSIC_SUGGESTIONS). */
static size_t pinyin_suggest(const char *key, const char *names[KL_CLASSIC_SUGGESTIONS])
{
    unsigned typed[MAX_NAME_CHARS], known[MAX_NAME_CHARS];
    size_t length = kl_text_code_points(key, typed, MAX_NAME_CHARS), count = 0;
    size_t score[KL_CLASSIC_SUGGESTIONS], bound = length / 4 ? length / 4 : 1;
    for (size_t i = 0; i < distinct_count; i++) {
        size_t known_length = strlen(spellings[i]); /* ASCII: a byte a letter */
        if ((known_length > length ? known_length - length : length - known_length) > bound)
            continue;
        known_length = kl_text_code_points(spellings[i], known, MAX_NAME_CHARS);
        size_t d = kl_text_distance_within(known, known_length, typed, length, bound);
        if (d > bound || (count == KL_CLASSIC_SUGGESTIONS && d >= score[count - 1]))
            continue;
        size_t at = count < KL_CLASSIC_SUGGESTIONS ? count++ : count - 1;
        for (; at > 0 && score[at - 1] > d; at--) {
            score[at] = score[at - 1];
            names[at] = names[at - 1];
        }
        score[at] = d;
        names[at] = entries[distinct[i]].name;
    }
    return count;
}

/* The names closest to `text` into typed: by their pinyin when text reads as pinyin and
 * some are close (with_characters or not), else when with_characters by the characters
 * they share.  Returns how many. */
static size_t closest_names(const char *text, bool with_characters, struct kl_typed *typed)
{
    char key[KL_PINYIN_SIZE];
    typed->pinyin = kl_pinyin_key(text, key, sizeof key);
    typed->name_count = typed->pinyin ? pinyin_suggest(key, typed->names) : 0;
    if (typed->name_count == 0) {
        typed->pinyin = false;
        if (with_characters)
            typed->name_count = kl_classic_suggest(text, typed->names);
    }
    return typed->name_count;
}

/* What the lookup of a typed name found. */
enum lookup { NAME_NONE, NAME_FOUND, NAME_AMBIGUOUS };

/* The name `text` stands for: itself when it is one, else the name its pinyin reads as.
 * Of several names that read alike the shortest is taken, since the others are it with
 * marks added (小旋风 before 小旋风Ⅰ, 颠倒96阳 before 颠倒96(阳)); several of that length
 * are NAME_AMBIGUOUS, listed in typed->names. */
static enum lookup look_up(const char *text, const char **name, struct kl_typed *typed)
{
    size_t named = first_named(text);
    if (named < entry_count) {
        *name = entries[by_name[named]].name;
        return NAME_FOUND;
    }
    char key[KL_PINYIN_SIZE];
    const char *read[MAX_NAMED_LAYOUTS];
    size_t count = kl_pinyin_key(text, key, sizeof key) ? pinyin_names(key, read, MAX_NAMED_LAYOUTS) : 0;
    count = count < MAX_NAMED_LAYOUTS ? count : MAX_NAMED_LAYOUTS;
    size_t shortest = 0, ties = 0;
    unsigned points[MAX_NAME_CHARS];
    for (size_t i = 0; i < count; i++) {
        size_t length = kl_text_code_points(read[i], points, MAX_NAME_CHARS);
        if (ties == 0 || length < shortest) {
            shortest = length;
            ties = 0;
        }
        if (length == shortest)
            read[ties++] = read[i];
    }
    if (ties == 1) {
        *name = read[0];
        return NAME_FOUND;
    }
    if (ties == 0)
        return NAME_NONE;
    memcpy(typed->names, read, ties * sizeof *read);
    typed->name_count = ties;
    return NAME_AMBIGUOUS;
}

/* The layout a name stands for: its only one, or the `pick`th (from 1; 0: none picked)
 * by code. */
static enum kl_typed_error pick_layout(const char *name, unsigned long pick, struct kl_typed *typed)
{
    typed->code_count = kl_classic_codes(name, typed->codes, KL_TYPED_LISTED);
    if (pick == 0 && typed->code_count == 1)
        pick = 1;
    if (pick >= 1 && pick <= typed->code_count && pick <= KL_TYPED_LISTED) {
        typed->code = typed->codes[pick - 1];
        return KL_TYPED_OK;
    }
    typed->name = name;
    return pick > 0 ? KL_TYPED_PICK_RANGE : KL_TYPED_UNPICKED;
}

/* Whether text is NAME#N: returns where its '#' is, or NULL. */
static const char *pick_mark(const char *text)
{
    const char *hash = strrchr(text, '#');
    return hash && hash > text && hash[1] && strspn(hash + 1, "0123456789") == strlen(hash + 1) ? hash : NULL;
}

enum kl_typed_error kl_classic_parse(const char *text, enum kl_typed_error form, struct kl_typed *typed)
{
    if (!load())
        return KL_TYPED_NOMEM;
    const char *name, *hash = pick_mark(text);
    enum lookup found = look_up(text, &name, typed);
    unsigned long pick = 0;
    if (found == NAME_NONE && hash) {
        char *bare = strndup(text, (size_t)(hash - text));
        if (!bare)
            return KL_TYPED_NOMEM;
        found = look_up(bare, &name, typed);
        free(bare);
        pick = strtoul(hash + 1, NULL, 10);
        pick = pick ? pick : ULONG_MAX; /* #0 picks nothing: out of range */
    }
    if (found == NAME_FOUND)
        return pick_layout(name, pick, typed);
    if (found == NAME_AMBIGUOUS)
        return KL_TYPED_AMBIGUOUS;
    /* Text that reads as pinyin close to a name was meant as one, whatever it lacks as a
     * code: the name first. */
    if (closest_names(text, form == KL_TYPED_NO_FORM, typed) > 0 && typed->pinyin)
        return KL_TYPED_MISSPELT_PINYIN;
    return form == KL_TYPED_NO_FORM ? KL_TYPED_NOT_A_NAME : form;
}
