#include "answer/board_value.h"

#include "core/drawing.h"
#include "core/rank.h"

struct table *board_value(kl_code code, const char *error)
{
    static const char *const legal_columns[] = {"legal", "code", "id", "board", NULL};
    static const char *const illegal_columns[] = {"legal", "error", NULL};
    struct table *t = table_new(error ? illegal_columns : legal_columns);
    table_bool(t, !error);
    if (error) {
        table_text(t, error);
        return t;
    }
    char cells[KL_DRAWING_CELLS_SIZE];
    kl_drawing_cells(code, cells);
    table_code(t, code);
    table_number(t, kl_code_to_id(code));
    table_text(t, cells);
    return t;
}
