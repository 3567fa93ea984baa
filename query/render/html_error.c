#include "query/render/html_error.h"

#include "core/picture/markup.h"

static const char error_style[] =
    "body { font-family: \"DejaVu Sans\", Verdana, sans-serif; margin: 24px; color: #222; background: #fafafa; }\n"
    "h1 { font-size: 20px; }\n"
    "#error { color: #962922; border: 1px solid #d8443c; background: #fff2f1; padding: 6px 10px;"
    " border-radius: 4px; display: inline-block; }\n";

void html_error_write(FILE *out, unsigned status, const char *message)
{
    char title[64], body[32];
    snprintf(title, sizeof title, "%u \u00b7 Klotski explorer \u00b7 \u534e\u5bb9\u9053", status);
    snprintf(body, sizeof body, "data-status=\"%u\"", status);
    markup_page_begin(out, title, error_style, body);
    fprintf(out, "<h1>%s %u</h1>\n<p id=\"error\" role=\"alert\">",
            status == 404 ? "Not found \u00b7 \u627e\u4e0d\u5230" : "Cannot answer \u00b7 \u65e0\u6cd5\u56de\u7b54",
            status);
    markup_text(out, message);
    fputs("</p>\n<p><a href=\"/\">The Klotski explorer \u00b7 \u534e\u5bb9\u9053\u63a2\u7d22</a></p>\n", out);
    markup_page_end(out, NULL);
}
