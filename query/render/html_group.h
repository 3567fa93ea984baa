/* A group as one self-contained HTML page: its facts, its depth histogram (svg_chart.h)
 * and galleries of board pictures (svg_board.h), such as its hardest and its farthest
 * layouts.  The page only lays out what it is given; gathering it is the caller's. */
#ifndef KLOTSKI_QUERY_HTML_GROUP_H
#define KLOTSKI_QUERY_HTML_GROUP_H

#include <stddef.h>
#include <stdio.h>

#include "query/db.h"
#include "query/render/svg_chart.h"

/* Boards shown side by side under a heading.  Each board's caption is its code and the
 * gallery's `detail` line. */
struct board_gallery {
    const char *heading; /* e.g. "Hardest layouts" */
    const char *text;    /* a sentence under the heading */
    const kl_code *codes;
    size_t count;        /* boards shown; 0 shows the text alone */
    const char *detail;  /* e.g. "93 steps to solve" */
};

struct group_page {
    const struct kl_db_group_row *group;
    const struct bar_chart *depths; /* the depth histogram; NULL for an unsolvable group */
    const struct board_gallery *galleries;
    size_t gallery_count;
};

/* Writes the page: the group's name as the heading, a table of its facts (class, size,
 * smallest code, solved layouts, largest min_steps and how many reach it, diameter,
 * radius and peripheral count or "not stored"), the depth histogram, then each gallery.
 * All text is escaped here. */
void html_group_write(FILE *out, const struct group_page *page);

#endif
