#include "query/serve/answer_cache.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "answer/report.h" /* xmalloc */

#define BUCKETS 4096 /* hash chains: a 64 MB cache of 1 kB answers keeps chains short */

struct entry {
    struct entry *chain;         /* the next entry of its bucket */
    struct entry *newer, *older; /* the use order: `newest` first */
    size_t key_length;
    struct cached_answer answer;
    char key[];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry *buckets[BUCKETS];
static struct entry *newest, *oldest;
static size_t bound, used;

/* FNV-1a. */
static size_t bucket_of(const void *key, size_t length)
{
    uint64_t hash = 14695981039346656037u;
    for (size_t i = 0; i < length; i++)
        hash = (hash ^ ((const unsigned char *)key)[i]) * 1099511628211u;
    return (size_t)(hash % BUCKETS);
}

/* What an entry counts against the bound. */
static size_t entry_bytes(size_t key_length, size_t body_length)
{
    return sizeof(struct entry) + key_length + body_length;
}

static void unlink_use(struct entry *e)
{
    *(e->newer ? &e->newer->older : &newest) = e->older;
    *(e->older ? &e->older->newer : &oldest) = e->newer;
}

static void link_newest(struct entry *e)
{
    e->newer = NULL;
    e->older = newest;
    *(newest ? &newest->newer : &oldest) = e;
    newest = e;
}

/* The entry under key, and where its bucket points to it. */
static struct entry **find(const void *key, size_t key_length)
{
    struct entry **at = &buckets[bucket_of(key, key_length)];
    while (*at && ((*at)->key_length != key_length || memcmp((*at)->key, key, key_length) != 0))
        at = &(*at)->chain;
    return at;
}

static void drop(struct entry **at)
{
    struct entry *e = *at;
    *at = e->chain;
    unlink_use(e);
    used -= entry_bytes(e->key_length, e->answer.length);
    free(e->answer.body);
    free(e);
}

void answer_cache_start(size_t max_bytes)
{
    pthread_mutex_lock(&lock);
    bound = max_bytes;
    pthread_mutex_unlock(&lock);
}

void answer_cache_stop(void)
{
    pthread_mutex_lock(&lock);
    while (oldest)
        drop(find(oldest->key, oldest->key_length));
    bound = 0;
    pthread_mutex_unlock(&lock);
}

bool answer_cache_get(const void *key, size_t key_length, struct cached_answer *out)
{
    pthread_mutex_lock(&lock);
    struct entry *e = *find(key, key_length);
    if (e) {
        unlink_use(e);
        link_newest(e);
        *out = e->answer;
        out->body = xmalloc(e->answer.length + 1);
        memcpy(out->body, e->answer.body, e->answer.length);
    }
    pthread_mutex_unlock(&lock);
    return e != NULL;
}

void answer_cache_put(const void *key, size_t key_length, const struct cached_answer *answer)
{
    size_t bytes = entry_bytes(key_length, answer->length);
    pthread_mutex_lock(&lock);
    struct entry **at = find(key, key_length);
    if (*at)
        drop(at);
    if (bytes <= bound) {
        while (used + bytes > bound)
            drop(find(oldest->key, oldest->key_length));
        struct entry *e = xmalloc(sizeof *e + key_length);
        memcpy(e->key, key, key_length);
        e->key_length = key_length;
        e->answer = *answer;
        e->answer.body = xmalloc(answer->length + 1);
        memcpy(e->answer.body, answer->body, answer->length);
        at = &buckets[bucket_of(key, key_length)];
        e->chain = *at;
        *at = e;
        link_newest(e);
        used += bytes;
    }
    pthread_mutex_unlock(&lock);
}

size_t answer_cache_bytes(void)
{
    pthread_mutex_lock(&lock);
    size_t bytes = used;
    pthread_mutex_unlock(&lock);
    return bytes;
}
