#include "answer/layout_value.h"

#include <string.h>

#include "core/classes.h"
#include "core/classic.h"
#include "core/drawing.h"
#include "core/rank.h"
#include "core/symmetry.h"

static const char *const layout_columns[] = {
    "code", "id", "short_code", "class", "group", "group_index", "group_size", "min_steps",
    "min_straight_moves", "min_unit_moves", "min_solution_num", "mirror", "self_mirror", "farthest_steps",
    "farthest_num", "solution_num", "names", "board", NULL};

struct table *layout_value(const struct layout_facts *facts, unsigned long fields, bool for_people)
{
    struct table *t = table_new_fields(layout_columns, fields);
    kl_code code = facts->code;
    uint32_t id = kl_code_to_id(code);
    char class_name[KL_CLASS_NAME_SIZE], short_code[KL_SHORT_CODE_TEXT_SIZE];
    kl_short_code_format(id, short_code);
    kl_class_name(kl_class_of_code(code), class_name);
    table_code(t, code);
    table_number(t, id);
    table_text(t, short_code);
    table_text(t, class_name);
    table_text(t, facts->group);
    table_number(t, facts->group_index);
    table_number(t, facts->group_size);
    for (int m = KL_METRIC_STEP; m < KL_METRIC_COUNT; m++)
        table_number_or_null(t, facts->min_moves[m], "unsolvable");
    table_number_or_null(t, facts->min_solution_num, "unsolvable");
    kl_code mirror = kl_code_mirror(code);
    table_code(t, mirror);
    table_bool(t, mirror == code);
    table_number_or_null(t, facts->farthest_steps, NULL);
    table_number_or_null(t, facts->farthest_num, NULL);
    table_number_or_null(t, facts->solution_num, NULL);
    char named[KL_CLASSIC_NAMES_SIZE];
    char *names = kl_classic_names_of(code, named) ? named : NULL;
    /* For people one name a line, so that the card stays narrow beside the board. */
    for (char *comma; names && for_people && (comma = strstr(names, ", "));) {
        *comma = '\n';
        memmove(comma + 1, comma + 2, strlen(comma + 2) + 1);
    }
    if (names)
        table_text(t, names);
    else
        table_null(t, NULL);
    char cells[KL_DRAWING_CELLS_SIZE];
    kl_drawing_cells(code, cells);
    if (for_people)
        table_null(t, NULL);
    else
        table_text(t, cells);
    return t;
}
