#include "answer/members_value.h"

#include <stdio.h>

#include "core/rank.h"

const char *const members_columns[] = {"group", "code", "id", "group_index", "min_steps", NULL};

void members_value_add(struct table *t, const char *group, const struct members_page *page, size_t count,
                       const int *depth, const uint32_t *ids, const kl_code *codes)
{
    size_t skip = page->offset, room = page->limit ? page->limit : count;
    for (size_t i = 0; i < count && room > 0; i++) {
        if ((page->depth != MEMBERS_ANY_DEPTH && depth[i] != page->depth) || (skip > 0 && skip--))
            continue;
        room--;
        table_text(t, group);
        table_code(t, codes ? codes[i] : kl_id_to_code(ids[i]));
        table_number(t, codes ? kl_code_to_id(codes[i]) : ids[i]);
        table_number(t, (long long)i);
        table_number_or_null(t, depth[i], "unsolvable");
    }
}

bool members_depth_held(int max_min_steps, int depth, char reason[MEMBERS_REASON_SIZE])
{
    if (depth == MEMBERS_ANY_DEPTH || (max_min_steps >= 0 && depth <= max_min_steps))
        return true;
    snprintf(reason, MEMBERS_REASON_SIZE, "no members %d steps from solved (%s)", depth,
             max_min_steps < 0 ? "the group is unsolvable" : "see its depth histogram");
    return false;
}
