/* A group searched once and kept, for the questions that follow in it (the page with no
 * server asks a layout's facts and its moves after every step played): the search over
 * the group (answer/search/bfs.h) with its steps as a graph, on which each question is a
 * plain breadth-first search over arrays, no move generated nor code looked up.  It
 * answers the facts of `klotski show` that a pack lacks (group_index, min_solution_num,
 * farthest_steps, farthest_num, solution_num) of any member. */
#ifndef KLOTSKI_ANSWER_SEARCH_SEARCHED_GROUP_H
#define KLOTSKI_ANSWER_SEARCH_SEARCHED_GROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "answer/search/bfs.h"
#include "core/code.h"

/* One group searched.  Zero it before its first use; a member is a node's position in
 * `search`. */
struct searched_group {
    struct bfs search;     /* its layouts (nodes) and the map of their codes (index) */
    bool held;             /* whether it holds a group */
    kl_code *codes;        /* each member's code */
    uint32_t *edge_start;  /* count + 1 offsets into edges */
    size_t start_capacity;
    uint32_t *edges;       /* the members one step from member v: edges[edge_start[v] ..
                              edge_start[v + 1]) */
    size_t edge_count, edge_capacity;
    uint32_t *distance, *queue; /* a question's search */
    bool *passed;
    uint64_t *farthest;    /* each member's farthest_steps << 32 | farthest_num once a
                              question has searched from it, else 0 */
};

/* Makes `g` hold the group of `start` (a legal code; expected: the group's size, when
 * known), unless it holds it already.  Returns true; false when `watch` (NULL: none)
 * stopped the search (then g holds nothing).  Never fails but for memory, which it
 * reports and exits on (answer/report.h). */
bool searched_group_load(struct searched_group *g, kl_code start, size_t expected, const struct search_watch *watch);

/* The member whose code is `code`, or UINT32_MAX when the group `g` holds none. */
uint32_t searched_group_member(const struct searched_group *g, kl_code code);

/* What a search of the whole group from a member tells about it: negative where it has
 * none (an unsolvable member's solution counts). */
struct layout_search_facts {
    long long group_index;      /* its rank among the group's codes, from 0 */
    long long min_solution_num; /* its solutions at the distance of the nearest one */
    long long solution_num;     /* its solutions (SPEC.md) */
    long long farthest_steps;   /* its eccentricity in its group */
    long long farthest_num;     /* the group's members that far from it */
};

/* The facts of `member` (searched_group_member's) by one search of the group g holds. */
struct layout_search_facts searched_group_facts(struct searched_group *g, uint32_t member);

/* The farthest_steps and farthest_num of `member` (searched_group_member's) into *steps
 * and *num: searched once per member (searched_group_facts searches too). */
void searched_group_farthest(struct searched_group *g, uint32_t member, int *steps, long long *num);

/* Frees what g holds and zeroes it. */
void searched_group_free(struct searched_group *g);

#endif
