/* gpu.h on CUDA: device memory for the largest group, one kernel launch per level of a
 * pass (lane_pass.c decides the levels), one thread per word of a member's lanes, so that
 * the eight threads of a member read each neighbour's 64-byte line together. */
extern "C" {
#include "builder/farthest/gpu.h"
#include "builder/farthest/lane_pass.h"
#include "core/graph/bitset.h"
}

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS_PER_BLOCK 256
/* Members each thread of the tally kernel counts, for one word: the tally runs only at
 * the levels where lanes end, and this keeps its atomic additions few. */
#define TALLY_MEMBERS 256

struct gpu_search {
    int device;
    char name[256];
    uint32_t max_count;
    size_t bytes;              /* device memory held */
    uint64_t *frontier[2];     /* level t in [t & 1], LANE_WORDS words per member */
    uint64_t *clean[2];
    uint32_t *count;           /* solution counts per member */
    uint64_t *target;          /* target set, a bit per member */
    uint32_t *sources;         /* BFS_LANES */
    uint64_t *found;           /* LANE_WORDS: what a pull ORs together */
    uint32_t *tally;           /* BFS_LANES */
    uint32_t *edge_start, *edges;
    size_t edge_room;
    uint64_t graph_key;        /* the group graph on the device, 0 for none */
    bool bound;
    struct lane_level level;   /* the pass under way */
    const char *error;         /* the last device error, NULL for none */
    struct lane_backend backend;
};

/* Records a failed call's error; returns whether the call succeeded. */
static bool ok(struct gpu_search *g, cudaError_t e)
{
    if (e == cudaSuccess)
        return true;
    if (!g->error)
        g->error = cudaGetErrorString(e);
    return false;
}

static bool device_alloc(struct gpu_search *g, void **p, size_t bytes)
{
    if (!ok(g, cudaMalloc(p, bytes)))
        return false;
    g->bytes += bytes;
    return true;
}

__global__ void seed_kernel(uint64_t *frontier, uint64_t *clean, const uint32_t *sources,
                            int count)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i >= count)
        return;
    unsigned long long bit = 1ull << (i % LANE_WORD_BITS);
    size_t at = (size_t)sources[i] * LANE_WORDS + (size_t)(i / LANE_WORD_BITS);
    atomicOr((unsigned long long *)&frontier[at], bit);
    if (clean)
        atomicOr((unsigned long long *)&clean[at], bit);
}

/* One level of a search: lane_pull, or lane_pull_clean in a solution search (l.target
 * set), for every member and word; each block ORs its threads' new words (clean words in
 * a solution search) in shared memory, then once into found. */
__global__ void pull_kernel(struct lane_level l, uint32_t *count, uint64_t *found)
{
    __shared__ unsigned long long block_found[LANE_WORDS];
    if (threadIdx.x < LANE_WORDS)
        block_found[threadIdx.x] = 0;
    __syncthreads();
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t)l.count * LANE_WORDS) {
        uint32_t v = (uint32_t)(i / LANE_WORDS);
        int w = (int)(i % LANE_WORDS);
        uint64_t word;
        if (l.target) {
            l.next[i] = lane_pull_clean(&l, v, w, &word);
            l.clean_next[i] = word;
            if (word)
                atomicAdd(&count[v], lane_clean_count(&l, w, word));
        } else {
            l.next[i] = word = lane_pull(&l, v, w);
        }
        if (word)
            atomicOr(&block_found[w], (unsigned long long)word);
    }
    __syncthreads();
    if (threadIdx.x < LANE_WORDS && block_found[threadIdx.x])
        atomicOr((unsigned long long *)&found[threadIdx.x], block_found[threadIdx.x]);
}

/* A set of lanes, passed to a kernel by value. */
struct lane_set {
    uint64_t word[LANE_WORDS];
};

/* Thread i counts word i % LANE_WORDS of TALLY_MEMBERS members. */
__global__ void tally_kernel(const uint64_t *frontier, uint32_t members, struct lane_set ending,
                             uint32_t *tally)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    int w = (int)(i % LANE_WORDS);
    uint32_t first = (uint32_t)(i / LANE_WORDS) * TALLY_MEMBERS;
    uint64_t ending_w = ending.word[w];
    if (first >= members || !ending_w)
        return;
    uint32_t counts[LANE_WORD_BITS] = {0};
    uint32_t last = first + TALLY_MEMBERS < members ? first + TALLY_MEMBERS : members;
    for (uint32_t v = first; v < last; v++)
        lane_tally(frontier, v, w, ending_w, counts);
    for (int b = 0; b < LANE_WORD_BITS; b++)
        if (counts[b])
            atomicAdd(&tally[w * LANE_WORD_BITS + b], counts[b]);
}

