/* JSON strings, written in one place for every JSON the project prints: every answer's
 * value (answer/value_json.c: the query tool's --json, the server's answers, the page
 * with no server's) and the server's errors (query/serve/api.c). */
#ifndef KLOTSKI_CORE_JSON_H
#define KLOTSKI_CORE_JSON_H

#include <stdio.h>

/* Writes text (NUL-terminated, NULL not allowed) to out as a JSON string, its quotes
 * included: '"' and '\' escaped with a backslash, a line feed as \n, the other C0
 * controls and DEL as \u00XX, well-formed UTF-8 as it is, and each byte that starts no
 * well-formed UTF-8 character (core/utf8.h) as '?', so that what is written is always
 * valid JSON and valid UTF-8.  Errors: none reported (out's error flag says whether a
 * write failed).  Thread-safe (out is the caller's). */
void kl_json_string(FILE *out, const char *text);

#endif
