/* A group's notable members as codes, for the commands that list or draw them (group,
 * farthest): its hardest layouts, stored as a depth layer, and its peripheral layouts,
 * stored by the farthest phase. */
#ifndef KLOTSKI_QUERY_MEMBERS_H
#define KLOTSKI_QUERY_MEMBERS_H

#include <stddef.h>

#include "query/db.h"

/* The codes of the group's hardest layouts (min_steps = its max_min_steps), ascending.
 * Returns a malloc'd array (free it) and sets *count; NULL with *count 0 for an
 * unsolvable group.  A corrupt member list is reported and exits (db.h). */
kl_code *members_hardest(struct db *db, const struct group_row *group, size_t *count);

/* The codes of the group's peripheral layouts (farthest_steps = its diameter),
 * ascending.  Returns a malloc'd array (free it) and sets *count; NULL with *count 0 when
 * the farthest phase has not stored them. */
kl_code *members_peripheral(struct db *db, const struct group_row *group, size_t *count);

#endif
