#include "answer/report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/message.h"

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
    if (captured && captured[0])
        return status;
    va_list args;
    va_start(args, message);
    char *text = NULL, *line = NULL;
    size_t line_size = 0;
    if (vasprintf(&text, message, args) < 0)
        out_of_memory();
    va_end(args);
    FILE *out = open_memstream(&line, &line_size);
    if (!out)
        out_of_memory();
    if (!captured)
        fputs("klotski: ", out);
    kl_message_write(out, subject, text);
    free(text);
    if (fclose(out) != 0 || !line)
        out_of_memory();
    if (captured)
        snprintf(captured, captured_size, "%s", line);
    else
        fprintf(stderr, "%s\n", line);
    free(line);
    return status;
}

/* Writes its line with no allocation of its own: report() allocates, and memory that
 * ran out would have it call out_of_memory again, without end (a stack overflow under a
 * tight memory limit). */
void out_of_memory(void)
{
    fputs("klotski: out of memory\n", stderr);
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
