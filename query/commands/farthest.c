/* `klotski farthest LAYOUT...`: the layouts of its group farthest from a layout, by one
 * breadth-first search over the group; `klotski farthest GROUP...` (or `--group GROUP`):
 * a group's hardest and peripheral (and central) layouts as the database stores them:
 * the base build stores the extremes of most groups, the farthest phase those of the
 * rest; `klotski farthest CLASS...`: the peripheral layouts of the class's groups of the
 * largest diameter, the ends of its longest shortest paths.  An argument written as a
 * group name (5-4-1-1) or a class name (5-4-1) is read as one, anything else as a
 * LAYOUT. */
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "answer/farthest_group_value.h"
#include "answer/farthest_value.h"
#include "answer/search/bfs.h"
#include "answer/search/extremes.h"
#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/commands/members.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "answer/report.h"

struct farthest_options {
    const char *group;
    bool central;
    long limit; /* layouts of each kind to list at most; 0: all */
};

static const struct farthest_options option_defaults;

static const struct command_option farthest_option_table[] = {
    {.name = "group", .value_name = "GROUP", .kind = OPTION_TEXT, .offset = offsetof(struct farthest_options, group),
     .help = "answer for the group GROUP names, as an argument GROUP\n"
             "does: its hardest layouts (the largest min_steps) and its\n"
             "peripheral layouts, the ends of its longest shortest paths\n"
             "(a LAYOUT here means its group)"},
    {.name = "central", .kind = OPTION_FLAG, .offset = offsetof(struct farthest_options, central),
     .help = "with a GROUP: list its central layouts too, those whose\n"
             "farthest_steps is the group's radius"},
    {.name = "limit", .value_name = "N", .kind = OPTION_COUNT, .offset = offsetof(struct farthest_options, limit),
     .help = "list at most N layouts of each kind (the counts stay whole)"},
    {NULL},
};

/* How many layouts of one kind --limit lets an answer list. */
static size_t limit_room(long limit)
{
    return limit > 0 ? (size_t)limit : SIZE_MAX;
}

int farthest_answer(struct db *db, const struct kl_db_layout_row *layout, const struct kl_db_group_row *group,
                    long limit, struct answer_value *answer, char headline[FARTHEST_HEADLINE_SIZE])
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(layout->code, hex);
    size_t count;
    int distance;
    struct search_watch watch = db_search_watch(db);
    kl_code *farthest = bfs_farthest(layout->code, (size_t)group->size, &watch, &count, &distance);
    if (!farthest) /* the server's watch stopped the search */
        return EXIT_NOT_FOUND;
    *answer = farthest_layout_value(layout->code, group->name, distance, farthest, count, limit);
    snprintf(headline, FARTHEST_HEADLINE_SIZE, "%s: %zu farthest layout%s, %d steps away (group %s)", hex, count,
             count == 1 ? "" : "s", distance, group->name);
    free(farthest);
    return EXIT_ANSWERED;
}

/* Prints an answer of farthest with its headline, and frees it; returns status. */
static int print_farthest(int status, struct answer_value *answer, const char *headline)
{
    if (answer->summary)
        answer_print(headline, answer);
    answer_value_free(answer);
    return status;
}

static int farthest_of(struct db *db, const void *given, const struct kl_db_layout_row *layout,
                       const struct kl_db_group_row *group)
{
    const struct farthest_options *options = given;
    struct answer_value answer = {0};
    char headline[FARTHEST_HEADLINE_SIZE];
    return print_farthest(farthest_answer(db, layout, group, options->limit, &answer, headline), &answer, headline);
}

/* Adds `count` members as rows of one kind, at most *room of them (which it lowers by
 * as many), and frees their codes. */
static void add_members(struct table *t, const char *group, const char *kind, kl_code *codes, size_t count,
                        int steps, size_t *room)
{
    farthest_group_layouts_add(t, group, kind, codes, count, steps, room);
    free(codes);
}

/* A group's peripheral and central layouts, from the database or found now. */
struct extremes {
    enum farthest_extremes source;
    int diameter, radius;
    kl_code *peripheral, *central; /* malloc'd, ascending */
    size_t peripheral_count, central_count;
};

/* The group's extremes: stored ones, else found by a search when the group is small
 * enough (answer/search/extremes.h), else missing. */
static struct extremes extremes_of(struct db *db, const struct kl_db_group_row *group)
{
    struct extremes e = {.source = EXTREMES_STORED, .diameter = group->diameter, .radius = group->radius};
    if (group->peripheral_count != DB_NULL) {
        e.peripheral = members_peripheral(db, group, &e.peripheral_count);
        e.central = members_central(db, group, &e.central_count);
        return e;
    }
    struct group_extremes found;
    struct search_watch watch = db_search_watch(db);
    kl_code *codes;
    /* Too large to search, or the server's watch stopped the search: none known. */
    if (group->size > EXTREMES_ON_DEMAND_MAX_SIZE ||
        !extremes_of_group(group->min_code, (size_t)group->size, &watch, &found, &codes))
        return (struct extremes){.source = EXTREMES_MISSING, .diameter = DB_NULL, .radius = DB_NULL};
    e = (struct extremes){EXTREMES_FOUND_NOW, found.diameter, found.radius,
                          xmalloc(found.peripheral_count * sizeof *e.peripheral + 1),
                          xmalloc(found.central_count * sizeof *e.central + 1),
                          found.peripheral_count, found.central_count};
    for (uint32_t i = 0; i < found.peripheral_count; i++)
        e.peripheral[i] = codes[found.peripheral[i]];
    for (uint32_t i = 0; i < found.central_count; i++)
        e.central[i] = codes[found.central[i]];
    group_extremes_free(&found);
    free(codes);
    return e;
}

