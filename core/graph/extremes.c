#include "core/graph/extremes.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/graph/bitparallel_bfs.h"
#include "core/graph/walk.h"

#define UNREACHED UINT32_MAX
#define UNBOUNDED UINT32_MAX

/* When the last STALL_WINDOW searches closed fewer than STALL_CLOSED members each on
 * average, the bounds have stopped paying: the members still open are settled by
 * bit-parallel search instead, BFS_LANES per pass, unless fewer of them are
 * unsettled than a pass costs single searches (EXTREMES_PASS_WORK): those are searched
 * one by one, which also narrows the others' bounds. */
#define STALL_WINDOW 8
#define STALL_CLOSED 64

/* lower[v] and upper[v] bound the eccentricity of each tracked member v; open[] lists
 * the tracked members not yet decided both ways. */
struct extremes_scratch {
    uint32_t max_count;
    uint32_t *distance; /* of the current search */
    uint32_t *queue;
    uint32_t *lower;
    uint32_t *upper;
    uint32_t *open;
    /* For the bit-parallel searches, made when a group first needs them and for that
     * group's size: many calls need none, and a class's groups come largest first. */
    struct bfs_scratch *lanes;
    uint32_t lanes_count;
    int (*stop)(void *context); /* extremes_scratch_watch's; NULL: never asked */
    void *stop_context;
};

void extremes_scratch_watch(struct extremes_scratch *s, int (*stop)(void *context), void *context)
{
    s->stop = stop;
    s->stop_context = context;
    if (s->lanes)
        bfs_scratch_watch(s->lanes, stop, context);
}

/* Whether the watch asks the work to stop. */
static bool stop_asked(const struct extremes_scratch *s)
{
    return s->stop && s->stop(s->stop_context);
}

struct extremes_scratch *extremes_scratch_new(uint32_t max_count)
{
    struct extremes_scratch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t members = (size_t)max_count + 1;
    s->max_count = max_count;
    s->distance = malloc(sizeof *s->distance * members);
    s->queue = malloc(sizeof *s->queue * members);
    s->lower = malloc(sizeof *s->lower * members);
    s->upper = malloc(sizeof *s->upper * members);
    s->open = malloc(sizeof *s->open * members);
    if (!s->distance || !s->queue || !s->lower || !s->upper || !s->open) {
        extremes_scratch_free(s);
        return NULL;
    }
    return s;
}

void extremes_scratch_free(struct extremes_scratch *s)
{
    if (!s)
        return;
    free(s->distance);
    free(s->queue);
    free(s->lower);
    free(s->upper);
    free(s->open);
    bfs_scratch_free(s->lanes);
    free(s);
}

/* Breadth-first search from `source` into s->distance.  Returns the eccentricity of the
 * source, or UNREACHED when some member is not reached. */
static uint32_t search(const struct group_graph *gg, struct extremes_scratch *s,
                       uint32_t source)
{
    uint32_t *distance = s->distance;
    memset(distance, 0xff, sizeof *distance * gg->count);
    struct kl_walk walk;
    kl_walk_init(&walk, gg->edge_start, gg->edges, s->queue);
    distance[source] = 0;
    kl_walk_push(&walk, source);
    while (kl_walk_more(&walk)) {
        uint32_t at = kl_walk_next(&walk);
        uint32_t next = distance[at] + 1;
        for (uint32_t e = gg->edge_start[at]; e < gg->edge_start[at + 1]; e++) {
            uint32_t to = gg->edges[e];
            if (distance[to] == UNREACHED) {
                distance[to] = next;
                kl_walk_push(&walk, to);
            }
        }
    }
    return walk.tail == gg->count ? distance[s->queue[walk.tail - 1]] : UNREACHED;
}

/* The reflections that map the group onto itself: with the identity they form a group
 * of maps, so a member's images under them are its whole set of images. */
struct images {
    const uint32_t *of[REFLECTIONS];
    int count;
};

/* The member of v's set of images whose bounds are tracked: the smallest. */
static uint32_t tracked(const struct images *im, uint32_t v)
{
    uint32_t smallest = v;
    for (int k = 0; k < im->count; k++)
        smallest = im->of[k][v] < smallest ? im->of[k][v] : smallest;
    return smallest;
}

/* What the bounds say about the whole group: the diameter lies in [diameter_low,
 * diameter_high], the radius in [radius_low, radius_high]. */
struct range {
    uint32_t diameter_low, diameter_high, radius_low, radius_high;
};

static bool peripheral_decided(const struct range *r, uint32_t lower, uint32_t upper)
{
    return upper < r->diameter_low || lower >= r->diameter_high;
}

static bool central_decided(const struct range *r, uint32_t lower, uint32_t upper)
{
    return lower > r->radius_high || upper <= r->radius_low;
}

