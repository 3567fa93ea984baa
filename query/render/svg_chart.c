#include "query/render/svg_chart.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "core/picture/markup.h"

#define MARGIN_LEFT 90
#define MARGIN_RIGHT 30
#define MARGIN_TOP 72
#define MARGIN_BOTTOM 72
#define PLOT_WIDTH 840.0
#define PLOT_HEIGHT 360.0
#define PLOT_BOTTOM (MARGIN_TOP + PLOT_HEIGHT)
#define MIN_DOT_SLOT 6.0         /* narrower columns would merge into a smear */
#define MIN_LABEL_SPACING 36.0   /* x labels closer than this would overlap */
#define LOG_SPAN 1000.0          /* a bar chart goes logarithmic past this max/min ratio */
#define LINEAR_TICKS 5
#define TICK_TEXT_SIZE 16
#define TOOLTIP_SIZE 96
#define FONTS "DejaVu Sans, Verdana, sans-serif"

/* The y axis: values from low to high, linear (ticks every `step`) or logarithmic
 * (ticks at each power of ten). */
struct axis {
    bool log;
    double low, high, step;
};

static double y_of(const struct axis *a, double value)
{
    double fraction = a->log ? (log10(value) - log10(a->low)) / (log10(a->high) - log10(a->low))
                             : (value - a->low) / (a->high - a->low);
    return PLOT_BOTTOM - PLOT_HEIGHT * fraction;
}

/* From 0 to a round number above `largest`, in about LINEAR_TICKS round steps. */
static struct axis linear_axis(long long largest)
{
    static const double nice[] = {1, 2, 2.5, 5, 10};
    double wanted = (largest > 0 ? (double)largest : 1.0) / LINEAR_TICKS;
    double magnitude = pow(10, floor(log10(wanted))), step = 10 * magnitude;
    for (size_t i = 0; i < sizeof nice / sizeof *nice; i++) {
        if (nice[i] * magnitude >= wanted) {
            step = nice[i] * magnitude;
            break;
        }
    }
    step = step < 1 ? 1 : step;
    double high = ceil((double)(largest > 0 ? largest : 1) / step) * step;
    return (struct axis){false, 0, high, step};
}

/* From the power of ten at or below `smallest` (>= 1) to the one at or above `largest`. */
static struct axis log_axis(long long smallest, long long largest)
{
    double low = pow(10, floor(log10((double)smallest)));
    double high = pow(10, ceil(log10((double)largest)));
    return (struct axis){true, low, high > low ? high : 10 * low, 10};
}

/* A tick value the short way: 250, 2.5k, 1.25M. */
static void format_tick(double value, char buf[TICK_TEXT_SIZE])
{
    static const char *const suffix[] = {"", "k", "M", "G"};
    int i = 0;
    while (value >= 1000 && i < 3) {
        value /= 1000;
        i++;
    }
    snprintf(buf, TICK_TEXT_SIZE, "%.3g%s", value, suffix[i]);
}

static void write_head(FILE *out, double plot_width, const char *title, const char *note)
{
    double width = MARGIN_LEFT + plot_width + MARGIN_RIGHT, height = PLOT_BOTTOM + MARGIN_BOTTOM;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 %.0f %.0f\" "
            "width=\"%.0f\" height=\"%.0f\" font-family=\"" FONTS "\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
            "<text class=\"title\" x=\"%d\" y=\"30\" font-size=\"19\" font-weight=\"bold\" fill=\"#222\">",
            width, height, width, height, MARGIN_LEFT);
    markup_text(out, title);
    fputs("</text>\n", out);
    if (note) {
        fprintf(out, "<text class=\"note\" x=\"%d\" y=\"52\" font-size=\"13\" fill=\"#555\">", MARGIN_LEFT);
        markup_text(out, note);
        fputs("</text>\n", out);
    }
}

/* Grid lines and labels at each tick, and the axis name written upwards. */
static void write_y_axis(FILE *out, const struct axis *a, double plot_width, const char *label)
{
    for (double v = a->low; v <= a->high * (1 + 1e-9); v = a->log ? v * 10 : v + a->step) {
        char tick[TICK_TEXT_SIZE];
        format_tick(v, tick);
        double y = y_of(a, v);
        fprintf(out,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                "<text x=\"%d\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\" fill=\"#444\">%s</text>\n",
                MARGIN_LEFT, y, MARGIN_LEFT + plot_width, y, MARGIN_LEFT - 8, y + 4, tick);
    }
    double middle = MARGIN_TOP + PLOT_HEIGHT / 2;
    fprintf(out, "<text class=\"y-label\" x=\"24\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\" "
                 "fill=\"#222\" transform=\"rotate(-90 24 %.1f)\">", middle, middle);
    markup_printf(out, "%s%s", label, a->log ? " (log scale)" : "");
    fputs("</text>\n", out);
}

/* The base line, the axis name under the plot, and the end of the picture. */
static void write_x_axis_and_end(FILE *out, double plot_width, const char *label)
{
    fprintf(out,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>\n"
            "<text class=\"x-label\" x=\"%.1f\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\" "
            "fill=\"#222\">",
            MARGIN_LEFT, PLOT_BOTTOM, MARGIN_LEFT + plot_width, PLOT_BOTTOM, MARGIN_LEFT + plot_width / 2,
            PLOT_BOTTOM + 52);
    markup_text(out, label);
    fputs("</text>\n</svg>\n", out);
}

