/* Depth layers: every member's min_steps (fewest steps to a solved layout, by one
 * breadth-first search from all solved members of the class at once), and per group the
 * summary the database stores: solved count, largest min_steps, the hardest members and
 * the member lists of each layer. */
#ifndef KLOTSKI_BUILDER_LAYERS_H
#define KLOTSKI_BUILDER_LAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "builder/base/groups.h"
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

/* Fills min_steps (one byte per member, KL_DB_UNSOLVABLE when unsolvable) and one
 * group_layers per group_num into out (room for cg->group_count).  Returns 0, or -1 when
 * memory runs out or a depth would not fit in a byte (then out holds nothing to free). */
int layers_compute(const struct class_graph *g, const struct class_groups *cg,
                   uint8_t *min_steps, struct group_layers *out);

/* Frees what layers_compute stored in one group_layers. */
void group_layers_free(struct group_layers *gl);

#endif
