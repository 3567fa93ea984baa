/* `klotski farthest LAYOUT...`: the layouts of its group farthest from a layout, by one
 * breadth-first search over the group; `klotski farthest --group GROUP [--central]`: a
 * group's hardest and peripheral (and central) layouts as the database stores them: the
 * base build stores the extremes of most groups, the farthest phase those of the rest. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "query/search/bfs.h"
#include "query/commands/command.h"
#include "query/commands/members.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/report.h"

static struct {
    const char *group;
    bool central;
} options;

static const struct command_option farthest_options[] = {
    {.name = "group", .value_name = "GROUP", .text = &options.group,
     .help = "instead list the group's hardest layouts (the largest\n"
             "min_steps) and its peripheral layouts: those whose\n"
             "farthest_steps is the group's diameter, the ends of its\n"
             "longest shortest paths (stored for most groups; `make\n"
             "farthest` stores the rest)"},
    {.name = "central", .flag = &options.central,
     .help = "with --group: list its central layouts too, those whose\n"
             "farthest_steps is the group's radius"},
    {NULL},
};

static const char *const farthest_columns[] = {"layout", "farthest", "distance", NULL};
static const char *const layout_summary_columns[] = {"code", "group", "farthest_steps", "farthest_num", NULL};

static int farthest_of(struct db *db, const struct kl_db_layout_row *layout, const struct kl_db_group_row *group)
{
    (void)db;
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    size_t count;
    int distance;
    kl_code *farthest = bfs_farthest(layout->code, (size_t)group->size, &count, &distance);
    struct table *list = table_new(farthest_columns), *summary = table_new(layout_summary_columns);
    for (size_t i = 0; i < count; i++) {
        table_text(list, hex);
        table_code(list, farthest[i]);
        table_number(list, distance);
    }
    table_text(summary, hex);
    table_text(summary, group->name);
    table_number(summary, distance);
    table_number(summary, (long long)count);
    char headline[128];
    snprintf(headline, sizeof headline, "%s: %zu farthest layout%s, %d steps away (group %s)", hex, count,
             count == 1 ? "" : "s", distance, group->name);
    answer_print(headline, summary, "farthest", list);
    table_free(list);
    table_free(summary);
    free(farthest);
    return EXIT_ANSWERED;
}

static const char *const group_layout_columns[] = {"group", "kind", "code", "steps", NULL};
static const char *const group_summary_columns[] = {
    "group", "max_min_steps", "hardest_count", "diameter", "radius", "peripheral_count",
    "central_count", NULL};

/* Adds `count` members as rows of one kind, and frees their codes. */
static void add_members(struct table *t, const char *group, const char *kind, kl_code *codes, size_t count,
                        int steps)
{
    for (size_t i = 0; i < count; i++) {
        table_text(t, group);
        table_text(t, kind);
        table_code(t, codes[i]);
        table_number(t, steps);
    }
    free(codes);
}

static int farthest_of_group(struct db *db)
{
    struct kl_db_group_row group;
    int status = input_group(db, options.group, &group);
    if (status != EXIT_ANSWERED)
        return status;
    /* A group whose extremes wait for the farthest phase still has its hardest layouts
     * to show: they come first, then the one line saying what is missing. */
    bool stored = group.peripheral_count != DB_NULL;
    struct table *list = table_new(group_layout_columns), *summary = table_new(group_summary_columns);
    size_t count;
    kl_code *codes = members_hardest(db, &group, &count);
    add_members(list, group.name, "hardest", codes, count, group.max_min_steps);
    if (stored) {
        codes = members_peripheral(db, &group, &count);
        add_members(list, group.name, "peripheral", codes, count, group.diameter);
    }
    if (stored && options.central) {
        codes = members_central(db, &group, &count);
        add_members(list, group.name, "central", codes, count, group.radius);
    }
    table_text(summary, group.name);
    table_number_or_null(summary, group.max_min_steps, NULL);
    table_number_or_null(summary, group.hardest_count, NULL);
    table_number_or_null(summary, group.diameter, NULL);
    table_number_or_null(summary, group.radius, NULL);
    table_number_or_null(summary, group.peripheral_count, NULL);
    table_number_or_null(summary, group.central_count, NULL);
    char headline[256];
    int used = snprintf(headline, sizeof headline, "group %s: ", group.name);
    if (group.max_min_steps == DB_NULL)
        used += snprintf(headline + used, sizeof headline - (size_t)used, "unsolvable, no hardest layouts");
    else
        used += snprintf(headline + used, sizeof headline - (size_t)used, "%lld hardest at %d steps from solved",
                         (long long)group.hardest_count, group.max_min_steps);
    if (stored)
        snprintf(headline + used, sizeof headline - (size_t)used,
                 "; %lld peripheral at diameter %d, %lld central at radius %d",
                 (long long)group.peripheral_count, group.diameter,
                 (long long)group.central_count, group.radius);
    answer_print(headline, summary, "layouts", list);
    table_free(list);
    table_free(summary);
    if (!stored)
        return report(EXIT_NOT_FOUND, group.name,
                      "its peripheral and central layouts are not stored yet: `make farthest` "
                      "(klotski-build --farthest) completes them");
    return EXIT_ANSWERED;
}

static int check_farthest(void)
{
    if (options.central && !options.group)
        return report(EXIT_BAD_INPUT, "--central", "only with --group GROUP");
    return EXIT_ANSWERED;
}

static int run_farthest(struct db *db, const struct request *req)
{
    if (!options.group)
        return input_each_layout(db, req, farthest_of);
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "farthest takes LAYOUTs or --group GROUP, not both");
    return farthest_of_group(db);
}

const struct command command_farthest = {
    .name = "farthest",
    .synopsis = "farthest LAYOUT... | farthest --group GROUP [--central]",
    .summary = "the layouts farthest from a layout; a group's hardest and peripheral layouts",
    .help = "farthest LAYOUT: the layouts of its group at the largest distance from LAYOUT\n"
            "(farthest_steps), computed by a search over the group.\n",
    .options = farthest_options,
    .check = check_farthest,
    .run = run_farthest,
};
