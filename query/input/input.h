/* What people type for a LAYOUT, a GROUP or a CLASS, in every accepted form, read the
 * same wherever a layout is asked for (command arguments, stdin, check, the server's
 * routes):
 *   LAYOUT  a code (1A9BF0C00, short 1a9bf0c, or 0x1A9BF0C00), an id (#4091296), a short
 *           code (4WVE1, any case: five characters of its alphabet always are one, so a
 *           hex code that short is written with a trailing 0, 1A9BF0), the 20 cells in a
 *           row (VKKVVKKVVHHVVooVo..o: the letters of core/board.h, as the page and the
 *           API write a board), a board in a file or on stdin (`-`): the letters of
 *           core/board.h, one symbol per piece (BAAC/BAAC/DEEF/DGHF/I..J, also on one
 *           line joined by '/'; core/layout_text.h) or a drawing as show prints it, a
 *           20-digit grid
 *           (27732773144115510660: 0 empty, 1 a 1x1, 2-6 generals, 7 the 2x2), or a
 *           classic name (横刀立马; NAME#N picks one of a name's layouts)
 *   GROUP   a group name (5-4-1-1) or any LAYOUT, meaning its group
 *   CLASS   a class name (5-4-1)
 * Blanks around the text are ignored, and so are a UTF-8 byte-order mark and CRLF line
 * ends in a board.  A decimal number that is no code but could be an id is answered with
 * a suggestion of #N.  Every error is reported on stderr, naming the input and what is
 * wrong. */
#ifndef KLOTSKI_QUERY_INPUT_H
#define KLOTSKI_QUERY_INPUT_H

#include "core/board.h"
#include "core/code.h"
#include "query/commands/command.h"
#include "query/db.h"
#include "answer/typed_input.h"

/* Parses a LAYOUT.  Returns EXIT_ANSWERED and stores the code in *code, or reports and
 * returns EXIT_BAD_INPUT (not a layout in any form, or a name of several layouts given
 * without #N). */
int input_layout(const char *text, kl_code *code);

/* Parses a GROUP.  Returns EXIT_ANSWERED and fills *group; EXIT_NOT_FOUND when a group
 * name names no group; EXIT_BAD_INPUT for text that is neither a group name nor a
 * LAYOUT.  Errors are reported. */
int input_group(struct db *db, const char *text, struct kl_db_group_row *group);

/* Parses a CLASS.  Returns EXIT_ANSWERED and stores its class_id; EXIT_NOT_FOUND when
 * J-B-S names no class; EXIT_BAD_INPUT when the text is not of that form.  Reported. */
int input_class(struct db *db, const char *text, int64_t *class_id);

/* Answers each of the request's arguments in turn, or when there are none each input
 * of stdin: each non-blank line, and each board (a drawing or rows of letters, from its
 * first line up to a blank line or the end): parses it as a LAYOUT
 * (input_each_layout: the answer gets its row and its group's) or as a GROUP
 * (input_each_group), and calls `answer` with the request's options (req->options),
 * which returns an enum exit_status.  An input
 * that does not parse or is not in the database is reported and skipped.  Returns the
 * worst status of all. */
typedef int (*layout_answer)(struct db *db, const void *options, const struct kl_db_layout_row *layout,
                             const struct kl_db_group_row *group);
typedef int (*group_answer)(struct db *db, const void *options, const struct kl_db_group_row *group);

int input_each_layout(struct db *db, const struct request *req, layout_answer answer);
int input_each_group(struct db *db, const struct request *req, group_answer answer);

/* LAYOUTs read in order as one list (an attempt at a puzzle, a route). */
struct input_list {
    kl_code *codes; /* malloc'd */
    int *lines;     /* each code's line: its argument's position, or its (first) line of
                       stdin or of its file (blank lines counted), from 1 */
    size_t count;
};

/* Reads an attempt into *list: the request's arguments, or when there are none stdin.
 * Each input is a LAYOUT, a board (on stdin or in a file named by an argument, boards
 * separated by blank lines), or a step from the layout before, written as moves and solve
 * print it (o r4c2 down 1, query/input/step.h); a file named by an argument is read as
 * stdin is.  Returns EXIT_ANSWERED with at least one code, or reports the first input
 * that is not a layout (or that there was none) and returns EXIT_BAD_INPUT with *list
 * empty.  Free the list with input_list_free. */
int input_layout_list(const struct request *req, struct input_list *list);

void input_list_free(struct input_list *list);

#endif