static void write_x_tick(FILE *out, double x, const char *text)
{
    fprintf(out,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>\n"
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">",
            x, PLOT_BOTTOM, x, PLOT_BOTTOM + 5, x, PLOT_BOTTOM + 19);
    markup_text(out, text);
    fputs("</text>\n", out);
}

/* Labels go on every 1st, 2nd, 5th, 10th, 20th... bar, as often as they fit. */
static long long label_every(double slot)
{
    static const int multiples[] = {1, 2, 5};
    for (long long magnitude = 1;; magnitude *= 10)
        for (size_t i = 0; i < sizeof multiples / sizeof *multiples; i++)
            if ((double)(multiples[i] * magnitude) * slot >= MIN_LABEL_SPACING)
                return multiples[i] * magnitude;
}

void svg_bar_chart(FILE *out, const struct bar_chart *chart)
{
    long long largest = 0, smallest = 0;
    for (size_t i = 0; i < chart->count; i++) {
        long long v = chart->bars[i].value;
        largest = v > largest ? v : largest;
        smallest = v > 0 && (smallest == 0 || v < smallest) ? v : smallest;
    }
    struct axis axis = largest > LOG_SPAN * (double)smallest ? log_axis(smallest, largest) : linear_axis(largest);
    double slot = PLOT_WIDTH / (double)chart->count, width = slot >= 3 ? 0.8 * slot : slot;
    long long every = label_every(slot);
    write_head(out, PLOT_WIDTH, chart->title, chart->note);
    write_y_axis(out, &axis, PLOT_WIDTH, chart->y_label);
    for (size_t i = 0; i < chart->count; i++) {
        const struct chart_bar *b = &chart->bars[i];
        double left = MARGIN_LEFT + (double)i * slot, top = b->value > 0 ? y_of(&axis, (double)b->value) : PLOT_BOTTOM;
        char count[MARKUP_COUNT_SIZE];
        fprintf(out,
                "<rect class=\"bar\" data-x=\"%lld\" data-value=\"%lld\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                "height=\"%.2f\" fill=\"#3f88c5\"><title>",
                b->x, b->value, left + (slot - width) / 2, top, width, PLOT_BOTTOM - top);
        markup_printf(out, "%s %lld: %s %s", chart->x_label, b->x, markup_count(b->value, count), chart->y_label);
        fputs("</title></rect>\n", out);
        if (b->x % every == 0) {
            char tick[TICK_TEXT_SIZE];
            snprintf(tick, sizeof tick, "%lld", b->x);
            write_x_tick(out, left + slot / 2, tick);
        }
    }
    write_x_axis_and_end(out, PLOT_WIDTH, chart->x_label);
}

/* Shaded bands under runs of columns of one section, every other one darker, each
 * labelled under the axis. */
static void write_sections(FILE *out, const struct dot_chart *chart, double slot)
{
    size_t band = 0;
    for (size_t first = 0, end; first < chart->count; first = end, band++) {
        for (end = first + 1; end < chart->count; end++)
            if (strcmp(chart->columns[end].section, chart->columns[first].section) != 0)
                break;
        double left = MARGIN_LEFT + (double)first * slot, width = (double)(end - first) * slot;
        fprintf(out, "<rect class=\"section\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                left, MARGIN_TOP, width, PLOT_HEIGHT, band % 2 ? "#eef2f7" : "#f8f9fb");
        write_x_tick(out, left + width / 2, chart->columns[first].section);
    }
}

void svg_dot_chart(FILE *out, const struct dot_chart *chart)
{
    long long largest = 1, smallest = 0;
    for (size_t c = 0; c < chart->count; c++) {
        for (size_t i = 0; i < chart->columns[c].count; i++) {
            long long v = chart->columns[c].dots[i].value;
            largest = v > largest ? v : largest;
            smallest = smallest == 0 || v < smallest ? v : smallest;
        }
    }
    struct axis axis = log_axis(smallest > 0 ? smallest : 1, largest);
    double slot = fmax(MIN_DOT_SLOT, PLOT_WIDTH / (double)chart->count), plot_width = slot * (double)chart->count;
    write_head(out, plot_width, chart->title, chart->note);
    write_sections(out, chart, slot);
    write_y_axis(out, &axis, plot_width, chart->y_label);
    for (size_t c = 0; c < chart->count; c++) {
        const struct chart_column *column = &chart->columns[c];
        for (size_t i = 0; i < column->count; i++) {
            const struct chart_dot *d = &column->dots[i];
            char value[MARKUP_COUNT_SIZE], weight[MARKUP_COUNT_SIZE];
            fputs("<circle class=\"dot\" data-column=\"", out);
            markup_text(out, column->label);
            fprintf(out, "\" data-value=\"%lld\" data-weight=\"%lld\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
                         "fill=\"#d8443c\" fill-opacity=\"0.55\"><title>",
                    d->value, d->weight, MARGIN_LEFT + ((double)c + 0.5) * slot, y_of(&axis, (double)d->value),
                    2 + 1.2 * log10((double)d->weight));
            markup_printf(out, "%s: %s %s \u00d7 %s", column->label, markup_count(d->value, value), chart->y_label,
                          markup_count(d->weight, weight));
            fputs("</title></circle>\n", out);
        }
    }
    write_x_axis_and_end(out, plot_width, chart->x_label);
}
