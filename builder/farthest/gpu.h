/* The farthest phase's searches on an NVIDIA GPU: eccentricity_bfs and solution_bfs
 * (core/graph/bitparallel_bfs.h) with the same results, run by lane_pass.c's levels over
 * kernels of lane_step.h's step (gpu.cu).  A build without CUDA compiles gpu_none.c
 * instead, whose gpu_search_open says so. */
#ifndef KLOTSKI_BUILDER_FARTHEST_GPU_H
#define KLOTSKI_BUILDER_FARTHEST_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/graph/group_graph.h"

/* One GPU's memory for the searches of groups up to a size; used by one thread at a time. */
struct gpu_search;

/* Opens the first CUDA device and allocates its memory for groups of up to max_count
 * members.
 * PARAMETERS: max_count, the largest group to search; err and err_size, where the reason
 *   for a failure goes (one line).
 * RETURN: the search, or NULL when this program was built without CUDA, no device is
 *   present or usable, or its memory is too small. */
struct gpu_search *gpu_search_open(uint32_t max_count, char *err, size_t err_size);

/* The device's name and the bytes of device memory the search holds, for the summary.
 * PARAMETERS: g, opened; out and out_size, where the line goes. */
void gpu_search_describe(const struct gpu_search *g, char *out, size_t out_size);

/* eccentricity_bfs on the GPU.
 * PARAMETERS: g, opened for gg's size or more; gg, the group graph; graph_key, a number
 *   that differs between any two group graphs searched in one run (gg's edges are
 *   copied to the device only when it changes); the others as eccentricity_bfs.
 * RETURN: 0, or -1 when gg is not undirected or the device failed (gpu_search_error). */
int gpu_eccentricity(struct gpu_search *g, const struct group_graph *gg, uint64_t graph_key,
                     const uint32_t *sources, int count, uint16_t *steps, uint32_t *num);

/* solution_bfs on the GPU: parameters and return value as gpu_eccentricity's and
 * solution_bfs's. */
int gpu_solutions(struct gpu_search *g, const struct group_graph *gg, uint64_t graph_key,
                  const uint32_t *sources, const bool *twice, int count,
                  const uint64_t *targets, uint32_t *solutions);

/* The device's error that made the last call fail, or NULL when none did (a group
 * graph that is not undirected). */
const char *gpu_search_error(const struct gpu_search *g);

/* Frees the device memory and g (NULL is fine). */
void gpu_search_close(struct gpu_search *g);

#endif
