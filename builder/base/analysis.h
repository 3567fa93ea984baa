/* The analysis phase: for every class, its step graph, groups, depth layers and the
 * group extremes that fit a bound on the work (builder/extremes/class.h), on several
 * threads (classes are independent).  Results are per layout id and per group. */
#ifndef KLOTSKI_BUILDER_ANALYSIS_H
#define KLOTSKI_BUILDER_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "builder/catalog.h"
#include "builder/base/layers.h"
#include "builder/base/metric_depths.h"
#include "builder/extremes/class.h"
#include "core/database/format.h"

/* What a layout_result keeps of a count of extra moves out of 0 .. 254 (or of one below
 * 0, which a right search never finds); the store rejects it. */
#define MOVES_OVER_UNFIT UINT8_MAX

/* What the analysis finds of one layout.  All of it side by side in 12 bytes, so that a
 * class writes its results out by id at about one cache line a layout (five arrays cost
 * five). */
struct layout_result {
    uint32_t group_index;
    uint16_t group_num;          /* within its class */
    uint16_t min_solution_num;   /* 0 when unsolvable */
    uint8_t min_steps;           /* KL_DB_UNSOLVABLE when unsolvable */
    uint8_t straight_over_steps; /* min straight moves - min_steps; 0 when unsolvable,
                                    MOVES_OVER_UNFIT when out of 0 .. 254 */
    uint8_t unit_over_straight;  /* min unit moves - min straight moves, alike */
};
_Static_assert(sizeof(struct layout_result) == 12, "a layout's results in 12 bytes");

/* The layout's min_steps under `metric` (SPEC.md "Other ways to count"), or
 * METRIC_UNSOLVABLE when unsolvable.  Meaningful while the counts over are not
 * MOVES_OVER_UNFIT. */
static inline int layout_result_moves(const struct layout_result *r, enum kl_metric metric)
{
    if (r->min_steps == KL_DB_UNSOLVABLE)
        return METRIC_UNSOLVABLE;
    return r->min_steps + (metric >= KL_METRIC_STRAIGHT ? r->straight_over_steps : 0) +
           (metric == KL_METRIC_UNIT ? r->unit_over_straight : 0);
}

struct analysis {
    struct layout_result *layouts; /* per id */
    uint32_t group_count[KL_CLASS_COUNT];
    struct group_layers *groups[KL_CLASS_COUNT]; /* per class, indexed by group_num */
    struct extremes_row *extremes[KL_CLASS_COUNT]; /* alike; NULL: none asked for */
    struct metric_group *metric_groups[KL_METRIC_COUNT][KL_CLASS_COUNT]; /* alike, per
                                             metric but KL_METRIC_STEP */
    uint64_t edges;         /* (layout, neighbour) pairs seen */
    double graph_cpu, groups_cpu, layers_cpu, metrics_cpu, extremes_cpu,
        results_cpu; /* CPU seconds per step, all threads; results: writing them out by id */
};

/* Analyses every class of the catalog into a, the classes shared by up to `threads`
 * threads (builder/threads.h), the largest first; shows the "analyse" progress line.
 * PARAMETERS: a, filled (anything it held is forgotten, not freed); cat, a built
 *   catalog; threads, how many threads at most (below 1 counts as 1); with_extremes, whether
 *   to find the group extremes, within the work the base build allows each group
 *   (extremes_base_work; false: a->extremes stays NULL).
 * RETURN: 0, or -1 when memory runs out (then nothing needs freeing).
 * NOTES: call from one thread; a thread that cannot be started only makes it slower. */
int analysis_run(struct analysis *a, const struct catalog *cat, int threads,
                 bool with_extremes);

/* Totals over groups of an analysis. */
struct analysis_totals {
    uint32_t groups;
    uint64_t solved;   /* solved layouts */
    uint64_t solvable; /* layouts in groups that hold a solved layout */
    int max_min_steps; /* -1 when no group counted is solvable */
    uint32_t settled_groups;   /* groups whose extremes were found */
    uint64_t settled_layouts;  /* their members */
    uint32_t searched_groups;  /* groups searched (one of each set of images) */
    uint64_t searches;         /* their single searches and bit-parallel passes */
    uint32_t most_searches;    /* the most of one group */
};

/* RETURN: the sums of the per-group results of class `class_id` (0 to KL_CLASS_COUNT - 1)
 * of a finished analysis.  Reads only: callable from any thread. */
struct analysis_totals analysis_class_totals(const struct analysis *a, int class_id);

/* RETURN: the sums of the per-group results of every class of a finished analysis.
 * Reads only: callable from any thread. */
struct analysis_totals analysis_totals(const struct analysis *a);

/* Frees what analysis_run allocated and zeroes a; harmless on a zeroed analysis. */
void analysis_free(struct analysis *a);

#endif
