/* "id list v1": the byte format of the member lists stored as BLOBs (schema/tables.sql):
 * zlib over LEB128 varints of the first id and the gaps between ascending ids. */
#ifndef KLOTSKI_CORE_IDLIST_H
#define KLOTSKI_CORE_IDLIST_H

#include <stddef.h>
#include <stdint.h>

/* Encodes `count` strictly ascending ids.  On success stores a malloc'd blob in *blob
 * (free it) and its size in *size and returns 0; returns -1 when memory runs out. */
int kl_idlist_encode(const uint32_t *ids, size_t count, unsigned char **blob, size_t *size);

/* Decodes a blob that holds exactly `count` ids into ids (room for count).  Returns 0, or
 * -1 when the blob is corrupt (not zlib, a varint cut or wider than 32 bits, ids that do
 * not strictly ascend within 32 bits) or holds another number of ids. */
int kl_idlist_decode(const void *blob, size_t size, uint32_t *ids, size_t count);

#endif
