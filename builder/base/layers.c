#include "builder/base/layers.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/idlist.h"
#include "core/graph/walk.h"
#include "core/moves.h"

/* The walk's mark of each member, 2 bits: STATE_UNREACHED, or its depth modulo 3, which
 * tells the neighbours of a member at depth d apart (they lie at d - 1, d or d + 1)
 * from an array four times smaller than the depths, small enough for the core's cache. */
#define STATE_UNREACHED 3u
#define STATE_PER_WORD 32

static inline unsigned state_get(const uint64_t *state, uint32_t i)
{
    return (unsigned)(state[i / STATE_PER_WORD] >> (2 * (i % STATE_PER_WORD))) & 3u;
}

static inline void state_set(uint64_t *state, uint32_t i, unsigned value)
{
    uint64_t *word = &state[i / STATE_PER_WORD];
    unsigned shift = 2 * (i % STATE_PER_WORD);
    *word = (*word & ~(3ull << shift)) | (uint64_t)value << shift;
}

/* The minimal solutions of the members of two adjacent layers while the walk builds
 * them: each member's set holds the solved members at distance min_steps, by their rank
 * among the class's solved members.  A member's set is the union of its parents'
 * (neighbours one layer closer), all complete by the time the walk reaches it, so only
 * the layer before the one being built is read.  Most sets hold one solution, kept in
 * the member's handle itself; a larger set is a run (its length, then its members in no
 * order) in the arena of its layer's parity, which the handle points to.  The union
 * drops duplicates by a mark per solution (which member last took it), so that it costs
 * one look at each parent's solutions and no sorting. */
#define SET_IN_ARENA 0x80000000u /* handle bit: the rest is an arena offset, not a solution */

struct solution_sets {
    uint32_t *handle;      /* per member: its solution, or its run (read while the next
                              layer is built, gone two layers later) */
    uint32_t *taken_by;    /* per solution: 1 + the member whose union took it last */
    uint32_t *arena[2];    /* runs of the members of even and odd depths */
    size_t used[2], capacity[2];
};

static int grow(uint32_t **items, size_t *capacity, size_t needed)
{
    if (needed <= *capacity)
        return 0;
    size_t capacity_new = *capacity ? *capacity : 1024;
    while (capacity_new < needed)
        capacity_new *= 2;
    uint32_t *grown = realloc(*items, capacity_new * sizeof *grown);
    if (!grown)
        return -1;
    *items = grown;
    *capacity = capacity_new;
    return 0;
}

/* The solutions of the member whose handle is `handle`, with its run in arena `side`:
 * returns the first, and their number in *length. */
static const uint32_t *solutions_of(const struct solution_sets *s, int side,
                                    const uint32_t *handle, uint32_t *length)
{
    if (!(*handle & SET_IN_ARENA)) {
        *length = 1;
        return handle;
    }
    const uint32_t *run = s->arena[side] + (*handle & ~SET_IN_ARENA);
    *length = run[0];
    return run + 1;
}

/* Builds the set of member `at` from the handles of its parents (count of them, runs
 * in arena !side) at the end of arena `side`, and sets its handle.  The run is written
 * in place, after a slot for its length, and kept only when it holds more than one.
 * Returns the set's size, or 0 when memory runs out or the arena outgrows a handle. */
static uint32_t unite_parents(struct solution_sets *s, int side, uint32_t at,
                              const uint32_t *parents, unsigned count)
{
    /* Most members inherit the one solution of every parent: no run, no marks. */
    bool one_solution = !(parents[0] & SET_IN_ARENA);
    for (unsigned p = 1; p < count && one_solution; p++)
        one_solution = parents[p] == parents[0];
    if (one_solution) {
        s->handle[at] = parents[0];
        return 1;
    }
    size_t begin = s->used[side], end = begin + 1;
    for (unsigned p = 0; p < count; p++) {
        uint32_t length;
        const uint32_t *from = solutions_of(s, !side, &parents[p], &length);
        if (grow(&s->arena[side], &s->capacity[side], end + length))
            return 0;
        uint32_t *into = s->arena[side];
        if (count == 1) { /* nothing to drop: the parent's set as it is */
            memcpy(into + end, from, length * sizeof *from);
            end += length;
            break;
        }
        for (uint32_t k = 0; k < length; k++)
            if (s->taken_by[from[k]] != at + 1) {
                s->taken_by[from[k]] = at + 1;
                into[end++] = from[k];
            }
    }
    uint32_t length = (uint32_t)(end - begin - 1);
    if (length == 1) {
        s->handle[at] = s->arena[side][begin + 1];
    } else {
        if (end >= SET_IN_ARENA)
            return 0;
        s->arena[side][begin] = length;
        s->handle[at] = (uint32_t)begin | SET_IN_ARENA;
        s->used[side] = end;
    }
    return length;
}

