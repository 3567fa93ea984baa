#include "query/render/html_group.h"

#include "core/picture/markup.h"
#include "core/picture/svg_board.h"

#define NOT_STORED "not stored (see below)"

/* The page's style sheet, query/render/assets/group.css, compiled in by the Makefile. */
static const char group_style[] =
#include "query/render/assets/group.css.inc"
    ;

static void write_fact(FILE *out, const char *name, const char *value)
{
    fputs("<tr><th>", out);
    markup_text(out, name);
    fputs("</th><td>", out);
    markup_text(out, value);
    fputs("</td></tr>\n", out);
}

/* A count, or `missing` when it is DB_NULL. */
static void write_count_fact(FILE *out, const char *name, long long n, const char *missing)
{
    char count[MARKUP_COUNT_SIZE];
    write_fact(out, name, n == DB_NULL ? missing : markup_count(n, count));
}

static void write_facts(FILE *out, const struct kl_db_group_row *g)
{
    char hex[KL_CODE_TEXT_SIZE];
    kl_code_format(g->min_code, hex);
    fputs("<table class=\"facts\">\n", out);
    write_fact(out, "class", g->class_name);
    write_count_fact(out, "layouts", g->size, "");
    write_fact(out, "smallest code", hex);
    write_count_fact(out, "solved layouts", g->solved, "");
    write_count_fact(out, "largest min_steps", g->max_min_steps, "none: the group is unsolvable");
    write_count_fact(out, "hardest layouts", g->hardest_count, "none");
    write_count_fact(out, "diameter", g->diameter, NOT_STORED);
    write_count_fact(out, "radius", g->radius, NOT_STORED);
    write_count_fact(out, "peripheral layouts", g->peripheral_count, NOT_STORED);
    fputs("</table>\n", out);
}

static void write_gallery(FILE *out, const struct board_gallery *gallery)
{
    fputs("<section class=\"gallery-section\">\n<h2>", out);
    markup_text(out, gallery->heading);
    fputs("</h2>\n<p>", out);
    markup_text(out, gallery->text);
    fputs("</p>\n<div class=\"gallery\">\n", out);
    for (size_t i = 0; i < gallery->count; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(gallery->codes[i], hex);
        fputs("<figure>\n", out);
        svg_board_write(out, gallery->codes[i], NULL, NULL);
        fprintf(out, "<figcaption><b>%s</b><br>", hex);
        markup_text(out, gallery->detail);
        fputs("</figcaption>\n</figure>\n", out);
    }
    fputs("</div>\n</section>\n", out);
}

void html_group_write(FILE *out, const struct group_page *page)
{
    char title[KL_DB_GROUP_NAME_SIZE + 16];
    snprintf(title, sizeof title, "Group %s", page->group->name);
    markup_page_begin(out, title, group_style, "");
    fputs("<h1>", out);
    markup_text(out, title);
    fputs("</h1>\n", out);
    write_facts(out, page->group);
    fputs("<h2>Depth histogram</h2>\n", out);
    if (page->depths)
        svg_bar_chart(out, page->depths);
    else
        fputs("<p>None: no layout of the group can be solved.</p>\n", out);
    for (size_t i = 0; i < page->gallery_count; i++)
        write_gallery(out, &page->galleries[i]);
    markup_page_end(out, NULL);
}