int farthest_group_answer(struct db *db, const struct kl_db_group_row *row, bool central, long limit,
                          struct answer_value *answer, char headline[FARTHEST_HEADLINE_SIZE])
{
    struct kl_db_group_row group = *row;
    struct extremes e = extremes_of(db, &group);
    bool known = e.source != EXTREMES_MISSING;
    struct table *list = farthest_group_layouts_new();
    size_t count;
    kl_code *codes = members_hardest(db, &group, &count);
    add_members(list, group.name, "hardest", codes, count, group.max_min_steps, &(size_t){limit_room(limit)});
    if (known)
        add_members(list, group.name, "peripheral", e.peripheral, e.peripheral_count, e.diameter,
                    &(size_t){limit_room(limit)});
    else
        free(e.peripheral);
    if (known && central)
        add_members(list, group.name, "central", e.central, e.central_count, e.radius, &(size_t){limit_room(limit)});
    else
        free(e.central);
    struct table *summary = farthest_group_summary(&(struct farthest_group_facts){
        group.name, group.max_min_steps, group.hardest_count, e.diameter, e.radius,
        known ? (long long)e.peripheral_count : DB_NULL, known ? (long long)e.central_count : DB_NULL, e.source});
    char complete[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(db_path(db), true, complete);
    int used = snprintf(headline, FARTHEST_HEADLINE_SIZE, "group %s: ", group.name);
    if (group.max_min_steps == DB_NULL)
        used += snprintf(headline + used, FARTHEST_HEADLINE_SIZE - (size_t)used, "unsolvable, no hardest layouts");
    else
        used += snprintf(headline + used, FARTHEST_HEADLINE_SIZE - (size_t)used, "%lld hardest at %d steps from solved",
                         (long long)group.hardest_count, group.max_min_steps);
    if (known)
        snprintf(headline + used, FARTHEST_HEADLINE_SIZE - (size_t)used,
                 "; %zu peripheral at diameter %d, %zu central at radius %d%s%s%s", e.peripheral_count, e.diameter,
                 e.central_count, e.radius,
                 e.source == EXTREMES_FOUND_NOW ? " (found now; " : "", e.source == EXTREMES_FOUND_NOW ? complete : "",
                 e.source == EXTREMES_FOUND_NOW ? " stores them)" : "");
    *answer = (struct answer_value){summary, "layouts", list};
    if (!known)
        return report(EXIT_NOT_FOUND, group.name, FARTHEST_EXTREMES_MISSING, (long long)group.size, complete);
    return EXIT_ANSWERED;
}

static const char *const class_summary_columns[] = {
    "class", "diameter", "groups", "peripheral_count", "groups_not_stored", NULL};

/* The class's groups of the largest stored diameter, ascending group_id, with that
 * diameter in *diameter (DB_NULL when no group of the class has one stored); *missing gets
 * how many of its groups have none stored.  Returns a malloc'd array (free it). */
static int64_t *widest_groups(struct db *db, int64_t class_id, int *diameter, size_t *count, int64_t *missing)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT count(*) FILTER (WHERE diameter IS NULL), max(diameter) "
                                        "FROM groups WHERE class_id = ?1");
    sqlite3_bind_int64(stmt, 1, class_id);
    db_step(db, stmt);
    *missing = sqlite3_column_int64(stmt, 0);
    *diameter = (int)db_column_or_null(stmt, 1);
    sqlite3_finalize(stmt);
    stmt = db_prepare(db, "SELECT group_id FROM groups WHERE class_id = ?1 AND diameter = ?2 ORDER BY group_id");
    sqlite3_bind_int64(stmt, 1, class_id);
    sqlite3_bind_int(stmt, 2, *diameter);
    int64_t *ids = NULL;
    for (*count = 0; db_step(db, stmt); ++*count) {
        ids = xrealloc(ids, (*count + 1) * sizeof *ids);
        ids[*count] = sqlite3_column_int64(stmt, 0);
    }
    sqlite3_finalize(stmt);
    return ids;
}

static int farthest_of_group(struct db *db, const struct farthest_options *options, const char *text)
{
    struct kl_db_group_row group;
    int status = input_group(db, text, &group);
    if (status != EXIT_ANSWERED)
        return status;
    struct answer_value answer = {0};
    char headline[FARTHEST_HEADLINE_SIZE];
    status = farthest_group_answer(db, &group, options->central, options->limit, &answer, headline);
    return print_farthest(status, &answer, headline);
}

