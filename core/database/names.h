/* The classic names of layouts (data/classic_names.tsv, compiled in here once): ~560
 * lines "CODE<TAB>NAME<TAB>SECTION", a code in 9 hex digits, a traditional name (横刀立马)
 * and the section of the source list it comes from.  One name may name several layouts,
 * one layout have several names.  klotski-build writes them into the database's `names`
 * table (schema/tables.sql); the query tool reads them for names typed as a LAYOUT
 * (core/classic.h), so that a name works before any database is open. */
#ifndef KLOTSKI_CORE_DATABASE_NAMES_H
#define KLOTSKI_CORE_DATABASE_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/code.h"

/* One line of the table.  The strings point into the compiled-in table and are not
 * NUL-terminated: use their lengths. */
struct kl_db_name {
    kl_code code;
    const char *name;
    size_t name_length;
    const char *section;    /* empty (length 0) when the line has no third field */
    size_t section_length;
};

/* Where the table starts: the cursor for kl_db_names_next. */
const char *kl_db_names_start(void);

/* Reads the line at *cursor into *entry and moves *cursor past it, skipping lines without
 * a tab.  Returns false at the end of the table.  Thread-safe (the table is constant). */
bool kl_db_names_next(const char **cursor, struct kl_db_name *entry);

#endif
