#include "query/serve/server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "query/db.h"
#include "query/report.h"
#include "query/serve/api.h"
#include "query/serve/microhttpd.h"

#define MAX_THREADS 16           /* threads of the pool, at most: one per core */
#define MAX_CONNECTIONS 1024     /* open connections at once */
#define IDLE_TIMEOUT_S 60        /* an idle connection is closed after this */

/* Pages may use their own scripts and styles (the player's are inline) and ask their own
 * server; nothing else, so that nothing is ever fetched from the network. */
#define PAGE_POLICY                                                                        \
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " \
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'"

/* Each thread of the pool opens its own connection to the database on its first request
 * (SQLite connections are not shared between threads here: they are opened without
 * mutexes); the key's destructor closes it when the pool stops. */
static pthread_key_t connection_key;
static const char *database_path;

static void close_connection(void *db) { db_close(db); }

static struct db *thread_database(void)
{
    struct db *db = pthread_getspecific(connection_key);
    if (!db) {
        db = db_open(database_path, false);
        pthread_setspecific(connection_key, db);
    }
    return db;
}

static enum MHD_Result gather_argument(void *request, enum MHD_ValueKind kind, const char *name, const char *value)
{
    (void)kind;
    return api_request_add(request, name, value) ? MHD_YES : MHD_NO;
}

static enum MHD_Result handle(void *context, struct MHD_Connection *connection, const char *path,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state)
{
    (void)context, (void)version, (void)upload_data;
    if (*request_state) {
        *upload_data_size = 0; /* a body after the answer: read and dropped */
        return MHD_YES;
    }
    *request_state = connection;
    struct api_request request;
    api_request_start(&request, method, path);
    microhttpd.get_connection_values(connection, MHD_GET_ARGUMENT_KIND, gather_argument, &request);
    struct api_reply reply;
    api_answer(thread_database(), &request, &reply);
    struct MHD_Response *response = microhttpd.create_response_from_buffer(
        reply.length, reply.body, reply.body_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_FREE);
    if (!response) {
        api_reply_free(&reply);
        return MHD_NO;
    }
    free(reply.error); /* the body is the response's now */
    microhttpd.add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, reply.content_type);
    microhttpd.add_response_header(response, "X-Content-Type-Options", "nosniff");
    microhttpd.add_response_header(response, "Referrer-Policy", "no-referrer");
    microhttpd.add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, reply.body_static ? "max-age=60" : "no-store");
    if (reply.is_page)
        microhttpd.add_response_header(response, "Content-Security-Policy", PAGE_POLICY);
    if (reply.status == MHD_HTTP_METHOD_NOT_ALLOWED)
        microhttpd.add_response_header(response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    enum MHD_Result queued = microhttpd.queue_response(connection, reply.status, response);
    microhttpd.destroy_response(response);
    return queued;
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

static unsigned pool_size(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (unsigned)cores;
}

int serve_run(const char *db_path, const char *bind_address, int port)
{
    struct sockaddr_storage address;
    bool ipv6;
    char numeric[INET6_ADDRSTRLEN];
    if (!socket_address(bind_address, port, &address, &ipv6, numeric))
        return EXIT_BAD_INPUT;
    if (!microhttpd_load())
        return EXIT_NOT_FOUND;
    database_path = db_path;
    pthread_key_create(&connection_key, close_connection);
    /* SIGINT and SIGTERM are waited for below: the pool's threads must not take them. */
    sigset_t stop, previous;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, &previous);
    struct MHD_Daemon *daemon = microhttpd.start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | (ipv6 ? MHD_USE_IPv6 : 0), (uint16_t)port, NULL, NULL,
        handle, NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address, MHD_OPTION_THREAD_POOL_SIZE, pool_size(),
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)IDLE_TIMEOUT_S, MHD_OPTION_END);
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
        microhttpd.stop_daemon(daemon);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_key_delete(connection_key);
    return status;
}
