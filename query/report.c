#include "query/report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int report(enum exit_status status, const char *subject, const char *message, ...)
{
    va_list args;
    va_start(args, message);
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
