#include "answer/search/searched_group.h"

#include <stdlib.h>
#include <string.h>

#include "answer/report.h"

#define UNREACHED UINT32_MAX

/* bfs_visitor's edge: the steps of the member `from`, appended in order. */
static void add_edge(void *context, uint32_t from, uint32_t to)
{
    struct searched_group *g = context;
    if (g->edge_count == g->edge_capacity) {
        g->edge_capacity = g->edge_capacity ? 2 * g->edge_capacity : 1024;
        g->edges = xrealloc(g->edges, g->edge_capacity * sizeof *g->edges);
    }
    if ((size_t)from + 1 >= g->start_capacity) { /* a group larger than its caller expected */
        size_t old = g->start_capacity;
        g->start_capacity = 2 * ((size_t)from + 2);
        g->edge_start = xrealloc(g->edge_start, g->start_capacity * sizeof *g->edge_start);
        memset(g->edge_start + old, 0, (g->start_capacity - old) * sizeof *g->edge_start);
    }
    g->edges[g->edge_count++] = to;
    g->edge_start[from + 1] = (uint32_t)g->edge_count;
}

bool searched_group_load(struct searched_group *g, kl_code start, size_t expected, const struct search_watch *watch)
{
    if (searched_group_member(g, start) != UINT32_MAX)
        return true;
    searched_group_free(g);
    g->start_capacity = (expected > 0 ? expected : 1) + 1;
    g->edge_start = xcalloc(g->start_capacity, sizeof *g->edge_start);
    bfs_run(&g->search, start, expected, &(struct bfs_visitor){.edge = add_edge, .context = g, .watch = watch});
    if (g->search.stopped) {
        searched_group_free(g);
        return false;
    }
    size_t count = g->search.count;
    if (count + 1 > g->start_capacity) {
        g->edge_start = xrealloc(g->edge_start, (count + 1) * sizeof *g->edge_start);
        memset(g->edge_start + g->start_capacity, 0, (count + 1 - g->start_capacity) * sizeof *g->edge_start);
    }
    /* set only after a member with steps: a member with none (a group of one) keeps the
       offset before it */
    for (size_t v = 1; v <= count; v++)
        if (g->edge_start[v] < g->edge_start[v - 1])
            g->edge_start[v] = g->edge_start[v - 1];
    g->codes = xmalloc(count * sizeof *g->codes);
    for (size_t v = 0; v < count; v++)
        g->codes[v] = kl_raw_to_code(g->search.nodes[v]);
    g->distance = xmalloc(count * sizeof *g->distance);
    g->queue = xmalloc(count * sizeof *g->queue);
    g->passed = xmalloc(count * sizeof *g->passed);
    g->farthest = xcalloc(count, sizeof *g->farthest);
    g->held = true;
    return true;
}

uint32_t searched_group_member(const struct searched_group *g, kl_code code)
{
    uint32_t position;
    return g->held && kl_codemap_find(&g->search.index, code, &position) ? position : UINT32_MAX;
}

/* A breadth-first search from `member` that marks a member "passed" when some shortest
 * path to it from there runs through a solved member, as answer/search/solutions.c's:
 * the solutions are the solved members left unpassed. */
struct layout_search_facts searched_group_facts(struct searched_group *g, uint32_t member)
{
    size_t count = g->search.count;
    memset(g->distance, 0xff, count * sizeof *g->distance);
    struct layout_search_facts f = {.min_solution_num = -1, .solution_num = -1};
    kl_code code = g->codes[member];
    for (size_t v = 0; v < count; v++)
        f.group_index += g->codes[v] < code;
    uint32_t head = 0, tail = 0, nearest = UNREACHED;
    g->distance[member] = 0;
    g->passed[member] = false;
    g->queue[tail++] = member;
    while (head < tail) {
        uint32_t at = g->queue[head++], next = g->distance[at] + 1;
        bool solved = kl_code_is_solved(g->codes[at]), passes = g->passed[at] || solved;
        if (solved && !g->passed[at]) {
            nearest = nearest == UNREACHED ? next - 1 : nearest;
            f.solution_num = f.solution_num < 0 ? 1 : f.solution_num + 1;
            f.min_solution_num = f.min_solution_num < 0 ? 1 : f.min_solution_num + (next - 1 == nearest);
        }
        for (uint32_t e = g->edge_start[at]; e < g->edge_start[at + 1]; e++) {
            uint32_t to = g->edges[e];
            if (g->distance[to] == UNREACHED) {
                g->distance[to] = next;
                g->passed[to] = passes;
                g->queue[tail++] = to;
            } else if (g->distance[to] == next && passes) {
                g->passed[to] = true;
            }
        }
    }
    f.farthest_steps = g->distance[g->queue[tail - 1]];
    for (uint32_t i = tail; i > 0 && g->distance[g->queue[i - 1]] == f.farthest_steps; i--)
        f.farthest_num++;
    g->farthest[member] = (uint64_t)f.farthest_steps << 32 | (uint64_t)f.farthest_num;
    return f;
}

void searched_group_farthest(struct searched_group *g, uint32_t member, int *steps, long long *num)
{
    if (!g->farthest[member]) /* never 0 once searched: a member is its own farthest, or has one */
        searched_group_facts(g, member);
    *steps = (int)(g->farthest[member] >> 32);
    *num = (long long)(g->farthest[member] & UINT32_MAX);
}

void searched_group_free(struct searched_group *g)
{
    if (g->held || g->search.nodes)
        bfs_free(&g->search);
    free(g->codes);
    free(g->edge_start);
    free(g->edges);
    free(g->distance);
    free(g->queue);
    free(g->passed);
    free(g->farthest);
    *g = (struct searched_group){0};
}
