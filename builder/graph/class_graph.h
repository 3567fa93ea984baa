/* The step graph of one class in compact arrays: members numbered 0..count-1 in code
 * order ("local index"), neighbours in CSR form.  Every step stays inside its class, so a
 * class's graph is complete on its own and classes can be built independently. */
#ifndef KLOTSKI_BUILDER_GRAPH_CLASS_GRAPH_H
#define KLOTSKI_BUILDER_GRAPH_CLASS_GRAPH_H

#include <stdint.h>

#include "builder/catalog.h"
#include "core/moves.h"

struct class_graph {
    uint32_t count;        /* members */
    const uint32_t *ids;   /* their global ids, ascending (points into the catalog) */
    kl_code *codes;        /* their codes, ascending */
    uint32_t *edge_start;  /* count + 1 offsets into edges */
    uint32_t *edges;       /* neighbours of member i: edges[edge_start[i] .. edge_start[i+1]) */
    uint8_t (*metric_degree)[KL_METRIC_COUNT]; /* [i][m]: how many of member i's edges
                              are moves under metric m (enum kl_metric of core/moves.h),
                              which come first among its edges: unit moves, then the other
                              straight moves, then the other steps (every unit move is a
                              straight move), so that the search under metric m walks
                              edges[edge_start[i] .. + metric_degree[i][m]); a member's
                              counts side by side, one cache line for an image member to
                              copy */
    uint32_t *mirror;      /* local index of each member's left-right mirror image */
    uint32_t *up_down;     /* local index of each member's up-down flip image */
};

/* Builds the graph of class `class_id`.  The board's reflections (left-right, up-down,
 * the half turn) map a class onto itself and keep its steps, so steps are generated for
 * one layout of each set of images only; the others' neighbours are the images of
 * these.  Returns 0, or -1 when memory runs out (then nothing needs freeing).
 * Thread-safe for distinct graphs.  Walk it with core/graph/walk.h over (edge_start,
 * edges). */
int class_graph_build(struct class_graph *g, const struct catalog *cat, int class_id);

/* The solved members (the 2x2 at KL_SOLVED_KING_ADDR): they are one run in code order,
 * the king's address being a code's top bits.  Returns how many, and the first's local
 * index in *first (the run's place when there are none). */
uint32_t class_graph_solved(const struct class_graph *g, uint32_t *first);

/* Frees what class_graph_build allocated. */
void class_graph_free(struct class_graph *g);

#endif
