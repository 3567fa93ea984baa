/* An independent list of the steps from layouts, to check `klotski moves` by: reads codes
 * (9 hex digits, one per line) on stdin and prints, with the naive board model of
 * layout_model.h and without the project's core library, a line "CODE NEIGHBOUR
 * DISTANCE" for every layout one step from each (NEIGHBOUR in ascending order, DISTANCE
 * the fewest one-cell slides).
 * Exits 0, or names the first bad line and exits 1.
 * Built by `make check`, run by tests/e2e/e2e_explore.sh. */
#include "tests/reference/layout_model.h"

#include <stdio.h>
#include <stdlib.h>

static int by_code(const void *a, const void *b)
{
    kl_code x = ((const struct model_neighbour *)a)->code, y = ((const struct model_neighbour *)b)->code;
    return (x > y) - (x < y);
}

int main(void)
{
    char line[64];
    int count = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        count++;
        struct model m;
        char *end;
        kl_code code = strtoull(line, &end, 16);
        if (strlen(line) != KL_CODE_HEX_DIGITS || *end || !model_from_code(code, &m)) {
            printf("line %d: %s is not a legal layout\n", count, line);
            return 1;
        }
        struct model_neighbour near[MODEL_NEIGHBOURS_ROOM];
        int n = model_neighbours(&m, near, MODEL_NEIGHBOURS_ROOM);
        if (n < 0) {
            printf("line %d: %s has more steps than MODEL_NEIGHBOURS_ROOM\n", count, line);
            return 1;
        }
        qsort(near, (size_t)n, sizeof *near, by_code);
        for (int i = 0; i < n; i++)
            printf("%s %09llX %d\n", line, (unsigned long long)near[i].code, near[i].distance);
    }
    return 0;
}
