/* The answers' values filled from a pack (core/pack/pack.h) instead of the database: the
 * facts the pack holds, with the mask of the fields it has, for the page with no server
 * (site/engine.c) and `klotski serve --pack` (query/serve/api.c) alike, so that both give
 * the same JSON.  Each function returns the pack's status; the caller words its errors
 * (kl_pack_message).  Thread safety: as the pack's (one pack per thread). */
#ifndef KLOTSKI_ANSWER_PACK_VALUES_H
#define KLOTSKI_ANSWER_PACK_VALUES_H

#include <stdbool.h>

#include "answer/search/searched_group.h"
#include "answer/value.h"
#include "core/move_outcomes.h"
#include "core/pack/pack.h"

/* The layout `code`'s min steps (KL_PACK_NONE: unsolvable) into *steps and its group into
 * *group.  Returns KL_PACK_OK, KL_PACK_INVALID (no layout) or KL_PACK_CORRUPT. */
enum kl_pack_status pack_layout_find(struct kl_pack *pack, kl_code code, int *steps, struct kl_pack_group *group);

/* `klotski show --json`'s fields that the pack holds for the layout `code` (steps and
 * group as pack_layout_find gave them): min_straight_moves and min_unit_moves only
 * `with_metrics` (else left out, the pack's metrics part not needed); group_index,
 * min_solution_num, farthest_steps, farthest_num and solution_num only where `searched`
 * (NULL: none) gives them (answer/search/searched_group.h: a search of the group, which
 * the pack does not store).  On KL_PACK_OK *value is the row (free it with table_free); else
 * KL_PACK_MISSING (no metrics part) or KL_PACK_CORRUPT, *value untouched. */
enum kl_pack_status pack_layout_value(struct kl_pack *pack, kl_code code, int steps, const struct kl_pack_group *group,
                                      bool with_metrics, const struct layout_search_facts *searched,
                                      struct table **value);

/* Fills the farthest_steps and farthest_num of the `count` moves `moves` (null until
 * then).  context: the caller's, passed through. */
typedef void (*pack_moves_farthest)(void *context, struct kl_move_outcome *moves, int count);

/* `klotski moves --json` under `metric` for the layout `code` of the group named `group`,
 * each move's farthest_steps and farthest_num filled by `farthest` (NULL: null, not in
 * the pack) with `context`.  On KL_PACK_OK *value is the answer (free it with
 * answer_value_free); else kl_pack_moves_in's status. */
enum kl_pack_status pack_moves_value(struct kl_pack *pack, kl_code code, const char *group, enum kl_metric metric,
                                     pack_moves_farthest farthest, void *context, struct answer_value *value);

/* A minimal solution of `code` under `metric`: on KL_PACK_OK *route (malloc'd; free it)
 * holds its *count codes, the layout first; else kl_pack_solve_in's status
 * (KL_PACK_UNSOLVABLE, KL_PACK_MISSING, KL_PACK_CORRUPT, ...) and *route NULL. */
enum kl_pack_status pack_solution(struct kl_pack *pack, kl_code code, enum kl_metric metric, kl_code **route,
                                  int *count);

/* `klotski group --json`'s fields that the pack holds for `group` (no hardest counts in
 * straight and unit moves).  Free the row with table_free. */
struct table *pack_group_value(const struct kl_pack_group *group);

/* `klotski names --json`'s rows from the pack's names, each with its layout's min moves
 * under `metric` (its group left out: each would cost a block), all of them (no
 * section: the database's matching of a part of a section's name is not the pack's).
 * On KL_PACK_OK *value is the list (free it with table_free); else kl_pack_min_moves's
 * status, *value untouched. */
enum kl_pack_status pack_names_value(struct kl_pack *pack, enum kl_metric metric, struct table **value);

#endif
