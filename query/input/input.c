#include "query/input/input.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/board.h"
#include "core/drawing.h"
#include "core/layout_text.h"
#include "query/input/classic.h"
#include "query/report.h"

#define MAX_BOARD_FILE (64 * 1024)
#define MAX_NAMED_LAYOUTS 16

/* Reads a whole stream (at most MAX_BOARD_FILE bytes) into a malloc'd string. */
static char *read_all(FILE *f)
{
    char *text = xmalloc(MAX_BOARD_FILE + 1);
    size_t n = fread(text, 1, MAX_BOARD_FILE, f);
    text[n] = '\0';
    return text;
}

/* A board as text: a drawing, else the letters of core/board.h. */
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

static int unknown_name(const char *text)
{
    const char *names[CLASSIC_SUGGESTIONS];
    size_t count = classic_suggest(text, names);
    char list[512];
    size_t used = (size_t)snprintf(list, sizeof list, "%s", count ? "closest names: " : "no classic name is close");
    for (size_t i = 0; i < count && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    return report(EXIT_BAD_INPUT, text, "not a code, id, grid, board file or classic name; %s", list);
}

/* A classic name, or NAME#N: the Nth (from 1) of the layouts a name names, by code. */
static int parse_name(const char *text, kl_code *code)
{
    kl_code codes[MAX_NAMED_LAYOUTS];
    size_t count = classic_codes(text, codes, MAX_NAMED_LAYOUTS);
    if (count == 1) {
        *code = codes[0];
        return EXIT_ANSWERED;
    }
    const char *hash = strrchr(text, '#');
    if (count == 0 && hash && hash > text && hash[1] && strspn(hash + 1, "0123456789") == strlen(hash + 1)) {
        char *name = xstrdup(text);
        name[hash - text] = '\0';
        count = classic_codes(name, codes, MAX_NAMED_LAYOUTS);
        free(name);
        unsigned long pick = strtoul(hash + 1, NULL, 10);
        if (count == 0)
            return unknown_name(text);
        if (pick >= 1 && pick <= count && pick <= MAX_NAMED_LAYOUTS) {
            *code = codes[pick - 1];
            return EXIT_ANSWERED;
        }
        return report(EXIT_BAD_INPUT, text, "the name has %zu layouts; pick #1 to #%zu", count, count);
    }
    if (count == 0)
        return unknown_name(text);
    char list[1024] = "";
    for (size_t i = 0; i < count && i < MAX_NAMED_LAYOUTS; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(codes[i], hex);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s#%zu = %s", i ? ", " : "", text, i + 1, hex);
    }
    return report(EXIT_BAD_INPUT, text, "names %zu layouts; pick one: %s", count, list);
}

static bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int input_layout(const char *text, kl_code *code)
{
    if (strcmp(text, "-") == 0)
        return parse_board_file("stdin", stdin, code);
    if (text[0] != '#' && !kl_layout_is_grid(text) && is_regular_file(text)) {
        FILE *f = fopen(text, "r");
        if (!f)
            return report(EXIT_BAD_INPUT, text, "cannot read the board file");
        int status = parse_board_file(text, f, code);
        fclose(f);
        return status;
    }
    if (strpbrk(text, "/.") && is_ascii_path(text))
        return report(EXIT_BAD_INPUT, text, "no such board file");
    return input_layout_typed(text, code);
}

int input_layout_typed(const char *text, kl_code *code)
{
    char message[KL_LAYOUT_MESSAGE_SIZE];
    switch (kl_layout_parse(text, code, message)) {
    case KL_LAYOUT_PARSED:
        return EXIT_ANSWERED;
    case KL_LAYOUT_INVALID:
        return report(EXIT_BAD_INPUT, text, "%s", message);
    case KL_LAYOUT_NO_FORM:
        break;
    }
    return parse_name(text, code);
}

/* Whether text is `count` numbers joined by '-': a group name has four, a class name
 * three. */
static bool is_dashed_numbers(const char *text, int count)
{
    int numbers = 0;
    for (const char *p = text; *p; numbers++) {
        size_t digits = strspn(p, "0123456789");
        if (digits == 0)
            return false;
        p += digits;
        if (*p == '-' && p[1])
            p++;
        else if (*p)
            return false;
    }
    return numbers == count;
}

int input_group(struct db *db, const char *text, struct group_row *group)
{
    if (is_dashed_numbers(text, 3))
        return report(EXIT_BAD_INPUT, text, "a class, not a group: a GROUP is written "
                                            "jiang-bing-style-group_num, e.g. %s-0", text);
    if (is_dashed_numbers(text, 4)) {
        if (!db_group_named(db, text, group))
            return report(EXIT_NOT_FOUND, text, "no such group");
        return EXIT_ANSWERED;
    }
    kl_code code;
    int status = input_layout(text, &code);
    if (status != EXIT_ANSWERED)
        return status;
    struct layout_row layout;
    if (!db_layout(db, code, &layout) || !db_group(db, layout.group_id, group))
        return report(EXIT_NOT_FOUND, text, "the database has no such layout or group");
    return EXIT_ANSWERED;
}

int input_class(struct db *db, const char *text, int64_t *class_id)
{
    int j, b, s, used = 0;
    if (sscanf(text, "%d-%d-%d%n", &j, &b, &s, &used) != 3 || text[used])
        return report(EXIT_BAD_INPUT, text, "a CLASS is written jiang-bing-style, e.g. 5-4-1");
    *class_id = db_class_named(db, text);
    if (*class_id == DB_NULL)
        return report(EXIT_NOT_FOUND, text, "no such class");
    return EXIT_ANSWERED;
}

/* Whether a line of stdin starts a board (a drawing's top or a row of board letters)
 * rather than being one input of a list. */
static bool starts_board(const char *line)
{
    return kl_drawing_starts(line) || (strlen(line) == KL_COLS && strspn(line, "KHVOkhvo.") == KL_COLS);
}

/* The two kinds of answer each_input can give; one is set. */
struct answerer {
    layout_answer layout;
    group_answer group;
};

static int answer_text(struct db *db, const char *text, const struct answerer *answerer)
{
    if (answerer->group) {
        struct group_row group;
        int status = input_group(db, text, &group);
        return status == EXIT_ANSWERED ? answerer->group(db, &group) : status;
    }
    kl_code code;
    struct layout_row layout;
    struct group_row group;
    int status = input_layout(text, &code);
    if (status == EXIT_ANSWERED)
        status = db_layout_in_group(db, code, &layout, &group);
    return status == EXIT_ANSWERED ? answerer->layout(db, &layout, &group) : status;
}

/* stdin holds one board: `first` (its first line, already read) and the rest. */
static int answer_board_on_stdin(struct db *db, const char *first, const struct answerer *answerer)
{
    char *rest = read_all(stdin);
    char *text = xmalloc(strlen(first) + strlen(rest) + 2);
    sprintf(text, "%s\n%s", first, rest);
    kl_code code;
    int status = parse_board("stdin", text, &code);
    free(text);
    free(rest);
    if (status != EXIT_ANSWERED)
        return status;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    return answer_text(db, hex, answerer);
}

/* The next non-blank line of stdin, trimmed, in *line (getline's buffer of *capacity
 * bytes); *number counts the lines read, blank ones too.  Returns the text, or NULL at
 * the end. */
static char *next_line(char **line, size_t *capacity, int *number)
{
    while (getline(line, capacity, stdin) >= 0) {
        ++*number;
        char *text = *line + strspn(*line, " \t");
        size_t len = strlen(text);
        while (len > 0 && isspace((unsigned char)text[len - 1]))
            text[--len] = '\0';
        if (len > 0)
            return text;
    }
    return NULL;
}

static int no_input_on_a_terminal(void)
{
    return report(EXIT_BAD_INPUT, NULL, "no input given: name it as an argument or pipe one per line to stdin");
}

/* Answers each argument, or each line of stdin, or the board stdin holds. */
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
    char *line = NULL, *text;
    size_t capacity = 0;
    int number = 0;
    bool first = true, read_any = false;
    while ((text = next_line(&line, &capacity, &number))) {
        read_any = true;
        if (first && starts_board(text)) {
            status = answer_board_on_stdin(db, line, answerer);
            break;
        }
        first = false;
        status = worse_status(status, answer_text(db, text, answerer));
    }
    free(line);
    if (!read_any)
        return report(EXIT_BAD_INPUT, NULL, "no input given: stdin held no layout or group");
    return status;
}

int input_each_layout(struct db *db, const struct request *req, layout_answer answer)
{
    return each_input(db, req, &(struct answerer){.layout = answer});
}

int input_each_group(struct db *db, const struct request *req, group_answer answer)
{
    return each_input(db, req, &(struct answerer){.group = answer});
}

int input_layout_list(const struct request *req, struct input_list *list)
{
    *list = (struct input_list){0};
    size_t capacity = 0;
    int status = EXIT_ANSWERED;
    char *line = NULL, *text = NULL;
    size_t line_capacity = 0;
    int number = 0;
    if (req->arg_count == 0 && isatty(STDIN_FILENO))
        return no_input_on_a_terminal();
    for (;;) {
        if (req->arg_count > 0)
            text = number < req->arg_count ? req->args[number++] : NULL;
        else
            text = next_line(&line, &line_capacity, &number);
        if (!text)
            break;
        if (list->count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            list->codes = xrealloc(list->codes, capacity * sizeof *list->codes);
            list->lines = xrealloc(list->lines, capacity * sizeof *list->lines);
        }
        status = input_layout(text, &list->codes[list->count]);
        if (status != EXIT_ANSWERED)
            break;
        list->lines[list->count++] = number;
    }
    free(line);
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