/* The next source among the open members that are not settled (lower < upper) and
 * still undecided one way: toward the periphery the largest upper bound, toward the
 * centre the smallest lower bound, ties to the member with more neighbours (it reaches
 * further in fewer steps).  Returns UNREACHED when no member qualifies. */
static uint32_t next_source(const struct group_graph *gg, const struct extremes_scratch *s,
                            uint32_t open_count, const struct range *r, bool toward_periphery)
{
    uint32_t best = UNREACHED, best_degree = 0;
    for (uint32_t i = 0; i < open_count; i++) {
        uint32_t v = s->open[i], lower = s->lower[v], upper = s->upper[v];
        if (lower == upper)
            continue;
        if (toward_periphery ? peripheral_decided(r, lower, upper)
                             : central_decided(r, lower, upper))
            continue;
        uint32_t degree = gg->edge_start[v + 1] - gg->edge_start[v];
        bool better;
        if (best == UNREACHED)
            better = true;
        else if (toward_periphery)
            better = upper > s->upper[best] || (upper == s->upper[best] && degree > best_degree);
        else
            better = lower < s->lower[best] || (lower == s->lower[best] && degree > best_degree);
        if (better) {
            best = v;
            best_degree = degree;
        }
    }
    return best;
}

/* Narrows the bounds of every open member by the search from a member of eccentricity
 * `ecc` (and so from each of its images) whose distances are in s->distance, and widens
 * r's running extremes of the bounds. */
static void narrow(struct extremes_scratch *s, const struct images *im, uint32_t open_count,
                   uint32_t ecc, struct range *r)
{
    for (uint32_t i = 0; i < open_count; i++) {
        uint32_t v = s->open[i], lower = s->lower[v], upper = s->upper[v];
        for (int k = -1; k < im->count; k++) {
            uint32_t d = s->distance[k < 0 ? v : im->of[k][v]];
            uint32_t low = d > ecc - d ? d : ecc - d;
            lower = low > lower ? low : lower;
            upper = ecc + d < upper ? ecc + d : upper;
        }
        s->lower[v] = lower;
        s->upper[v] = upper;
        r->diameter_low = lower > r->diameter_low ? lower : r->diameter_low;
        r->radius_high = upper < r->radius_high ? upper : r->radius_high;
    }
}

/* The open members whose eccentricity is not known exactly. */
static uint32_t count_unsettled(const struct extremes_scratch *s, uint32_t open_count)
{
    uint32_t unsettled = 0;
    for (uint32_t i = 0; i < open_count; i++)
        unsettled += s->lower[s->open[i]] < s->upper[s->open[i]];
    return unsettled;
}

/* Settles the `unsettled` open members not settled yet by bit-parallel searches from
 * BFS_LANES of them at once, and widens r's running extremes.  Returns 0; 1 when
 * the passes would take x->work past max_work (then none is made) or the watch asks to
 * stop; -1 when memory runs
 * out or the graph is not undirected. */
static int settle_open(const struct group_graph *gg, struct extremes_scratch *s,
                       uint32_t open_count, uint32_t unsettled, struct range *r,
                       struct group_extremes *x, uint64_t max_work)
{
    uint64_t passes = (unsettled + BFS_LANES - 1) / BFS_LANES;
    uint64_t work = passes * EXTREMES_PASS_WORK * gg->count;
    if (work > max_work - x->work)
        return 1;
    x->work += work;
    if (!s->lanes || s->lanes_count < gg->count) {
        bfs_scratch_free(s->lanes);
        s->lanes_count = gg->count;
        if (!(s->lanes = bfs_scratch_new(gg->count)))
            return -1;
        bfs_scratch_watch(s->lanes, s->stop, s->stop_context);
    }
    uint32_t sources[BFS_LANES], num[BFS_LANES];
    uint16_t steps[BFS_LANES];
    uint32_t i = 0;
    while (i < open_count) {
        int count = 0;
        for (; i < open_count && count < BFS_LANES; i++)
            if (s->lower[s->open[i]] < s->upper[s->open[i]])
                sources[count++] = s->open[i];
        if (count == 0)
            break;
        int searched = eccentricity_bfs(gg, sources, count, s->lanes, steps, num);
        if (searched != 0)
            return searched;
        x->batches++;
        x->batched_sources += (uint32_t)count;
        for (int k = 0; k < count; k++) {
            s->lower[sources[k]] = s->upper[sources[k]] = steps[k];
            r->diameter_low = steps[k] > r->diameter_low ? steps[k] : r->diameter_low;
            r->radius_high = steps[k] < r->radius_high ? steps[k] : r->radius_high;
        }
    }
    return 0;
}

