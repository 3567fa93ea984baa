/* A group's depth layers under one metric at query time: every member with its min moves
 * in that metric (the fewest moves to a solved member), from one search that lists the
 * group and one breadth-first search from all its solved members at once; for the page
 * with no server, whose pack holds a layout's distance but not its group's members. */
#ifndef KLOTSKI_ANSWER_SEARCH_LAYERS_H
#define KLOTSKI_ANSWER_SEARCH_LAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "answer/search/bfs.h"
#include "core/code.h"
#include "core/moves.h"

/* The depth of every member of an unsolvable group (it holds no solved member). */
#define LAYERS_UNSOLVABLE (-1)

/* One group's members and their min moves under a metric. */
struct member_layers {
    kl_code *codes;     /* the members ascending: codes[i] has group_index i */
    int *depth;         /* depth[i]: the min moves of codes[i] under the metric, or
                           LAYERS_UNSOLVABLE (every member of an unsolvable group) */
    size_t count;       /* members */
    size_t *layer_size; /* layer_size[d]: members of depth d, for d below depths (NULL
                           when depths is 0) */
    int depths;         /* the largest depth + 1 (max min moves + 1); 0 when unsolvable */
    size_t searched;    /* layouts searched so far, kept current while the search runs
                           (at least once a distance), so that a watch whose context
                           reaches this struct can show progress: it rises to 2 * count,
                           each member counted once as the group is listed and once as
                           the metric's search reaches it */
};

/* Finds the layers under `metric` of the group of `member` (a legal code): expected is
 * the group's size when known (0: not known), which sizes the memory; watch (NULL:
 * none) is asked every few milliseconds whether to stop.
 * RETURN: true with *layers filled (free it with member_layers_free); false when the
 *   watch stopped the search (nothing to free; only layers->searched is meaningful).
 * Never fails but for memory, which it reports and exits on (answer/report.h).  Holds no
 * state between calls: distinct calls may run in distinct threads. */
bool member_layers_find(struct member_layers *layers, kl_code member, size_t expected, enum kl_metric metric,
                        const struct search_watch *watch);

/* What a caller may know of each member: its min moves under one metric mod 3 (the
 * pack's residue, core/pack/pack.h), or a negative number when it cannot tell. */
typedef int (*layers_residue)(void *context, kl_code code);

/* As member_layers_find, faster, from what the caller knows: `residue` (called once for
 * every member but `member`, with `context`, even after one it could not tell, so that a
 * caller that fetches what it lacked fetches it all at once) and the min moves of
 * `member` itself (member_depth; LAYERS_UNSOLVABLE for an unsolvable group, when
 * residue is not called).  One search lists the group; each member's depth follows from
 * the one it was first reached from, since a move changes the min moves under any
 * metric by -1, 0 or 1, which the residues tell apart.  About half the time of
 * member_layers_find and a fifth of its memory.
 * RETURN: true with *layers filled (free it with member_layers_free); false when the
 *   watch stopped the search, when residue could not tell one, or when the depths it
 *   gives contradict the moves (a solved member not at depth 0, another at 0 or below)
 *   (nothing to free; only layers->searched is meaningful). */
bool member_layers_from_residues(struct member_layers *layers, kl_code member, int member_depth, size_t expected,
                                 layers_residue residue, void *context, const struct search_watch *watch);

/* Frees what member_layers_find filled and zeroes *layers; harmless on a zeroed one. */
void member_layers_free(struct member_layers *layers);

#endif
