#include "query/serve/server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdatomic.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/database/format.h"
#include "core/pack/file.h"
#include "lib/klotski.h" /* KLOTSKI_VERSION */
#include "query/db.h"
#include "answer/report.h"
#include "query/serve/answer_cache.h"
#include "query/serve/api.h"
#include "query/serve/microhttpd.h"
#include "query/serve/slow_pool.h"

#define MAX_THREADS 16           /* threads serving the connections, at most: one per core */
#define MAX_CONNECTIONS 1024     /* open connections at once */
#define PER_ADDRESS_CONNECTIONS 128 /* of them from one client address: no one address can
                                    hold them all and keep the others out */
#define IDLE_TIMEOUT_S 10        /* a connection that sends nothing (no request, or a
                                    request's headers unfinished) is closed after this */
/* Each connection's memory for its request and the headers of its answer: room for a
 * request of 2,048 bytes (API_MAX_REQUEST_TEXT) and 6 KB of headers.  libmicrohttpd
 * zeroes it after every answer of a connection kept alive: at its default, 32 KB, that
 * was a quarter of the instructions of a layout lookup (callgrind). */
#define CONNECTION_MEMORY 8192
#define MAX_SPARES 64            /* connections to the database (or packs) kept for the next requests */
#define ETAG_SIZE 64
/* A request's key in the answer cache: its path and arguments, each ended by a NUL. */
#define CACHE_KEY_SIZE (API_MAX_REQUEST_TEXT + 2 * API_MAX_ARGUMENTS + 1)
/* An answer is the same for as long as the database and the program are: caches may keep
 * it a day, and ask again with its ETag after. */
#define CACHED_ANSWER "public, max-age=86400"

/* Pages may use their own scripts and styles (the player's are inline) and ask their own
 * server; nothing else, so that nothing is ever fetched from the network. */
#define PAGE_POLICY                                                                        \
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " \
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'"

/* Each request borrows a connection to the database from these spares, opening one
 * when none is spare, and gives it back after (SQLite connections are opened without
 * mutexes: one thread uses one at a time). */
static const char *database_path;
/* Whether the connections are opened immutable (db_finished, decided at the start): no
 * writer's lock can stall them then.  Otherwise a farthest phase may still commit beside
 * the server, whose connections take SQLite's locks and wait 250 ms at most (db_watch). */
static bool database_immutable;
static pthread_mutex_t spares_lock = PTHREAD_MUTEX_INITIALIZER;

/* Handles kept for the next requests: database connections, or packs. */
struct spares {
    void *kept[MAX_SPARES];
    size_t count;
};
static struct spares spare_databases;

/* A kept handle, or NULL when none is. */
static void *spare_take(struct spares *spares)
{
    pthread_mutex_lock(&spares_lock);
    void *handle = spares->count > 0 ? spares->kept[--spares->count] : NULL;
    pthread_mutex_unlock(&spares_lock);
    return handle;
}

/* Keeps `handle` (not NULL) when there is room; returns whether it was kept. */
static bool spare_keep(struct spares *spares, void *handle)
{
    pthread_mutex_lock(&spares_lock);
    bool kept = handle && spares->count < MAX_SPARES;
    if (kept)
        spares->kept[spares->count++] = handle;
    pthread_mutex_unlock(&spares_lock);
    return kept;
}

static double deadline_seconds;
/* Every answer's strong ETag: the database's checksum (meta layouts_crc32, which changes
 * with any layouts row) and the program's version, so that an answer is the same
 * wherever its ETag is; the farthest phase, run while a server serves, stores what the
 * answers computed on demand before it, so the answers keep their ETag. */
static char etag[ETAG_SIZE];

/* With --pack: the pack file, read once, and the packs open on its bytes that requests
 * borrow as they do databases (a pack caches what it inflated: one thread at a time). */
static struct kl_pack_file pack_file;
static struct spares spare_packs;

static struct kl_pack *borrow_pack(void)
{
    struct kl_pack *pack = spare_take(&spare_packs);
    if (!pack && kl_pack_open(pack_file.bytes, pack_file.size, kl_pack_zlib_inflate, NULL, &pack, NULL) != KL_PACK_OK)
        return NULL;
    return pack;
}

