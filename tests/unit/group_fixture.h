/* What the tests of the group searches (unit_farthest, unit_extremes) share: the classes
 * they check, the catalog every test of a program uses, one class opened with its
 * groups and reflections, and the plain breadth-first searches from one member that they
 * check against.  Include after unit_test.h. */
#ifndef KLOTSKI_TESTS_GROUP_FIXTURE_H
#define KLOTSKI_TESTS_GROUP_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "builder/catalog.h"
#include "builder/graph/class_graph.h"
#include "builder/graph/group_graph.h"
#include "builder/graph/groups.h"

/* Classes of every kind: many small groups (6-x), a long thin pair of groups (5-4-1,
 * holding the reference layout), a group more than 255 steps across (5-4-3-0), dense
 * single groups (0-4-0, 4-1-1) and tiny classes; groups with 1, 2 and 4 images. */
static const char *const tested_classes[] = {"5-4-1", "5-4-3", "6-2-3", "6-1-4", "6-0-2",
                                             "0-4-0", "4-1-1", "4-0-0", "1-1-0", "7-0-1"};

#define TESTED_CLASS_COUNT (sizeof tested_classes / sizeof *tested_classes)

struct fixture {
    struct catalog cat;
};

/* cmocka group setup: builds the catalog into *state. */
static int build_catalog(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    if (!f || catalog_build(&f->cat, 2) != 0) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

/* cmocka group teardown. */
static int free_catalog(void **state)
{
    struct fixture *f = *state;
    catalog_free(&f->cat);
    free(f);
    return 0;
}

/* One class with everything the checks need. */
struct tested_class {
    struct class_graph g;
    struct class_groups cg;
    struct class_reflections r;
    uint32_t *number;       /* each member's number in its group graph, once built */
    int *distance;          /* plain search scratch, -1 where not reached */
    uint32_t *queue;
};

static void open_class(struct tested_class *t, const struct catalog *cat, const char *name)
{
    struct kl_class k;
    assert_true(kl_class_parse(name, &k));
    assert_int_equal(class_graph_build(&t->g, cat, kl_class_id(k)), 0);
    assert_int_equal(class_groups_find(&t->cg, &t->g), 0);
    assert_int_equal(class_reflections_build(&t->r, &t->g, &t->cg), 0);
    t->number = malloc(sizeof *t->number * t->g.count);
    t->distance = malloc(sizeof *t->distance * t->g.count);
    t->queue = malloc(sizeof *t->queue * t->g.count);
    assert_non_null(t->number);
    assert_non_null(t->distance);
    assert_non_null(t->queue);
    memset(t->number, 0xff, sizeof *t->number * t->g.count);
    for (uint32_t i = 0; i < t->g.count; i++)
        t->distance[i] = -1;
}

static void close_class(struct tested_class *t)
{
    class_reflections_free(&t->r);
    class_groups_free(&t->cg);
    class_graph_free(&t->g);
    free(t->number);
    free(t->distance);
    free(t->queue);
}

/* Plain breadth-first search from class member `start`: its eccentricity and the number
 * of members at that distance. */
static inline void brute_force(struct tested_class *t, uint32_t start, int *steps, uint32_t *num)
{
    uint32_t head = 0, tail = 0;
    t->queue[tail++] = start;
    t->distance[start] = 0;
    while (head < tail) {
        uint32_t at = t->queue[head++];
        for (uint32_t e = t->g.edge_start[at]; e < t->g.edge_start[at + 1]; e++) {
            uint32_t to = t->g.edges[e];
            if (t->distance[to] < 0) {
                t->distance[to] = t->distance[at] + 1;
                t->queue[tail++] = to;
            }
        }
    }
    *steps = t->distance[t->queue[tail - 1]];
    *num = 0;
    for (uint32_t i = 0; i < tail; i++) {
        *num += t->distance[t->queue[i]] == *steps;
        t->distance[t->queue[i]] = -1;
    }
}

/* SPEC.md: a layout is solved when its code starts with D (the 2x2 at address 13). */
static inline bool code_is_solved(kl_code code)
{
    return code >> 32 == 0xD;
}

/* Plain breadth-first search from class member `start` for its solutions (SPEC.md): the
 * solved members S such that no shortest path from start to S passes another solved
 * member.  A member is "passed" when some shortest path to it comes through a solved
 * member; t->distance holds 2 * distance + passed while it runs.  Returns how many
 * solved members are left unpassed (0 when the group holds none). */
static inline uint32_t brute_force_solutions(struct tested_class *t, uint32_t start)
{
    uint32_t head = 0, tail = 0, solutions = 0;
    t->queue[tail++] = start;
    t->distance[start] = 0;
    while (head < tail) {
        uint32_t at = t->queue[head++];
        int here = t->distance[at];
        bool solved = code_is_solved(t->g.codes[at]);
        solutions += solved && !(here & 1);
        bool passes = (here & 1) || solved;
        for (uint32_t e = t->g.edge_start[at]; e < t->g.edge_start[at + 1]; e++) {
            uint32_t to = t->g.edges[e];
            if (t->distance[to] < 0) {
                t->distance[to] = (here & ~1) + 2;
                t->queue[tail++] = to;
            }
            if (t->distance[to] >> 1 == (here >> 1) + 1 && passes)
                t->distance[to] |= 1;
        }
    }
    for (uint32_t i = 0; i < tail; i++)
        t->distance[t->queue[i]] = -1;
    return solutions;
}

#endif
