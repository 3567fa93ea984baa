/* Fuzzes the web server's requests (query/serve/api.h) without a socket: the input is a
 * request line "METHOD URL" (no space: a GET of the whole input), split and decoded as
 * libmicrohttpd does (the path and each NAME=VALUE of the query %-decoded, '+' in the
 * query a space), and answered from the database at $KLOTSKI_DB (default
 * data/klotski.db, opened read-only once; without one every request that passes the
 * checks is answered 503).  Every reply has a known status and a content type; a JSON
 * reply is one valid JSON value in UTF-8, and an error is {"error": TEXT, "status": N}
 * with N the reply's status.  The routes whose answer is a search or a whole table take
 * up to a second under the sanitizers: they are answered for one input in 64 (picked by
 * its bytes), so that the fuzzer spends its time on parsing and routing. */
#include "tests/fuzz/fuzz.h"

#include <ctype.h>
#include <stdbool.h>

#include "query/serve/api.h"

static struct db *db;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    db = fuzz_database("fuzz_serve", "requests are answered 503");
    return 0;
}

/* Decodes text in place as libmicrohttpd does: %XX is the byte XX (other '%' stay), and
 * in a query '+' is a space.  A %00 ends the string, as it does there. */
static void decode(char *text, bool query)
{
    char *out = text;
    for (char *in = text; *in; out++) {
        if (*in == '%' && isxdigit((unsigned char)in[1]) && isxdigit((unsigned char)in[2])) {
            char hex[3] = {in[1], in[2], '\0'};
            *out = (char)strtol(hex, NULL, 16);
            in += 3;
        } else {
            *out = query && *in == '+' ? ' ' : *in;
            in++;
        }
    }
    *out = '\0';
}

/* A minimal JSON reader (RFC 8259): each returns the end of the value at s, or NULL. */
static const char *json_value(const char *s, int depth);

static const char *json_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

static const char *json_string(const char *s)
{
    if (*s++ != '"')
        return NULL;
    while (*s != '"') {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            s++;
            if (*s == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!isxdigit((unsigned char)s[i]))
                        return NULL;
                s += 5;
            } else if (*s && strchr("\"\\/bfnrt", *s)) {
                s++;
            } else {
                return NULL;
            }
            continue;
        }
        /* UTF-8 as RFC 3629's table of well-formed sequences has it. */
        static const struct {
            unsigned char first_low, first_high, second_low, second_high;
            size_t length;
        } forms[] = {{0x00, 0x7F, 0, 0, 1}, {0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3},
                     {0xE1, 0xEC, 0x80, 0xBF, 3}, {0xED, 0xED, 0x80, 0x9F, 3}, {0xEE, 0xEF, 0x80, 0xBF, 3},
                     {0xF0, 0xF0, 0x90, 0xBF, 4}, {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4}};
        size_t form = 0;
        while (form < sizeof forms / sizeof *forms && (c < forms[form].first_low || c > forms[form].first_high))
            form++;
        if (form == sizeof forms / sizeof *forms)
            return NULL;
        size_t more = forms[form].length - 1;
        if (more > 0 && ((unsigned char)s[1] < forms[form].second_low || (unsigned char)s[1] > forms[form].second_high))
            return NULL;
        for (size_t i = 2; i <= more; i++)
            if (((unsigned char)s[i] & 0xC0) != 0x80)
                return NULL;
        s += more + 1;
    }
    return s + 1;
}

static const char *json_number(const char *s)
{
    s += *s == '-';
    if (*s == '0')
        s++;
    else if (isdigit((unsigned char)*s))
        while (isdigit((unsigned char)*s))
            s++;
    else
        return NULL;
    if (*s == '.') {
        if (!isdigit((unsigned char)*++s))
            return NULL;
        while (isdigit((unsigned char)*s))
            s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        s += *s == '+' || *s == '-';
        if (!isdigit((unsigned char)*s))
            return NULL;
        while (isdigit((unsigned char)*s))
            s++;
    }
    return s;
}

/* The members of an object (keyed) or the elements of an array, from after its opening
 * bracket to after its closing one. */
