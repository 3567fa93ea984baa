#include "builder/base/table_pages.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The database header: the first 100 bytes of page 1; integers big-endian. */
#define HEADER_BYTES 100
#define HEADER_MAGIC "SQLite format 3"     /* with its NUL, the first 16 bytes */
#define HEADER_PAGE_SIZE 16                /* 2 bytes; 1 stands for 65536 */
#define HEADER_RESERVED 20                 /* bytes at the end of each page not for cells */
#define HEADER_CHANGE_COUNTER 24           /* 4 bytes, bumped by every change to the file */
#define HEADER_PAGE_COUNT 28               /* 4 bytes; trusted only while ... */
#define HEADER_VERSION_VALID_FOR 92        /* ... this equals the change counter */
#define HEADER_SCHEMA_FORMAT 44            /* 4 bytes; from 4 on, the integers 0 and 1 are
                                              stored in the record header alone */
#define HEADER_LARGEST_ROOT 52             /* 4 bytes; nonzero: auto-vacuum, whose
                                              pointer-map pages this writer does not keep */

/* A b-tree page header: type (1 byte), first freeblock (2), cell count (2), start of the
 * cell content area (2; 0 stands for 65536), fragmented free bytes (1), then on an
 * interior page the right-most child (4).  The cell pointer array follows the header;
 * cells fill the page from its usable end downwards. */
#define PAGE_TYPE 0
#define PAGE_CELL_COUNT 3
#define PAGE_CONTENT_START 5
#define PAGE_RIGHT_CHILD 8
#define LEAF_TABLE 0x0D
#define INTERIOR_TABLE 0x05
#define LEAF_HEADER_BYTES 8
#define INTERIOR_HEADER_BYTES 12

/* A leaf cell: payload size (varint), rowid (varint), the record: its header (header
 * size, then one serial type per column, each a one-byte varint below 128) and the
 * column bodies (at most 8 bytes each). */
#define VARINT_MAX_BYTES 9
#define CELL_MAX_BYTES (2 * VARINT_MAX_BYTES + 1 + TABLE_PAGES_MAX_COLUMNS * 9)
#define INTERIOR_CELL_MAX_BYTES (4 + VARINT_MAX_BYTES)
#define SERIAL_NULL 0
#define SERIAL_ZERO 8 /* the integer 0, no body; schema format 4 on */
#define SERIAL_ONE 9  /* the integer 1, no body; schema format 4 on */

/* Pages are written in batches of this many, in one pwrite each. */
#define BATCH_PAGES 256

/* Alignment of the batch buffer and of its file offsets for direct I/O. */
#define DIRECT_ALIGNMENT 4096

/* One table_pages_fill call. */
struct writer {
    int fd;
    int direct_fd;         /* the file again, opened with O_DIRECT for the page batches:
                              they bypass the page cache, whose copy of every page took
                              longer than encoding them; -1 where the file system or the
                              page size does not allow it, and then fd writes them */
    uint32_t page_size;    /* bytes a page */
    uint32_t usable;       /* page_size less the reserved bytes */
    uint32_t page_count;   /* pages in the file, the written ones included */
    bool small_constants;  /* serial types 8 and 9 allowed */
    unsigned char header[HEADER_BYTES];
    unsigned char *batch;  /* BATCH_PAGES pages being filled */
    uint32_t batch_first;  /* page number of batch's first page */
    uint32_t batch_used;   /* pages of batch filled */
    char *err;
    size_t err_size;
};

/* The pages of one b-tree level, in key order: the number of each and the largest rowid
 * below it, which is its key in the level above. */
struct level {
    uint32_t *pages;
    int64_t *keys;
    size_t count, capacity;
};

/* Writes the reason into the caller's err (the caller names the file) and returns -1. */
static int fail(struct writer *w, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(w->err, w->err_size, format, args);
    va_end(args);
    return -1;
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static void put_u16(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 8);
    p[1] = (unsigned char)v;
}

/* Writes v as SQLite's varint (7 bits a byte, high bit set on all but the last; a ninth
 * byte holds 8 bits) and returns its length. */
static int put_varint(unsigned char *p, uint64_t v)
{
    if (v <= 0x7F) {
        p[0] = (unsigned char)v;
        return 1;
    }
    if (v >> 56) {
        p[8] = (unsigned char)v;
        v >>= 8;
        for (int i = 7; i >= 0; i--, v >>= 7)
            p[i] = (unsigned char)((v & 0x7F) | 0x80);
        return 9;
    }
    unsigned char reversed[VARINT_MAX_BYTES];
    int n = 0;
    for (; v; v >>= 7)
        reversed[n++] = (unsigned char)((v & 0x7F) | 0x80);
    reversed[0] &= 0x7F;
    for (int i = 0; i < n; i++)
        p[i] = reversed[n - 1 - i];
    return n;
}

