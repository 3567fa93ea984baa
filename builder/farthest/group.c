#include "builder/farthest/group.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/graph/bitset.h"

/* Lists the members of a target set in gf->target[set], or leaves it NULL when the group
 * holds none: a member is top-solved when its up-down image is solved.  Returns 0, or -1
 * when memory runs out. */
static int find_targets(struct group_farthest *gf, const struct class_graph *g,
                        const struct class_reflections *r, int set)
{
    const struct group_graph *gg = &gf->graph;
    bool any = false;
    for (uint32_t v = 0; v < gg->count; v++) {
        uint32_t c = gg->member[v];
        if (set == TARGET_TOP)
            c = r->image[FLIP_UP_DOWN][c];
        if (!kl_code_is_solved(g->codes[c]))
            continue;
        if (!any && !(gf->target[set] = kl_bitset_new(gg->count)))
            return -1;
        any = true;
        kl_bitset_add(gf->target[set], v);
    }
    if (any && !(gf->solutions[set] = malloc(sizeof *gf->solutions[set] * (gg->count + 1))))
        return -1;
    return 0;
}

int group_farthest_init(struct group_farthest *gf, const struct class_graph *g,
                        const struct class_groups *cg, const struct class_reflections *r,
                        uint32_t group_num, uint32_t *number)
{
    memset(gf, 0, sizeof *gf);
    if (group_graph_build(&gf->graph, g, cg, r, group_num, number) != 0)
        return -1;
    uint32_t n = gf->graph.count;
    gf->steps = malloc(sizeof *gf->steps * (n + 1));
    gf->num = malloc(sizeof *gf->num * (n + 1));
    if (!gf->steps || !gf->num || find_targets(gf, g, r, TARGET_SOLVED) != 0 ||
        find_targets(gf, g, r, TARGET_TOP) != 0 || source_plan_build(&gf->plan, &gf->graph) != 0) {
        group_farthest_free(gf);
        return -1;
    }
    return 0;
}

int group_farthest_batch(struct group_farthest *gf, uint32_t b, struct bfs_scratch *s)
{
    const uint32_t *sources = gf->plan.sources + (size_t)b * FARTHEST_LANES;
    int count = source_plan_batch_size(&gf->plan, b);
    uint16_t steps[FARTHEST_LANES];
    uint32_t num[FARTHEST_LANES], solutions[TARGET_SETS][FARTHEST_LANES];
    struct bfs_targets targets = {{gf->target[TARGET_SOLVED], gf->target[TARGET_TOP]}};
    if (farthest_bfs_solutions(&gf->graph, sources, count, &targets, s, steps, num,
                               solutions) < 0)
        return -1;
    for (int i = 0; i < count; i++) {
        gf->steps[sources[i]] = steps[i];
        gf->num[sources[i]] = num[i];
        for (int set = 0; set < TARGET_SETS; set++)
            if (gf->solutions[set])
                gf->solutions[set][sources[i]] = solutions[set][i];
    }
    return 0;
}

/* Member v takes the solution counts of the source it shares its results with.  The
 * left-right mirror keeps the 2x2's address and the up-down flip and half turn move it
 * from the bottom to the top, so an image of the second kind swaps the two counts. */
static void share_solutions(struct group_farthest *gf, uint32_t v, uint32_t from)
{
    const uint32_t *mirror = gf->graph.image[FLIP_LEFT_RIGHT];
    bool swapped = v != from && !(mirror && mirror[from] == v);
    uint32_t count[TARGET_SETS];
    for (int set = 0; set < TARGET_SETS; set++) {
        int from_set = swapped ? TARGET_SETS - 1 - set : set;
        count[set] = gf->solutions[from_set] ? gf->solutions[from_set][from] : 0;
    }
    for (int set = 0; set < TARGET_SETS; set++)
        if (gf->solutions[set])
            gf->solutions[set][v] = count[set];
}

void group_farthest_finish(struct group_farthest *gf)
{
    gf->diameter = 0;
    gf->radius = UINT16_MAX;
    gf->peripheral_count = 0;
    gf->central_count = 0;
    for (uint32_t v = 0; v < gf->graph.count; v++) {
        uint32_t from = gf->plan.shared_from[v];
        gf->steps[v] = gf->steps[from];
        gf->num[v] = gf->num[from];
        share_solutions(gf, v, from);
        int e = gf->steps[v];
        if (e > gf->diameter) {
            gf->diameter = e;
            gf->peripheral_count = 0;
        }
        gf->peripheral_count += e == gf->diameter;
        if (e < gf->radius) {
            gf->radius = e;
            gf->central_count = 0;
        }
        gf->central_count += e == gf->radius;
    }
}

void group_farthest_free(struct group_farthest *gf)
{
    group_graph_free(&gf->graph);
    source_plan_free(&gf->plan);
    free(gf->steps);
    free(gf->num);
    for (int set = 0; set < TARGET_SETS; set++) {
        free(gf->target[set]);
        free(gf->solutions[set]);
    }
    memset(gf, 0, sizeof *gf);
}
