/* Filling an empty rowid table of a closed SQLite database by writing its b-tree pages
 * directly, in the file format of https://www.sqlite.org/fileformat2.html.  The base
 * build's 29.3M layouts rows take SQLite about 10 s to insert, a third of it in the seek
 * that checks each new rowid for a duplicate; written as pages they take about a tenth.
 * The file stays an ordinary SQLite database: leaves packed in rowid order, appended
 * after the file's last page, interior pages above them, the top one at the table's root
 * page.  Only what a bulk load needs: integer and NULL columns, rows in ascending rowid
 * order, a database without auto-vacuum.
 *
 * Thread safety: one call per file at a time; distinct files are independent. */
#ifndef KLOTSKI_BUILDER_TABLE_PAGES_H
#define KLOTSKI_BUILDER_TABLE_PAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most columns a row may have. */
#define TABLE_PAGES_MAX_COLUMNS 16

/* One row as table_pages_fill asks for it. */
struct table_pages_row {
    int64_t rowid;                              /* above the previous row's */
    int64_t values[TABLE_PAGES_MAX_COLUMNS];    /* column values, in the table's order */
    bool is_null[TABLE_PAGES_MAX_COLUMNS];      /* true: the column is NULL (its value is
                                                   ignored); an INTEGER PRIMARY KEY column,
                                                   the rowid's alias, is stored as NULL */
    int stored_columns;                         /* 0: the record holds every column; 1 or
                                                   more: only the first that many, and
                                                   SQLite reads each column left out as its
                                                   DEFAULT (as it reads rows written before
                                                   an ALTER TABLE ADD COLUMN), so a common
                                                   value made the DEFAULT costs nothing */
};

/* Fills the row number `number` (0, 1, ... in order) of a table_pages_fill call into
 * *row, the same struct each time (what the previous call left in it stays unless
 * overwritten); called once per row, in order. */
typedef void table_pages_next_row(void *context, uint64_t number, struct table_pages_row *row);

/* Writes `row_count` rows of `column_count` columns into the empty rowid table whose
 * root page is `root_page` of the SQLite database at `path`.
 * PARAMETERS: path, a database that no connection has open (SQLite would not see the
 *   change); root_page, the table's sqlite_schema.rootpage, an empty table leaf; rows
 *   come from next_row(context, ...), their rowids ascending; column_count 1 to
 *   TABLE_PAGES_MAX_COLUMNS; err, err_size: where a failure's reason goes.
 * RETURN: 0, or -1 with a one-line reason in err (without the path): the file cannot be read or written,
 *   is not an SQLite database, uses auto-vacuum, or the root page is not an empty table
 *   leaf; a row's stored_columns is above column_count or its rowid not ascending;
 *   memory ran out.  A failure may leave the file damaged.
 * NOTES: the file grows by about row_count * (record size + 3) bytes; the new pages go
 *   around the page cache (O_DIRECT) where the file system and the page size allow it,
 *   and nothing is synced to disk (the caller decides). */
int table_pages_fill(const char *path, uint32_t root_page, uint64_t row_count,
                     int column_count, table_pages_next_row *next_row, void *context,
                     char *err, size_t err_size);

#endif
