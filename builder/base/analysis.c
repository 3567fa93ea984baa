#include "builder/base/analysis.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "builder/extremes/base_work.h"
#include "builder/graph/class_graph.h"
#include "builder/graph/groups.h"
#include "builder/progress.h"
#include "builder/threads.h"

/* One analysis, shared by its threads. */
struct work {
    struct analysis *a;
    const struct catalog *cat;
    bool with_extremes;
    int order[KL_CLASS_COUNT];   /* classes, largest first, so the threads finish together */
    pthread_mutex_t totals_lock; /* guards the sums: a->edges and the CPU seconds */
};

/* The straight and unit moves of every member of class graph g into straight and unit
 * (by local index, room for g->count each) and their per-group results into
 * metric_groups (NULL where nothing was found).  Returns 0 or -1 (memory). */
static int class_metrics_find(const struct class_graph *g, const struct class_groups *cg,
                              uint16_t *straight, uint16_t *unit,
                              struct metric_group *metric_groups[KL_METRIC_COUNT])
{
    for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
        metric_groups[m] = calloc(cg->group_count, sizeof *metric_groups[m]);
        if (!metric_groups[m] ||
            metric_depths_compute(g, cg, (enum kl_metric)m, m == KL_METRIC_UNIT ? unit : straight,
                                  metric_groups[m]) != 0) {
            free(metric_groups[m]);
            metric_groups[m] = NULL;
            return -1;
        }
    }
    return 0;
}

/* `to` - `from` as a layout_result keeps it. */
static uint8_t moves_over(int from, int to)
{
    int over = to - from;
    return over >= 0 && over < MOVES_OVER_UNFIT ? (uint8_t)over : MOVES_OVER_UNFIT;
}

/* threads_work: analyses the class number `item` of the order, on any thread. */
static int analyse_class(void *context, uint32_t item, int thread)
{
    (void)thread;
    struct work *w = context;
    struct analysis *a = w->a;
    int class_id = w->order[item];
    struct class_graph g;
    struct class_groups cg;
    double t0 = threads_cpu_seconds();
    if (class_graph_build(&g, w->cat, class_id) != 0)
        return -1;
    double t1 = threads_cpu_seconds();
    if (class_groups_find(&cg, &g) != 0) {
        class_graph_free(&g);
        return -1;
    }
    double t2 = threads_cpu_seconds();
    uint8_t *depth = malloc(g.count + 1);
    uint16_t *min_solution_num = malloc(sizeof *min_solution_num * (g.count + 1));
    struct group_layers *groups = calloc(cg.group_count, sizeof *groups);
    int rc = (depth && min_solution_num && groups)
                 ? layers_compute(&g, &cg, depth, min_solution_num, groups)
                 : -1;
    double t_metrics = threads_cpu_seconds();
    struct metric_group *metric_groups[KL_METRIC_COUNT] = {NULL};
    uint16_t *moves = malloc(sizeof *moves * (2 * (size_t)g.count + 1));
    uint16_t *straight = moves, *unit = moves ? moves + g.count : NULL;
    rc = rc == 0 && moves ? class_metrics_find(&g, &cg, straight, unit, metric_groups) : -1;
    double t3 = threads_cpu_seconds();
    struct extremes_row *extremes = NULL;
    if (rc == 0 && w->with_extremes) {
        extremes = calloc(cg.group_count, sizeof *extremes);
        uint64_t *work = malloc(sizeof *work * (cg.group_count + 1));
        for (uint32_t num = 0; work && num < cg.group_count; num++)
            work[num] = extremes_base_work(cg.size[num], groups[num].max_depth);
        rc = extremes && work ? class_extremes_find(extremes, &g, &cg, work) : -1;
        free(work);
        if (rc != 0) {
            free(extremes);
            extremes = NULL;
            for (uint32_t num = 0; num < cg.group_count; num++)
                group_layers_free(&groups[num]);
        }
    }
    double t4 = threads_cpu_seconds();
    if (rc == 0) {
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
            a->metric_groups[m][class_id] = metric_groups[m];
        for (uint32_t i = 0; i < g.count; i++) {
            bool solvable = depth[i] != KL_DB_UNSOLVABLE;
            a->layouts[g.ids[i]] = (struct layout_result){
                .group_index = cg.group_index[i],
                .group_num = (uint16_t)cg.group_of[i],
                .min_solution_num = min_solution_num[i],
                .min_steps = depth[i],
                .straight_over_steps = solvable ? moves_over(depth[i], straight[i]) : 0,
                .unit_over_straight = solvable ? moves_over(straight[i], unit[i]) : 0};
        }
        a->group_count[class_id] = cg.group_count;
        a->groups[class_id] = groups;
        a->extremes[class_id] = extremes;
        groups = NULL;
    } else {
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
            for (uint32_t num = 0; metric_groups[m] && num < cg.group_count; num++)
                metric_group_free(&metric_groups[m][num]);
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++)
            free(metric_groups[m]);
    }
    double t5 = threads_cpu_seconds();
    pthread_mutex_lock(&w->totals_lock);
    a->edges += g.edge_start[g.count];
    a->graph_cpu += t1 - t0;
    a->groups_cpu += t2 - t1;
    a->layers_cpu += t_metrics - t2;
    a->metrics_cpu += t3 - t_metrics;
    a->extremes_cpu += t4 - t3;
    a->results_cpu += t5 - t4;
    pthread_mutex_unlock(&w->totals_lock);
    progress_add(g.count);
    free(depth);
    free(moves);
    free(min_solution_num);
    free(groups);
    class_groups_free(&cg);
    class_graph_free(&g);
    return rc;
}

