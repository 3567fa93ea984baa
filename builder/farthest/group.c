#include "builder/farthest/group.h"

#include <stdatomic.h>
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
    for (uint32_t v = 0; v < gg->count; v++) {
        uint32_t c = gg->member[v];
        if (set == TARGET_TOP)
            c = r->image[FLIP_UP_DOWN][c];
        if (!kl_code_is_solved(g->codes[c]))
            continue;
        if (!gf->target[set] && !(gf->target[set] = kl_bitset_new(gg->count)))
            return -1;
        kl_bitset_add(gf->target[set], v);
    }
    if (gf->target[set] &&
        !(gf->solutions[set] = calloc((size_t)gg->count + 1, sizeof *gf->solutions[set])))
        return -1;
    return 0;
}

/* Whether the solutions towards TARGET_TOP come from those towards TARGET_SOLVED. */
static bool top_from_solved(const struct group_farthest *gf)
{
    return gf->graph.image[FLIP_UP_DOWN] || gf->graph.image[TURN_HALF];
}

/* Plans the searches from targets, in batches of BFS_LANES of one set.  Returns 0,
 * or -1 when memory runs out. */
static int plan_solution_batches(struct group_farthest *gf)
{
    const struct group_graph *gg = &gf->graph;
    const uint32_t *mirror = gg->image[FLIP_LEFT_RIGHT];
    size_t room = (size_t)gg->count + 1;
    gf->solution_sources = malloc(sizeof *gf->solution_sources * room);
    gf->solution_twice = malloc(sizeof *gf->solution_twice * room);
    gf->solution_batches = malloc(sizeof *gf->solution_batches *
                                  (2 * (room / BFS_LANES + 1) + 1));
    if (!gf->solution_sources || !gf->solution_twice || !gf->solution_batches)
        return -1;
    uint32_t used = 0;
    for (int set = 0; set < TARGET_SETS; set++) {
        if (!gf->target[set] || (set == TARGET_TOP && top_from_solved(gf)))
            continue;
        uint32_t first = used;
        for (uint32_t v = 0; v < gg->count; v++) {
            if (!kl_bitset_has(gf->target[set], v) || (mirror && mirror[v] < v))
                continue;
            gf->solution_twice[used] = mirror && mirror[v] != v;
            gf->solution_sources[used++] = v;
        }
        for (uint32_t b = first; b < used; b += BFS_LANES)
            gf->solution_batches[gf->solution_batch_count++] = (struct solution_batch){
                b, used - b < BFS_LANES ? (int)(used - b) : BFS_LANES, set};
    }
    return 0;
}

int group_farthest_init(struct group_farthest *gf, const struct class_graph *g,
                        const struct class_groups *cg, const struct class_reflections *r,
                        uint32_t group_num, uint32_t *number)
{
    memset(gf, 0, sizeof *gf);
    if (group_graph_build(&gf->graph, g, cg, r, group_num, number) != 0)
        return -1;
    pthread_mutex_init(&gf->lock, NULL);
    static atomic_uint_fast64_t serials;
    gf->serial = atomic_fetch_add(&serials, 1) + 1;
    uint32_t n = gf->graph.count;
    gf->steps = malloc(sizeof *gf->steps * (n + 1));
    gf->num = malloc(sizeof *gf->num * (n + 1));
    if (!gf->steps || !gf->num || find_targets(gf, g, r, TARGET_SOLVED) != 0 ||
        find_targets(gf, g, r, TARGET_TOP) != 0 || plan_solution_batches(gf) != 0 ||
        source_plan_build(&gf->plan, &gf->graph) != 0) {
        group_farthest_free(gf);
        return -1;
    }
    gf->batch_count = gf->plan.batch_count + gf->solution_batch_count;
    return 0;
}

/* Runs the searches from targets of batch b and adds their counts to the group's. */
static int solution_batch(struct group_farthest *gf, uint32_t b, struct bfs_scratch *s,
                          struct gpu_search *gpu)
{
    const struct solution_batch *sb = &gf->solution_batches[b];
    uint32_t n = gf->graph.count;
    uint32_t *count = calloc((size_t)n + 1, sizeof *count);
    const uint32_t *sources = gf->solution_sources + sb->first;
    const bool *twice = gf->solution_twice + sb->first;
    if (!count ||
        (gpu ? gpu_solutions(gpu, &gf->graph, gf->serial, sources, twice, sb->count,
                             gf->target[sb->set], count)
             : solution_bfs(&gf->graph, sources, twice, sb->count, gf->target[sb->set], s,
                            count)) != 0) {
        free(count);
        return -1;
    }
    pthread_mutex_lock(&gf->lock);
    for (uint32_t v = 0; v < n; v++)
        gf->solutions[sb->set][v] += count[v];
    pthread_mutex_unlock(&gf->lock);
    free(count);
    return 0;
}

int group_farthest_batch(struct group_farthest *gf, uint32_t b, struct bfs_scratch *s,
                         struct gpu_search *gpu)
{
    if (b >= gf->plan.batch_count)
        return solution_batch(gf, b - gf->plan.batch_count, s, gpu);
    const uint32_t *sources = gf->plan.sources + (size_t)b * BFS_LANES;
    int count = source_plan_batch_size(&gf->plan, b);
    uint16_t steps[BFS_LANES];
    uint32_t num[BFS_LANES];
    if ((gpu ? gpu_eccentricity(gpu, &gf->graph, gf->serial, sources, count, steps, num)
             : eccentricity_bfs(&gf->graph, sources, count, s, steps, num)) < 0)
        return -1;
    for (int i = 0; i < count; i++) {
        gf->steps[sources[i]] = steps[i];
        gf->num[sources[i]] = num[i];
    }
    return 0;
}

/* Turns the counts of the searches from targets into solution counts.  A search from one
 * of two mirror images counted twice, so a member's count and its mirror image's add up
 * to twice the solutions each has; a target is its own only solution. */
static void finish_solutions(struct group_farthest *gf)
{
    const struct group_graph *gg = &gf->graph;
    const uint32_t *mirror = gg->image[FLIP_LEFT_RIGHT];
    for (int set = 0; set < TARGET_SETS; set++) {
        uint32_t *count = gf->solutions[set];
        if (!count || (set == TARGET_TOP && top_from_solved(gf)))
            continue;
        for (uint32_t v = 0; mirror && v < gg->count; v++)
            if (mirror[v] > v)
                count[v] = count[mirror[v]] = (count[v] + count[mirror[v]]) / 2;
        for (uint32_t v = 0; v < gg->count; v++)
            if (kl_bitset_has(gf->target[set], v))
                count[v] = 1;
    }
    if (gf->solutions[TARGET_TOP] && top_from_solved(gf)) {
        const uint32_t *image = gg->image[FLIP_UP_DOWN] ? gg->image[FLIP_UP_DOWN]
                                                        : gg->image[TURN_HALF];
        for (uint32_t v = 0; v < gg->count; v++)
            gf->solutions[TARGET_TOP][v] = gf->solutions[TARGET_SOLVED][image[v]];
    }
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
    finish_solutions(gf);
}

void group_farthest_free(struct group_farthest *gf)
{
    if (gf->graph.count)
        pthread_mutex_destroy(&gf->lock);
    group_graph_free(&gf->graph);
    source_plan_free(&gf->plan);
    free(gf->steps);
    free(gf->num);
    for (int set = 0; set < TARGET_SETS; set++) {
        free(gf->target[set]);
        free(gf->solutions[set]);
    }
    free(gf->solution_sources);
    free(gf->solution_twice);
    free(gf->solution_batches);
    memset(gf, 0, sizeof *gf);
}
