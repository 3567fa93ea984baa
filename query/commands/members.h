/* A group's notable members as codes, for the commands that list or draw them (group,
 * farthest): its hardest layouts, stored as a depth layer, and its peripheral and
 * central layouts, stored by the base build for most groups and by the farthest phase
 * for the rest. */
#ifndef KLOTSKI_QUERY_MEMBERS_H
#define KLOTSKI_QUERY_MEMBERS_H

#include <stddef.h>

#include "query/db.h"

/* The codes of the group's hardest layouts (min_steps = its max_min_steps), ascending.
 * Returns a malloc'd array (free it) and sets *count; NULL with *count 0 for an
 * unsolvable group.  A corrupt member list is reported and exits (db.h). */
kl_code *members_hardest(struct db *db, const struct kl_db_group_row *group, size_t *count);

/* The codes of the group's peripheral layouts (farthest_steps = its diameter),
 * ascending.  Returns a malloc'd array (free it) and sets *count; NULL with *count 0 when
 * they are not stored yet. */
kl_code *members_peripheral(struct db *db, const struct kl_db_group_row *group, size_t *count);

/* The same for its central layouts (farthest_steps = its radius). */
kl_code *members_central(struct db *db, const struct kl_db_group_row *group, size_t *count);

#endif
