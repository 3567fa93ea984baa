#include "builder/extremes/base_work.h"

uint64_t extremes_base_work(uint32_t size, int max_min_steps)
{
    if (size <= EXTREMES_BASE_WORK / EXTREMES_PASS_WORK)
        return EXTREMES_BASE_WORK;
    if (max_min_steps >= 0 && size <= (uint64_t)EXTREMES_LONG_RATIO * ((uint64_t)max_min_steps + 1))
        return (uint64_t)EXTREMES_LONG_SEARCHES * size;
    return 0;
}
