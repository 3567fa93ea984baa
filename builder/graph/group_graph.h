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
#include "core/graph/group_graph.h"

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

/* Builds the graph of group `group_num` of class graph g (groups cg, reflections r).
 * number: class-sized scratch whose entries for the group's members hold UNNUMBERED on
 * entry and the members' numbers on return (other entries are left alone, so threads
 * may share it for distinct groups).  Returns 0, or -1 when memory runs out (then
 * nothing needs freeing). */
int group_graph_build(struct group_graph *gg, const struct class_graph *g,
                      const struct class_groups *cg, const struct class_reflections *r,
                      uint32_t group_num, uint32_t *number);


#endif
