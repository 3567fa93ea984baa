/* gpu.h for a build without CUDA (no nvcc found, or the sanitizer build): there is no
 * device to open, so the other functions are never reached. */
#include "builder/farthest/gpu.h"

#include <stdio.h>

struct gpu_search *gpu_search_open(uint32_t max_count, char *err, size_t err_size)
{
    (void)max_count;
    snprintf(err, err_size, "this klotski-build was built without CUDA");
    return NULL;
}

void gpu_search_describe(const struct gpu_search *g, char *out, size_t out_size)
{
    (void)g;
    snprintf(out, out_size, "none");
}

int gpu_eccentricity(struct gpu_search *g, const struct group_graph *gg, uint64_t graph_key,
                     const uint32_t *sources, int count, uint16_t *steps, uint32_t *num)
{
    (void)g, (void)gg, (void)graph_key, (void)sources, (void)count, (void)steps, (void)num;
    return -1;
}

int gpu_solutions(struct gpu_search *g, const struct group_graph *gg, uint64_t graph_key,
                  const uint32_t *sources, const bool *twice, int count,
                  const uint64_t *targets, uint32_t *solutions)
{
    (void)g, (void)gg, (void)graph_key, (void)sources, (void)twice, (void)count;
    (void)targets, (void)solutions;
    return -1;
}

const char *gpu_search_error(const struct gpu_search *g)
{
    (void)g;
    return "this klotski-build was built without CUDA";
}

void gpu_search_close(struct gpu_search *g)
{
    (void)g;
}
