/* One group's step graph in compact arrays, numbered in code order, and the board's
 * reflections that map it onto itself: what the group extremes (extremes.h) and the
 * bit-parallel search (bitparallel_bfs.h) run on.  The builder makes it from its class
 * graphs (builder/graph/group_graph.h), the query tool from one search over the group
 * (query/search/group_graph.c). */
#ifndef KLOTSKI_CORE_GRAPH_GROUP_GRAPH_H
#define KLOTSKI_CORE_GRAPH_GROUP_GRAPH_H

#include <stdint.h>

/* The reflections of the 4x5 board other than the identity; each is its own inverse. */
enum reflection { FLIP_LEFT_RIGHT, FLIP_UP_DOWN, TURN_HALF, REFLECTIONS };

#define UNNUMBERED UINT32_MAX

/* One group's graph.  Members are numbered in code order, so a member's number is its
 * group_index and members with close numbers tend to lie few steps apart. */
struct group_graph {
    uint32_t count;          /* members */
    uint32_t *member;        /* class-local index of each member */
    uint32_t *edge_start;    /* count + 1 offsets into edges */
    uint32_t *edges;         /* neighbours of member i: edges[edge_start[i] ..
                                edge_start[i+1]) */
    uint32_t *image[REFLECTIONS]; /* number of each member's image; NULL when the
                                     reflection maps the group onto another group */
};

/* Frees what a group graph holds and zeroes it; harmless on a zeroed one. */
void group_graph_free(struct group_graph *gg);

#endif
