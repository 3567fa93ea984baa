/* The slow routes' answers kept in memory, so that a repeated slow request is answered
 * at once: entries keyed by bytes (the server's key: the route and its arguments,
 * normalized), bounded in bytes, the least recently used dropped first.  Safe to use from
 * many threads at once (one lock). */
#ifndef KLOTSKI_QUERY_SERVE_ANSWER_CACHE_H
#define KLOTSKI_QUERY_SERVE_ANSWER_CACHE_H

#include <stdbool.h>
#include <stddef.h>

/* A cached answer: its body and what the reply says of it. */
struct cached_answer {
    char *body;               /* malloc'd */
    size_t length;
    const char *content_type; /* a static string */
    bool is_page;
};

/* Starts the cache with a bound of max_bytes (its entries' keys, bodies and bookkeeping
 * together; 0: nothing is kept).  Call once, before any other function here. */
void answer_cache_start(size_t max_bytes);

/* Frees every entry; the cache then keeps nothing until started again. */
void answer_cache_stop(void);

/* Looks up the answer under key (key_length bytes, any bytes).  Returns true and fills
 * *out with a copy (free out->body), marking the entry the most recently used, or false
 * when the cache holds none. */
bool answer_cache_get(const void *key, size_t key_length, struct cached_answer *out);

/* Keeps a copy of `answer` under key, replacing any entry there, and drops the least
 * recently used entries until the bound holds; an entry larger than the whole bound is
 * not kept. */
void answer_cache_put(const void *key, size_t key_length, const struct cached_answer *answer);

/* The bytes the entries take now (never above the bound). */
size_t answer_cache_bytes(void);

#endif
