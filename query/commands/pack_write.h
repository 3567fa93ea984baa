/* The pack of the database in memory, for `klotski pack FILE` and for the one-file page
 * of `klotski site --single-file`, which carries it inside. */
#ifndef KLOTSKI_QUERY_PACK_WRITE_H
#define KLOTSKI_QUERY_PACK_WRITE_H

#include <stddef.h>

#include "query/db.h"

/* Assembles the pack (schema/pack.md) of the database `db`: on success *bytes (malloc'd;
 * the caller frees it) holds its *size bytes and EXIT_ANSWERED is returned; else the
 * database's error is reported on stderr and its exit status returned, *bytes unset. */
int pack_of_database(struct db *db, unsigned char **bytes, size_t *size);

#endif
