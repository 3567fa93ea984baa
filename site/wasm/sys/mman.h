/* The one call of <sys/mman.h> the engine's C makes (core/graph/bitparallel_bfs.c asks
 * for huge pages, an advice it may ignore), for wasi-libc, which has no such header
 * without an emulation library: the advice is ignored, as the kernel may. */
#ifndef KLOTSKI_SITE_WASM_SYS_MMAN_H
#define KLOTSKI_SITE_WASM_SYS_MMAN_H

#include <stddef.h>

#define MADV_HUGEPAGE 14

static inline int madvise(void *address, size_t length, int advice)
{
    (void)address;
    (void)length;
    (void)advice;
    return 0;
}

#endif
