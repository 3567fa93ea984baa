/* `klotski path FROM TO`: a shortest path between two layouts of one group, found by a
 * breadth-first search from FROM that stops at the distance of TO. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "answer/search/path.h"
#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "core/classic.h"
#include "query/input/input.h"
#include "query/render/output.h"
#include "query/render/pictures.h"
#include "answer/report.h"
#include "query/render/route.h"

struct path_options {
    bool codes, html;
};

static const struct path_options option_defaults;

static const struct command_option path_option_table[] = {
    {.name = "codes", .kind = OPTION_FLAG, .offset = offsetof(struct path_options, codes),
     .help = "print just the codes of the layouts on the way, one per line"},
    {.name = "html", .kind = OPTION_FLAG, .offset = offsetof(struct path_options, html), .help = "print instead a self-contained web page that plays the path"},
    {NULL},
};

static int check_path(const void *given)
{
    const struct path_options *options = given;
    return picture_check_request(false, options->html, options->codes);
}

static int run_path(struct db *db, const struct request *req)
{
    const struct path_options *options = req->options;
    if (req->arg_count != 2)
        return report(EXIT_BAD_INPUT, NULL, "path takes two LAYOUTs, FROM and TO (see klotski path --help)");
    kl_code from, to, *route;
    size_t length;
    int status = worse_status(input_layout(req->args[0], &from), input_layout(req->args[1], &to));
    if (status == EXIT_ANSWERED)
        status = path_answer(db, from, to, &route, &length);
    if (status != EXIT_ANSWERED)
        return status;
    if (options->html) {
        char names[KL_CLASSIC_NAMES_SIZE];
        picture_route(route, length, "a shortest path", db_metric(db), kl_classic_names_of(route[0], names) ? names : NULL);
    }
    else
        route_print(route, length, db_metric(db), options->codes);
    free(route);
    return EXIT_ANSWERED;
}

int path_answer(struct db *db, kl_code from, kl_code to, kl_code **route, size_t *length)
{
    struct kl_db_layout_row a, b;
    struct kl_db_group_row group_a, group_b;
    int status = worse_status(db_layout_in_group(db, from, &a, &group_a), db_layout_in_group(db, to, &b, &group_b));
    if (status != EXIT_ANSWERED)
        return status;
    char subject[2 * KL_CODE_TEXT_SIZE + 8], hex_a[KL_CODE_TEXT_SIZE], hex_b[KL_CODE_TEXT_SIZE];
    kl_code_format(from, hex_a);
    kl_code_format(to, hex_b);
    snprintf(subject, sizeof subject, "%s and %s", hex_a, hex_b);
    if (a.group_id != b.group_id)
        return report(EXIT_NOT_FOUND, subject, PATH_DIFFERENT_GROUPS, group_a.name, group_b.name);
    struct search_watch watch = db_search_watch(db);
    if (!path_find(from, to, (size_t)group_a.size, db_metric(db), &watch, NULL, route, length))
        return EXIT_NOT_FOUND; /* the server's watch stopped it */
    if (!*route)
        return db_inconsistent(db, subject, "same group but no path");
    return EXIT_ANSWERED;
}

const struct command command_path = {
    .name = "path",
    .synopsis = "path [--codes | --html] FROM TO",
    .summary = "a shortest path between two layouts of one group",
    .not_found = "layouts in different groups, or one not in the database",
    .help = "Prints a shortest path from the LAYOUT FROM to the LAYOUT TO, step by step as\n"
            "solve does.  Exits 1 when they lie in different groups: no path joins them.\n",
    .options = path_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .check = check_path,
    .run = run_path,
};
