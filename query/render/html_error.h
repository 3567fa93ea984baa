/* The page a person's browser gets when a page of `klotski serve` (/, /play, an unknown
 * path) cannot be answered: the HTTP status, the reason and a link back to the explorer,
 * in English and Chinese.  Self-contained, as every page of query/render/ is; programs
 * asking /api/ get JSON errors instead (query/serve/api.h). */
#ifndef KLOTSKI_QUERY_HTML_ERROR_H
#define KLOTSKI_QUERY_HTML_ERROR_H

#include <stdio.h>

/* Writes the error page: `status` (an HTTP status, 400 to 599) and `message` (plain
 * text, escaped here).  <body> carries data-status for programs. */
void html_error_write(FILE *out, unsigned status, const char *message);

#endif
