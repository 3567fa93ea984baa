#include "core/graph/group_graph.h"

#include <stdlib.h>
#include <string.h>

void group_graph_free(struct group_graph *gg)
{
    free(gg->member);
    free(gg->edge_start);
    free(gg->edges);
    for (int k = 0; k < REFLECTIONS; k++)
        free(gg->image[k]);
    memset(gg, 0, sizeof *gg);
}
