/* Charts as SVG pictures: a bar chart (a count per whole number: layouts per min_steps,
 * layouts per group) and a dot chart (several counts per named column: the group sizes of
 * each class), each with a title, a note, labelled axes, grid lines and a tooltip per mark.
 *
 * The y axis is logarithmic where the counts span more than three orders of magnitude
 * in a bar chart (so that the long tail of rare depths stays visible; its label then
 * says "log scale"), and always in a dot chart.  Marks carry their data for programs:
 *   bars  <rect class="bar" data-x="X" data-value="COUNT">
 *   dots  <circle class="dot" data-column="LABEL" data-value="COUNT" data-weight="W">
 * in the order given.  The same input always gives the same bytes. */
#ifndef KLOTSKI_QUERY_SVG_CHART_H
#define KLOTSKI_QUERY_SVG_CHART_H

#include <stddef.h>
#include <stdio.h>

struct chart_bar {
    long long x;     /* the whole number the bar stands for (a depth, a group number) */
    long long value; /* its height, >= 0 */
};

struct bar_chart {
    const char *title;
    const char *note;       /* a smaller line under the title; NULL for none */
    const char *x_label;    /* e.g. "min_steps"; also names the bar in its tooltip */
    const char *y_label;    /* e.g. "layouts"; also the unit in a bar's tooltip */
    const struct chart_bar *bars; /* one slot each, left to right; x ascending */
    size_t count;           /* at least 1 */
};

/* One mark of a dot chart: `weight` things (groups) share `value` (their size). */
struct chart_dot {
    long long value;  /* >= 1 */
    long long weight; /* >= 1; the dot's area grows with it */
};

struct chart_column {
    const char *label;   /* the column's name, in the tooltips (e.g. a class name) */
    const char *section; /* neighbouring columns with the same section share a shaded
                            band labelled with it under the axis (e.g. the jiang) */
    const struct chart_dot *dots;
    size_t count;
};

struct dot_chart {
    const char *title;
    const char *note;     /* or NULL */
    const char *x_label;
    const char *y_label;  /* the unit of the values, e.g. "layouts" */
    const struct chart_column *columns;
    size_t count;         /* at least 1 */
};

/* Writes the bar chart as one <svg> element (with its xmlns). */
void svg_bar_chart(FILE *out, const struct bar_chart *chart);

/* Writes the dot chart as one <svg> element (with its xmlns), values on a log scale. */
void svg_dot_chart(FILE *out, const struct dot_chart *chart);

#endif