static int farthest_of_class(struct db *db, const struct farthest_options *options, const char *text)
{
    int64_t class_id, missing;
    int status = input_class(db, text, &class_id);
    if (status != EXIT_ANSWERED)
        return status;
    int diameter;
    size_t group_count;
    int64_t *group_ids = widest_groups(db, class_id, &diameter, &group_count, &missing);
    char complete[KL_DB_BUILD_COMMAND_SIZE];
    kl_db_build_command(db_path(db), true, complete);
    if (diameter == DB_NULL) {
        free(group_ids);
        return report(EXIT_NOT_FOUND, text, "no diameter of its %lld dense group%s is stored; %s stores them",
                      (long long)missing, missing == 1 ? "" : "s", complete);
    }
    struct table *list = farthest_group_layouts_new(), *summary = table_new(class_summary_columns);
    long long peripheral = 0;
    size_t room = limit_room(options->limit); /* the class's peripheral layouts count together */
    char class_name[KL_CLASS_NAME_SIZE] = "";
    /* Every group of these has the class's name. */
    for (size_t i = 0; i < group_count; i++) {
        struct kl_db_group_row group;
        if (!db_group(db, group_ids[i], &group))
            continue;
        snprintf(class_name, sizeof class_name, "%s", group.class_name);
        size_t count;
        kl_code *codes = members_peripheral(db, &group, &count);
        peripheral += (long long)count;
        add_members(list, group.name, "peripheral", codes, count, diameter, &room);
    }
    free(group_ids);
    table_text(summary, class_name);
    table_number(summary, diameter);
    table_number(summary, (long long)group_count);
    table_number(summary, peripheral);
    table_number(summary, missing);
    char headline[256];
    snprintf(headline, sizeof headline, "class %s: %lld peripheral layout%s in %zu group%s of diameter %d%s",
                 class_name, peripheral, peripheral == 1 ? "" : "s", group_count, group_count == 1 ? "" : "s",
                 diameter, missing ? ", the largest stored" : ", its largest");
    answer_print(headline, &(struct answer_value){summary, "layouts", list});
    table_free(list);
    table_free(summary);
    if (missing)
        return report(EXIT_NOT_FOUND, text,
                      "%lld dense group%s of the class %s no stored diameter, which may be larger; "
                      "%s stores them",
                      (long long)missing, missing == 1 ? "" : "s", missing == 1 ? "has" : "have", complete);
    return EXIT_ANSWERED;
}

static int run_farthest(struct db *db, const struct request *req)
{
    const struct farthest_options *options = req->options;
    if (options->group && req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "farthest takes LAYOUTs or --group GROUP, not both");
    if (options->group)
        return farthest_of_group(db, options, options->group);
    if (req->arg_count == 0 && options->central)
        return report(EXIT_BAD_INPUT, "--central", "only with a GROUP: a group name (5-4-1-1) or --group GROUP");
    if (req->arg_count == 0)
        return input_each_layout(db, req, farthest_of);
    int status = EXIT_ANSWERED;
    for (int i = 0; i < req->arg_count; i++) {
        const char *arg = req->args[i];
        if (options->central && !input_is_group_name(arg))
            return report(EXIT_BAD_INPUT, arg, "--central lists a GROUP's central layouts: give a group name "
                                               "(5-4-1-1) or --group LAYOUT");
        struct request one = {.options = options, .args = &req->args[i], .arg_count = 1, .db_path = req->db_path};
        status = worse_status(status, input_is_class_name(arg)   ? farthest_of_class(db, options, arg)
                                      : input_is_group_name(arg) ? farthest_of_group(db, options, arg)
                                                                 : input_each_layout(db, &one, farthest_of));
    }
    return status;
}

const struct command command_farthest = {
    .name = "farthest",
    .synopsis = "farthest [--limit N] LAYOUT... | farthest [--central] [--limit N] GROUP... | farthest CLASS...",
    .summary = "the layouts farthest from a layout; a group's or class's peripheral layouts",
    .not_found = "no such group or class; peripheral layouts not stored until `klotski-build --farthest` has run",
    .help = "farthest LAYOUT: the layouts of its group at the largest distance from LAYOUT\n"
            "(farthest_steps), computed by a search over the group.\n"
            "farthest GROUP (a name, 5-4-1-1, or --group GROUP for a LAYOUT's group): its\n"
            "hardest layouts and its peripheral layouts, whose farthest_steps is its\n"
            "diameter.  The 122 dense groups (10,920 layouts and more) have theirs stored\n"
            "once `klotski-build --farthest --db PATH` has run; until then those of up to\n"
            "200,000 layouts are found now (seconds), and of the larger ones only the\n"
            "hardest are listed, with one line saying so, and the exit status is 1.\n"
            "farthest CLASS (a name, 5-4-1): the peripheral layouts of its groups of the\n"
            "largest diameter.\n",
    .options = farthest_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .run = run_farthest,
};
