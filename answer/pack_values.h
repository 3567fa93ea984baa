/* The answers' values filled from a pack (core/pack/pack.h) instead of the database: the
 * facts the pack holds, with the mask of the fields it has, for the page with no server
 * (site/engine.c) and `klotski serve --pack` (query/serve/api.c) alike, so that both give
 * the same JSON.  Each function returns the pack's status; the caller words its errors
 * (kl_pack_message).  Thread safety: as the pack's (one pack per thread). */
#ifndef KLOTSKI_ANSWER_PACK_VALUES_H
#define KLOTSKI_ANSWER_PACK_VALUES_H

#include <stdbool.h>

#include "answer/farthest_group_value.h"
#include "answer/search/bfs.h"
#include "answer/search/searched_group.h"
#include "answer/stats_value.h"
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

/* `klotski group --json` for `group`, from its facts and, `with_lists`, the pack's lists
 * part: the summary with every field (the hardest counts in straight and unit moves from
 * its layers) and its depth histogram ("depths"); without, the summary of the fields the
 * groups chunk holds (no hardest counts in straight and unit moves), for an answer that
 * must not wait for the lists part.  On KL_PACK_OK *value is the answer (free it with
 * answer_value_free); else kl_pack_group_layers's status (KL_PACK_LISTS_MISSING,
 * KL_PACK_CORRUPT, ...), *value untouched. */
enum kl_pack_status pack_group_answer(struct kl_pack *pack, const struct kl_pack_group *group, bool with_lists,
                                      struct answer_value *value);

/* `klotski farthest GROUP --json` for `group` (central: its central layouts listed too;
 * limit: of each kind at most, 0 all), as the server answers it from the database the
 * pack came from: its hardest layouts, and its peripheral (and central) layouts from the
 * lists part, or found now by a search (answer/search/extremes.h, asking `watch`) for a
 * dense group whose extremes that database had not found, of up to
 * EXTREMES_ON_DEMAND_MAX_SIZE layouts; *source says which, EXTREMES_MISSING for a larger
 * one (*value then holds nothing: the answer is the error FARTHEST_EXTREMES_MISSING) or
 * a search the watch stopped.  Returns as pack_group_answer. */
enum kl_pack_status pack_farthest_group_value(struct kl_pack *pack, const struct kl_pack_group *group, bool central,
                                              long limit, const struct search_watch *watch,
                                              struct answer_value *value, enum farthest_extremes *source);

/* `klotski hardest --json` under `metric` over the groups numbered first to end - 1 (all,
 * a class's, one): the `limit` layouts with the most min moves, most first, ties by code.
 * The layer sizes of the lists part tell the least count that `limit` layouts reach and
 * which groups hold them; the members at a group's largest count are its hardest list,
 * those below a search of its layers (answer/search/layers.h), whose sizes must be the
 * pack's.  On KL_PACK_OK *rows is the table (free it with table_free) and *listed its
 * rows (0: no solvable group in the scope); else the pack's status (KL_PACK_LISTS_MISSING,
 * KL_PACK_CORRUPT), *rows NULL. */
enum kl_pack_status pack_hardest_value(struct kl_pack *pack, uint32_t first, uint32_t end, long limit,
                                       enum kl_metric metric, struct table **rows, size_t *listed);

/* `klotski stats TABLE --json` under `metric` over the groups numbered first to end - 1
 * (all, or a class's: whole classes): the table's rows as the database's queries give
 * them (query/commands/stats.c), summed from the groups chunk and, for the hardest
 * counts in straight and unit moves and the depths, the lists part's layer sizes.  On
 * KL_PACK_OK *rows is the table (free it with table_free); else the pack's status
 * (KL_PACK_LISTS_MISSING, KL_PACK_CORRUPT), *rows NULL. */
enum kl_pack_status pack_stats_value(struct kl_pack *pack, enum stats_table table, uint32_t first, uint32_t end,
                                     enum kl_metric metric, struct table **rows);

/* `klotski names --json`'s rows from the pack's names, each with its layout's min moves
 * under `metric` and its group, all of them (no section: the database's matching of a
 * part of a section's name is not the pack's).  On KL_PACK_OK *value is the list (free
 * it with table_free); else kl_pack_min_moves's or kl_pack_group_of's status, *value
 * untouched. */
enum kl_pack_status pack_names_value(struct kl_pack *pack, enum kl_metric metric, struct table **value);

#endif