static void give_back_pack(struct kl_pack *pack)
{
    if (!spare_keep(&spare_packs, pack))
        kl_pack_close(pack);
}

static struct db *borrow_database(void)
{
    struct db *db = spare_take(&spare_databases);
    if (db)
        return db;
    return database_immutable ? db_open_immutable(database_path) : db_open(database_path, false);
}

static void give_back_database(struct db *db)
{
    if (!spare_keep(&spare_databases, db))
        db_close(db);
}

/* What a request's work is watched for: its deadline, and its client's socket, whose
 * end (the client gone) stops the work too. */
struct watch {
    struct timespec deadline;
    int socket;
};

/* db_watch's function: nonzero (stop) past the deadline or once the client has hung up. */
static int stop_work(void *context)
{
    const struct watch *w = context;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > w->deadline.tv_sec || (now.tv_sec == w->deadline.tv_sec && now.tv_nsec >= w->deadline.tv_nsec))
        return 1;
    struct pollfd client = {.fd = w->socket, .events = POLLRDHUP};
    return poll(&client, 1, 0) > 0 && (client.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

/* The connection's socket, or -1. */
static int socket_of(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        microhttpd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

static void watch_start(struct watch *w, int socket)
{
    w->socket = socket;
    clock_gettime(CLOCK_MONOTONIC, &w->deadline);
    double whole = (double)(time_t)deadline_seconds;
    w->deadline.tv_sec += (time_t)whole;
    w->deadline.tv_nsec += (long)((deadline_seconds - whole) * 1e9);
    if (w->deadline.tv_nsec >= 1000000000L) {
        w->deadline.tv_sec++;
        w->deadline.tv_nsec -= 1000000000L;
    }
}

/* The request as sent, before libmicrohttpd decodes it (its %00 would become a NUL that
 * cuts the path or an argument): the value handle gets first, one of two marks; once
 * the request is read whole, handle turns it into the second pair. */
static char uri_holds_nul, uri_clean, read_holds_nul, read_clean;

/* Whether the request state is one of those marks. */
static bool is_mark(const void *state)
{
    return state == &uri_holds_nul || state == &uri_clean || state == &read_holds_nul || state == &read_clean;
}

static void *look_at_uri(void *context, const char *uri, struct MHD_Connection *connection)
{
    (void)context, (void)connection;
    for (const char *p = uri; (p = strchr(p, '%')); p++)
        if (strncmp(p + 1, "00", 2) == 0)
            return &uri_holds_nul;
    return &uri_clean;
}

static enum MHD_Result gather_argument(void *request, enum MHD_ValueKind kind, const char *name, const char *value)
{
    (void)kind;
    return api_request_add(request, name, value) ? MHD_YES : MHD_NO;
}

/* 304: the client's copy, whose ETag it sent, is this server's answer still. */
static enum MHD_Result not_modified(struct MHD_Connection *connection)
{
    struct MHD_Response *response = microhttpd.create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
    if (!response)
        return MHD_NO;
    microhttpd.add_response_header(response, MHD_HTTP_HEADER_ETAG, etag);
    microhttpd.add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, CACHED_ANSWER);
    enum MHD_Result queued = microhttpd.queue_response(connection, MHD_HTTP_NOT_MODIFIED, response);
    microhttpd.destroy_response(response);
    return queued;
}

/* Reads the database's checksum into etag, and whether to open it immutable, from a
 * connection opened with SQLite's locks, kept as the first spare unless the others are
 * to be immutable; no database or no checksum: no ETag (and no answer is cached). */
static void look_at_database(void)
{
    struct db *db = db_open(database_path, false);
    char checksum[32];
    if (db && db_meta(db, KL_DB_META_LAYOUTS_CRC32, checksum, sizeof checksum))
        snprintf(etag, sizeof etag, "\"%s-%s\"", checksum, KLOTSKI_VERSION);
    database_immutable = db && db_finished(db);
    if (database_immutable)
        db_close(db);
    else
        give_back_database(db);
}

/* Answers the request from a borrowed database connection, its work watched for the
 * deadline and for the client's socket hanging up, its queries one read transaction. */
static void answer(const struct api_request *request, int socket, struct api_reply *reply)
{
    if (pack_file.bytes) {
        struct kl_pack *pack = borrow_pack();
        api_answer_pack(pack, request, reply);
        give_back_pack(pack);
        return;
    }
    struct db *db = borrow_database();
    struct watch watch;
    if (db) {
        watch_start(&watch, socket);
        db_watch(db, stop_work, &watch);
        db_read_begin(db);
    }
    api_answer(db, request, reply);
    if (db) {
        db_read_end(db);
        db_watch(db, NULL, NULL);
        give_back_database(db);
    }
}

/* A slow request's key in the answer cache: its path, then its arguments sorted by name
 * and value (the same question asked in another order is the same key; the metric and
 * the language are arguments), each string ended by its NUL.  Returns its length, or 0
 * when the request is not one to cache (not GET or HEAD, too long, too many arguments, a
 * NUL in it: api_answer refuses those). */
static size_t cache_key(const struct api_request *request, char key[CACHE_KEY_SIZE])
{
    if (request->too_many || request->holds_nul || request->text_length > API_MAX_REQUEST_TEXT ||
        (strcmp(request->method, "GET") != 0 && strcmp(request->method, "HEAD") != 0))
        return 0;
    size_t order[API_MAX_ARGUMENTS];
    for (size_t i = 0; i < request->argument_count; i++) {
        size_t j = i;
        for (; j > 0; j--) {
            size_t before = order[j - 1];
            int by_name = strcmp(request->names[before], request->names[i]);
            if (by_name < 0 || (by_name == 0 && strcmp(request->values[before], request->values[i]) <= 0))
                break;
            order[j] = before;
        }
        order[j] = i;
    }
    size_t length = 0;
    const char *parts[1 + 2 * API_MAX_ARGUMENTS] = {request->path};
    for (size_t i = 0; i < request->argument_count; i++) {
        parts[1 + 2 * i] = request->names[order[i]];
        parts[2 + 2 * i] = request->values[order[i]];
    }
    for (size_t i = 0; i < 1 + 2 * request->argument_count; i++) {
        size_t part = strlen(parts[i]) + 1;
        if (length + part > CACHE_KEY_SIZE)
            return 0;
        memcpy(key + length, parts[i], part);
        length += part;
    }
    return length;
}

/* Queues the reply as the connection's response, with the headers every answer has, and
 * for a slow route's answer X-Cache: "hit" (from the answer cache) or "miss". */
static enum MHD_Result queue_reply(struct MHD_Connection *connection, struct api_reply *reply, const char *cache)
{
    struct MHD_Response *response = microhttpd.create_response_from_buffer(
        reply->length, reply->body, reply->body_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_FREE);
    if (!response) {
        api_reply_free(reply);
        return MHD_NO;
    }
    free(reply->error); /* the body is the response's now */
    reply->error = NULL;
    microhttpd.add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, reply->content_type);
    microhttpd.add_response_header(response, "X-Content-Type-Options", "nosniff");
    microhttpd.add_response_header(response, "Referrer-Policy", "no-referrer");
    bool cached = reply->status == MHD_HTTP_OK && etag[0];
    microhttpd.add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, cached ? CACHED_ANSWER : "no-store");
    if (cached)
        microhttpd.add_response_header(response, MHD_HTTP_HEADER_ETAG, etag);
    if (reply->is_page)
        microhttpd.add_response_header(response, "Content-Security-Policy", PAGE_POLICY);
    if (cache)
        microhttpd.add_response_header(response, "X-Cache", cache);
    if (reply->status == MHD_HTTP_METHOD_NOT_ALLOWED)
        microhttpd.add_response_header(response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    if (reply->retry_after) {
        char seconds[16];
        snprintf(seconds, sizeof seconds, "%u", reply->retry_after);
        microhttpd.add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER, seconds);
    }
    enum MHD_Result queued = microhttpd.queue_response(connection, reply->status, response);
    microhttpd.destroy_response(response);
    return queued;
}

