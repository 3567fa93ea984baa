/* pthread_once for the WebAssembly build (site/): wasi-libc has no threads, and the page
 * runs the engine on one thread, so a once-flag is a plain int.  Found before any system
 * header by the -I of the Makefile's wasm rule; the native build never sees it. */
#ifndef KLOTSKI_SITE_WASM_PTHREAD_H
#define KLOTSKI_SITE_WASM_PTHREAD_H

typedef int pthread_once_t;
#define PTHREAD_ONCE_INIT 0

static inline int pthread_once(pthread_once_t *once, void (*run)(void))
{
    if (!*once) {
        *once = 1;
        run();
    }
    return 0;
}

#endif
