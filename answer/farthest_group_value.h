/* A group's hardest and farthest layouts as an answer's value: the summary and the list
 * "layouts" of `klotski farthest GROUP`, of the server's /api/farthest?group= and of the
 * page with no server's, from the database's facts or the pack's. */
#ifndef KLOTSKI_ANSWER_FARTHEST_GROUP_VALUE_H
#define KLOTSKI_ANSWER_FARTHEST_GROUP_VALUE_H

#include <stddef.h>

#include "answer/value.h"
#include "core/code.h"

/* Where a group's peripheral and central layouts come from. */
enum farthest_extremes {
    EXTREMES_STORED,    /* the database (or the pack) holds them */
    EXTREMES_FOUND_NOW, /* a search found them for this answer (answer/search/extremes.h) */
    EXTREMES_MISSING    /* neither: a dense group too large to search now */
};

/* The error of a group whose extremes are missing: printf's format of its size (long
 * long) and the command that stores them (the `klotski-build --farthest` to run). */
#define FARTHEST_EXTREMES_MISSING                                                              \
    "only its hardest layouts: its diameter, radius, peripheral and central layouts (a dense " \
    "group of %lld layouts, too large to search now) are not stored; %s stores them"

/* The facts of the summary; a negative count is none (null): an unsolvable group's
 * max_min_steps and hardest_count, missing extremes. */
struct farthest_group_facts {
    const char *group;
    long long max_min_steps, hardest_count;
    long long diameter, radius, peripheral_count, central_count;
    enum farthest_extremes extremes;
};

/* The summary, one row: group, max_min_steps, hardest_count, diameter, radius,
 * peripheral_count, central_count, extremes ("stored", "found now" or "missing").  Free
 * it with table_free. */
struct table *farthest_group_summary(const struct farthest_group_facts *facts);

/* The list "layouts" with no rows yet: group, kind, code, steps.  Free it with
 * table_free. */
struct table *farthest_group_layouts_new(void);

/* Adds `count` layouts of the group `group` as rows of `kind` ("hardest", "peripheral",
 * "central") at `steps`, at most *room of them, which it lowers by as many. */
void farthest_group_layouts_add(struct table *layouts, const char *group, const char *kind, const kl_code *codes,
                                size_t count, int steps, size_t *room);

#endif
