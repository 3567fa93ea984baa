#include "answer/search/extremes.h"

#include <stdlib.h>
#include <string.h>

#include "core/moves.h"
#include "core/symmetry.h"
#include "answer/report.h"
#include "answer/search/bfs.h"

/* A member found by the search: its code and where the search put it. */
struct found {
    kl_code code;
    uint32_t position;
};

static int compare_found(const void *a, const void *b)
{
    kl_code x = ((const struct found *)a)->code, y = ((const struct found *)b)->code;
    return (x > y) - (x < y);
}

/* The member number of `code`, or UNNUMBERED when the group does not hold it. */
static uint32_t number_of(const struct bfs *search, const uint32_t *number, kl_code code)
{
    uint32_t position;
    return kl_codemap_find(&search->index, code, &position) ? number[position] : UNNUMBERED;
}

/* The steps of every member as edges between member numbers (two passes over the step
 * generator: one to count, one to fill). */
static void add_edges(struct group_graph *gg, const struct bfs *search, const uint32_t *number,
                      const struct found *members)
{
    gg->edge_start = xcalloc((size_t)gg->count + 1, sizeof *gg->edge_start);
    for (int pass = 0; pass < 2; pass++) {
        uint32_t used = 0;
        for (uint32_t v = 0; v < gg->count; v++) {
            kl_raw raw = search->nodes[members[v].position];
            struct kl_step steps[KL_MAX_STEPS];
            int n = kl_moves(raw, KL_METRIC_STEP, steps);
            if (pass == 0) {
                gg->edge_start[v + 1] = gg->edge_start[v] + (uint32_t)n;
                continue;
            }
            for (int s = 0; s < n; s++)
                gg->edges[used++] = number_of(search, number, kl_raw_to_code(kl_step_apply(raw, steps[s])));
        }
        if (pass == 0)
            gg->edges = xmalloc(((size_t)gg->edge_start[gg->count] + 1) * sizeof *gg->edges);
    }
}

/* Each reflection that maps the group onto itself, as member numbers; NULL for one that
 * maps it onto another group. */
static void add_images(struct group_graph *gg, const struct bfs *search, const uint32_t *number, const kl_code *codes)
{
    static kl_code (*const reflect[REFLECTIONS])(kl_code) = {
        [FLIP_LEFT_RIGHT] = kl_code_mirror, [FLIP_UP_DOWN] = kl_code_flip_up_down, [TURN_HALF] = kl_code_turn_half};
    for (int k = 0; k < REFLECTIONS; k++) {
        uint32_t *image = xmalloc((size_t)gg->count * sizeof *image);
        for (uint32_t v = 0; v < gg->count && image; v++) {
            image[v] = number_of(search, number, reflect[k](codes[v]));
            if (image[v] == UNNUMBERED) {
                free(image);
                image = NULL;
            }
        }
        gg->image[k] = image;
    }
}

/* extremes_scratch_watch's function: the search's watch. */
static int stop_asked(void *watch) { return search_stop_asked(watch); }

bool extremes_of_group(kl_code start, size_t expected, const struct search_watch *watch, struct group_extremes *x,
                       kl_code **codes)
{
    struct bfs search;
    bfs_run(&search, start, expected, &(struct bfs_visitor){.watch = watch});
    if (search.stopped) {
        bfs_free(&search);
        return false;
    }
    struct group_graph gg = {.count = (uint32_t)search.count};
    struct found *members = xmalloc(search.count * sizeof *members);
    for (size_t i = 0; i < search.count; i++)
        members[i] = (struct found){kl_raw_to_code(search.nodes[i]), (uint32_t)i};
    qsort(members, search.count, sizeof *members, compare_found);
    uint32_t *number = xmalloc(search.count * sizeof *number);
    *codes = xmalloc(search.count * sizeof **codes);
    for (uint32_t v = 0; v < gg.count; v++) {
        number[members[v].position] = v;
        (*codes)[v] = members[v].code;
    }
    add_edges(&gg, &search, number, members);
    add_images(&gg, &search, number, *codes);
    free(members);
    free(number);
    bfs_free(&search);
    struct extremes_scratch *scratch = extremes_scratch_new(gg.count);
    if (!scratch)
        out_of_memory();
    if (watch)
        extremes_scratch_watch(scratch, stop_asked, (void *)watch);
    int found = group_extremes_find(x, &gg, scratch, EXTREMES_ANY_WORK);
    if (found < 0 || (found > 0 && !watch))
        out_of_memory();
    extremes_scratch_free(scratch);
    group_graph_free(&gg);
    if (found > 0) {
        free(*codes);
        *codes = NULL;
    }
    return found == 0;
}
