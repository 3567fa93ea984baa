/* Messages for the user on stderr, the exit codes they lead to, and allocation that
 * reports failure instead of returning NULL. */
#ifndef KLOTSKI_ANSWER_REPORT_H
#define KLOTSKI_ANSWER_REPORT_H

#include <stddef.h>

/* The tool's exit codes (docs/klotski.1). */
enum exit_status {
    EXIT_ANSWERED = 0,  /* every input answered */
    EXIT_NOT_FOUND = 1, /* no such group or class, unsolvable where a solution was asked,
                           layouts in different groups, a database that fails verify */
    EXIT_BAD_INPUT = 2  /* bad usage, bad input, no usable database */
};

/* Prints one line "klotski: SUBJECT: MESSAGE" on stderr (without "SUBJECT: " when subject
 * is NULL), or keeps "SUBJECT: MESSAGE" in the calling thread's buffer of
 * report_to_buffer.  message is a printf format.  Subject and message are written as
 * kl_message_write (core/message.h) writes them: a long subject cut in the middle around
 * "…", controls and bytes that are not UTF-8 as \xNN.  Returns `status`, so that callers can write
 * `return report(EXIT_BAD_INPUT, arg, "...")`. */
int report(enum exit_status status, const char *subject, const char *message, ...)
    __attribute__((format(printf, 3, 4)));

/* Makes the calling thread's reports go to `buffer` (`size` bytes, size >= 1) instead of
 * stderr, for the server, which answers a request's error in its reply: the first
 * report is kept there (cut to fit), later ones are dropped, so that the buffer says
 * what went wrong first.  The buffer starts empty.  NULL sends them back to stderr. */
void report_to_buffer(char *buffer, size_t size);

/* Of two statuses, the one to exit with: the larger. */
static inline int worse_status(int a, int b) { return a > b ? a : b; }

/* Prints "out of memory" and exits with EXIT_BAD_INPUT: what the tool does wherever an
 * allocation fails. */
_Noreturn void out_of_memory(void);

/* malloc / calloc / realloc / strdup that print "out of memory" and exit with
 * EXIT_BAD_INPUT when the system has no memory left; they never return NULL. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* The message of a layout that no solution reaches, after its code, in every front end
 * (the query tool, the server, the page with no server) alike. */
#define REPORT_UNSOLVABLE "unsolvable: its group holds no solved layout"

#endif
