/* What the files of lib/ share and do not export. */
#ifndef KLOTSKI_LIB_INTERNAL_H
#define KLOTSKI_LIB_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"
#include "core/moves.h"
#include "lib/klotski.h"

/* Writes a message of the library as the klotski command words its error lines
 * (kl_message_write of core/message.h: the subject cut when long, controls escaped)
 * into message, cut to fit.  format: printf's, for the part after "SUBJECT: ". */
void lib_message(char message[KLOTSKI_MESSAGE_SIZE], const char *subject, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void lib_vmessage(char message[KLOTSKI_MESSAGE_SIZE], const char *subject, const char *format, va_list args)
    __attribute__((format(printf, 3, 0)));

/* Keeps a failure's message on the handle as its own calls do ("SUBJECT: " and the rest,
 * lib_message) and returns `result`; lib_succeed keeps "not an error" and returns
 * KLOTSKI_OK.  For the files of lib/ beside database.c. */
int lib_fail(klotski_db *db, int result, const char *subject, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
int lib_succeed(klotski_db *db);

/* The checks every call on a handle makes (klotski.h, "NULL"), for the database's and the
 * pack's alike: KLOTSKI_OK when the handle is open (`open`) and `missing` (the first
 * NULL pointer the call needs, by name) is NULL; else KLOTSKI_MISUSE with the reason in
 * message ("CALL: HANDLE is not open (OPENER failed)", "CALL: MISSING is NULL"). */
int lib_misuse(char message[KLOTSKI_MESSAGE_SIZE], const char *call, bool open, const char *path,
               const char *handle, const char *opener, const char *missing);

/* KLOTSKI_OK when the sized struct `out` (NULL: none) holds at least its first version,
 * which ends at first_end; else KLOTSKI_MISUSE with the reason in message. */
int lib_sized_misuse(char message[KLOTSKI_MESSAGE_SIZE], const char *call, const char *type, const void *out,
                     size_t first_end);

/* The first version of struct klotski_group_metrics ends here (1.2.0). */
#define LIB_GROUP_METRICS_FIRST_END (offsetof(struct klotski_group_metrics, max_min_unit_moves) + sizeof(int))

/* KLOTSKI_OK when the handle is open and `missing` is NULL; else KLOTSKI_MISUSE, kept on
 * the handle as its own calls keep it ("CALL: MISSING is NULL").  For the files of lib/
 * beside database.c. */
int lib_usable(klotski_db *db, const char *call, const char *missing);

/* Reads the member lists of the group named `group` on `connection` (a klotski
 * database's) into a new walk *walk (NULL on failure).  Returns KLOTSKI_OK, or
 * KLOTSKI_NOTFOUND, KLOTSKI_ERROR (no member lists there, a failed read, a corrupt list)
 * with the reason in *message, to be freed with sqlite3_free ("no such group"), or
 * KLOTSKI_NOMEM.  In lib/sql.c, so that the library's klotski_members_open and the
 * extension's klotski_members read the lists with one code, each through its SQLite. */
int lib_member_lists_read(struct sqlite3 *connection, const char *group, klotski_members **walk, char **message);

/* True and the raw layout in *raw when `code` is a legal layout (36 bits, legal). */
bool lib_raw(klotski_code code, kl_raw *raw);

/* True when `metric` is one of enum klotski_metric (the same numbers as enum kl_metric). */
bool lib_metric(int metric);

/* A step of the engine as klotski.h describes it, from the raw layout it starts from. */
struct klotski_step lib_step(kl_raw raw, struct kl_step step);

/* Copies a sized struct of klotski.h's (its first member `size_t size`) from `full`, the
 * library's own of full_size bytes, into the caller's `out`, as far as the size the
 * caller set in out reaches, its size member untouched. */
void lib_write_sized(void *out, const void *full, size_t full_size);

#endif
