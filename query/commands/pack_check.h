/* `klotski pack --check FILE`: a pack compared with the database it should hold. */
#ifndef KLOTSKI_QUERY_PACK_CHECK_H
#define KLOTSKI_QUERY_PACK_CHECK_H

#include "query/db.h"

/* Compares the pack at `path` with the database: its header's source checksum, every
 * layout's residue and group_num, the min_steps the pack's walk gives for every layout
 * (by the walk's own rule, each layout once), every group's facts and every classic name.
 * Prints what it checked and says OK, or the first differences (up to ten), and then
 * one line on stderr with their number and the first.  Returns EXIT_ANSWERED when all agree, EXIT_NOT_FOUND when any differs or the
 * pack is corrupt, EXIT_BAD_INPUT when it is no pack or cannot be read. */
int pack_check(struct db *db, const char *path);

#endif