static unsigned blocks_for(size_t threads)
{
    return (unsigned)((threads + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
}

/* Copies gg's edges to the device unless they are there already. */
static bool bind_graph(struct gpu_search *g, const struct group_graph *gg, uint64_t key)
{
    if (g->bound && g->graph_key == key)
        return true;
    g->bound = false;
    size_t edges = gg->edge_start[gg->count];
    if (edges > g->edge_room) {
        if (g->edges && !ok(g, cudaFree(g->edges)))
            return false;
        g->bytes -= g->edge_room * sizeof *g->edges;
        g->edges = NULL;
        g->edge_room = 0;
        if (!device_alloc(g, (void **)&g->edges, (edges + 1) * sizeof *g->edges))
            return false;
        g->edge_room = edges + 1;
    }
    if (!ok(g, cudaMemcpy(g->edge_start, gg->edge_start, sizeof *g->edge_start * (gg->count + 1),
                          cudaMemcpyHostToDevice)) ||
        !ok(g, cudaMemcpy(g->edges, gg->edges, sizeof *g->edges * edges, cudaMemcpyHostToDevice)))
        return false;
    g->graph_key = key;
    g->bound = true;
    return true;
}

static int backend_start(void *context, const struct group_graph *gg, const uint32_t *sources,
                         int count, const bool *twice, const uint64_t *targets)
{
    struct gpu_search *g = (struct gpu_search *)context;
    size_t words = ((size_t)gg->count + 1) * LANE_WORDS * sizeof(uint64_t);
    bool solutions = targets != NULL;
    struct lane_level *l = &g->level;
    *l = (struct lane_level){};
    l->count = gg->count;
    l->edge_start = g->edge_start;
    l->edges = g->edges;
    for (int k = 0; k < 2; k++) {
        if (!ok(g, cudaMemset(g->frontier[k], 0, words)) ||
            (solutions && !ok(g, cudaMemset(g->clean[k], 0, words))))
            return -1;
    }
    if (solutions) {
        for (int i = 0; i < count; i++)
            if (twice[i])
                l->twice[i / LANE_WORD_BITS] |= 1ull << (i % LANE_WORD_BITS);
        if (!ok(g, cudaMemset(g->count, 0, sizeof *g->count * ((size_t)gg->count + 1))) ||
            !ok(g, cudaMemcpy(g->target, targets, sizeof *targets * kl_bitset_words(gg->count),
                              cudaMemcpyHostToDevice)))
            return -1;
        l->target = g->target;
    }
    if (!ok(g, cudaMemcpy(g->sources, sources, sizeof *sources * (size_t)count,
                          cudaMemcpyHostToDevice)))
        return -1;
    seed_kernel<<<1, BFS_LANES>>>(g->frontier[0], solutions ? g->clean[0] : NULL, g->sources,
                                  count);
    return ok(g, cudaGetLastError()) ? 0 : -1;
}

static int backend_pull(void *context, int level, const uint64_t live[LANE_WORDS],
                        uint64_t found[LANE_WORDS])
{
    struct gpu_search *g = (struct gpu_search *)context;
    struct lane_level *l = &g->level;
    lane_level_at(l, level, g->frontier, g->clean, live);
    if (!ok(g, cudaMemset(g->found, 0, sizeof(uint64_t) * LANE_WORDS)))
        return -1;
    unsigned blocks = blocks_for((size_t)l->count * LANE_WORDS);
    pull_kernel<<<blocks, THREADS_PER_BLOCK>>>(*l, g->count, g->found);
    return ok(g, cudaGetLastError()) &&
                   ok(g, cudaMemcpy(found, g->found, sizeof(uint64_t) * LANE_WORDS,
                                    cudaMemcpyDeviceToHost))
               ? 0
               : -1;
}

static int backend_tally(void *context, int level, const uint64_t ending[LANE_WORDS],
                         uint32_t counts[BFS_LANES])
{
    struct gpu_search *g = (struct gpu_search *)context;
    struct lane_set words;
    memcpy(words.word, ending, sizeof words.word);
    uint32_t members = g->level.count;
    size_t threads = (size_t)(members + TALLY_MEMBERS - 1) / TALLY_MEMBERS * LANE_WORDS;
    if (!ok(g, cudaMemset(g->tally, 0, sizeof *g->tally * BFS_LANES)))
        return -1;
    tally_kernel<<<blocks_for(threads), THREADS_PER_BLOCK>>>(g->frontier[level & 1], members,
                                                             words, g->tally);
    return ok(g, cudaGetLastError()) &&
                   ok(g, cudaMemcpy(counts, g->tally, sizeof *counts * BFS_LANES,
                                    cudaMemcpyDeviceToHost))
               ? 0
               : -1;
}

static int backend_collect(void *context, uint32_t *count)
{
    struct gpu_search *g = (struct gpu_search *)context;
    size_t n = g->level.count;
    uint32_t *found = (uint32_t *)malloc(sizeof *found * (n + 1));
    if (!found) {
        g->error = "out of memory";
        return -1;
    }
    int rc = ok(g, cudaMemcpy(found, g->count, sizeof *found * n, cudaMemcpyDeviceToHost)) ? 0 : -1;
    for (size_t v = 0; rc == 0 && v < n; v++)
        count[v] += found[v];
    free(found);
    return rc;
}

struct gpu_search *gpu_search_open(uint32_t max_count, char *err, size_t err_size)
{
    int devices = 0;
    cudaError_t e = cudaGetDeviceCount(&devices);
    if (e != cudaSuccess || devices == 0) {
        snprintf(err, err_size, "no CUDA device: %s",
                 e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        return NULL;
    }
    struct gpu_search *g = (struct gpu_search *)calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    g->max_count = max_count;
    g->backend = (struct lane_backend){g, backend_start, backend_pull, backend_tally,
                                       backend_collect};
    cudaDeviceProp prop;
    size_t members = (size_t)max_count + 1, words = members * LANE_WORDS * sizeof(uint64_t);
    bool allocated = ok(g, cudaSetDevice(0)) && ok(g, cudaGetDeviceProperties(&prop, 0));
    if (allocated)
        snprintf(g->name, sizeof g->name, "%s", prop.name);
    for (int k = 0; k < 2 && allocated; k++)
        allocated = device_alloc(g, (void **)&g->frontier[k], words) &&
                    device_alloc(g, (void **)&g->clean[k], words);
    allocated = allocated && device_alloc(g, (void **)&g->count, sizeof *g->count * members) &&
                device_alloc(g, (void **)&g->target,
                             sizeof *g->target * (kl_bitset_words(max_count) + 1)) &&
                device_alloc(g, (void **)&g->sources, sizeof *g->sources * BFS_LANES) &&
                device_alloc(g, (void **)&g->found, sizeof *g->found * LANE_WORDS) &&
                device_alloc(g, (void **)&g->tally, sizeof *g->tally * BFS_LANES) &&
                device_alloc(g, (void **)&g->edge_start, sizeof *g->edge_start * members);
    if (!allocated) {
        snprintf(err, err_size, "CUDA device: %s", g->error);
        gpu_search_close(g);
        return NULL;
    }
    return g;
}

void gpu_search_describe(const struct gpu_search *g, char *out, size_t out_size)
{
    snprintf(out, out_size, "%s, %.2f GB of device memory held", g->name, (double)g->bytes / 1e9);
}

int gpu_eccentricity(struct gpu_search *g, const struct group_graph *gg, uint64_t graph_key,
                     const uint32_t *sources, int count, uint16_t *steps, uint32_t *num)
{
    g->error = NULL;
    if (gg->count > g->max_count || !bind_graph(g, gg, graph_key))
        return -1;
    return lane_eccentricity(&g->backend, gg, sources, count, steps, num);
}

int gpu_solutions(struct gpu_search *g, const struct group_graph *gg, uint64_t graph_key,
                  const uint32_t *sources, const bool *twice, int count,
                  const uint64_t *targets, uint32_t *solutions)
{
    g->error = NULL;
    if (gg->count > g->max_count || !bind_graph(g, gg, graph_key))
        return -1;
    return lane_solutions(&g->backend, gg, sources, twice, count, targets, solutions);
}

const char *gpu_search_error(const struct gpu_search *g)
{
    return g->error;
}

void gpu_search_close(struct gpu_search *g)
{
    if (!g)
        return;
    void *held[] = {g->frontier[0], g->frontier[1], g->clean[0], g->clean[1], g->count,
                    g->target, g->sources, g->found, g->tally, g->edge_start, g->edges};
    for (size_t k = 0; k < sizeof held / sizeof *held; k++)
        if (held[k])
            cudaFree(held[k]);
    free(g);
}
