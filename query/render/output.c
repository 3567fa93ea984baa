#include "query/render/output.h"

#include <langinfo.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/json.h"
#include "core/utf8.h"
#include "answer/report.h"

#define DEFAULT_TERMINAL_WIDTH 80
#define COLUMN_GAP 2
#define BLOCK_GAP 3

enum cell_kind { CELL_TEXT, CELL_NUMBER, CELL_BOOL, CELL_NULL };

#define NO_TEXT SIZE_MAX

/* A cell's text lives in the table's pool, so that a table of a million rows costs a
 * few large allocations, not millions of small ones. */
struct cell {
    enum cell_kind kind;
    size_t text; /* offset in the pool of the value as printed (bools: "true"/"false"),
                    for nulls of the label; NO_TEXT for a null without a label */
};

struct table {
    const char *const *columns;
    size_t column_count;
    struct cell *cells;
    size_t cell_count, cell_capacity;
    char *pool;
    size_t pool_used, pool_capacity;
    bool streamed;   /* table_new_streamed: rows are printed as they come */
    bool started;    /* a streamed table printed its header and first rows */
    size_t number_width; /* a streamed text table's least width of a numeric column */
    struct column_layout {
        size_t *width; /* a text table's column widths */
        bool *numeric; /* which columns are right-aligned */
    } layout;        /* a streamed text table's, measured from its first rows */
};

/* Rows a streamed table holds before it prints: they set the widths of a text table. */
#define STREAM_MEASURED_ROWS 1024

/* The state of the output is the thread's own, so that each thread of the server writes
 * its answers in its own format to its own stream. */
static _Thread_local enum out_format chosen_format = FORMAT_TEXT;
static _Thread_local bool locale_is_utf8;
static _Thread_local FILE *stream; /* NULL: stdout */
/* The columns of the last CSV or Markdown table, whose header a table with the same
 * columns does not repeat. */
static _Thread_local const char *const *last_header;

void out_init(enum out_format format)
{
    chosen_format = format;
    locale_is_utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

enum out_format out_format(void) { return chosen_format; }

void out_set_stream(FILE *out)
{
    stream = out;
    last_header = NULL;
}

FILE *out_stream(void) { return stream ? stream : stdout; }

static void fputc_out(int c) { fputc(c, out_stream()); }

bool out_utf8(void) { return locale_is_utf8; }

struct table *table_new(const char *const *columns)
{
    struct table *t = xcalloc(1, sizeof *t);
    t->columns = columns;
    while (columns[t->column_count])
        t->column_count++;
    return t;
}

struct table *table_new_streamed(const char *const *columns, size_t number_width)
{
    struct table *t = table_new(columns);
    t->streamed = true;
    t->number_width = number_width;
    return t;
}

static void stream_rows(struct table *t);

static void add_cell(struct table *t, enum cell_kind kind, const char *text)
{
    if (t->cell_count == t->cell_capacity) {
        t->cell_capacity = t->cell_capacity ? 2 * t->cell_capacity : 64;
        t->cells = xrealloc(t->cells, t->cell_capacity * sizeof *t->cells);
    }
    size_t offset = NO_TEXT;
    if (text) {
        size_t len = strlen(text) + 1;
        if (t->pool_used + len > t->pool_capacity) {
            t->pool_capacity = 2 * (t->pool_capacity + len);
            t->pool = xrealloc(t->pool, t->pool_capacity);
        }
        offset = t->pool_used;
        memcpy(t->pool + offset, text, len);
        t->pool_used += len;
    }
    t->cells[t->cell_count++] = (struct cell){kind, offset};
    if (t->streamed)
        stream_rows(t);
}

void table_text(struct table *t, const char *text) { add_cell(t, CELL_TEXT, text); }

void table_number(struct table *t, long long n)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", n);
    add_cell(t, CELL_NUMBER, buf);
}