static int varint_length(uint64_t v)
{
    unsigned char scratch[VARINT_MAX_BYTES];
    return put_varint(scratch, v);
}

/* The serial type SQLite gives an integer: the smallest body that holds it. */
static int integer_serial_type(int64_t v, bool small_constants, int *bytes)
{
    static const struct {
        uint64_t limit; /* largest magnitude (or ~negative) that fits */
        int type, bytes;
    } sizes[] = {{0x7F, 1, 1}, {0x7FFF, 2, 2}, {0x7FFFFF, 3, 3}, {0x7FFFFFFF, 4, 4},
                 {0x7FFFFFFFFFFF, 5, 6}, {UINT64_MAX, 6, 8}};
    if (small_constants && (v == 0 || v == 1)) {
        *bytes = 0;
        return v == 0 ? SERIAL_ZERO : SERIAL_ONE;
    }
    uint64_t magnitude = v < 0 ? ~(uint64_t)v : (uint64_t)v;
    size_t k = 0;
    while (magnitude > sizes[k].limit)
        k++;
    *bytes = sizes[k].bytes;
    return sizes[k].type;
}

/* Encodes one row as a table leaf cell into cell and returns its length. */
static int encode_cell(const struct table_pages_row *row, int column_count, bool small_constants,
                       unsigned char cell[CELL_MAX_BYTES])
{
    if (row->stored_columns > 0)
        column_count = row->stored_columns;
    unsigned char record[1 + TABLE_PAGES_MAX_COLUMNS + TABLE_PAGES_MAX_COLUMNS * 8];
    int header = 1 + column_count, body = header;
    record[0] = (unsigned char)header;
    for (int c = 0; c < column_count; c++) {
        int bytes = 0;
        int type = row->is_null[c] ? SERIAL_NULL
                                   : integer_serial_type(row->values[c], small_constants, &bytes);
        record[1 + c] = (unsigned char)type;
        for (int b = bytes - 1; b >= 0; b--)
            record[body++] = (unsigned char)((uint64_t)row->values[c] >> (8 * b));
    }
    int used = put_varint(cell, (uint64_t)body);
    used += put_varint(cell + used, (uint64_t)row->rowid);
    memcpy(cell + used, record, (size_t)body);
    return used + body;
}

static int write_pages(struct writer *w, uint32_t first, const unsigned char *pages, uint32_t count)
{
    size_t bytes = (size_t)count * w->page_size;
    off_t offset = (off_t)(first - 1) * w->page_size;
    for (size_t done = 0; done < bytes;) {
        int fd = w->direct_fd >= 0 ? w->direct_fd : w->fd;
        ssize_t n = pwrite(fd, pages + done, bytes - done, offset + (off_t)done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EINVAL && fd == w->direct_fd) { /* refused: write buffered */
            close(w->direct_fd);
            w->direct_fd = -1;
            continue;
        }
        if (n <= 0) /* worded for a full disk as SQLite words it */
            return fail(w, "cannot write: %s", n == 0 || errno == ENOSPC ? "the disk is full"
                                                                        : strerror(errno));
        done += (size_t)n;
    }
    return 0;
}

static int flush_batch(struct writer *w)
{
    int rc = write_pages(w, w->batch_first, w->batch, w->batch_used);
    w->batch_first += w->batch_used;
    w->batch_used = 0;
    return rc;
}

/* Returns a zeroed page of the batch, to be the next page of the file. */
static unsigned char *new_page(struct writer *w, uint32_t *number)
{
    if (w->batch_used == BATCH_PAGES && flush_batch(w))
        return NULL;
    unsigned char *page = w->batch + (size_t)w->batch_used++ * w->page_size;
    memset(page, 0, w->page_size);
    *number = w->batch_first + w->batch_used - 1;
    w->page_count = *number;
    return page;
}

static int level_add(struct writer *w, struct level *l, uint32_t page, int64_t key)
{
    if (l->count == l->capacity) {
        size_t capacity = l->capacity ? 2 * l->capacity : 1024;
        uint32_t *pages = realloc(l->pages, capacity * sizeof *pages);
        if (pages)
            l->pages = pages;
        int64_t *keys = realloc(l->keys, capacity * sizeof *keys);
        if (keys)
            l->keys = keys;
        if (!pages || !keys)
            return fail(w, "out of memory");
        l->capacity = capacity;
    }
    l->pages[l->count] = page;
    l->keys[l->count++] = key;
    return 0;
}

static void level_free(struct level *l)
{
    free(l->pages);
    free(l->keys);
    memset(l, 0, sizeof *l);
}

