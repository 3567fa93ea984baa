/* `klotski names [--section S]`: the classic names that the database stores (the names
 * table of schema/tables.sql), each with its layout's code, min_steps (or its count
 * under the db's metric) and group, read through the view named_layouts as any SQL user
 * would. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/commands/answers.h"
#include "query/commands/command.h"
#include "query/render/output.h"
#include "answer/names_value.h"
#include "answer/report.h"

#define SECTION_LIST_SIZE 1024

struct names_options {
    const char *section;
};

static const struct names_options option_defaults;

static const struct command_option names_option_table[] = {
    {.name = "section", .value_name = "S", .kind = OPTION_TEXT, .offset = offsetof(struct names_options, section),
     .help = "only the names of section S: its name, or a part of it that\n"
             "no other section has (经典 for 华容道经典布局40种)"},
    {NULL},
};

/* Finds the section that `wanted` names: the one named exactly so, else the only one
 * that contains it.  Returns EXIT_ANSWERED with the malloc'd name in *section, or
 * reports that none or several match (listing them) and returns EXIT_NOT_FOUND or
 * EXIT_BAD_INPUT. */
static int find_section(struct db *db, const char *wanted, char **section)
{
    sqlite3_stmt *stmt = db_prepare(db, "SELECT section, section = ?1 FROM names WHERE instr(section, ?1) > 0"
                                        " GROUP BY section ORDER BY min(name_id)");
    sqlite3_bind_text(stmt, 1, wanted, -1, SQLITE_STATIC);
    char list[SECTION_LIST_SIZE] = "";
    size_t matches = 0, length = 0;
    *section = NULL;
    while (db_step(db, stmt)) {
        const char *name = (const char *)sqlite3_column_text(stmt, 0);
        if (sqlite3_column_int(stmt, 1)) {
            free(*section);
            *section = xstrdup(name);
            matches = 1;
            break;
        }
        if (matches++ == 0)
            *section = xstrdup(name);
        if (length < sizeof list)
            length += (size_t)snprintf(list + length, sizeof list - length, "%s%s", length ? ", " : "", name);
    }
    sqlite3_finalize(stmt);
    if (matches == 1)
        return EXIT_ANSWERED;
    free(*section);
    *section = NULL;
    if (matches > 1)
        return report(EXIT_BAD_INPUT, wanted, "names %zu sections: %s; give more of one", matches, list);
    stmt = db_prepare(db, "SELECT section FROM names GROUP BY section ORDER BY min(name_id)");
    for (length = 0; db_step(db, stmt) && length < sizeof list;)
        length += (size_t)snprintf(list + length, sizeof list - length, "%s%s", length ? ", " : "",
                                   (const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return report(EXIT_NOT_FOUND, wanted, "no such section; the sections are %s", list);
}

int names_answer(struct db *db, const char *wanted_section, struct table **list)
{
    char *section = NULL;
    if (wanted_section) {
        int status = find_section(db, wanted_section, &section);
        if (status != EXIT_ANSWERED)
            return status;
    }
    /* The view has min_steps; the other counts are the layouts row's. */
    enum kl_metric metric = db_metric(db);
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT n.name, n.code, l.%s, n.group_name, n.section FROM named_layouts n"
                              " JOIN layouts l USING (code) WHERE ?1 IS NULL OR n.section = ?1 ORDER BY n.name_id",
             kl_db_min_moves_column(metric));
    sqlite3_stmt *stmt = db_prepare(db, sql);
    sqlite3_bind_text(stmt, 1, section, -1, SQLITE_STATIC);
    struct table *t = names_value(metric, NAMES_EVERY_FIELD);
    while (db_step(db, stmt))
        names_value_add(t, (const char *)sqlite3_column_text(stmt, 0), (kl_code)sqlite3_column_int64(stmt, 1),
                        db_column_or_null(stmt, 2), (const char *)sqlite3_column_text(stmt, 3),
                        (const char *)sqlite3_column_text(stmt, 4));
    sqlite3_finalize(stmt);
    free(section);
    *list = t;
    return EXIT_ANSWERED;
}

static int run_names(struct db *db, const struct request *req)
{
    const struct names_options *options = req->options;
    if (req->arg_count > 0)
        return report(EXIT_BAD_INPUT, req->args[0], "names takes no arguments; use --section");
    struct table *list;
    int status = names_answer(db, options->section, &list);
    if (status != EXIT_ANSWERED)
        return status;
    table_print(list);
    table_free(list);
    return EXIT_ANSWERED;
}

const struct command command_names = {
    .name = "names",
    .synopsis = "names [--section S]",
    .summary = "the classic names (横刀立马, ...) with code, min_steps and group",
    .not_found = "no such section",
    .help = "Lists the classic names of layouts that the database stores (its table names,\n"
            "from data/classic_names.tsv), in the order of their source lists: each name with\n"
            "its layout's code, min_steps and group, and the section of the list it comes\n"
            "from.  A name of several layouts has a row for each.  In SQL: SELECT * FROM\n"
            "named_layouts WHERE name = '横刀立马'.  Under --metric straight or unit, the count\n"
            "is min_straight_moves or min_unit_moves (so named in JSON and CSV too).\n",
    .options = names_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .run = run_names,
};
