/* `klotski serve`: the web application over the database, on libmicrohttpd.  HTTP is
 * here: the daemon (a pool of one thread per core, the slow routes' requests handed to
 * the slow pool with their connection suspended, a capped number of connections per
 * client address, read-only connections to the database lent to each request, whose
 * work stops at its deadline or when its client hangs up), reading each request's
 * method, path and query arguments, and the headers of every reply; the checks every
 * request passes and what each path answers are api.h's, which needs no socket
 * (tests/fuzz/fuzz_serve.c). */
#ifndef KLOTSKI_QUERY_SERVE_SERVER_H
#define KLOTSKI_QUERY_SERVE_SERVER_H

#include <stddef.h>

/* Serves the database at db_path, or with pack_path (db_path NULL) the pack at pack_path
 * alone (api_answer_pack; no ETag then), on http://bind_address:port/ (port 0: a free port
 * the system picks) until SIGINT or SIGTERM, after printing the line
 * "klotski: serving http://ADDRESS:PORT/" on stdout: each request's work stopped after
 * deadline_s seconds (a 503), `slow` requests of the slow routes answered at once (0:
 * half the cores, at least one; slow_pool.h), their answers kept in memory up to
 * cache_bytes (answer_cache.h; 0: none kept).  bind_address: an IPv4 or IPv6
 * address.  Returns EXIT_ANSWERED after a clean stop, or reports and returns
 * EXIT_BAD_INPUT (not an address, the port taken, no database, a pack that does not
 * open), or EXIT_NOT_FOUND when
 * libmicrohttpd cannot be loaded (microhttpd.h). */
int serve_run(const char *db_path, const char *pack_path, const char *bind_address, int port, double deadline_s,
              unsigned slow, size_t cache_bytes);

#endif