static const struct catalog *sort_catalog;

static int larger_class_first(const void *x, const void *y)
{
    uint32_t a = catalog_class_size(sort_catalog, *(const int *)x);
    uint32_t b = catalog_class_size(sort_catalog, *(const int *)y);
    return (a < b) - (a > b);
}

int analysis_run(struct analysis *a, const struct catalog *cat, int threads,
                 bool with_extremes)
{
    memset(a, 0, sizeof *a);
    a->layouts = malloc(sizeof *a->layouts * KL_LAYOUT_COUNT);
    if (!a->layouts) {
        analysis_free(a);
        return -1;
    }
    struct work w = {.a = a, .cat = cat, .with_extremes = with_extremes};
    for (int c = 0; c < KL_CLASS_COUNT; c++)
        w.order[c] = c;
    sort_catalog = cat;
    qsort(w.order, KL_CLASS_COUNT, sizeof w.order[0], larger_class_first);
    pthread_mutex_init(&w.totals_lock, NULL);
    progress_begin("analyse", KL_LAYOUT_COUNT, "layouts");
    int rc = threads_run(threads, KL_CLASS_COUNT, analyse_class, &w);
    progress_end();
    pthread_mutex_destroy(&w.totals_lock);
    if (rc != 0)
        analysis_free(a);
    return rc;
}

struct analysis_totals analysis_class_totals(const struct analysis *a, int class_id)
{
    struct analysis_totals t = {.groups = a->group_count[class_id], .max_min_steps = -1};
    for (uint32_t num = 0; num < a->group_count[class_id]; num++) {
        const struct group_layers *gl = &a->groups[class_id][num];
        t.solved += gl->solved;
        t.solvable += gl->max_depth >= 0 ? gl->size : 0;
        t.max_min_steps = gl->max_depth > t.max_min_steps ? gl->max_depth : t.max_min_steps;
        const struct extremes_row *x = a->extremes[class_id] ? &a->extremes[class_id][num] : NULL;
        if (!x)
            continue;
        t.settled_groups += x->settled;
        t.settled_layouts += x->settled ? gl->size : 0;
        uint32_t searches = x->searches + x->batches;
        t.searched_groups += x->work > 0;
        t.searches += searches;
        t.most_searches = searches > t.most_searches ? searches : t.most_searches;
    }
    return t;
}

struct analysis_totals analysis_totals(const struct analysis *a)
{
    struct analysis_totals t = {.max_min_steps = -1};
    for (int c = 0; c < KL_CLASS_COUNT; c++) {
        struct analysis_totals k = analysis_class_totals(a, c);
        t.groups += k.groups;
        t.solved += k.solved;
        t.solvable += k.solvable;
        t.max_min_steps = k.max_min_steps > t.max_min_steps ? k.max_min_steps : t.max_min_steps;
        t.settled_groups += k.settled_groups;
        t.settled_layouts += k.settled_layouts;
        t.searched_groups += k.searched_groups;
        t.searches += k.searches;
        t.most_searches = k.most_searches > t.most_searches ? k.most_searches : t.most_searches;
    }
    return t;
}

void analysis_free(struct analysis *a)
{
    for (int c = 0; c < KL_CLASS_COUNT; c++) {
        for (uint32_t num = 0; a->groups[c] && num < a->group_count[c]; num++)
            group_layers_free(&a->groups[c][num]);
        for (uint32_t num = 0; a->extremes[c] && num < a->group_count[c]; num++)
            extremes_row_free(&a->extremes[c][num]);
        free(a->groups[c]);
        free(a->extremes[c]);
        for (int m = KL_METRIC_STRAIGHT; m < KL_METRIC_COUNT; m++) {
            for (uint32_t num = 0; a->metric_groups[m][c] && num < a->group_count[c]; num++)
                metric_group_free(&a->metric_groups[m][c][num]);
            free(a->metric_groups[m][c]);
        }
    }
    free(a->layouts);
    memset(a, 0, sizeof *a);
}