static void finish_page(unsigned char *page, int type, uint32_t cells, uint32_t content)
{
    page[PAGE_TYPE] = (unsigned char)type;
    put_u16(page + PAGE_CELL_COUNT, cells);
    put_u16(page + PAGE_CONTENT_START, content); /* 65536 wraps to 0, as the format wants */
}

/* Writes the rows into leaves appended to the file, packed full, and lists them. */
static int write_leaves(struct writer *w, uint64_t row_count, int column_count,
                        table_pages_next_row *next_row, void *context, struct level *leaves)
{
    struct table_pages_row row = {0};
    unsigned char cell[CELL_MAX_BYTES];
    unsigned char *page = NULL;
    uint32_t number = 0, cells = 0, content = 0;
    int64_t previous = 0;
    for (uint64_t r = 0; r < row_count; r++) {
        next_row(context, r, &row);
        if (r > 0 && row.rowid <= previous)
            return fail(w, "row %llu: rowid %lld not above the previous one", (unsigned long long)r,
                        (long long)row.rowid);
        if (row.stored_columns < 0 || row.stored_columns > column_count)
            return fail(w, "row %llu: %d columns stored, of %d", (unsigned long long)r,
                        row.stored_columns, column_count);
        uint32_t size = (uint32_t)encode_cell(&row, column_count, w->small_constants, cell);
        if (!page || LEAF_HEADER_BYTES + 2 * (cells + 1) + size > content) {
            if (page) {
                finish_page(page, LEAF_TABLE, cells, content);
                if (level_add(w, leaves, number, previous))
                    return -1;
            }
            if (!(page = new_page(w, &number)))
                return -1;
            cells = 0;
            content = w->usable;
        }
        content -= size;
        memcpy(page + content, cell, size);
        put_u16(page + LEAF_HEADER_BYTES + 2 * cells++, content);
        previous = row.rowid;
    }
    if (page) {
        finish_page(page, LEAF_TABLE, cells, content);
        if (level_add(w, leaves, number, previous))
            return -1;
    }
    return flush_batch(w);
}

/* Fills one interior page with the children [first, end) of a level: a cell (child,
 * key) for each but the last, which is the right-most child. */
static void fill_interior(unsigned char *page, uint32_t usable, const struct level *children,
                          size_t first, size_t end)
{
    uint32_t cells = 0, content = usable;
    for (size_t c = first; c + 1 < end; c++) {
        unsigned char cell[INTERIOR_CELL_MAX_BYTES];
        put_u32(cell, children->pages[c]);
        uint32_t size = 4 + (uint32_t)put_varint(cell + 4, (uint64_t)children->keys[c]);
        content -= size;
        memcpy(page + content, cell, size);
        put_u16(page + INTERIOR_HEADER_BYTES + 2 * cells++, content);
    }
    put_u32(page + PAGE_RIGHT_CHILD, children->pages[end - 1]);
    finish_page(page, INTERIOR_TABLE, cells, content);
}

/* Builds the interior levels above the leaves, the top page at the root page.  Children
 * are spread evenly over as few pages as hold them, so no page is left nearly empty. */
static int write_interior(struct writer *w, uint32_t root_page, struct level *children)
{
    /* The longest key is the last one, or the first when it is negative (9 bytes). */
    int first = varint_length((uint64_t)children->keys[0]),
        last = varint_length((uint64_t)children->keys[children->count - 1]);
    size_t cell_bytes = 2 + 4 + (size_t)(first > last ? first : last);
    size_t per_page = (w->usable - INTERIOR_HEADER_BYTES) / cell_bytes + 1;
    unsigned char *root = w->batch; /* the batch is empty between levels */
    while (children->count > per_page) {
        size_t pages = (children->count + per_page - 1) / per_page;
        struct level parents = {0};
        for (size_t p = 0; p < pages; p++) {
            size_t first = children->count * p / pages, end = children->count * (p + 1) / pages;
            uint32_t number;
            unsigned char *page = new_page(w, &number);
            if (!page || level_add(w, &parents, number, children->keys[end - 1])) {
                level_free(&parents);
                return -1;
            }
            fill_interior(page, w->usable, children, first, end);
        }
        level_free(children);
        *children = parents;
        if (flush_batch(w))
            return -1;
    }
    memset(root, 0, w->page_size);
    fill_interior(root, w->usable, children, 0, children->count);
    return write_pages(w, root_page, root, 1);
}

