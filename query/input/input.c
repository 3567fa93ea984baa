#include "query/input/input.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/board.h"
#include "core/classic.h"
#include "core/drawing.h"
#include "core/layout_text.h"
#include "query/input/step.h"
#include "answer/report.h"

#define MAX_BOARD_FILE (64 * 1024)

/* Reads a whole stream (at most MAX_BOARD_FILE bytes) into a malloc'd string. */
static char *read_all(FILE *f)
{
    char *text = xmalloc(MAX_BOARD_FILE + 1);
    size_t n = fread(text, 1, MAX_BOARD_FILE, f);
    text[n] = '\0';
    return text;
}

/* A board as text, in any form of kl_layout_parse_board. */
static int parse_board(const char *subject, const char *text, kl_code *code)
{
    char message[KL_LAYOUT_MESSAGE_SIZE];
    if (!kl_layout_parse_board(text, code, message))
        return report(EXIT_BAD_INPUT, subject, "%s", message);
    return EXIT_ANSWERED;
}

static int parse_board_file(const char *path, FILE *f, kl_code *code)
{
    char *text = read_all(f);
    int status = parse_board(path, text, code);
    free(text);
    return status;
}

/* Text that can only be meant as a file name. */
static bool is_ascii_path(const char *text)
{
    for (; *text; text++)
        if ((unsigned char)*text >= 0x80)
            return false;
    return true;
}

static bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int input_layout(const char *text, kl_code *code)
{
    char *typed = input_normalised(text);
    int status;
    bool typed_form = kl_layout_is_typed_form(typed);
    if (strcmp(typed, "-") == 0) {
        status = parse_board_file("stdin", stdin, code);
    } else if (!typed_form && is_regular_file(typed)) {
        FILE *f = fopen(typed, "r");
        status = f ? parse_board_file(typed, f, code) : report(EXIT_BAD_INPUT, typed, "cannot read the board file");
        if (f)
            fclose(f);
    } else if (!typed_form && strpbrk(typed, "/.") && !strchr(typed, '\n') && is_ascii_path(typed)) {
        status = report(EXIT_BAD_INPUT, typed, "no such board file");
    } else {
        status = input_typed_normalised(typed, true, code);
    }
    free(typed);
    return status;
}

/* input_group of text already normalised. */
static int parse_group(struct db *db, const char *text, struct kl_db_group_row *group)
{
    if (input_is_class_name(text))
        return report(EXIT_BAD_INPUT, text, "a class, not a group: a GROUP is written "
                                            "jiang-bing-style-group_num, e.g. %s-0", text);
    if (input_is_group_name(text)) {
        if (!db_group_named(db, text, group))
            return report(EXIT_NOT_FOUND, text, "no such group");
        return EXIT_ANSWERED;
    }
    kl_code code;
    int status = input_layout(text, &code);
    if (status != EXIT_ANSWERED)
        return status;
    struct kl_db_layout_row layout;
    if (!db_layout(db, code, &layout) || !db_group(db, layout.group_id, group))
        return report(EXIT_NOT_FOUND, text, "the database has no such layout or group");
    return EXIT_ANSWERED;
}

int input_group(struct db *db, const char *text, struct kl_db_group_row *group)
{
    char *typed = input_normalised(text);
    int status = parse_group(db, typed, group);
    free(typed);
    return status;
}

int input_class(struct db *db, const char *text, int64_t *class_id)
{
    char *typed = input_normalised(text);
    int j, b, s, used = 0, status = EXIT_ANSWERED;
    if (sscanf(typed, "%d-%d-%d%n", &j, &b, &s, &used) != 3 || typed[used])
        status = report(EXIT_BAD_INPUT, typed, "a CLASS is written jiang-bing-style, e.g. 5-4-1");
    else if ((*class_id = db_class_named(db, typed)) == DB_NULL)
        status = report(EXIT_NOT_FOUND, typed, "no such class");
    free(typed);
    return status;
}

/* Whether a line of stdin starts a board (a drawing's top or a row of a board) rather
 * than being one input of a list. */
static bool starts_board(const char *line)
{
    return kl_drawing_starts(line) || kl_layout_is_board_row(line);
}

/* Reads the inputs of a stream one by one: each non-blank line, or a board that begins
 * on a line (up to the next blank line or the end). */
