#include "core/classes.h"

#include <stdio.h>

#define MAX_JIANG 7
#define FREE_AREA 14 /* 20 cells - the 2x2 - two cells that must stay empty */

struct kl_class kl_class_of_code(kl_code code)
{
    uint32_t tail = (uint32_t)code;
    uint32_t high = tail >> 1 & 0x55555555u, low = tail & 0x55555555u;
    int horizontal = __builtin_popcount(~high & low);
    int vertical = __builtin_popcount(high & ~low);
    int single = __builtin_popcount(high & low);
    return (struct kl_class){horizontal + vertical, single, horizontal};
}

static bool class_exists(struct kl_class c)
{
    if (c.jiang < 0 || c.jiang > MAX_JIANG || c.bing < 0 || c.style < 0 || c.style > c.jiang)
        return false;
    if (2 * c.jiang + c.bing > FREE_AREA)
        return false;
    /* Seven vertical pieces never fit beside the 2x2. */
    return !(c.jiang == MAX_JIANG && c.style == 0);
}

/* Visits the classes in class_id order until `stop` says so; returns the id it stopped
 * at, or -1. */
static int walk_classes(bool (*stop)(struct kl_class k, int id, const void *arg),
                        const void *arg)
{
    int id = 0;
    for (int j = 0; j <= MAX_JIANG; j++)
        for (int b = 0; 2 * j + b <= FREE_AREA; b++)
            for (int s = 0; s <= j; s++) {
                struct kl_class k = {j, b, s};
                if (!class_exists(k))
                    continue;
                if (stop(k, id, arg))
                    return id;
                id++;
            }
    return -1;
}

static bool same_class(struct kl_class k, int id, const void *arg)
{
    const struct kl_class *c = arg;
    (void)id;
    return k.jiang == c->jiang && k.bing == c->bing && k.style == c->style;
}

struct id_lookup {
    int id;
    struct kl_class *found;
};

static bool same_id(struct kl_class k, int id, const void *arg)
{
    const struct id_lookup *lookup = arg;
    if (id != lookup->id)
        return false;
    *lookup->found = k;
    return true;
}

int kl_class_id(struct kl_class c)
{
    return class_exists(c) ? walk_classes(same_class, &c) : -1;
}

struct kl_class kl_class_from_id(int class_id)
{
    struct kl_class found = {-1, -1, -1};
    struct id_lookup lookup = {class_id, &found};
    walk_classes(same_id, &lookup);
    return found;
}

void kl_class_name(struct kl_class c, char buf[KL_CLASS_NAME_SIZE])
{
    snprintf(buf, KL_CLASS_NAME_SIZE, "%d-%d-%d", c.jiang, c.bing, c.style);
}

bool kl_class_parse(const char *text, struct kl_class *out)
{
    struct kl_class c;
    int used = 0;
    if (sscanf(text, "%d-%d-%d%n", &c.jiang, &c.bing, &c.style, &used) != 3 ||
        text[used] != '\0' || !class_exists(c))
        return false;
    *out = c;
    return true;
}
