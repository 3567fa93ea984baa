/* What the database checkers of tests/reference/ (db_crosscheck.c, metric_check.c) share
 * beside the board model: the way they give up, their growing arrays, and the list of a
 * class's layouts that they search by code.  Header-only, static inline like
 * layout_model.h, because the Makefile makes a program of every .c file here.  A checker
 * defines CHECKER_NAME, the name its messages start with, before including it. */
#ifndef KLOTSKI_TESTS_REFERENCE_CHECKER_H
#define KLOTSKI_TESTS_REFERENCE_CHECKER_H

#include <stdio.h>
#include <stdlib.h>

#include "tests/reference/layout_model.h"

#ifndef CHECKER_NAME
#error "define CHECKER_NAME (the checker's name) before including checker.h"
#endif

/* Says "CHECKER_NAME: what: why" on stderr and exits 2: the check could not run (a
 * database it cannot read, no memory, a model that contradicts itself). */
static inline void die(const char *what, const char *why)
{
    fprintf(stderr, CHECKER_NAME ": %s: %s\n", what, why);
    exit(2);
}

/* Resizes an array p to `count` items of `size` bytes and returns it; dies when out of
 * memory.  The extra byte spares realloc a size of 0, whose result is the
 * implementation's choice. */
static inline void *grow(void *p, size_t count, size_t size)
{
    p = realloc(p, count * size + 1);
    if (!p)
        die("memory", "out of memory");
    return p;
}

/* Makes room for item `used` of an array p of `*room` items of `size` bytes, which
 * doubles (so that appending stays linear), and returns it; dies when out of memory. */
static inline void *room_for(void *p, size_t used, size_t *room, size_t size)
{
    if (used < *room)
        return p;
    *room = *room ? 2 * *room : 1024;
    return grow(p, *room, size);
}

/* Lists the layouts of class jiang-bing-style (SPEC.md) with the model's placer, in
 * ascending order of code: calls emit(p, code) for each with p->context = context, until
 * emit returns false.  Every free cell ends up empty or covered, so when the empty cells
 * and the pieces run out together every piece has been placed. */
static inline void list_class_layouts(int jiang, int bing, int style,
                                      bool (*emit)(struct model_placer *p, kl_code code),
                                      void *context)
{
    struct model_placer p = {.emit = emit, .context = context};
    p.most[KL_PIECE_HORIZONTAL] = style;
    p.most[KL_PIECE_VERTICAL] = jiang - style;
    p.most[KL_PIECE_SINGLE] = bing;
    p.most_empty = KL_CELLS - 4 - 2 * jiang - bing;
    model_place_all(&p);
}

/* The index of `code` in codes[0 .. count), which ascend, by binary search; count when it
 * is not there. */
static inline size_t code_index(const kl_code *codes, size_t count, kl_code code)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (codes[mid] < code)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < count && codes[lo] == code ? lo : count;
}

#endif
