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

#endif