/* A slow route's request, answered on the slow pool while its connection is suspended
 * (so that the connection's thread serves its other connections meanwhile). */
struct pending {
    struct api_request request; /* its strings are libmicrohttpd's, kept until the end */
    struct api_reply reply;
    struct MHD_Connection *connection;
    int socket;
    atomic_bool done;
    size_t key_length; /* its key in the answer cache; 0: not cached */
    char key[CACHE_KEY_SIZE];
};

static void answer_pending(void *context)
{
    struct pending *p = context;
    answer(&p->request, p->socket, &p->reply);
    if (p->key_length > 0 && p->reply.status == MHD_HTTP_OK && !p->reply.body_static)
        answer_cache_put(p->key, p->key_length,
                         &(struct cached_answer){p->reply.body, p->reply.length, p->reply.content_type,
                                                 p->reply.is_page});
    atomic_store(&p->done, true);
    microhttpd.resume_connection(p->connection);
}

/* Whether the request state is a pending slow request's (not one of the marks). */
static bool is_pending(void *state, struct MHD_Connection *connection)
{
    return state && !is_mark(state) && state != connection;
}

/* A request's end, however it ended: a slow request whose answer was never sent is
 * freed here. */
static void request_ended(void *context, struct MHD_Connection *connection, void **request_state,
                          enum MHD_RequestTerminationCode why)
{
    (void)context, (void)why;
    if (is_pending(*request_state, connection)) {
        struct pending *p = *request_state;
        api_reply_free(&p->reply);
        free(p);
    }
    *request_state = NULL;
}

