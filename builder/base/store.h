/* Writing the database defined by the SQL in schema/ and core/database/format.h from the
 * catalog and the analysis. */
#ifndef KLOTSKI_BUILDER_STORE_H
#define KLOTSKI_BUILDER_STORE_H

#include <stddef.h>

#include "builder/base/analysis.h"
#include "builder/catalog.h"

/* Facts about the build that go into the meta table. */
struct build_facts {
    double seconds_before_store; /* enumeration and analysis */
    int threads;
};

/* Writes a complete database to `path`, which must be absent or an empty file (the
 * caller renames it into place).  Returns 0; on failure returns -1 and writes a one-line reason into err.
 * SQLite writes every table but the layouts rows, which go in as b-tree pages
 * (builder/base/table_pages.h) while no connection has the file open; then SQLite adds
 * the meta table and reads a sample of the rows back to check them.  Nothing is synced
 * to disk. */
int store_write(const char *path, const struct catalog *cat, const struct analysis *a,
                const struct build_facts *facts, char *err, size_t err_size);

#endif