static void solution_sets_free(struct solution_sets *s)
{
    free(s->handle);
    free(s->taken_by);
    free(s->arena[0]);
    free(s->arena[1]);
}

/* One breadth-first walk from all solved members at once, layer by layer: depth (min_steps)
 * of every member and, as each member is expanded, its minimal solutions from those of
 * the parents it meets among its neighbours.  depth is only written. */
static int breadth_first_from_solved(const struct class_graph *g, uint8_t *depth,
                                     uint16_t *min_solution_num, uint32_t *queue)
{
    uint64_t *state = malloc(sizeof *state * (g->count / STATE_PER_WORD + 1));
    struct solution_sets s = {.handle = malloc(sizeof *s.handle * (g->count + 1))};
    int rc = state && s.handle ? 0 : -1;
    if (state)
        memset(state, 0xFF, sizeof *state * (g->count / STATE_PER_WORD + 1));
    struct kl_walk walk;
    kl_walk_init(&walk, g->edge_start, g->edges, queue);
    memset(depth, KL_DB_UNSOLVABLE, g->count);
    memset(min_solution_num, 0, sizeof *min_solution_num * g->count);
    uint32_t solved_first, solved_count = class_graph_solved(g, &solved_first);
    for (uint32_t i = solved_first; rc == 0 && i < solved_first + solved_count; i++) {
        depth[i] = 0;
        state_set(state, i, 0);
        kl_walk_push(&walk, i); /* its rank among the solved members: walk.tail - 1 */
    }
    s.taken_by = calloc(walk.tail + 1, sizeof *s.taken_by);
    if (!s.taken_by)
        rc = -1;
    /* The layer comes from the queue's position, not from depth[at]: one random read
     * less per member.  Local copies of the graph's arrays stay in registers, where
     * g's would be read again after every store into depth (a char type may alias
     * them). */
    const uint32_t *edge_start = g->edge_start, *edges = g->edges;
    unsigned at_depth = 0;
    uint32_t layer_end = walk.tail;
    while (rc == 0 && kl_walk_more(&walk)) {
        if (walk.head == layer_end) { /* the arena of the layer before last is free again */
            layer_end = walk.tail;
            s.used[++at_depth & 1] = 0;
        }
        uint32_t at = kl_walk_next(&walk);
        int side = at_depth & 1;
        if (at_depth + 1 >= KL_DB_UNSOLVABLE) {
            rc = -1;
            break;
        }
        unsigned parent_state = (at_depth + 2) % 3, child_state = (at_depth + 1) % 3;
        /* The parents' handles are gathered before any run is read, so that their cache
         * misses overlap.  A solved member is its own solution: its rank, a handle. */
        uint32_t parents[KL_MAX_STEPS];
        unsigned parent_count = 0;
        if (at_depth == 0)
            parents[parent_count++] = walk.head - 1;
        for (uint32_t e = edge_start[at], end = edge_start[at + 1]; e < end; e++) {
            uint32_t to = edges[e];
            unsigned to_state = state_get(state, to);
            if (to_state == STATE_UNREACHED) {
                state_set(state, to, child_state);
                depth[to] = (uint8_t)(at_depth + 1);
                kl_walk_push(&walk, to);
            } else if (to_state == parent_state && at_depth > 0) {
                parents[parent_count++] = s.handle[to];
            }
        }
        uint32_t solutions = unite_parents(&s, side, at, parents, parent_count);
        if (solutions == 0 || solutions > UINT16_MAX)
            rc = -1;
        min_solution_num[at] = (uint16_t)solutions;
    }
    free(state);
    solution_sets_free(&s);
    return rc;
}

/* Per group: solved count, deepest layer and its population. */
static void summarize(const struct class_graph *g, const struct class_groups *cg,
                      const uint8_t *depth, struct group_layers *out)
{
    for (uint32_t num = 0; num < cg->group_count; num++)
        out[num] = (struct group_layers){.size = cg->size[num],
                                         .min_code = g->codes[cg->first[num]],
                                         .max_depth = -1};
    for (uint32_t i = 0; i < g->count; i++) {
        struct group_layers *gl = &out[cg->group_of[i]];
        if (depth[i] == KL_DB_UNSOLVABLE)
            continue;
        gl->solved += depth[i] == 0;
        if ((int)depth[i] > gl->max_depth) {
            gl->max_depth = depth[i];
            gl->hardest_count = 0;
        }
        gl->hardest_count += (int)depth[i] == gl->max_depth;
    }
}