/* Moves the only leaf, the last page of the file, to the root page. */
static int move_leaf_to_root(struct writer *w, uint32_t root_page, uint32_t leaf)
{
    off_t offset = (off_t)(leaf - 1) * w->page_size;
    if (pread(w->fd, w->batch, w->page_size, offset) != (ssize_t)w->page_size)
        return fail(w, "cannot read back page %u", leaf);
    if (write_pages(w, root_page, w->batch, 1) || ftruncate(w->fd, offset) != 0)
        return fail(w, "cannot move page %u to the root", leaf);
    w->page_count = leaf - 1;
    return 0;
}

/* Reads the header and checks the file and the root page are what this writer expects. */
static int read_header(struct writer *w, uint32_t root_page)
{
    if (pread(w->fd, w->header, HEADER_BYTES, 0) != HEADER_BYTES ||
        memcmp(w->header, HEADER_MAGIC, sizeof HEADER_MAGIC) != 0)
        return fail(w, "not an SQLite database");
    uint32_t size = (uint32_t)w->header[HEADER_PAGE_SIZE] << 8 | w->header[HEADER_PAGE_SIZE + 1];
    w->page_size = size == 1 ? 65536 : size;
    w->usable = w->page_size - w->header[HEADER_RESERVED];
    w->small_constants = get_u32(w->header + HEADER_SCHEMA_FORMAT) >= 4;
    off_t end = lseek(w->fd, 0, SEEK_END);
    if (w->page_size < 512 || (w->page_size & (w->page_size - 1)) || end < 0 ||
        end % w->page_size != 0 ||
        get_u32(w->header + HEADER_CHANGE_COUNTER) != get_u32(w->header + HEADER_VERSION_VALID_FOR) ||
        get_u32(w->header + HEADER_PAGE_COUNT) != (uint64_t)end / w->page_size)
        return fail(w, "unexpected page size or page count");
    if (get_u32(w->header + HEADER_LARGEST_ROOT) != 0)
        return fail(w, "auto-vacuum databases are not supported");
    w->page_count = get_u32(w->header + HEADER_PAGE_COUNT);
    unsigned char root[LEAF_HEADER_BYTES];
    if (root_page < 2 || root_page > w->page_count ||
        pread(w->fd, root, sizeof root, (off_t)(root_page - 1) * w->page_size) != sizeof root ||
        root[PAGE_TYPE] != LEAF_TABLE || root[PAGE_CELL_COUNT] || root[PAGE_CELL_COUNT + 1])
        return fail(w, "page %u is not the root of an empty table", root_page);
    return 0;
}

/* Records the new page count, and a change, in the header. */
static int write_header(struct writer *w)
{
    uint32_t change = get_u32(w->header + HEADER_CHANGE_COUNTER) + 1;
    put_u32(w->header + HEADER_CHANGE_COUNTER, change);
    put_u32(w->header + HEADER_VERSION_VALID_FOR, change);
    put_u32(w->header + HEADER_PAGE_COUNT, w->page_count);
    if (pwrite(w->fd, w->header, HEADER_BYTES, 0) != HEADER_BYTES)
        return fail(w, "cannot write the header: %s", strerror(errno));
    return 0;
}

int table_pages_fill(const char *path, uint32_t root_page, uint64_t row_count,
                     int column_count, table_pages_next_row *next_row, void *context,
                     char *err, size_t err_size)
{
    struct writer w = {.direct_fd = -1, .err = err, .err_size = err_size};
    if (column_count < 1 || column_count > TABLE_PAGES_MAX_COLUMNS)
        return fail(&w, "%d columns: from 1 to %d", column_count, TABLE_PAGES_MAX_COLUMNS);
    if ((w.fd = open(path, O_RDWR)) < 0)
        return fail(&w, "cannot open: %s", strerror(errno));
    struct level level = {0};
    int rc = read_header(&w, root_page);
    if (rc == 0 && row_count > 0) {
        w.batch_first = w.page_count + 1;
        w.batch = aligned_alloc(DIRECT_ALIGNMENT, (size_t)BATCH_PAGES * w.page_size);
        if (w.page_size % DIRECT_ALIGNMENT == 0)
            w.direct_fd = open(path, O_WRONLY | O_DIRECT); /* -1 where not supported */
        rc = w.batch ? write_leaves(&w, row_count, column_count, next_row, context, &level)
                     : fail(&w, "out of memory");
        if (rc == 0)
            rc = level.count == 1 ? move_leaf_to_root(&w, root_page, level.pages[0])
                                  : write_interior(&w, root_page, &level);
        if (rc == 0)
            rc = write_header(&w);
    }
    level_free(&level);
    free(w.batch);
    if (w.direct_fd >= 0 && close(w.direct_fd) != 0 && rc == 0)
        rc = fail(&w, "cannot close: %s", strerror(errno));
    if (close(w.fd) != 0 && rc == 0)
        rc = fail(&w, "cannot close: %s", strerror(errno));
    return rc;
}
