/* An independent check of a route printed by `klotski solve --codes` or `path --codes`:
 * reads codes (one per line) on stdin and checks, with the naive board model of
 * layout_model.h and without the project's core library, that each decodes to a legal
 * layout (SPEC.md) and that each one after the first is exactly one step (one piece
 * sliding through empty cells) from the one before.
 * Prints "N steps" and exits 0, or names the first bad line and exits 1.
 * Built by `make check`, run by tests/e2e/e2e_query.sh. */
#include "tests/reference/layout_model.h"

#include <stdio.h>
#include <stdlib.h>

/* Reads a line as klotski prints a code: exactly KL_CODE_HEX_DIGITS hex digits. */
static bool parse_code(const char *text, kl_code *code)
{
    if (strlen(text) != KL_CODE_HEX_DIGITS ||
        strspn(text, "0123456789ABCDEFabcdef") != KL_CODE_HEX_DIGITS)
        return false;
    *code = strtoull(text, NULL, 16);
    return true;
}

/* Whether `next` is one step from the layout m: among the layouts the model reaches by
 * sliding one piece of m. */
static bool one_step(struct model *m, kl_code next)
{
    struct model_neighbour near[MODEL_NEIGHBOURS_ROOM];
    int n = model_neighbours(m, near, MODEL_NEIGHBOURS_ROOM);
    if (n < 0) {
        fprintf(stderr, "step_check: a layout with more steps than MODEL_NEIGHBOURS_ROOM\n");
        exit(2);
    }
    for (int i = 0; i < n; i++)
        if (near[i].code == next)
            return true;
    return false;
}

int main(void)
{
    char line[64];
    struct model previous = {0}, current;
    int count = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        kl_code code;
        if (!parse_code(line, &code) || !model_from_code(code, &current)) {
            printf("line %d: %s is not a legal layout\n", count + 1, line);
            return 1;
        }
        if (count > 0 && !one_step(&previous, code)) {
            printf("line %d: %s is not one step from the line before\n", count + 1, line);
            return 1;
        }
        previous = current;
        count++;
    }
    printf("%d steps\n", count > 0 ? count - 1 : 0);
    return count > 0 ? 0 : 1;
}
