#include "builder/extremes/class.h"

#include <stdlib.h>
#include <string.h>

#include "builder/extremes/base_work.h"
#include "builder/graph/group_graph.h"
#include "core/database/idlist.h"

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Encodes the ids of `count` members of group graph gg, each moved by class reflection
 * `image` (NULL: none), into an id list.  ids: room for count.  Returns 0, or -1 when
 * memory runs out. */
static int encode_members(const struct class_graph *g, const struct group_graph *gg,
                          const uint32_t *image, const uint32_t *members, uint32_t count,
                          uint32_t *ids, unsigned char **blob, size_t *size)
{
    for (uint32_t i = 0; i < count; i++) {
        uint32_t c = gg->member[members[i]];
        ids[i] = g->ids[image ? image[c] : c];
    }
    if (image) /* a reflection keeps the group but not the order of its codes */
        qsort(ids, count, sizeof *ids, ascending);
    return kl_idlist_encode(ids, count, blob, size);
}

/* Fills the row of group `num` from the extremes x of the group graph gg of its image
 * under class reflection `image` (NULL: gg is the group itself). */
static int fill_row(struct extremes_row *row, const struct class_graph *g,
                    const struct group_graph *gg, const struct group_extremes *x,
                    const uint32_t *image, uint32_t *ids)
{
    row->settled = true;
    row->diameter = x->diameter;
    row->radius = x->radius;
    row->peripheral_count = x->peripheral_count;
    row->central_count = x->central_count;
    row->searches = image ? 0 : x->searches;
    row->batches = image ? 0 : x->batches;
    row->batched_sources = image ? 0 : x->batched_sources;
    row->work = image ? 0 : x->work;
    if (encode_members(g, gg, image, x->peripheral, x->peripheral_count, ids,
                       &row->peripheral_ids, &row->peripheral_ids_size) != 0 ||
        encode_members(g, gg, image, x->central, x->central_count, ids, &row->central_ids,
                       &row->central_ids_size) != 0) {
        extremes_row_free(row);
        return -1;
    }
    return 0;
}

/* Searches group `num` and fills its row and those of its image groups, or, when it
 * takes more than max_work, only the costs in its own row. */
static int find_group(struct extremes_row *rows, const struct class_graph *g,
                      const struct class_groups *cg, const struct class_reflections *r,
                      uint32_t num, uint32_t *number, struct extremes_scratch *s,
                      uint32_t *ids, uint64_t max_work)
{
    struct group_graph gg;
    struct group_extremes x;
    if (group_graph_build(&gg, g, cg, r, num, number) != 0)
        return -1;
    int rc = group_extremes_find(&x, &gg, s, max_work);
    if (rc == 1) {
        rows[num].searches = x.searches;
        rows[num].work = x.work;
        group_graph_free(&gg);
        return 0;
    }
    if (rc == 0)
        rc = fill_row(&rows[num], g, &gg, &x, NULL, ids);
    for (int k = 0; k < REFLECTIONS && rc == 0; k++) {
        uint32_t image = r->group_image[k][num];
        if (image != num && !rows[image].settled)
            rc = fill_row(&rows[image], g, &gg, &x, r->image[k], ids);
    }
    group_extremes_free(&x);
    group_graph_free(&gg);
    return rc;
}

int class_extremes_find(struct extremes_row *rows, const struct class_graph *g,
                        const struct class_groups *cg, const uint64_t *max_work)
{
    memset(rows, 0, sizeof *rows * cg->group_count);
    uint32_t largest = 0; /* of the groups searched */
    for (uint32_t num = 0; num < cg->group_count; num++)
        if (max_work[num] >= cg->size[num] && cg->size[num] > largest)
            largest = cg->size[num];
    if (largest == 0)
        return 0;
    struct class_reflections r;
    if (class_reflections_build(&r, g, cg) != 0)
        return -1;
    uint32_t *number = malloc(sizeof *number * (g->count + 1));
    uint32_t *ids = malloc(sizeof *ids * (largest + 1));
    struct extremes_scratch *s = extremes_scratch_new(largest);
    int rc = number && ids && s ? 0 : -1;
    if (rc == 0)
        memset(number, 0xff, sizeof *number * g->count);
    for (uint32_t num = 0; num < cg->group_count && rc == 0; num++)
        if (group_representative(&r, num) == num && max_work[num] >= cg->size[num])
            rc = find_group(rows, g, cg, &r, num, number, s, ids, max_work[num]);
    extremes_scratch_free(s);
    free(ids);
    free(number);
    class_reflections_free(&r);
    if (rc != 0)
        for (uint32_t num = 0; num < cg->group_count; num++)
            extremes_row_free(&rows[num]);
    return rc;
}

void extremes_row_free(struct extremes_row *row)
{
    free(row->peripheral_ids);
    free(row->central_ids);
    memset(row, 0, sizeof *row);
}
