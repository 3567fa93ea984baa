#include "query/commands/members.h"

#include <stdlib.h>

#include "answer/search/code_list.h"

/* The codes of `count` ids, freeing the ids; NULL when there are none. */
static kl_code *codes_instead_of_ids(uint32_t *ids, size_t count)
{
    if (count == 0)
        return NULL;
    kl_code *codes = codes_of_ids(ids, count);
    free(ids);
    return codes;
}

kl_code *members_hardest(struct db *db, const struct kl_db_group_row *group, size_t *count)
{
    uint32_t *ids = NULL;
    *count = group->max_min_steps == DB_NULL ? 0 : db_layer_ids(db, group->group_id, group->max_min_steps, &ids);
    return codes_instead_of_ids(ids, *count);
}

kl_code *members_peripheral(struct db *db, const struct kl_db_group_row *group, size_t *count)
{
    uint32_t *ids;
    *count = db_peripheral_ids(db, group->group_id, &ids);
    return codes_instead_of_ids(ids, *count);
}

kl_code *members_central(struct db *db, const struct kl_db_group_row *group, size_t *count)
{
    uint32_t *ids;
    *count = db_central_ids(db, group->group_id, &ids);
    return codes_instead_of_ids(ids, *count);
}
