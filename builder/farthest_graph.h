/* One group's step graph in the compact form the farthest phase searches: members
 * renumbered 0..count-1 in breadth-first order from a far-out member, so that members
 * with close numbers lie close together in the graph (batches of consecutive sources
 * share their frontiers, and neighbours sit near each other in memory), plus each
 * member's left-right mirror image when the group is its own mirror. */
#ifndef KLOTSKI_BUILDER_FARTHEST_GRAPH_H
#define KLOTSKI_BUILDER_FARTHEST_GRAPH_H

#include <stdint.h>

#include "class_graph.h"
#include "groups.h"

#define NO_MIRROR_GROUP UINT32_MAX

struct group_graph {
    uint32_t count;        /* members */
    uint32_t *member;      /* class-local index of each member, by its number here */
    uint32_t *edge_start;  /* count + 1 offsets into edges */
    uint32_t *edges;       /* neighbours (numbers here) of member i:
                              edges[edge_start[i] .. edge_start[i+1]) */
    uint32_t *mirror;      /* number of each member's mirror image; NULL unless the group
                              is its own mirror */
};

/* Class-wide facts the group graphs are built from: for each class member its number
 * inside its group's graph and its mirror image's class-local index, for each group the
 * group its mirror images form. */
struct class_mirror {
    uint32_t *mirror_of;    /* class-local index of each member's mirror image */
    uint32_t *mirror_group; /* group_num of each group's mirror group (may be itself) */
    uint32_t *number;       /* each member's number in its group graph, once built */
};

/* Fills cm for class graph g split into groups cg.  Returns 0, or -1 when memory runs
 * out (then nothing needs freeing). */
int class_mirror_build(struct class_mirror *cm, const struct class_graph *g,
                       const struct class_groups *cg);

/* Frees what class_mirror_build allocated. */
void class_mirror_free(struct class_mirror *cm);

/* Builds the graph of group `group_num` of class graph g (groups cg, mirrors cm) into gg
 * and records the members' numbers in cm->number.  Thread-safe for distinct groups of
 * one class.  Returns 0, or -1 when memory runs out (then nothing needs freeing). */
int group_graph_build(struct group_graph *gg, const struct class_graph *g,
                      const struct class_groups *cg, struct class_mirror *cm,
                      uint32_t group_num);

/* Frees what group_graph_build allocated. */
void group_graph_free(struct group_graph *gg);

#endif
