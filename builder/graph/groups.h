/* Groups: the connected components of a class's step graph, numbered as SPEC.md says
 * (size descending, ties by smallest member code), and each member's group_index. */
#ifndef KLOTSKI_BUILDER_GRAPH_GROUPS_H
#define KLOTSKI_BUILDER_GRAPH_GROUPS_H

#include <stdint.h>

#include "builder/graph/class_graph.h"

struct class_groups {
    uint32_t group_count;
    uint32_t *group_of;    /* group_num of each member (local index) */
    uint32_t *group_index; /* rank of each member's code within its group */
    uint32_t *size;        /* members of each group_num */
    uint32_t *first;       /* local index of each group's smallest member */
};

/* Splits the class graph g into groups.  Returns 0, or -1 when memory runs out (then
 * nothing needs freeing). */
int class_groups_find(struct class_groups *cg, const struct class_graph *g);

/* Frees what class_groups_find allocated. */
void class_groups_free(struct class_groups *cg);

#endif
