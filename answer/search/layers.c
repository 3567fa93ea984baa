#include "answer/search/layers.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "answer/report.h"
#include "core/graph/bitset.h"
#include "core/graph/walk.h"

#define MIN_LAYERS 64
#define MIN_EDGES 4096
#define WATCH_EVERY 65536 /* members walked between two questions to the watch: about a
                             millisecond over the move graph's arrays */

/* The moves that list the group when its depths come from residues: any metric's moves
 * reach every member (SPEC.md: the groups are the same under all three), and a unit
 * move is a move under every metric; the unit moves are the fewest to generate. */
#define LISTING_METRIC KL_METRIC_UNIT

/* The group's move graph in the metric, as the search that lists it finds it: its
 * members numbered by listing position (struct bfs's nodes), the neighbours of member v
 * in edges[edge_start[v] .. edge_start[v + 1]). */
struct move_graph {
    struct member_layers *layers; /* whose progress the listing keeps current */
    uint32_t *edge_start;         /* room for edge_capacity_nodes + 1 offsets */
    uint32_t *edges;
    size_t edge_count, edge_capacity, node_capacity;
    uint32_t next_node; /* the first member whose edges are not yet started */
};

/* Starts the edges of every member up to `node` at the current end. */
static void start_edges_to(struct move_graph *g, uint32_t node)
{
    if (node + 1 >= g->node_capacity) {
        g->node_capacity = 2 * ((size_t)node + 1);
        g->edge_start = xrealloc(g->edge_start, (g->node_capacity + 1) * sizeof *g->edge_start);
    }
    for (; g->next_node <= node; g->next_node++)
        g->edge_start[g->next_node] = (uint32_t)g->edge_count;
}

/* bfs_run's edge: one edge of the graph. */
static void add_edge(void *context, uint32_t from, uint32_t to)
{
    struct move_graph *g = context;
    if (from >= g->next_node)
        start_edges_to(g, from);
    if (g->edge_count == g->edge_capacity) {
        g->edge_capacity = g->edge_capacity ? 2 * g->edge_capacity : MIN_EDGES;
        g->edges = xrealloc(g->edges, g->edge_capacity * sizeof *g->edges);
    }
    g->edges[g->edge_count++] = to;
}

/* bfs_run's level_done: the progress so far. */
static bool count_listed(void *context, const struct bfs *listing, int level)
{
    (void)level;
    ((struct move_graph *)context)->layers->searched = listing->count;
    return true;
}

/* Adds a layer of `size` members. */
static void add_layer(struct member_layers *layers, size_t size, size_t *capacity)
{
    if ((size_t)layers->depths == *capacity) {
        *capacity = *capacity ? 2 * *capacity : MIN_LAYERS;
        layers->layer_size = xrealloc(layers->layer_size, *capacity * sizeof *layers->layer_size);
    }
    layers->layer_size[layers->depths++] = size;
}

/* The breadth-first search over the move graph from every solved member of the listed
 * group at once: depth[p] of the member at each listing position p (LAYERS_UNSOLVABLE
 * where none reaches it), and the layers' sizes.  Returns false when the watch stopped
 * it. */
static bool search_from_solved(struct member_layers *layers, const struct bfs *listing, const struct move_graph *g,
                               const struct search_watch *watch, int *depth)
{
    uint32_t count = (uint32_t)listing->count;
    uint32_t *queue = xmalloc((size_t)count * sizeof *queue);
    uint64_t *seen = kl_bitset_new(count);
    if (!seen)
        out_of_memory();
    struct kl_walk walk;
    kl_walk_init(&walk, g->edge_start, g->edges, queue);
    for (uint32_t p = 0; p < count; p++) {
        depth[p] = LAYERS_UNSOLVABLE;
        if (kl_raw_king(listing->nodes[p]) == KL_SOLVED_KING_ADDR) {
            kl_bitset_add(seen, p);
            kl_walk_push(&walk, p);
        }
    }
    size_t capacity = 0;
    bool stopped = false;
    for (uint32_t begin = 0, end = walk.tail; begin < end && !stopped; begin = end, end = walk.tail) {
        for (uint32_t i = begin; i < end; i++)
            depth[queue[i]] = layers->depths;
        add_layer(layers, end - begin, &capacity);
        layers->searched = count + end;
        while (walk.head < end && !stopped) {
            if (walk.head % WATCH_EVERY == 0)
                stopped = search_stop_asked(watch);
            kl_walk_expand(&walk, seen, kl_walk_next(&walk));
        }
    }
    layers->searched = 2 * (size_t)count; /* the members of an unsolvable group too */
    free(queue);
    free(seen);
    return !stopped;
}

/* A member: its code and its listing position. */
struct listed {
    kl_code code;
    uint32_t position;
};

#define RADIX_BITS 12
#define RADIX_PASSES (4 * KL_CODE_HEX_DIGITS / RADIX_BITS) /* a code's 36 bits */

/* Sorts members by code: a least significant digit radix sort, a few passes over
 * arrays where qsort would compare a million times more. */
