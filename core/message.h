/* The one-line messages the query tool prints and the library returns, written once so
 * that both say a thing alike: "SUBJECT: MESSAGE", the subject (the input as given) cut
 * to KL_MESSAGE_SUBJECT_CHARS characters, and in subject and message alike whatever
 * would move a terminal rather than show written \xNN. */
#ifndef KLOTSKI_CORE_MESSAGE_H
#define KLOTSKI_CORE_MESSAGE_H

#include <stdio.h>

/* Characters of a message's subject at most: a longer one keeps its start and its end
 * around "…", so that a long input makes a readable line (the end of a long database
 * path, its file name, says as much as its start). */
#define KL_MESSAGE_SUBJECT_CHARS 60

/* Writes "SUBJECT: MESSAGE" to out (without "SUBJECT: " when subject is NULL or empty:
 * an empty input is named by its message, "empty layout"), no line break.  A subject of more than KL_MESSAGE_SUBJECT_CHARS characters is cut in the
 * middle to that many, "…" among them; control characters (C0, DEL, C1: an escape
 * sequence cannot reach the terminal) and bytes that are not UTF-8 are written \xNN, each
 * such byte counting as one character.  Thread-safe (out is the caller's). */
void kl_message_write(FILE *out, const char *subject, const char *message);

/* Writes the line of kl_message_write into out (`size` bytes, size >= 1, cut to fit), or
 * "out of memory" when memory ran out for it. */
void kl_message_line(char *out, size_t size, const char *subject, const char *message);

#endif
