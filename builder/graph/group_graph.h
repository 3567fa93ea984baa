/* What the searches of a group run on (the extremes, the farthest phase): one group's
 * step graph in compact arrays, and the board's reflections, which map the step graph
 * onto itself and so keep every distance.  A layout and its images share farthest_steps
 * and farthest_num, and a group's images are groups with the same farthest data, so only
 * one group of each set of images is searched, and within it only one member of each set
 * of images. */
#ifndef KLOTSKI_BUILDER_GRAPH_GROUP_GRAPH_H
#define KLOTSKI_BUILDER_GRAPH_GROUP_GRAPH_H

#include <stdint.h>

#include "builder/graph/class_graph.h"
#include "builder/graph/groups.h"

/* The reflections of the 4x5 board other than the identity; each is its own inverse. */
enum reflection { FLIP_LEFT_RIGHT, FLIP_UP_DOWN, TURN_HALF, REFLECTIONS };

/* The reflections of one class: every member's images and every group's image groups. */
struct class_reflections {
    const uint32_t *image[REFLECTIONS]; /* class-local index of each member's image */
    uint32_t *group_image[REFLECTIONS]; /* group_num of each group's image group */
    uint32_t *owned;                    /* TURN_HALF's images, allocated here (the
                                           others come from the class graph) */
};

/* Fills r for class graph g split into groups cg.  Returns 0, or -1 when memory runs
 * out (then nothing needs freeing).  r borrows g->mirror and g->up_down: free r before g. */
int class_reflections_build(struct class_reflections *r, const struct class_graph *g,
                            const struct class_groups *cg);

/* Frees what class_reflections_build allocated. */
void class_reflections_free(struct class_reflections *r);

/* The group that represents a set of image groups: the one with the smallest group_num.
 * Returns it for group `group_num`. */
uint32_t group_representative(const struct class_reflections *r, uint32_t group_num);

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

/* Builds the graph of group `group_num` of class graph g (groups cg, reflections r).
 * number: class-sized scratch whose entries for the group's members hold UNNUMBERED on
 * entry and the members' numbers on return (other entries are left alone, so threads
 * may share it for distinct groups).  Returns 0, or -1 when memory runs out (then
 * nothing needs freeing). */
int group_graph_build(struct group_graph *gg, const struct class_graph *g,
                      const struct class_groups *cg, const struct class_reflections *r,
                      uint32_t group_num, uint32_t *number);

/* Frees what group_graph_build allocated. */
void group_graph_free(struct group_graph *gg);

#endif
