/* The GPU's step (builder/farthest/lane_step.h) and the levels around it
 * (builder/farthest/lane_pass.c), run on the CPU, against core/graph/bitparallel_bfs.c:
 * the same searches the phase runs, batch by batch, on groups of every kind (dense,
 * long, with flip images, with top-solved members), every lane's level and count and
 * every member's solution count compared.  The CPU model below runs each level's steps
 * over every member and word, as gpu.cu's kernels do. */
#include "tests/unit/unit_test.h"

#include "tests/unit/group_fixture.h"

#include "builder/farthest/group.h"
#include "builder/farthest/lane_pass.h"

/* Searches of a group checked: at most this many of each kind; the larger groups of a
 * class first, and the rest of its groups below GROUPS_CHECKED. */
#define BATCHES_CHECKED 2
#define GROUPS_CHECKED 12
#define DENSE_DIAMETER 40

/* The CPU model of gpu.cu's device memory: two frontiers and two sets of clean lanes,
 * level t in [t & 1], and the members' solution counts. */
struct cpu_model {
    struct lane_level level;
    uint64_t *frontier[2], *clean[2];
    uint32_t *count;
};

static void model_free(struct cpu_model *m)
{
    for (int k = 0; k < 2; k++) {
        free(m->frontier[k]);
        free(m->clean[k]);
    }
    free(m->count);
    memset(m, 0, sizeof *m);
}

static int model_start(void *context, const struct group_graph *gg, const uint32_t *sources,
                       int count, const bool *twice, const uint64_t *targets)
{
    struct cpu_model *m = context;
    model_free(m);
    size_t words = ((size_t)gg->count + 1) * LANE_WORDS;
    for (int k = 0; k < 2; k++) {
        m->frontier[k] = calloc(words, sizeof(uint64_t));
        m->clean[k] = calloc(words, sizeof(uint64_t));
    }
    m->count = calloc((size_t)gg->count + 1, sizeof *m->count);
    assert_true(m->frontier[0] && m->frontier[1] && m->clean[0] && m->clean[1] && m->count);
    m->level = (struct lane_level){.count = gg->count, .edge_start = gg->edge_start,
                                   .edges = gg->edges, .target = targets};
    for (int i = 0; i < count; i++) {
        uint64_t bit = 1ull << (i % LANE_WORD_BITS);
        size_t at = (size_t)sources[i] * LANE_WORDS + (size_t)i / LANE_WORD_BITS;
        m->frontier[0][at] |= bit;
        m->clean[0][at] |= bit;
        if (twice && twice[i])
            m->level.twice[i / LANE_WORD_BITS] |= bit;
    }
    return 0;
}

static int model_pull(void *context, int level, const uint64_t live[LANE_WORDS],
                      uint64_t found[LANE_WORDS])
{
    struct cpu_model *m = context;
    struct lane_level *l = &m->level;
    lane_level_at(l, level, m->frontier, m->clean, live);
    for (uint32_t v = 0; v < l->count; v++)
        for (int w = 0; w < LANE_WORDS; w++) {
            size_t at = (size_t)v * LANE_WORDS + (size_t)w;
            if (!l->target) {
                found[w] |= l->next[at] = lane_pull(l, v, w);
                continue;
            }
            uint64_t clean;
            l->next[at] = lane_pull_clean(l, v, w, &clean);
            l->clean_next[at] = clean;
            m->count[v] += lane_clean_count(l, w, clean);
            found[w] |= clean;
        }
    return 0;
}

static int model_tally(void *context, int level, const uint64_t ending[LANE_WORDS],
                       uint32_t counts[BFS_LANES])
{
    struct cpu_model *m = context;
    for (uint32_t v = 0; v < m->level.count; v++)
        for (int w = 0; w < LANE_WORDS; w++)
            lane_tally(m->frontier[level & 1], v, w, ending[w], counts + w * LANE_WORD_BITS);
    return 0;
}

static int model_collect(void *context, uint32_t *count)
{
    struct cpu_model *m = context;
    for (uint32_t v = 0; v < m->level.count; v++)
        count[v] += m->count[v];
    return 0;
}

/* What the groups checked held, so that the test knows it saw every kind. */
struct seen {
    uint32_t dense;        /* members of the largest group whose searches end within
                              DENSE_DIAMETER levels */
    int longest;           /* the largest level a search ended at */
    bool twice;            /* a lane that counts twice (a flip image within the group) */
    bool top_solved;       /* a search from top-solved members */
};

