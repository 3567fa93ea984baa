/* The extremes of every group of one class as the database stores them (schema/: groups
 * diameter, radius, peripheral_* and central_*).  Only one group of each set of image
 * groups is searched (builder/graph/group_graph.h); its images get its results through the
 * reflection that maps one onto the other. */
#ifndef KLOTSKI_BUILDER_EXTREMES_CLASS_H
#define KLOTSKI_BUILDER_EXTREMES_CLASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "builder/graph/class_graph.h"
#include "builder/graph/groups.h"

/* One group's extremes with its member lists as layout ids, "id list v1"
 * (core/database/idlist.h); all zero but the costs when not settled. */
struct extremes_row {
    bool settled;  /* found within the work allowed */
    int diameter;
    int radius;
    uint32_t peripheral_count;
    uint32_t central_count;
    unsigned char *peripheral_ids; /* owned */
    size_t peripheral_ids_size;
    unsigned char *central_ids;    /* owned */
    size_t central_ids_size;
    /* What finding them took, or what was spent before giving up
     * (builder/extremes/extremes.h); 0 for a group that took its image group's results
     * and for one not searched at all. */
    uint32_t searches;
    uint32_t batches;
    uint32_t batched_sources;
    uint64_t work;
};

/* Finds the extremes of every group of class graph g (split into groups cg) that takes
 * at most the work allowed to it to settle.
 * PARAMETERS: rows, room for cg->group_count rows, filled by group_num (free each with
 *   extremes_row_free); g and cg, as class_graph_build and class_groups_find made them;
 *   max_work, per group_num the most work allowed (group_extremes_find), or
 *   EXTREMES_ANY_WORK: a group that would take more is left unsettled, and one allowed
 *   less than a single search (its member count) is not searched at all.  A set of image
 *   groups is searched once, under the bound of its member searched (the lowest group_num).
 * RETURN: 0, or -1 when memory runs out (then rows holds nothing to free).
 * NOTES: thread-safe for distinct rows. */
int class_extremes_find(struct extremes_row *rows, const struct class_graph *g,
                        const struct class_groups *cg, const uint64_t *max_work);

/* Frees what class_extremes_find stored in one row and zeroes it; harmless on a zeroed row. */
void extremes_row_free(struct extremes_row *row);

#endif
