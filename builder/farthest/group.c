#include "builder/farthest/group.h"

#include <stdlib.h>
#include <string.h>

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
    if (!gf->steps || !gf->num || source_plan_build(&gf->plan, &gf->graph) != 0) {
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
    uint32_t num[FARTHEST_LANES];
    if (farthest_bfs(&gf->graph, sources, count, s, steps, num) < 0)
        return -1;
    for (int i = 0; i < count; i++) {
        gf->steps[sources[i]] = steps[i];
        gf->num[sources[i]] = num[i];
    }
    return 0;
}

void group_farthest_finish(struct group_farthest *gf)
{
    gf->diameter = 0;
    gf->radius = UINT16_MAX;
    gf->peripheral_count = 0;
    for (uint32_t v = 0; v < gf->graph.count; v++) {
        uint32_t from = gf->plan.shared_from[v];
        gf->steps[v] = gf->steps[from];
        gf->num[v] = gf->num[from];
        int e = gf->steps[v];
        if (e > gf->diameter) {
            gf->diameter = e;
            gf->peripheral_count = 0;
        }
        gf->peripheral_count += e == gf->diameter;
        if (e < gf->radius)
            gf->radius = e;
    }
}

void group_farthest_free(struct group_farthest *gf)
{
    group_graph_free(&gf->graph);
    source_plan_free(&gf->plan);
    free(gf->steps);
    free(gf->num);
    memset(gf, 0, sizeof *gf);
}