static void sort_listed(struct listed *members, size_t count)
{
    struct listed *other = xmalloc(count * sizeof *other), *from = members, *to = other;
    for (int pass = 0; pass < RADIX_PASSES; pass++) {
        int shift = pass * RADIX_BITS;
        size_t start[(1 << RADIX_BITS) + 1] = {0};
        for (size_t i = 0; i < count; i++)
            start[(from[i].code >> shift & ((1 << RADIX_BITS) - 1)) + 1]++;
        for (int d = 0; d < 1 << RADIX_BITS; d++)
            start[d + 1] += start[d];
        for (size_t i = 0; i < count; i++)
            to[start[from[i].code >> shift & ((1 << RADIX_BITS) - 1)]++] = from[i];
        struct listed *sorted = to;
        to = from;
        from = sorted;
    }
    if (from != members)
        memcpy(members, from, count * sizeof *members);
    free(other);
}

/* The members in code order with their depths, from the listing's order. */
static void sort_members(struct member_layers *layers, const struct bfs *listing, const int *depth)
{
    struct listed *members = xmalloc(listing->count * sizeof *members);
    for (size_t p = 0; p < listing->count; p++)
        members[p] = (struct listed){kl_raw_to_code(listing->nodes[p]), (uint32_t)p};
    sort_listed(members, listing->count);
    layers->count = listing->count;
    layers->codes = xmalloc(listing->count * sizeof *layers->codes);
    layers->depth = xmalloc(listing->count * sizeof *layers->depth);
    for (size_t i = 0; i < listing->count; i++) {
        layers->codes[i] = members[i].code;
        layers->depth[i] = depth[members[i].position];
    }
    free(members);
}

/* Ends a search: the members in code order with their depths when found (the search
 * ran to its end), else nothing kept but the progress; frees the listing and depth. */
static bool finish(struct member_layers *layers, struct bfs *listing, int *depth, bool found)
{
    if (found)
        sort_members(layers, listing, depth);
    free(depth);
    bfs_free(listing);
    if (!found) {
        size_t searched = layers->searched;
        member_layers_free(layers);
        layers->searched = searched;
    }
    return found;
}

bool member_layers_find(struct member_layers *layers, kl_code member, size_t expected, enum kl_metric metric,
                        const struct search_watch *watch)
{
    memset(layers, 0, sizeof *layers);
    struct move_graph g = {.layers = layers};
    struct bfs listing;
    bfs_run(&listing, member, expected,
            &(struct bfs_visitor){.edge = add_edge, .level_done = count_listed, .context = &g, .metric = metric,
                                  .watch = watch});
    bool found = !listing.stopped;
    int *depth = NULL;
    if (found) {
        start_edges_to(&g, (uint32_t)listing.count);
        depth = xmalloc(listing.count * sizeof *depth);
        found = search_from_solved(layers, &listing, &g, watch, depth);
    }
    free(g.edge_start);
    free(g.edges);
    return finish(layers, &listing, depth, found);
}

/* Each member's depth from its residue and the depth of the member it was first reached
 * from (listing order: that one comes first), into depth; the layers' sizes.  Returns
 * false when the watch stopped it, or residue could not tell one or contradicts the
 * moves. */
static bool depths_from_residues(struct member_layers *layers, const struct bfs *listing, int member_depth,
                                 layers_residue residue, void *context, const struct search_watch *watch, int *depth)
{
    bool told = true;
    int largest = member_depth;
    for (size_t p = 0; p < listing->count; p++) {
        if (p % WATCH_EVERY == 0) {
            layers->searched = listing->count + p;
            if (search_stop_asked(watch))
                return false;
        }
        if (member_depth == LAYERS_UNSOLVABLE) {
            depth[p] = LAYERS_UNSOLVABLE;
            continue;
        }
        if (p == 0) {
            depth[p] = member_depth;
        } else {
            int from = depth[listing->parent[p]], r = residue(context, kl_raw_to_code(listing->nodes[p]));
            told = told && r >= 0;
            depth[p] = from + (r - from % 3 + 4) % 3 - 1; /* r less from's residue: -1, 0 or 1 mod 3 */
        }
        told = told && depth[p] >= 0 && (depth[p] == 0) == (kl_raw_king(listing->nodes[p]) == KL_SOLVED_KING_ADDR);
        largest = depth[p] > largest ? depth[p] : largest;
    }
    layers->searched = 2 * listing->count;
    if (!told || member_depth == LAYERS_UNSOLVABLE)
        return told;
    layers->depths = largest + 1;
    layers->layer_size = xcalloc((size_t)layers->depths, sizeof *layers->layer_size);
    for (size_t p = 0; p < listing->count; p++)
        layers->layer_size[depth[p]]++;
    return true;
}

bool member_layers_from_residues(struct member_layers *layers, kl_code member, int member_depth, size_t expected,
                                 layers_residue residue, void *context, const struct search_watch *watch)
{
    memset(layers, 0, sizeof *layers);
    struct move_graph g = {.layers = layers};
    struct bfs listing;
    bfs_run(&listing, member, expected,
            &(struct bfs_visitor){.level_done = count_listed, .context = &g, .metric = LISTING_METRIC,
                                  .watch = watch});
    int *depth = listing.stopped ? NULL : xmalloc(listing.count * sizeof *depth);
    return finish(layers, &listing, depth,
                  depth && depths_from_residues(layers, &listing, member_depth, residue, context, watch, depth));
}

void member_layers_free(struct member_layers *layers)
{
    free(layers->codes);
    free(layers->depth);
    free(layers->layer_size);
    memset(layers, 0, sizeof *layers);
}