static enum MHD_Result handle(void *context, struct MHD_Connection *connection, const char *path,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state)
{
    (void)context, (void)version, (void)upload_data;
    if (*request_state == connection) {
        *upload_data_size = 0; /* a body after the answer: read and dropped */
        return MHD_YES;
    }
    if (is_pending(*request_state, connection)) {
        struct pending *p = *request_state;
        *upload_data_size = 0;
        if (!atomic_load(&p->done))
            return MHD_YES;
        *request_state = connection;
        enum MHD_Result queued = queue_reply(connection, &p->reply, "miss");
        free(p);
        return queued;
    }
    /* Answered at the first call, before the request's end was read, libmicrohttpd
     * closes the connection after the answer (Connection: close): every request would
     * cost a connection.  So the first call only notes that the headers are in; the
     * answer comes at the call after the body (none, or read and dropped). */
    if (*request_state == &uri_holds_nul || *request_state == &uri_clean) {
        *request_state = *request_state == &uri_holds_nul ? &read_holds_nul : &read_clean;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct api_request request;
    api_request_start(&request, method, path);
    request.holds_nul = *request_state == &read_holds_nul;
    *request_state = connection;
    const char *known = microhttpd.lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    if (known && etag[0] && (strstr(known, etag) || strcmp(known, "*") == 0))
        return not_modified(connection);
    microhttpd.get_connection_values(connection, MHD_GET_ARGUMENT_KIND, gather_argument, &request);
    if (api_is_slow(&request)) {
        struct pending *p = xcalloc(1, sizeof *p);
        *p = (struct pending){.request = request, .connection = connection, .socket = socket_of(connection)};
        p->key_length = cache_key(&request, p->key);
        struct cached_answer kept;
        if (p->key_length > 0 && answer_cache_get(p->key, p->key_length, &kept)) {
            struct api_reply reply = {.status = MHD_HTTP_OK, .content_type = kept.content_type, .body = kept.body,
                                      .length = kept.length, .is_page = kept.is_page};
            free(p);
            return queue_reply(connection, &reply, "hit");
        }
        *request_state = p;
        microhttpd.suspend_connection(connection);
        if (!slow_pool_submit(answer_pending, p)) {
            api_busy(&p->reply);
            atomic_store(&p->done, true);
            microhttpd.resume_connection(connection);
        }
        return MHD_YES;
    }
    struct api_reply reply;
    answer(&request, socket_of(connection), &reply);
    return queue_reply(connection, &reply, NULL);
}

/* The socket address of bind_address (an IP address or a host name, resolved; of a
 * name's addresses the first IPv4 one, else the first) and port, and that address as
 * text in `numeric`; *ipv6 tells which family.  Returns false when bind_address names
 * no address (reported). */
static bool socket_address(const char *bind_address, int port, struct sockaddr_storage *address, bool *ipv6,
                           char numeric[INET6_ADDRSTRLEN])
{
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *found = NULL;
    int err = getaddrinfo(bind_address, NULL, &hints, &found);
    if (err != 0) {
        report(EXIT_BAD_INPUT, bind_address, "--bind takes an IP address or a host name, e.g. 127.0.0.1 or localhost: %s",
               gai_strerror(err));
        return false;
    }
    const struct addrinfo *chosen = NULL;
    for (const struct addrinfo *a = found; a; a = a->ai_next) {
        if (a->ai_family == AF_INET) {
            chosen = a;
            break;
        }
        if (a->ai_family == AF_INET6 && !chosen)
            chosen = a;
    }
    bool usable = chosen && chosen->ai_addrlen <= sizeof *address;
    if (usable) {
        memset(address, 0, sizeof *address);
        memcpy(address, chosen->ai_addr, chosen->ai_addrlen);
        *ipv6 = chosen->ai_family == AF_INET6;
        struct sockaddr_in *v4 = (struct sockaddr_in *)address;
        struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)address;
        if (*ipv6)
            v6->sin6_port = htons((uint16_t)port);
        else
            v4->sin_port = htons((uint16_t)port);
        inet_ntop(chosen->ai_family, *ipv6 ? (void *)&v6->sin6_addr : (void *)&v4->sin_addr, numeric, INET6_ADDRSTRLEN);
    } else {
        report(EXIT_BAD_INPUT, bind_address, "--bind: the name has no IPv4 or IPv6 address");
    }
    freeaddrinfo(found);
    return usable;
}

