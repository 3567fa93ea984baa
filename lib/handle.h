/* The error state of the library's handles (klotski_db, klotski_pack), kept as SQLite
 * keeps a connection's: the last call's result code and its message, on the handle, set
 * by one set of functions for both.  Internal to lib/; database.c and pack.c use it, it
 * uses only layout.c's message wording (internal.h). */
#ifndef KLOTSKI_LIB_HANDLE_H
#define KLOTSKI_LIB_HANDLE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/klotski.h"

struct lib_handle {
    int result;                         /* the last call's (klotski_errcode) */
    char message[KLOTSKI_MESSAGE_SIZE]; /* its message, or "not an error" */
};

/* Keeps `result` and its message, "SUBJECT: " and the rest as the klotski command words
 * its error lines (lib_message of internal.h; subject NULL: none), on the handle, and
 * returns `result`.  format: printf's. */
int lib_fail(struct lib_handle *handle, int result, const char *subject, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Keeps KLOTSKI_OK and "not an error" on the handle; returns KLOTSKI_OK. */
int lib_succeed(struct lib_handle *handle);

/* The checks every call on a handle makes first (klotski.h, "NULL"): KLOTSKI_OK when it
 * is open (`open`) and `missing` (the first NULL pointer the call needs, by name) is
 * NULL; else KLOTSKI_MISUSE kept on the handle with the reason ("PATH: CALL: NAME is not
 * open (OPENER failed)", "CALL: MISSING is NULL").  name: "the database", "the pack";
 * path: the handle's file, the subject of the first reason. */
int lib_usable(struct lib_handle *handle, const char *call, bool open, const char *path, const char *name,
               const char *opener, const char *missing);

/* KLOTSKI_OK for a legal code; else KLOTSKI_INVALID kept on the handle with
 * klotski_check's message. */
int lib_legal(struct lib_handle *handle, klotski_code code);

/* KLOTSKI_OK when the sized struct `out` (NULL: none) of klotski.h's type `type` holds at
 * least its first version, which ends at first_end; else KLOTSKI_MISUSE kept on the
 * handle ("CALL: struct TYPE: size N is below its first version's, M"). */
int lib_sized(struct lib_handle *handle, const char *call, const char *type, const void *out, size_t first_end);

/* The first versions of the sized structs end here (1.2.0). */
#define LIB_LAYOUT_METRICS_FIRST_END (offsetof(struct klotski_layout_metrics, min_unit_moves) + sizeof(int))
#define LIB_GROUP_METRICS_FIRST_END (offsetof(struct klotski_group_metrics, max_min_unit_moves) + sizeof(int))

/* Copies a sized struct of klotski.h's (its first member `size_t size`) from `full`, the
 * library's own of full_size bytes, into the caller's `out`, as far as the size the
 * caller set in out reaches, its size member untouched. */
void lib_write_sized(void *out, const void *full, size_t full_size);

#endif
