#include "query/render/output.h"

#include <langinfo.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/utf8.h"
#include "answer/report.h"
#include "answer/value_json.h"

#define DEFAULT_TERMINAL_WIDTH 80
#define COLUMN_GAP 2
#define BLOCK_GAP 3

/* A streamed table's state, its row callback's context (answer/value.h). */
struct column_layout {
    size_t *width; /* a text table's column widths */
    bool *numeric; /* which columns are right-aligned */
};

struct stream {
    bool started;        /* it printed its header and first rows */
    size_t number_width; /* a text table's least width of a numeric column */
    struct column_layout layout; /* a text table's, measured from its first rows */
};

/* Rows a streamed table holds before it prints: they set the widths of a text table. */
#define STREAM_MEASURED_ROWS 1024

/* The command line's output: its format, and whether its locale is UTF-8.  The server
 * writes its answers' values as JSON itself (answer/value_json.h) and reads none of it. */
static enum out_format chosen_format = FORMAT_TEXT;
static bool locale_is_utf8;
/* A copy of the columns of the last CSV or Markdown table, whose header a table with the
 * same columns does not repeat (a copy: the table's own names may go with it). */
static char **last_header;

void out_init(enum out_format format)
{
    chosen_format = format;
    locale_is_utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

enum out_format out_format(void) { return chosen_format; }

FILE *out_stream(void) { return stdout; }

static void fputc_out(int c) { fputc(c, out_stream()); }

bool out_utf8(void) { return locale_is_utf8; }

static void stream_rows(struct table *t, void *context);

static void free_stream(void *context)
{
    struct stream *stream = context;
    free(stream->layout.width);
    free(stream->layout.numeric);
    free(stream);
}

struct table *table_new_streamed(const char *const *columns, size_t number_width)
{
    struct table *t = table_new(columns);
    struct stream *stream = xcalloc(1, sizeof *stream);
    stream->number_width = number_width;
    table_on_row(t, stream_rows, stream, free_stream);
    return t;
}

/* A cell as people read it in a table. */
static const char *people_text(const struct table *t, size_t row, size_t col)
{
    const char *text = table_cell_text(t, row, col);
    switch (table_cell_kind(t, row, col)) {
    case CELL_BOOL: return text[0] == 't' ? "yes" : "no";
    case CELL_NULL: return text ? text : "-";
    default: return text;
    }
}

/* Whether code point cp takes two terminal columns: the East Asian wide and fullwidth
 * ranges of Unicode (CJK ideographs and punctuation, kana, hangul, fullwidth forms). */
static bool is_wide(unsigned cp)
{
    return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) || (cp >= 0x3041 && cp <= 0x33FF) ||
           (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
           (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
           (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
           (cp >= 0x20000 && cp <= 0x3FFFD);
}

/* Number of terminal columns the first `len` bytes of the UTF-8 string s take: a wide
 * character counts 2, any other 1 (a byte that is not UTF-8 too: core/utf8.h), whatever
 * the locale (the names are UTF-8 even where the locale is not, and a terminal shows
 * them two columns wide). */
static size_t display_width(const char *s, size_t len)
{
    size_t width = 0;
    for (size_t i = 0; i < len;) {
        unsigned cp;
        i += kl_utf8_decode(s + i, len - i, &cp);
        width += is_wide(cp) ? 2 : 1;
    }
    return width;
}

/* A growing string. */
struct text {
    char *s;
    size_t len, cap;
};

static void text_append(struct text *b, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static void text_append(struct text *b, const char *format, ...)
{
    for (;;) {
        va_list args;
        va_start(args, format);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, format, args);
        va_end(args);
        if (b->s && (size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        b->cap = 2 * (b->cap + (size_t)n + 1);
        b->s = xrealloc(b->s, b->cap);
        if (b->len == 0)
            b->s[0] = '\0';
    }
}

/* Prints a line without its trailing blanks, and a newline. */
static void put_trimmed(struct text *line)
{
    while (line->len > 0 && line->s[line->len - 1] == ' ')
        line->s[--line->len] = '\0';
    fputs(line->s, out_stream());
    fputc_out('\n');
}

/* Appends s to a line, padded to `width` columns. */
static void append_padded(struct text *line, const char *s, size_t width, bool right_aligned)
{
    size_t w = display_width(s, strlen(s)), pad = width > w ? width - w : 0;
    if (right_aligned)
        text_append(line, "%*s%s", (int)pad, "", s);
    else
        text_append(line, "%s%*s", s, (int)pad, "");
}

/* The widths and alignment of a text table's columns, from its header and the rows it
 * holds: arrays of column_count, malloc'd. */
static struct column_layout measure_columns(const struct table *t)
{
    size_t rows = table_rows(t);
    size_t column_count = table_column_count(t);
    const char *const *columns = table_columns(t);
    struct column_layout layout = {xcalloc(column_count, sizeof *layout.width),
                                   xcalloc(column_count, sizeof *layout.numeric)};
    for (size_t col = 0; col < column_count; col++) {
        layout.width[col] = display_width(columns[col], strlen(columns[col]));
        layout.numeric[col] = true;
        for (size_t row = 0; row < rows; row++) {
            const char *s = people_text(t, row, col);
            size_t w = display_width(s, strlen(s));
            enum cell_kind kind = table_cell_kind(t, row, col);
            layout.width[col] = w > layout.width[col] ? w : layout.width[col];
            layout.numeric[col] = layout.numeric[col] && (kind == CELL_NUMBER || kind == CELL_NULL);
        }
    }
    return layout;
}

/* A line of a text table: its header (row SIZE_MAX) or a row. */
static void print_text_line(const struct table *t, size_t row, const struct column_layout *layout)
{
    struct text line = {0};
    text_append(&line, "%s", "");
    size_t column_count = table_column_count(t);
    for (size_t col = 0; col < column_count; col++) {
        const char *s = row == SIZE_MAX ? table_columns(t)[col] : people_text(t, row, col);
        append_padded(&line, s, layout->width[col], layout->numeric[col]);
        text_append(&line, "%s", col + 1 < column_count ? "  " : "");
    }
    put_trimmed(&line);
    free(line.s);
}

static void print_csv_field(const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out_stream());
        return;
    }
    fputc_out('"');
    for (; *s; s++) {
        if (*s == '"')
            fputc_out('"');
        fputc_out(*s);
    }
    fputc_out('"');
}

static void print_md_field(const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputc_out('\\');
        fputc_out(*s == '\n' ? ' ' : *s);
    }
}

/* CSV or Markdown: the separator between, before and after the fields of a line. */
static void print_delimited_line(const struct table *t, size_t row, bool header, bool md)
{
    fputs(md ? "| " : "", out_stream());
    for (size_t col = 0; col < table_column_count(t); col++) {
        const char *s = header                                      ? table_columns(t)[col]
                        : table_cell_kind(t, row, col) == CELL_NULL ? ""
                                                                    : table_cell_text(t, row, col);
        if (col > 0)
            fputs(md ? " | " : ",", out_stream());
        (md ? print_md_field : print_csv_field)(s);
    }
    fputs(md ? " |\n" : "\n", out_stream());
}

static bool same_columns(const char *const *a, const char *const *b)
{
    if (!a || !b)
        return false;
    for (; *a && *b; a++, b++)
        if (strcmp(*a, *b) != 0)
            return false;
    return !*a && !*b;
}

static void remember_header(const char *const *columns)
{
    for (char **name = last_header; name && *name; name++)
        free(*name);
    free(last_header);
    size_t count = 0;
    while (columns[count])
        count++;
    last_header = xcalloc(count + 1, sizeof *last_header);
    for (size_t i = 0; i < count; i++)
        last_header[i] = xstrdup(columns[i]);
}

static void print_delimited_header(const struct table *t, bool md)
{
    if (!same_columns((const char *const *)last_header, table_columns(t))) {
        if (md && last_header)
            fputc_out('\n');
        print_delimited_line(t, 0, true, md);
        if (md) {
            for (size_t col = 0; col < table_column_count(t); col++)
                fputs(col ? " --- |" : "| --- |", out_stream());
            fputc_out('\n');
        }
        remember_header(table_columns(t));
    }
}

/* Prints the rows the table holds, without a header; a text table in `layout`. */
static void print_rows(const struct table *t, const struct column_layout *layout)
{
    for (size_t row = 0; row < table_rows(t); row++) {
        switch (chosen_format) {
        case FORMAT_TEXT: print_text_line(t, row, layout); break;
        case FORMAT_CSV: print_delimited_line(t, row, false, false); break;
        case FORMAT_MD: print_delimited_line(t, row, false, true); break;
        case FORMAT_JSON:
            value_json_row(out_stream(), t, row);
            fputc_out('\n');
            break;
        }
    }
}

/* Prints the header and the rows held; a text table's layout, measured from them, its
 * numeric columns at least number_width wide, goes into *layout (free its arrays). */
static void print_with_header(const struct table *t, size_t number_width, struct column_layout *layout)
{
    if (chosen_format == FORMAT_TEXT) {
        *layout = measure_columns(t);
        for (size_t col = 0; col < table_column_count(t); col++)
            if (layout->numeric[col] && layout->width[col] < number_width)
                layout->width[col] = number_width;
        print_text_line(t, SIZE_MAX, layout);
    } else if (chosen_format != FORMAT_JSON) {
        print_delimited_header(t, chosen_format == FORMAT_MD);
    }
    print_rows(t, layout);
}

/* A streamed table's complete rows go out once it has measured enough of them, and are
 * let go. */
static void stream_rows(struct table *t, void *context)
{
    struct stream *stream = context;
    if (!stream->started && table_rows(t) < STREAM_MEASURED_ROWS)
        return;
    if (stream->started)
        print_rows(t, &stream->layout);
    else
        print_with_header(t, stream->number_width, &stream->layout);
    stream->started = true;
    table_drop_rows(t);
}

void table_print(const struct table *t)
{
    const struct stream *stream = table_row_context(t);
    if (stream && stream->started) {
        print_rows(t, &stream->layout);
        return;
    }
    struct column_layout layout = {0};
    print_with_header(t, stream ? stream->number_width : 0, &layout);
    free(layout.width);
    free(layout.numeric);
}

char *card_text(const struct table *t, size_t row)
{
    size_t name_width = 0;
    const char *const *columns = table_columns(t);
    for (size_t col = 0; col < table_column_count(t); col++) {
        size_t w = strlen(columns[col]);
        name_width = w > name_width ? w : name_width;
    }
    struct text b = {0};
    for (size_t col = 0; col < table_column_count(t); col++) {
        if (table_cell_kind(t, row, col) == CELL_NULL && !table_cell_text(t, row, col))
            continue;
        char name[64];
        snprintf(name, sizeof name, "%s", columns[col]);
        for (char *p = name; *p; p++)
            *p = *p == '_' ? ' ' : *p;
        /* A value of several lines (show's names, one a line) keeps to its column. */
        const char *value = people_text(t, row, col);
        text_append(&b, "%-*s  ", (int)name_width, name);
        for (const char *line = value;;) {
            size_t length = strcspn(line, "\n");
            text_append(&b, "%.*s\n", (int)length, line);
            if (!line[length])
                break;
            line += length + 1;
            text_append(&b, "%*s", (int)name_width + 2, "");
        }
    }
    return b.s ? b.s : xstrdup("");
}

void out_next_answer(void)
{
    static bool answered_before;
    if (answered_before && chosen_format == FORMAT_TEXT)
        fputc_out('\n');
    answered_before = true;
}

static int terminal_width(void)
{
    const char *columns = getenv("COLUMNS");
    int width = columns ? atoi(columns) : 0;
    struct winsize size;
    if (width <= 0 && isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0)
        width = size.ws_col;
    return width > 0 ? width : DEFAULT_TERMINAL_WIDTH;
}

/* Widest line of a block, in terminal columns. */
static size_t block_width(const char *block)
{
    size_t widest = 0;
    for (const char *line = block; *line;) {
        size_t len = strcspn(line, "\n"), w = display_width(line, len);
        widest = w > widest ? w : widest;
        line += len + (line[len] == '\n');
    }
    return widest;
}

/* The widths of the columns when blocks go `per_row` to a row (each column as wide as
 * its widest block) into width; returns the width of a row, gaps included. */
static size_t grid_width(const size_t *block_widths, size_t count, size_t per_row, size_t *width)
{
    for (size_t i = 0; i < per_row; i++)
        width[i] = 0;
    for (size_t i = 0; i < count; i++)
        width[i % per_row] = block_widths[i] > width[i % per_row] ? block_widths[i] : width[i % per_row];
    size_t total = (per_row - 1) * BLOCK_GAP;
    for (size_t i = 0; i < per_row; i++)
        total += width[i];
    return total;
}

void blocks_print(char *const *blocks, size_t count)
{
    if (count == 0)
        return;
    size_t *block_widths = xcalloc(count, sizeof *block_widths), *width = xcalloc(count, sizeof *width);
    for (size_t i = 0; i < count; i++)
        block_widths[i] = block_width(blocks[i]);
    size_t per_row = count;
    while (per_row > 1 && grid_width(block_widths, count, per_row, width) > (size_t)terminal_width())
        per_row--;
    grid_width(block_widths, count, per_row, width);
    free(block_widths);
    const char **line = xmalloc(per_row * sizeof *line);
    for (size_t first = 0; first < count; first += per_row) {
        size_t in_row = first + per_row < count ? per_row : count - first;
        for (size_t i = 0; i < in_row; i++)
            line[i] = blocks[first + i];
        if (first > 0)
            fputc_out('\n');
        for (bool more = true; more;) {
            more = false;
            struct text out = {0};
            for (size_t i = 0; i < in_row; i++) {
                size_t len = strcspn(line[i], "\n");
                size_t pad = i + 1 < in_row ? width[i] + BLOCK_GAP - display_width(line[i], len) : 0;
                text_append(&out, "%.*s%*s", (int)len, line[i], (int)pad, "");
                line[i] += len + (line[i][len] == '\n');
                more = more || *line[i];
            }
            put_trimmed(&out);
            free(out.s);
        }
    }
    free(line);
    free(width);
}

void answer_print(const char *headline, const struct answer_value *answer)
{
    const struct table *summary = answer->summary, *list = answer->list;
    out_next_answer();
    switch (chosen_format) {
    case FORMAT_TEXT:
        if (headline) {
            fprintf(out_stream(), "%s\n\n", headline);
        } else {
            char *card = card_text(summary, 0);
            fprintf(out_stream(), "%s\n", card);
            free(card);
        }
        table_print(list);
        break;
    case FORMAT_JSON:
        value_json_answer(out_stream(), answer);
        fputc_out('\n');
        break;
    default: table_print(list); break;
    }
}