static const char *json_members(const char *s, bool keyed, char close, int depth)
{
    s = json_space(s);
    if (*s == close)
        return s + 1;
    for (;;) {
        if (keyed) {
            s = json_string(json_space(s));
            if (!s || *(s = json_space(s)) != ':')
                return NULL;
            s++;
        }
        s = json_value(s, depth + 1);
        if (!s)
            return NULL;
        s = json_space(s);
        if (*s == close)
            return s + 1;
        if (*s++ != ',')
            return NULL;
    }
}

static const char *json_value(const char *s, int depth)
{
    s = json_space(s);
    if (depth > 64)
        return NULL;
    if (*s == '{')
        return json_members(s + 1, true, '}', depth);
    if (*s == '[')
        return json_members(s + 1, false, ']', depth);
    if (*s == '"')
        return json_string(s);
    for (const char *const *word = (const char *const[]){"true", "false", "null", NULL}; *word; word++)
        if (strncmp(s, *word, strlen(*word)) == 0)
            return s + strlen(*word);
    return json_number(s);
}

static bool slow_route(const char *path)
{
    static const char *const slow[] = {"/api/solve", "/api/path", "/api/farthest", "/api/hardest", "/api/stats",
                                       "/api/members", "/api/solutions", "/play"};
    for (size_t i = 0; i < sizeof slow / sizeof *slow; i++)
        if (strcmp(path, slow[i]) == 0)
            return true;
    return false;
}

/* A reply is JSON, or a page: an asset or the player (200), or under any path but
 * /api/ an error page of the error's status. */
static void check_reply(const char *path, const struct api_reply *reply)
{
    static const unsigned statuses[] = {200, 400, 404, 405, 414, 503};
    bool known = false;
    for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
        known = known || reply->status == statuses[i];
    FUZZ_CHECK(known);
    FUZZ_CHECK(reply->content_type && reply->body);
    FUZZ_CHECK(memchr(reply->body, '\0', reply->length) == NULL);
    if (strncmp(reply->content_type, "application/json", strlen("application/json")) != 0) {
        FUZZ_CHECK(reply->status == 200 || (reply->is_page && strncmp(path, "/api/", 5) != 0));
        return;
    }
    FUZZ_CHECK(reply->status == 200 || strncmp(path, "/api/", 5) == 0);
    char *body = fuzz_text((const uint8_t *)reply->body, reply->length);
    const char *end = json_value(body, 0);
    FUZZ_CHECK(end && *json_space(end) == '\0');
    if (reply->status != 200) {
        char tail[32];
        snprintf(tail, sizeof tail, ",\"status\":%u}\n", reply->status);
        FUZZ_CHECK(strncmp(body, "{\"error\":\"", strlen("{\"error\":\"")) == 0);
        FUZZ_CHECK(reply->length > strlen(tail) && strcmp(body + reply->length - strlen(tail), tail) == 0);
    }
    free(body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = fuzz_text(data, size);
    char *space = strchr(line, ' ');
    const char *method = "GET";
    char *url = line;
    if (space) {
        *space = '\0';
        method = line;
        url = space + 1;
    }
    char *query = strchr(url, '?');
    if (query)
        *query++ = '\0';
    decode(url, false);
    unsigned sum = 0;
    for (size_t i = 0; i < size; i++)
        sum += data[i];
    if (slow_route(url) && sum % 64 != 0) {
        free(line);
        return 0;
    }
    struct api_request request;
    api_request_start(&request, method, url);
    for (char *argument = query, *next; argument; argument = next) {
        next = strchr(argument, '&');
        if (next)
            *next++ = '\0';
        if (!*argument)
            continue;
        char *value = strchr(argument, '=');
        if (value) {
            *value++ = '\0';
            decode(value, true);
        }
        decode(argument, true);
        if (!api_request_add(&request, argument, value))
            break;
    }
    struct api_reply reply;
    api_answer(db, &request, &reply);
    check_reply(url, &reply);
    api_reply_free(&reply);
    free(line);
    return 0;
}
