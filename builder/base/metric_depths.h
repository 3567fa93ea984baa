/* min_steps under the metrics other than the step (SPEC.md, "Other ways to count"): per
 * member the fewest straight (or unit) moves to a solved layout, by one breadth-first
 * search from all solved members of the class at once over the class graph's edges that
 * are moves in the metric (every straight and unit move is a step, so their graphs are
 * the step graph's with edges left out), and per group the largest, its hardest
 * members and how many members lie at each count. */
#ifndef KLOTSKI_BUILDER_METRIC_DEPTHS_H
#define KLOTSKI_BUILDER_METRIC_DEPTHS_H

#include <stdint.h>

#include "builder/graph/groups.h"
#include "core/moves.h"

/* The moves of a member of an unsolvable group. */
#define METRIC_UNSOLVABLE UINT16_MAX

/* One group under a metric: its depth layers' sizes and its hardest members. */
struct metric_group {
    int max_moves;           /* the largest min moves of a member; -1 when unsolvable */
    uint32_t hardest_count;  /* members at max_moves; 0 when unsolvable */
    kl_code *hardest;        /* their codes, ascending */
    uint32_t *layer_sizes;   /* members at each min moves 0 .. max_moves (max_moves + 1
                                of them); NULL when unsolvable */
};

/* Finds, per member (local index), its fewest moves under `metric` to a solved layout
 * into moves (room for g->count; METRIC_UNSOLVABLE when its group holds no solved
 * layout), and one metric_group per group_num into out (room for cg->group_count).
 * metric: any but KL_METRIC_STEP's graph works (layers.h finds the steps with more).
 * RETURN: 0, or -1 when memory runs out or a count would reach METRIC_UNSOLVABLE (then
 *   out holds nothing to free).  Thread-safe for distinct outputs. */
int metric_depths_compute(const struct class_graph *g, const struct class_groups *cg,
                          enum kl_metric metric, uint16_t *moves, struct metric_group *out);

/* Frees what metric_depths_compute stored in one metric_group. */
void metric_group_free(struct metric_group *h);

#endif