struct reader {
    FILE *stream;
    char *line;        /* getline's buffer */
    size_t capacity;
    int number;        /* lines read, blank ones too */
    struct text_buffer {
        char *text;
        size_t length, capacity;
    } board;           /* the lines of the last board read */
};

/* Input read from a stream. */
struct input {
    const char *text; /* the line trimmed, or the board's lines; NULL at the end */
    bool is_board;
    int line;         /* its (first) line, from 1 */
};

/* The next line into r->line without its line end (and, on the first line, without a
 * UTF-8 byte-order mark), or NULL at the end. */
static char *read_line(struct reader *r)
{
    ssize_t length = getline(&r->line, &r->capacity, r->stream);
    if (length < 0)
        return NULL;
    while (length > 0 && (r->line[length - 1] == '\n' || r->line[length - 1] == '\r'))
        r->line[--length] = '\0';
    if (++r->number == 1 && strncmp(r->line, KL_LAYOUT_UTF8_BOM, strlen(KL_LAYOUT_UTF8_BOM)) == 0)
        memmove(r->line, r->line + strlen(KL_LAYOUT_UTF8_BOM), (size_t)length - strlen(KL_LAYOUT_UTF8_BOM) + 1);
    return r->line;
}

static void board_append(struct text_buffer *b, const char *line)
{
    size_t length = strlen(line);
    if (b->length + length + 2 > b->capacity) {
        b->capacity = 2 * (b->length + length + 2);
        b->text = xrealloc(b->text, b->capacity);
    }
    memcpy(b->text + b->length, line, length);
    b->length += length;
    b->text[b->length++] = '\n';
    b->text[b->length] = '\0';
}

static bool is_blank(const char *line) { return line[strspn(line, KL_LAYOUT_BLANKS)] == '\0'; }

static struct input next_input(struct reader *r)
{
    char *line;
    while ((line = read_line(r)) && is_blank(line))
        ;
    if (!line)
        return (struct input){NULL, false, r->number};
    struct input in = {line + strspn(line, KL_LAYOUT_BLANKS), false, r->number};
    if (!starts_board(line)) {
        size_t length = strlen(in.text);
        while (length > 0 && strchr(KL_LAYOUT_BLANKS, in.text[length - 1]))
            line[(size_t)(in.text - line) + --length] = '\0';
        return in;
    }
    /* A board's row may begin with blanks (its empty cells), so the lines go in whole. */
    r->board.length = 0;
    int lines = 0;
    do
        board_append(&r->board, line), lines++;
    while ((line = read_line(r)) && !is_blank(line));
    /* A row alone, with no row after it, is an input of its own (a short hex code). */
    if (lines == 1 && !kl_drawing_starts(r->board.text)) {
        in.text = r->board.text + strspn(r->board.text, KL_LAYOUT_BLANKS);
        r->board.text[strcspn(r->board.text, "\n")] = '\0';
        return in;
    }
    return (struct input){r->board.text, true, in.line};
}

static void reader_free(struct reader *r)
{
    free(r->line);
    free(r->board.text);
}

/* The subject of an input's errors: "stdin, line N", "FILE, line N" or "argument N". */
static void board_subject(const char *stream, int line, char subject[64])
{
    snprintf(subject, 64, "%s%s %d", stream, strcmp(stream, "argument") ? ", line" : "", line);
}

/* The two kinds of answer each_input can give (one is set), and the options they get. */
struct answerer {
    layout_answer layout;
    group_answer group;
    const void *options;
};

static int answer_text(struct db *db, const char *text, const struct answerer *answerer)
{
    if (answerer->group) {
        struct kl_db_group_row group;
        int status = input_group(db, text, &group);
        return status == EXIT_ANSWERED ? answerer->group(db, answerer->options, &group) : status;
    }
    kl_code code;
    struct kl_db_layout_row layout;
    struct kl_db_group_row group;
    int status = input_layout(text, &code);
    if (status == EXIT_ANSWERED)
        status = db_layout_in_group(db, code, &layout, &group);
    return status == EXIT_ANSWERED ? answerer->layout(db, answerer->options, &layout, &group) : status;
}

/* A board read from stdin, answered as its code. */
static int answer_board(struct db *db, const struct input *in, const struct answerer *answerer)
{
    char subject[64], hex[KL_CODE_TEXT_SIZE];
    kl_code code;
    board_subject("stdin", in->line, subject);
    int status = parse_board(subject, in->text, &code);
    if (status != EXIT_ANSWERED)
        return status;
    kl_code_format(code, hex);
    return answer_text(db, hex, answerer);
}

