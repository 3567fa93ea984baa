/* An independent check of a route printed by `klotski solve --codes` or `path --codes`:
 * reads codes (one per line) on stdin and checks, without the project's core library,
 * that each decodes to a legal layout (SPEC.md) and that each one after the first is
 * exactly one step (one piece sliding through empty cells) from the one before.
 * Prints "N steps" and exits 0, or names the first bad line and exits 1.
 * Built and run by tests/e2e/e2e_query.sh. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 4
#define H 5
#define CELLS (W * H)

/* A layout as a grid of piece numbers (0 empty) and each piece's shape and corner. */
struct layout {
    int owner[CELLS];
    int pieces;
    int width[CELLS + 1], height[CELLS + 1], corner[CELLS + 1];
};

static bool place(struct layout *l, int corner, int width, int height)
{
    int row = corner / W, col = corner % W;
    if (row + height > H || col + width > W)
        return false;
    int id = ++l->pieces;
    for (int r = row; r < row + height; r++)
        for (int c = col; c < col + width; c++) {
            if (l->owner[r * W + c])
                return false;
            l->owner[r * W + c] = id;
        }
    l->width[id] = width;
    l->height[id] = height;
    l->corner[id] = corner;
    return true;
}

/* Decodes a 9-digit code; false when it is not a legal layout. */
static bool decode(const char *text, struct layout *l)
{
    char *end;
    if (strlen(text) != 9)
        return false;
    uint64_t code = strtoull(text, &end, 16);
    if (*end)
        return false;
    memset(l, 0, sizeof *l);
    if (!place(l, (int)(code >> 32), 2, 2))
        return false;
    int bit = 32, empty = 0;
    for (int cell = 0; cell < CELLS; cell++) {
        if (l->owner[cell])
            continue;
        bit -= 2;
        int symbol = (int)(code >> bit) & 3;
        bool ok = symbol == 0 ? (empty++, true)
                : symbol == 1 ? place(l, cell, 2, 1)
                : symbol == 2 ? place(l, cell, 1, 2)
                              : place(l, cell, 1, 1);
        if (!ok)
            return false;
    }
    return empty >= 2 && (code & ((1ull << bit) - 1)) == 0;
}

/* The shape standing at each corner, as width*10+height (0: none), for comparing two
 * layouts without regard to piece numbers. */
static void shapes(const struct layout *l, int at[CELLS])
{
    memset(at, 0, CELLS * sizeof *at);
    for (int id = 1; id <= l->pieces; id++)
        at[l->corner[id]] = l->width[id] * 10 + l->height[id];
}

/* Whether a piece of the given shape can slide from `from` to `to` through cells that are
 * empty in l or its own. */
static bool slides(const struct layout *l, int id, int from, int to)
{
    int width = l->width[id], height = l->height[id];
    bool seen[CELLS] = {false};
    int queue[CELLS], head = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = true;
    while (head < tail) {
        int at = queue[head++];
        if (at == to)
            return true;
        int moves[4] = {at - W, at + W, at % W ? at - 1 : -1, at % W < W - 1 ? at + 1 : -1};
        for (int m = 0; m < 4; m++) {
            int next = moves[m];
            if (next < 0 || next >= CELLS || seen[next] || next / W + height > H || next % W + width > W)
                continue;
            bool free = true;
            for (int r = 0; r < height; r++)
                for (int c = 0; c < width; c++) {
                    int owner = l->owner[next + r * W + c];
                    free = free && (owner == 0 || owner == id);
                }
            if (free) {
                seen[next] = true;
                queue[tail++] = next;
            }
        }
    }
    return false;
}

/* Whether b is one step from a: one piece moved, every other piece in place. */
static bool one_step(const struct layout *a, const struct layout *b)
{
    int sa[CELLS], sb[CELLS], gone = -1, came = -1;
    shapes(a, sa);
    shapes(b, sb);
    for (int cell = 0; cell < CELLS; cell++) {
        if (sa[cell] == sb[cell])
            continue;
        if (sa[cell] && !sb[cell] && gone < 0)
            gone = cell;
        else if (sb[cell] && !sa[cell] && came < 0)
            came = cell;
        else
            return false;
    }
    return gone >= 0 && came >= 0 && sa[gone] == sb[came] && slides(a, a->owner[gone], gone, came);
}

int main(void)
{
    char line[64];
    struct layout previous = {0}, current;
    int count = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!decode(line, &current)) {
            printf("line %d: %s is not a legal layout\n", count + 1, line);
            return 1;
        }
        if (count > 0 && !one_step(&previous, &current)) {
            printf("line %d: %s is not one step from the line before\n", count + 1, line);
            return 1;
        }
        previous = current;
        count++;
    }
    printf("%d steps\n", count > 0 ? count - 1 : 0);
    return count > 0 ? 0 : 1;
}
