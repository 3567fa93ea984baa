/* An LD_PRELOAD library that makes malloc, calloc and realloc fail on request, for the
 * Python module's test of the allocations made in C (libklotski's, SQLite's), which
 * CPython's allocator hooks do not reach.  failmalloc_after(n): the next n allocations
 * succeed, every one after them fails (returns NULL, errno ENOMEM) until failmalloc_after(-1), the
 * state it starts in.  One thread at a time (the test's). */
#include <errno.h>
#include <stddef.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *block, size_t size);

static long left = -1; /* allocations that succeed before the failures; -1: all succeed */

void failmalloc_after(long n);
void failmalloc_after(long n) { left = n; }

static int fails(void)
{
    if (left < 0)
        return 0;
    if (left == 0) {
        errno = ENOMEM; /* as a real failure sets it (POSIX): fopen's caller reads it */
        return 1;
    }
    left--;
    return 0;
}

void *malloc(size_t size) { return fails() ? NULL : __libc_malloc(size); }

void *calloc(size_t count, size_t size) { return fails() ? NULL : __libc_calloc(count, size); }

void *realloc(void *block, size_t size) { return fails() ? NULL : __libc_realloc(block, size); }
