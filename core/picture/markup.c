#include "core/picture/markup.h"

#include <stdarg.h>

#define FORMATTED_TEXT_SIZE 1024

void markup_text(FILE *out, const char *text)
{
    for (; *text; text++) {
        switch (*text) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*text, out); break;
        }
    }
}

void markup_printf(FILE *out, const char *format, ...)
{
    char text[FORMATTED_TEXT_SIZE];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    markup_text(out, text);
}

char *markup_count(long long n, char buf[MARKUP_COUNT_SIZE])
{
    char digits[MARKUP_COUNT_SIZE];
    unsigned long long magnitude = n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n;
    int length = snprintf(digits, sizeof digits, "%llu", magnitude);
    char *p = buf;
    if (n < 0)
        *p++ = '-';
    for (int i = 0; i < length; i++) {
        if (i > 0 && (length - i) % 3 == 0)
            *p++ = ',';
        *p++ = digits[i];
    }
    *p = '\0';
    return buf;
}

void markup_page_begin(FILE *out, const char *title, const char *style, const char *body_attributes)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    markup_text(out, title);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body%s%s>\n", style,
            *body_attributes ? " " : "", body_attributes);
}

void markup_page_end(FILE *out, const char *script)
{
    if (script)
        fprintf(out, "<script>\n%s</script>\n", script);
    fputs("</body>\n</html>\n", out);
}
