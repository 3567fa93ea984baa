/* A page of a group's members, as `klotski group --members`, the server's /api/members
 * and the page with no server list them: each member's group, code, id, group_index and
 * min_steps, in code order, filtered by depth and paged by offset and limit. */
#ifndef KLOTSKI_ANSWER_MEMBERS_VALUE_H
#define KLOTSKI_ANSWER_MEMBERS_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "answer/value.h"
#include "core/code.h"

#define MEMBERS_ANY_DEPTH (-1) /* a page of the members at every depth */
#define MEMBERS_REASON_SIZE 96

/* The page of members asked. */
struct members_page {
    int depth;     /* only the members of this min_steps; MEMBERS_ANY_DEPTH: every one */
    size_t offset; /* members (of that depth) to skip */
    size_t limit;  /* members to list at most; 0: all */
};

/* The list's columns: group, code, id, group_index, min_steps (for table_new and the
 * command line's streamed tables). */
extern const char *const members_columns[];

/* Appends to t (made with members_columns) the page `page` of the `count` members of the
 * group named `group`, in code order: the member of group_index i has the min_steps
 * depth[i] (negative: unsolvable, written null) and the id ids[i] or the code codes[i]
 * (give one of ids and codes, the other NULL: the other is worked out for the members
 * listed only). */
void members_value_add(struct table *t, const char *group, const struct members_page *page, size_t count,
                       const int *depth, const uint32_t *ids, const kl_code *codes);

/* Whether a group whose largest min_steps is max_min_steps (negative: unsolvable) has
 * members at page depth `depth` (MEMBERS_ANY_DEPTH: always).  When not, returns false
 * with the reason in `reason` (MEMBERS_REASON_SIZE bytes: "no members 200 steps from
 * solved (see its depth histogram)"), for the caller to put after the group's name. */
bool members_depth_held(int max_min_steps, int depth, char reason[MEMBERS_REASON_SIZE]);

#endif