static int encode_layers(const struct class_graph *g, const struct class_groups *cg,
                         const uint8_t *depth, uint32_t *scratch, struct group_layers *out)
{
    /* Counting sort of members by (group, layer); members stay in id order within each. */
    size_t layer_total = 0;
    for (uint32_t num = 0; num < cg->group_count; num++)
        layer_total += out[num].max_depth < 0 ? 1 : (size_t)out[num].max_depth + 1;
    size_t *start = calloc(layer_total + 1, sizeof *start);
    size_t *base = malloc(sizeof *base * (cg->group_count + 1));
    if (!start || !base) {
        free(start);
        free(base);
        return -1;
    }
    base[0] = 0;
    for (uint32_t num = 0; num < cg->group_count; num++)
        base[num + 1] = base[num] + (out[num].max_depth < 0 ? 1 : (size_t)out[num].max_depth + 1);
    for (uint32_t i = 0; i < g->count; i++)
        start[base[cg->group_of[i]] + (depth[i] == KL_DB_UNSOLVABLE ? 0 : depth[i]) + 1]++;
    for (size_t k = 0; k < layer_total; k++)
        start[k + 1] += start[k];
    for (uint32_t i = 0; i < g->count; i++)
        scratch[start[base[cg->group_of[i]] + (depth[i] == KL_DB_UNSOLVABLE ? 0 : depth[i])]++] = g->ids[i];
    /* start[k] now marks the end of layer k. */
    int failed = 0;
    for (uint32_t num = 0; num < cg->group_count && !failed; num++) {
        struct group_layers *gl = &out[num];
        gl->layer_count = (uint32_t)(base[num + 1] - base[num]);
        gl->layers = calloc(gl->layer_count, sizeof *gl->layers);
        gl->hardest = malloc(sizeof *gl->hardest * (gl->hardest_count + 1));
        if (!gl->layers || !gl->hardest) {
            failed = 1;
            break;
        }
        for (uint32_t k = 0; k < gl->layer_count && !failed; k++) {
            size_t end = start[base[num] + k], begin = base[num] + k ? start[base[num] + k - 1] : 0;
            struct layer *l = &gl->layers[k];
            l->depth = gl->max_depth < 0 ? -1 : (int)k;
            l->size = (uint32_t)(end - begin);
            failed = kl_idlist_encode(scratch + begin, l->size, &l->blob, &l->blob_size);
        }
    }
    free(start);
    free(base);
    return failed ? -1 : 0;
}

static void collect_hardest(const struct class_graph *g, const struct class_groups *cg,
                            const uint8_t *depth, struct group_layers *out)
{
    for (uint32_t num = 0; num < cg->group_count; num++)
        out[num].hardest_count = 0;
    for (uint32_t i = 0; i < g->count; i++) {
        struct group_layers *gl = &out[cg->group_of[i]];
        if (depth[i] != KL_DB_UNSOLVABLE && (int)depth[i] == gl->max_depth)
            gl->hardest[gl->hardest_count++] = g->codes[i];
    }
}

int layers_compute(const struct class_graph *g, const struct class_groups *cg,
                   uint8_t *min_steps, uint16_t *min_solution_num, struct group_layers *out)
{
    uint32_t *scratch = malloc(sizeof *scratch * (g->count + 1));
    if (!scratch)
        return -1;
    if (breadth_first_from_solved(g, min_steps, min_solution_num, scratch) != 0) {
        free(scratch);
        return -1;
    }
    summarize(g, cg, min_steps, out);
    int rc = encode_layers(g, cg, min_steps, scratch, out);
    free(scratch);
    if (rc != 0) {
        for (uint32_t num = 0; num < cg->group_count; num++)
            group_layers_free(&out[num]);
        return -1;
    }
    collect_hardest(g, cg, min_steps, out);
    return 0;
}

void group_layers_free(struct group_layers *gl)
{
    for (uint32_t k = 0; gl->layers && k < gl->layer_count; k++)
        free(gl->layers[k].blob);
    free(gl->layers);
    free(gl->hardest);
    memset(gl, 0, sizeof *gl);
}