/* Runs eccentricity batch b of gf both ways and compares every lane. */
static void check_eccentricity(const char *class_name, uint32_t num, struct group_farthest *gf,
                               uint32_t b, struct bfs_scratch *s,
                               const struct lane_backend *model, struct seen *seen)
{
    const uint32_t *sources = gf->plan.sources + (size_t)b * BFS_LANES;
    int count = source_plan_batch_size(&gf->plan, b);
    uint16_t steps[BFS_LANES], model_steps[BFS_LANES];
    uint32_t num_at[BFS_LANES], model_num[BFS_LANES];
    memset(model_steps, 0xff, sizeof model_steps);
    memset(model_num, 0xff, sizeof model_num);
    assert_int_equal(eccentricity_bfs(&gf->graph, sources, count, s, steps, num_at), 0);
    assert_int_equal(lane_eccentricity(model, &gf->graph, sources, count, model_steps,
                                       model_num), 0);
    for (int i = 0; i < count; i++) {
        if (model_steps[i] != steps[i] || model_num[i] != num_at[i])
            fail_msg("group %s-%u, batch %u, lane %d (member %u): level %d and count %u by "
                     "the lane step, %d and %u by bitparallel_bfs", class_name, num, b, i,
                     sources[i], model_steps[i], model_num[i], steps[i], num_at[i]);
        seen->longest = steps[i] > seen->longest ? steps[i] : seen->longest;
    }
}

/* Runs solution batch b of gf both ways and compares every member's count. */
static void check_solutions(const char *class_name, uint32_t num, struct group_farthest *gf,
                            uint32_t b, struct bfs_scratch *s,
                            const struct lane_backend *model, struct seen *seen)
{
    const struct solution_batch *sb = &gf->solution_batches[b];
    uint32_t n = gf->graph.count;
    uint32_t *expected = calloc((size_t)n + 1, sizeof *expected);
    uint32_t *got = calloc((size_t)n + 1, sizeof *got);
    assert_true(expected && got);
    const uint32_t *sources = gf->solution_sources + sb->first;
    const bool *twice = gf->solution_twice + sb->first;
    assert_int_equal(solution_bfs(&gf->graph, sources, twice, sb->count, gf->target[sb->set], s,
                                  expected), 0);
    assert_int_equal(lane_solutions(model, &gf->graph, sources, twice, sb->count,
                                    gf->target[sb->set], got), 0);
    for (uint32_t v = 0; v < n; v++)
        if (got[v] != expected[v])
            fail_msg("group %s-%u, solution batch %u (set %d), member %u: %u solutions by the "
                     "lane step, %u by bitparallel_bfs", class_name, num, b, sb->set, v, got[v],
                     expected[v]);
    for (int i = 0; i < sb->count; i++)
        seen->twice |= twice[i];
    seen->top_solved |= sb->set == TARGET_TOP;
    free(expected);
    free(got);
}

/* Checks the first and the last batches of each kind of group `num` of class t. */
static void check_group(struct tested_class *t, const char *class_name, uint32_t num,
                        const struct lane_backend *model, struct seen *seen)
{
    struct group_farthest gf;
    assert_int_equal(group_farthest_init(&gf, &t->g, &t->cg, &t->r, num, t->number), 0);
    struct bfs_scratch *s = bfs_scratch_new(gf.graph.count);
    assert_non_null(s);
    int longest = seen->longest;
    seen->longest = 0;
    uint32_t batches = gf.plan.batch_count;
    for (uint32_t k = 0; k < BATCHES_CHECKED && k < batches; k++)
        check_eccentricity(class_name, num, &gf, k ? batches - 1 : 0, s, model, seen);
    if (seen->longest <= DENSE_DIAMETER && gf.graph.count > seen->dense)
        seen->dense = gf.graph.count;
    seen->longest = seen->longest > longest ? seen->longest : longest;
    batches = gf.solution_batch_count;
    for (uint32_t k = 0; k < BATCHES_CHECKED && k < batches; k++)
        check_solutions(class_name, num, &gf, k ? batches - 1 : 0, s, model, seen);
    bfs_scratch_free(s);
    group_farthest_free(&gf);
}

/* Classes with a dense group (4-1-1, 0-4-0), a group whose searches run past 200 levels (5-4-3),
 * many small groups with flip images and top-solved members (6-2-3, 6-0-2). */
static void test_against_bitparallel_bfs(void **state)
{
    static const char *const classes[] = {"4-1-1", "0-4-0", "5-4-3", "6-2-3", "6-0-2"};
    struct fixture *f = *state;
    struct cpu_model m = {0};
    struct lane_backend model = {&m, model_start, model_pull, model_tally, model_collect};
    struct seen seen = {0};
    for (size_t c = 0; c < sizeof classes / sizeof *classes; c++) {
        struct tested_class t;
        open_class(&t, &f->cat, classes[c]);
        uint32_t checked = 0;
        for (uint32_t num = 0; num < t.cg.group_count && checked < GROUPS_CHECKED; num++)
            if (group_representative(&t.r, num) == num) {
                check_group(&t, classes[c], num, &model, &seen);
                checked++;
            }
        close_class(&t);
    }
    model_free(&m);
    if (seen.dense < 20000 || seen.longest < 200 || !seen.twice || !seen.top_solved)
        fail_msg("the groups checked lack a kind: largest dense group %u members, longest "
                 "search %d levels, lanes counting twice %d, top-solved sources %d", seen.dense,
                 seen.longest, seen.twice, seen.top_solved);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_bitparallel_bfs),
    };
    return cmocka_run_group_tests(tests, build_catalog, free_catalog);
}
