/* The functions of libmicrohttpd that the server calls, loaded when `klotski serve`
 * starts rather than linked: linked, the library and the TLS libraries it depends on
 * are loaded (and initialised) by every start of klotski, which costs every other
 * command about 2.4 ms, as much as its whole answer. */
#ifndef KLOTSKI_QUERY_SERVE_MICROHTTPD_H
#define KLOTSKI_QUERY_SERVE_MICROHTTPD_H

#include <stdbool.h>

#include <microhttpd.h>

/* The library's functions, each of the type microhttpd.h declares; valid after
 * microhttpd_load returned true. */
struct microhttpd {
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_get_daemon_info) *get_daemon_info;
    __typeof__(MHD_get_connection_values) *get_connection_values;
    __typeof__(MHD_get_connection_info) *get_connection_info;
    __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
    __typeof__(MHD_suspend_connection) *suspend_connection;
    __typeof__(MHD_resume_connection) *resume_connection;
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_queue_response) *queue_response;
    __typeof__(MHD_destroy_response) *destroy_response;
};

extern struct microhttpd microhttpd;

/* Loads the libmicrohttpd the program was built against (its soname, found at build
 * time) and fills `microhttpd`.  Returns true, or false after reporting on stderr, in
 * one line, which library or function is missing.  Call once, before any thread. */
bool microhttpd_load(void);

#endif
