#include "query/report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The buffer of report_to_buffer, each thread its own. */
static _Thread_local char *captured;
static _Thread_local size_t captured_size;

void report_to_buffer(char *buffer, size_t size)
{
    captured = buffer;
    captured_size = size;
    if (buffer)
        buffer[0] = '\0';
}

int report(enum exit_status status, const char *subject, const char *message, ...)
{
    va_list args;
    va_start(args, message);
    if (captured) {
        if (!captured[0]) {
            int used = subject ? snprintf(captured, captured_size, "%s: ", subject) : 0;
            if (used >= 0 && (size_t)used < captured_size)
                vsnprintf(captured + used, captured_size - (size_t)used, message, args);
        }
        va_end(args);
        return status;
    }
    fputs("klotski: ", stderr);
    if (subject)
        fprintf(stderr, "%s: ", subject);
    vfprintf(stderr, message, args);
    fputc('\n', stderr);
    va_end(args);
    return status;
}

void out_of_memory(void)
{
    report(EXIT_BAD_INPUT, NULL, "out of memory");
    exit(EXIT_BAD_INPUT);
}

static void *checked(void *p)
{
    if (!p)
        out_of_memory();
    return p;
}

void *xmalloc(size_t size) { return checked(malloc(size ? size : 1)); }

void *xcalloc(size_t count, size_t size) { return checked(calloc(count ? count : 1, size ? size : 1)); }

void *xrealloc(void *p, size_t size) { return checked(realloc(p, size ? size : 1)); }

char *xstrdup(const char *s) { return checked(strdup(s)); }
