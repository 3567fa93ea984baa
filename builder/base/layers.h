/* Depth layers: every member's min_steps (fewest steps to a solved layout, by one
 * breadth-first search from all solved members of the class at once) and min_solution_num
 * (how many solved layouts lie that close, SPEC.md), and per group the
 * summary the database stores: solved count, largest min_steps, the hardest members and
 * the member lists of each layer. */
#ifndef KLOTSKI_BUILDER_LAYERS_H
#define KLOTSKI_BUILDER_LAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "builder/graph/groups.h"
#include "core/database/format.h"

struct layer {
    int depth;            /* min_steps of its members; -1 for an unsolvable group */
    uint32_t size;
    unsigned char *blob;  /* the members' ids, "id list v1" (core/database/idlist.h) */
    size_t blob_size;
};

struct group_layers {
    uint32_t size;
    kl_code min_code;
    uint32_t solved;
    int max_depth;           /* -1 when unsolvable */
    uint32_t hardest_count;  /* members at max_depth; 0 when unsolvable */
    kl_code *hardest;        /* their codes, ascending */
    uint32_t layer_count;
    struct layer *layers;    /* depth ascending */
};

/* Fills, per member (local index), min_steps (KL_DB_UNSOLVABLE when unsolvable) and
 * min_solution_num (the solved members at distance min_steps; 0 when unsolvable), and one
 * group_layers per group_num into out (room for cg->group_count).  Returns 0, or -1 when
 * memory runs out, a depth would not fit in a byte or a min_solution_num in 16 bits (then
 * out holds nothing to free). */
int layers_compute(const struct class_graph *g, const struct class_groups *cg,
                   uint8_t *min_steps, uint16_t *min_solution_num, struct group_layers *out);

/* Frees what layers_compute stored in one group_layers. */
void group_layers_free(struct group_layers *gl);

#endif
