#include "query/input/classic.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/names.h"
#include "query/input/distance.h"
#include "query/report.h"

#define MAX_NAME_CHARS TEXT_DISTANCE_MAX_CHARS /* characters of a name that suggestions compare */

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
static struct holder *holders; /* each character of each name once, by character */
static size_t holder_count;
static char *all_names;        /* every name in the table's order, each ended by '\n' */
static size_t *name_starts;    /* where each entry's name begins in all_names */

static int compare_by_name(const void *a, const void *b)
{
    const struct entry *x = &entries[*(const size_t *)a], *y = &entries[*(const size_t *)b];
    int order = strcmp(x->name, y->name);
    return order ? order : (x->code > y->code) - (x->code < y->code);
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

/* The index of the suggestions: who holds each character, and all names in one text. */
static void index_names(void)
{
    size_t characters = 0, bytes = 0;
    for (size_t i = 0; i < entry_count; i++) {
        characters += entries[i].length;
        bytes += strlen(entries[i].name) + 1;
    }
    holders = xcalloc(characters + 1, sizeof *holders);
    all_names = xmalloc(bytes + 1);
    name_starts = xcalloc(entry_count + 1, sizeof *name_starts);
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
    size_t distinct = 0;
    for (size_t i = 0; i < holder_count; i++) {
        if (distinct > 0 && compare_holders(&holders[i], &holders[distinct - 1]) == 0)
            holders[distinct - 1].count++;
        else
            holders[distinct++] = holders[i];
    }
    holder_count = distinct;
}

/* Reads the compiled-in table (core/database/names.h) into entries and sorts the index
 * by name (once: the server's threads share them). */
static void split_table(void)
{
    size_t lines = 0;
    struct kl_db_name line;
    for (const char *cursor = kl_db_names_start(); kl_db_names_next(&cursor, &line);)
        lines++;
    entries = xcalloc(lines + 1, sizeof *entries);
    for (const char *cursor = kl_db_names_start(); kl_db_names_next(&cursor, &line);) {
        struct entry *e = &entries[entry_count++];
        e->code = line.code;
        e->name = xmalloc(line.name_length + 1);
        memcpy(e->name, line.name, line.name_length);
        e->name[line.name_length] = '\0';
        unsigned points[MAX_NAME_CHARS];
        e->length = text_code_points(e->name, points, MAX_NAME_CHARS);
        e->points = xcalloc(e->length + 1, sizeof *e->points);
        memcpy(e->points, points, e->length * sizeof *points);
    }
    by_name = xcalloc(entry_count + 1, sizeof *by_name);
    for (size_t i = 0; i < entry_count; i++)
        by_name[i] = i;
    qsort(by_name, entry_count, sizeof *by_name, compare_by_name);
    index_names();
}

static void load(void)
{
    static pthread_once_t loaded = PTHREAD_ONCE_INIT;
    pthread_once(&loaded, split_table);
}

size_t classic_codes(const char *name, kl_code *codes, size_t room)
{
    load();
    size_t low = 0, high = entry_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (strcmp(entries[by_name[middle]].name, name) < 0)
            low = middle + 1;
        else
            high = middle;
    }
    size_t distinct = 0;
    kl_code last = 0;
    for (size_t i = low; i < entry_count && strcmp(entries[by_name[i]].name, name) == 0; i++) {
        kl_code code = entries[by_name[i]].code;
        if (distinct > 0 && code == last)
            continue;
        if (distinct < room)
            codes[distinct] = code;
        distinct++;
        last = code;
    }
    return distinct;
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
    struct shared shared = {xcalloc(entry_count + 1, 1), xcalloc(entry_count + 1, sizeof(bool)),
                            xcalloc(entry_count + 1, sizeof(size_t)), 0};
    count_common(typed, length, &shared);
    mark_containing(name, &shared);
    size_t count = 0;
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
    free(shared.common);
    free(shared.contains);
    free(shared.touched);
    return count;
}

size_t classic_suggest(const char *name, const char *names[CLASSIC_SUGGESTIONS])
{
    load();
    unsigned typed[MAX_NAME_CHARS];
    size_t length = text_code_points(name, typed, MAX_NAME_CHARS);
    struct candidate *candidates = xcalloc(entry_count + 1, sizeof *candidates);
    size_t candidate_count = gather_candidates(name, typed, length, candidates);
    /* The list, best first; on equal scores the name earlier in the table first. */
    size_t score[CLASSIC_SUGGESTIONS], entry[CLASSIC_SUGGESTIONS], count = 0;
    for (size_t c = 0; c < candidate_count; c++) {
        const struct entry *known = &entries[candidates[c].entry];
        size_t least = candidates[c].least;
        /* A full list takes a score below its last, or equal and earlier in the table;
         * the candidates come by least score, so a least above it ends the search. */
        size_t allowed = MAX_SCORE, entry_index = candidates[c].entry;
        if (count == CLASSIC_SUGGESTIONS) {
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
        size_t d = text_distance_within(known->points, known->length, typed, length, bound);
        if (d > bound)
            continue;
        size_t s = base + d, at = count;
        while (at > 0 && (score[at - 1] > s || (score[at - 1] == s && entry[at - 1] > entry_index)))
            at--;
        size_t keep = count < CLASSIC_SUGGESTIONS ? count : CLASSIC_SUGGESTIONS - 1;
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