void table_bool(struct table *t, bool b) { add_cell(t, CELL_BOOL, b ? "true" : "false"); }

void table_number_or_null(struct table *t, long long n, const char *label)
{
    if (n >= 0)
        table_number(t, n);
    else
        table_null(t, label);
}

void table_code(struct table *t, kl_code code)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(code, hex);
    add_cell(t, CELL_TEXT, hex);
}

void table_null(struct table *t, const char *label) { add_cell(t, CELL_NULL, label); }

size_t table_rows(const struct table *t) { return t->cell_count / t->column_count; }

void table_free(struct table *t)
{
    if (!t)
        return;
    free(t->cells);
    free(t->pool);
    free(t->layout.width);
    free(t->layout.numeric);
    free(t);
}

static const struct cell *cell_at(const struct table *t, size_t row, size_t col)
{
    return &t->cells[row * t->column_count + col];
}

/* The text of a cell, or NULL for a null without a label. */
static const char *text_of(const struct table *t, const struct cell *c)
{
    return c->text == NO_TEXT ? NULL : t->pool + c->text;
}

/* A cell as people read it in a table. */
static const char *people_text(const struct table *t, const struct cell *c)
{
    const char *text = text_of(t, c);
    switch (c->kind) {
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
    struct column_layout layout = {xcalloc(t->column_count, sizeof *layout.width),
                                   xcalloc(t->column_count, sizeof *layout.numeric)};
    for (size_t col = 0; col < t->column_count; col++) {
        layout.width[col] = display_width(t->columns[col], strlen(t->columns[col]));
        layout.numeric[col] = true;
        for (size_t row = 0; row < rows; row++) {
            const struct cell *c = cell_at(t, row, col);
            const char *s = people_text(t, c);
            size_t w = display_width(s, strlen(s));
            layout.width[col] = w > layout.width[col] ? w : layout.width[col];
            layout.numeric[col] = layout.numeric[col] && (c->kind == CELL_NUMBER || c->kind == CELL_NULL);
        }
    }
    return layout;
}

/* A line of a text table: its header (row SIZE_MAX) or a row. */
static void print_text_line(const struct table *t, size_t row, const struct column_layout *layout)
{
    struct text line = {0};
    text_append(&line, "%s", "");
    for (size_t col = 0; col < t->column_count; col++) {
        const char *s = row == SIZE_MAX ? t->columns[col] : people_text(t, cell_at(t, row, col));
        append_padded(&line, s, layout->width[col], layout->numeric[col]);
        text_append(&line, "%s", col + 1 < t->column_count ? "  " : "");
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
    for (size_t col = 0; col < t->column_count; col++) {
        const struct cell *c = header ? NULL : cell_at(t, row, col);
        const char *s = header ? t->columns[col] : c->kind == CELL_NULL ? "" : text_of(t, c);
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

static void print_delimited_header(const struct table *t, bool md)
{
    if (!same_columns(last_header, t->columns)) {
        if (md && last_header)
            fputc_out('\n');
        print_delimited_line(t, 0, true, md);
        if (md) {
            for (size_t col = 0; col < t->column_count; col++)
                fputs(col ? " --- |" : "| --- |", out_stream());
            fputc_out('\n');
        }
        last_header = t->columns;
    }
}

/* Whether the JSON object or array being written has a member yet. */
static _Thread_local bool json_has_member;

static void json_key(const char *key)
{
    if (json_has_member)
        fputc_out(',');
    json_has_member = true;
    kl_json_string(out_stream(), key);
    fputc_out(':');
}

/* The JSON object of one answer: json_begin, then fields and arrays, then json_end,
 * which ends the line. */
static void json_begin(void)
{
    fputc_out('{');
    json_has_member = false;
}

/* Adds every cell of row `row` as a field. */
static void json_fields(const struct table *t, size_t row)
{
    for (size_t col = 0; col < t->column_count; col++) {
        const struct cell *c = cell_at(t, row, col);
        json_key(t->columns[col]);
        if (c->kind == CELL_TEXT)
            kl_json_string(out_stream(), text_of(t, c));
        else
            fputs(c->kind == CELL_NULL ? "null" : text_of(t, c), out_stream());
    }
}

/* A row as a JSON object, without a newline. */
static void print_json_object(const struct table *t, size_t row)
{
    json_begin();
    json_fields(t, row);
    fputc_out('}');
}

/* Adds a field `key` holding an array of one object per row. */
static void json_array(const char *key, const struct table *t)
{
    json_key(key);
    fputc_out('[');
    for (size_t row = 0; row < table_rows(t); row++) {
        if (row > 0)
            fputc_out(',');
        print_json_object(t, row);
    }
    fputc_out(']');
    json_has_member = true;
}

static void json_end(void) { fputs("}\n", out_stream()); }

/* Prints the rows the table holds, without a header; a text table in `layout`. */
static void print_rows(const struct table *t, const struct column_layout *layout)
{
    for (size_t row = 0; row < table_rows(t); row++) {
        switch (chosen_format) {
        case FORMAT_TEXT: print_text_line(t, row, layout); break;
        case FORMAT_CSV: print_delimited_line(t, row, false, false); break;
        case FORMAT_MD: print_delimited_line(t, row, false, true); break;
        case FORMAT_JSON:
            print_json_object(t, row);
            fputc_out('\n');
            break;
        }
    }
}

/* Prints the header and the rows held; a text table's layout, measured from them, goes
 * into *layout (free its arrays). */
static void print_with_header(const struct table *t, struct column_layout *layout)
{
    if (chosen_format == FORMAT_TEXT) {
        *layout = measure_columns(t);
        for (size_t col = 0; col < t->column_count; col++)
            if (layout->numeric[col] && layout->width[col] < t->number_width)
                layout->width[col] = t->number_width;
        print_text_line(t, SIZE_MAX, layout);
    } else if (chosen_format != FORMAT_JSON) {
        print_delimited_header(t, chosen_format == FORMAT_MD);
    }
    print_rows(t, layout);
}

/* A streamed table's complete rows go out once it has measured enough of them, and are
 * let go. */
static void stream_rows(struct table *t)
{
    if (t->cell_count % t->column_count != 0 || (!t->started && table_rows(t) < STREAM_MEASURED_ROWS))
        return;
    if (t->started)
        print_rows(t, &t->layout);
    else
        print_with_header(t, &t->layout);
    t->started = true;
    t->cell_count = 0;
    t->pool_used = 0;
}

void table_print(const struct table *t)
{
    if (t->started) {
        print_rows(t, &t->layout);
        return;
    }
    struct column_layout layout = {0};
    print_with_header(t, &layout);
    free(layout.width);
    free(layout.numeric);
}

char *card_text(const struct table *t, size_t row)
{
    size_t name_width = 0;
    for (size_t col = 0; col < t->column_count; col++) {
        size_t w = strlen(t->columns[col]);
        name_width = w > name_width ? w : name_width;
    }
    struct text b = {0};
    for (size_t col = 0; col < t->column_count; col++) {
        const struct cell *c = cell_at(t, row, col);
        if (c->kind == CELL_NULL && c->text == NO_TEXT)
            continue;
        char name[64];
        snprintf(name, sizeof name, "%s", t->columns[col]);
        for (char *p = name; *p; p++)
            *p = *p == '_' ? ' ' : *p;
        /* A value of several lines (show's names, one a line) keeps to its column. */
        const char *value = people_text(t, c);
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
    static _Thread_local bool answered_before;
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

void answer_print(const char *headline, const struct table *summary, const char *list_key,
                  const struct table *list)
{
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
        json_begin();
        json_fields(summary, 0);
        json_array(list_key, list);
        json_end();
        break;
    default: table_print(list); break;
    }
}
