/* An independent check of a route printed by `klotski solve --codes` or `path --codes`:
 * reads codes (one per line) on stdin and checks, with the naive board model of
 * layout_model.h and without the project's core library, that each decodes to a legal
 * layout (SPEC.md) and that each one after the first is exactly one step (one piece
 * sliding through empty cells) from the one before.  With the argument `straight` or
 * `unit` (SPEC.md "Other ways to count"), each must instead be one straight move (one
 * piece, one direction, any length) or one unit move (one piece, one cell).
 * Prints "N steps" (or "N straight moves", "N unit moves") and exits 0, or names the
 * first bad line and exits 1; exits 2 for a bad argument.
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

/* Whether `next` is one move from the layout m: among the layouts the model reaches by
 * sliding one piece of m anywhere (longest 0), or in one line by up to `longest` cells. */
static bool one_step(struct model *m, kl_code next, int longest)
{
    struct model_neighbour near[MODEL_NEIGHBOURS_ROOM];
    int n = longest == 0 ? model_neighbours(m, near, MODEL_NEIGHBOURS_ROOM)
                         : model_line_neighbours(m, longest, near, MODEL_NEIGHBOURS_ROOM);
    if (n < 0) {
        fprintf(stderr, "step_check: a layout with more steps than MODEL_NEIGHBOURS_ROOM\n");
        exit(2);
    }
    for (int i = 0; i < n; i++)
        if (near[i].code == next)
            return true;
    return false;
}

int main(int argc, char **argv)
{
    int longest = 0;
    const char *unit = "steps";
    if (argc == 2 && strcmp(argv[1], "straight") == 0) {
        longest = KL_ROWS;
        unit = "straight moves";
    } else if (argc == 2 && strcmp(argv[1], "unit") == 0) {
        longest = 1;
        unit = "unit moves";
    } else if (argc != 1) {
        fprintf(stderr, "usage: step_check [straight|unit] < codes\n");
        return 2;
    }
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
        if (count > 0 && !one_step(&previous, code, longest)) {
            printf("line %d: %s is not one move (%s) from the line before\n", count + 1, line,
                   unit);
            return 1;
        }
        previous = current;
        count++;
    }
    printf("%d %s\n", count > 0 ? count - 1 : 0, unit);
    return count > 0 ? 0 : 1;
}
