/* A group's members in code order (klotski_members of klotski.h), from the stored member
 * lists: one list per depth, each ascending, decoded whole when added; the walk merges
 * them through a heap of the lists by their next id, so each member costs a few
 * comparisons and the walk needs the lists' 4 bytes a member and nothing more.  Codes
 * ascend as ids do, so the walk's order is group_index order. */
#include "lib/klotski.h"

#include <stdbool.h>
#include <stdlib.h>

#include "core/database/idlist.h"
#include "core/rank.h"

/* One depth's members. */
struct member_list {
    uint32_t *ids;  /* ascending */
    size_t count;
    size_t next;    /* the first not yet walked */
    int depth;      /* their min_steps; KLOTSKI_NULL: an unsolvable group's */
};

struct klotski_members {
    struct member_list *lists;
    size_t list_count, list_room;
    int64_t total;   /* members in all lists */
    size_t *heap;    /* the lists with members left, least next id first (room for
                        list_room, so that the walk's start allocates nothing) */
    size_t heap_count;
    bool started;    /* the walk has stepped: no more lists */
};

int klotski_members_new(klotski_members **out)
{
    *out = calloc(1, sizeof **out);
    return *out ? KLOTSKI_OK : KLOTSKI_NOMEM;
}

int klotski_members_add(klotski_members *m, int depth, const void *blob, size_t bytes, int64_t count)
{
    if (m->started || count < 0 || count > KLOTSKI_LAYOUT_COUNT - m->total)
        return KLOTSKI_INVALID;
    if (m->list_count == m->list_room) {
        size_t room = m->list_room ? 2 * m->list_room : 64;
        struct member_list *lists = realloc(m->lists, room * sizeof *lists);
        if (lists)
            m->lists = lists;
        size_t *heap = lists ? realloc(m->heap, room * sizeof *heap) : NULL;
        if (!heap)
            return KLOTSKI_NOMEM;
        m->heap = heap;
        m->list_room = room;
    }
    uint32_t *ids = malloc(((size_t)count + 1) * sizeof *ids);
    if (!ids)
        return KLOTSKI_NOMEM;
    if (kl_idlist_decode(blob, bytes, ids, (size_t)count) != 0 || (count > 0 && ids[count - 1] >= KL_LAYOUT_COUNT)) {
        free(ids);
        return KLOTSKI_INVALID;
    }
    m->lists[m->list_count++] = (struct member_list){ids, (size_t)count, 0, depth};
    m->total += count;
    return KLOTSKI_OK;
}

int64_t klotski_members_count(const klotski_members *m) { return m->total; }

/* The heap's order: the list whose next id is smaller first. */
static bool before(const klotski_members *m, size_t a, size_t b)
{
    const struct member_list *x = &m->lists[m->heap[a]], *y = &m->lists[m->heap[b]];
    return x->ids[x->next] < y->ids[y->next];
}

static void sift_down(klotski_members *m, size_t at)
{
    for (;;) {
        size_t least = at, left = 2 * at + 1, right = left + 1;
        if (left < m->heap_count && before(m, left, least))
            least = left;
        if (right < m->heap_count && before(m, right, least))
            least = right;
        if (least == at)
            return;
        size_t swap = m->heap[at];
        m->heap[at] = m->heap[least];
        m->heap[least] = swap;
        at = least;
    }
}

/* Puts every list with members in the heap: the walk's start. */
static void start(klotski_members *m)
{
    m->started = true;
    for (size_t i = 0; i < m->list_count; i++)
        if (m->lists[i].count > 0)
            m->heap[m->heap_count++] = i;
    for (size_t i = m->heap_count / 2; i-- > 0;)
        sift_down(m, i);
}

int klotski_members_next(klotski_members *m, klotski_code *code, int *min_steps)
{
    if (!m->started)
        start(m);
    if (m->heap_count == 0)
        return 0;
    struct member_list *list = &m->lists[m->heap[0]];
    *code = kl_id_to_code(list->ids[list->next++]);
    if (min_steps)
        *min_steps = list->depth;
    if (list->next == list->count)
        m->heap[0] = m->heap[--m->heap_count];
    sift_down(m, 0);
    return 1;
}

void klotski_members_close(klotski_members *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->list_count; i++)
        free(m->lists[i].ids);
    free(m->lists);
    free(m->heap);
    free(m);
}