/* The threads that serve the connections: one per core. */
static unsigned pool_size(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (unsigned)cores;
}

/* The slow routes' requests answered at once: half the cores, at least one, so that the
 * fast routes always have a core. */
static unsigned slow_limit(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 4 ? 1 : (unsigned)(cores / 2);
}

int serve_run(const char *db_path, const char *pack_path, const char *bind_address, int port, double deadline_s,
              unsigned slow, size_t cache_bytes)
{
    struct sockaddr_storage address;
    bool ipv6;
    char numeric[INET6_ADDRSTRLEN];
    if (!socket_address(bind_address, port, &address, &ipv6, numeric))
        return EXIT_BAD_INPUT;
    if (!microhttpd_load())
        return EXIT_NOT_FOUND;
    database_path = db_path;
    deadline_seconds = deadline_s;
    if (pack_path) {
        char message[KL_PACK_MESSAGE_SIZE];
        if (kl_pack_file_open(pack_path, &pack_file, message) != KL_PACK_OK)
            return report(EXIT_BAD_INPUT, pack_path, "%s", message);
        spare_keep(&spare_packs, pack_file.pack); /* the first to lend */
        pack_file.pack = NULL;
    } else
        look_at_database();
    answer_cache_start(cache_bytes);
    /* SIGINT and SIGTERM are waited for below: the threads must not take them. */
    sigset_t stop, previous;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, &previous);
    slow_pool_start(slow ? slow : slow_limit()); /* none started: the slow routes run on their connection's thread */
    struct MHD_Daemon *daemon = microhttpd.start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | (ipv6 ? MHD_USE_IPv6 : 0),
        (uint16_t)port, NULL, NULL, handle, NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, pool_size(), MHD_OPTION_NOTIFY_COMPLETED, request_ended, NULL,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned)PER_ADDRESS_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_TIMEOUT_S,
        MHD_OPTION_URI_LOG_CALLBACK, look_at_uri, NULL, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
        MHD_OPTION_END);
    int status = EXIT_ANSWERED;
    if (!daemon) {
        status = report(EXIT_BAD_INPUT, bind_address, "cannot listen on port %d: %s", port,
                        errno ? strerror(errno) : "refused");
    } else {
        const union MHD_DaemonInfo *info = microhttpd.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
        printf(ipv6 ? "klotski: serving http://[%s]:%u/\n" : "klotski: serving http://%s:%u/\n", numeric,
               info ? (unsigned)info->port : (unsigned)port);
        fflush(stdout);
        int signal_number;
        sigwait(&stop, &signal_number);
        /* The slow work first: each ends within the deadline, resuming its connection;
         * libmicrohttpd aborts the process when stopped with one still suspended. */
        slow_pool_stop();
        microhttpd.stop_daemon(daemon);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    slow_pool_stop();
    answer_cache_stop();
    for (struct db *db; (db = spare_take(&spare_databases));)
        db_close(db);
    for (struct kl_pack *pack; (pack = spare_take(&spare_packs));)
        kl_pack_close(pack);
    kl_pack_file_close(&pack_file);
    return status;
}