static int no_input_on_a_terminal(void)
{
    return report(EXIT_BAD_INPUT, NULL, "no input given: name it as an argument or pipe one per line to stdin");
}

/* Answers each argument, or each line or board of stdin. */
static int each_input(struct db *db, const struct request *req, const struct answerer *answerer)
{
    int status = EXIT_ANSWERED;
    if (req->arg_count > 0) {
        for (int i = 0; i < req->arg_count; i++)
            status = worse_status(status, answer_text(db, req->args[i], answerer));
        return status;
    }
    if (isatty(STDIN_FILENO))
        return no_input_on_a_terminal();
    struct reader r = {.stream = stdin};
    bool read_any = false;
    for (struct input in; (in = next_input(&r)).text;) {
        read_any = true;
        status = worse_status(status, in.is_board ? answer_board(db, &in, answerer) : answer_text(db, in.text, answerer));
    }
    reader_free(&r);
    if (!read_any)
        return report(EXIT_BAD_INPUT, NULL, "no input given: stdin held no layout or group");
    return status;
}

int input_each_layout(struct db *db, const struct request *req, layout_answer answer)
{
    return each_input(db, req, &(struct answerer){.layout = answer, .options = req->options});
}

int input_each_group(struct db *db, const struct request *req, group_answer answer)
{
    return each_input(db, req, &(struct answerer){.group = answer, .options = req->options});
}

/* Appends the layout one input of an attempt names: a board, a step from the layout
 * before, or a LAYOUT. */
static int list_add(struct input_list *list, size_t *capacity, const char *stream, const struct input *in)
{
    if (list->count == *capacity) {
        *capacity = *capacity ? 2 * *capacity : 64;
        list->codes = xrealloc(list->codes, *capacity * sizeof *list->codes);
        list->lines = xrealloc(list->lines, *capacity * sizeof *list->lines);
    }
    char subject[64];
    board_subject(stream, in->line, subject);
    kl_code *code = &list->codes[list->count];
    int status;
    if (in->is_board)
        status = parse_board(subject, in->text, code);
    else if (input_is_step(in->text) && list->count > 0)
        status = input_step(subject, in->text, list->codes[list->count - 1], code);
    else if (input_is_step(in->text))
        status = report(EXIT_BAD_INPUT, in->text, "%s: a step needs the layout it starts from before it", subject);
    else
        status = input_layout(in->text, code);
    if (status == EXIT_ANSWERED)
        list->lines[list->count++] = in->line;
    return status;
}

/* Adds every input of a stream: stdin, or a file named by an argument. */
static int list_add_stream(struct input_list *list, size_t *capacity, const char *name, FILE *stream)
{
    struct reader r = {.stream = stream};
    int status = EXIT_ANSWERED;
    for (struct input in; status == EXIT_ANSWERED && (in = next_input(&r)).text;)
        status = list_add(list, capacity, name, &in);
    reader_free(&r);
    return status;
}

int input_layout_list(const struct request *req, struct input_list *list)
{
    *list = (struct input_list){0};
    size_t capacity = 0;
    int status = EXIT_ANSWERED;
    if (req->arg_count == 0 && isatty(STDIN_FILENO))
        return no_input_on_a_terminal();
    if (req->arg_count == 0)
        status = list_add_stream(list, &capacity, "stdin", stdin);
    for (int i = 0; i < req->arg_count && status == EXIT_ANSWERED; i++) {
        char *name = input_normalised(req->args[i]);
        FILE *file = strcmp(name, "-") == 0 ? stdin : is_regular_file(name) ? fopen(name, "r") : NULL;
        if (file) {
            status = list_add_stream(list, &capacity, name, file);
            if (file != stdin)
                fclose(file);
        } else {
            status = list_add(list, &capacity, "argument", &(struct input){req->args[i], false, i + 1});
        }
        free(name);
    }
    if (status == EXIT_ANSWERED && list->count == 0)
        status = report(EXIT_BAD_INPUT, NULL, "no input given: stdin held no layout");
    if (status != EXIT_ANSWERED)
        input_list_free(list);
    return status;
}

void input_list_free(struct input_list *list)
{
    free(list->codes);
    free(list->lines);
    *list = (struct input_list){0};
}