/* Lists into *list (malloc'd) the members whose tracked image satisfies `lower == value`
 * (peripheral) or `upper == value` (central).  Returns the count, or UNREACHED when
 * memory runs out. */
static uint32_t list_members(const struct group_graph *gg, const struct images *im, const uint32_t *bound, uint32_t value,
                             uint32_t **list)
{
    uint32_t count = 0;
    for (uint32_t v = 0; v < gg->count; v++)
        count += bound[tracked(im, v)] == value;
    *list = malloc(sizeof **list * (count + 1));
    if (!*list)
        return UNREACHED;
    count = 0;
    for (uint32_t v = 0; v < gg->count; v++)
        if (bound[tracked(im, v)] == value)
            (*list)[count++] = v;
    return count;
}

int group_extremes_find(struct group_extremes *x, const struct group_graph *gg,
                        struct extremes_scratch *s, uint64_t max_work)
{
    memset(x, 0, sizeof *x);
    if (gg->count == 0 || gg->count > s->max_count)
        return -1;
    struct images im = {.count = 0};
    for (int k = 0; k < REFLECTIONS; k++)
        if (gg->image[k])
            im.of[im.count++] = gg->image[k];
    uint32_t open_count = 0;
    for (uint32_t v = 0; v < gg->count; v++)
        if (tracked(&im, v) == v) {
            s->open[open_count++] = v;
            s->lower[v] = 0;
            s->upper[v] = UNBOUNDED;
        }
    /* The running extremes: the largest lower bound and the smallest upper bound of any
     * member so far, and of the members already closed, the largest upper and the
     * smallest lower bound (their bounds stop narrowing once closed). */
    struct range r = {0, UNBOUNDED, 0, UNBOUNDED};
    uint32_t closed_high = 0, closed_low = UNBOUNDED;
    bool toward_periphery = true;
    uint32_t recent[STALL_WINDOW] = {0}; /* members closed after each of the last searches */
    for (;;) {
        r.diameter_high = closed_high;
        r.radius_low = closed_low;
        for (uint32_t i = 0; i < open_count; i++) {
            uint32_t v = s->open[i];
            r.diameter_high = s->upper[v] > r.diameter_high ? s->upper[v] : r.diameter_high;
            r.radius_low = s->lower[v] < r.radius_low ? s->lower[v] : r.radius_low;
        }
        uint32_t kept = 0;
        for (uint32_t i = 0; i < open_count; i++) {
            uint32_t v = s->open[i], lower = s->lower[v], upper = s->upper[v];
            if (peripheral_decided(&r, lower, upper) && central_decided(&r, lower, upper)) {
                closed_high = upper > closed_high ? upper : closed_high;
                closed_low = lower < closed_low ? lower : closed_low;
            } else {
                s->open[kept++] = v;
            }
        }
        recent[x->searches % STALL_WINDOW] = open_count - kept;
        open_count = kept;
        if (open_count == 0)
            break;
        uint32_t closed_recently = 0;
        for (int k = 0; k < STALL_WINDOW; k++)
            closed_recently += recent[k];
        uint32_t unsettled = 0;
        if (x->searches >= STALL_WINDOW && closed_recently < STALL_WINDOW * STALL_CLOSED &&
            (unsettled = count_unsettled(s, open_count)) >= EXTREMES_PASS_WORK) {
            int settled = settle_open(gg, s, open_count, unsettled, &r, x, max_work);
            if (settled != 0)
                return settled;
            continue;
        }
        if (gg->count > max_work - x->work || stop_asked(s))
            return 1;
        uint32_t source = next_source(gg, s, open_count, &r, toward_periphery);
        if (source == UNREACHED)
            source = next_source(gg, s, open_count, &r, !toward_periphery);
        toward_periphery = !toward_periphery;
        /* An undecided member always has unsettled company (a settled one is decided
         * once all are settled); the check only keeps a broken graph from looping. */
        if (source == UNREACHED)
            return -1;
        uint32_t ecc = search(gg, s, source);
        if (ecc == UNREACHED)
            return -1;
        x->searches++;
        x->work += gg->count;
        narrow(s, &im, open_count, ecc, &r);
    }
    x->diameter = (int)r.diameter_low;
    x->radius = (int)r.radius_high;
    x->peripheral_count = list_members(gg, &im, s->lower, r.diameter_low, &x->peripheral);
    x->central_count = list_members(gg, &im, s->upper, r.radius_high, &x->central);
    if (x->peripheral_count == UNREACHED || x->central_count == UNREACHED) {
        group_extremes_free(x);
        return -1;
    }
    return 0;
}

void group_extremes_free(struct group_extremes *x)
{
    free(x->peripheral);
    free(x->central);
    memset(x, 0, sizeof *x);
}
