/* What the SVG pictures and the HTML pages share: text escaped for XML and HTML, counts
 * written for people, and the frame of a self-contained page.  Everything is written to
 * a FILE, so that a picture streams to stdout without being held in memory. */
#ifndef KLOTSKI_CORE_PICTURE_MARKUP_H
#define KLOTSKI_CORE_PICTURE_MARKUP_H

#include <stdio.h>

#define MARKUP_COUNT_SIZE 32

/* Writes text with & < > " ' replaced by character references, so that any text (a
 * classic name, a title) is safe both as element content and as a quoted attribute
 * value.  text: NUL-terminated UTF-8, copied through unchanged otherwise. */
void markup_text(FILE *out, const char *text);

/* Formats like printf, then writes the result as markup_text does.  The formatted text
 * is cut at 1023 bytes. */
void markup_printf(FILE *out, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Writes n with a comma between groups of three digits ("25,955", "-1,000") into buf
 * and returns buf. */
char *markup_count(long long n, char buf[MARKUP_COUNT_SIZE]);

/* Starts an HTML page that needs nothing from the network: the doctype, a head with
 * the escaped `title`, the page's own `style` sheet (CSS, written as it is), and the
 * opening <body> tag with `body_attributes` (already-escaped attribute text such as
 * `data-step="0"`, or "" for none).  End it with markup_page_end. */
void markup_page_begin(FILE *out, const char *title, const char *style, const char *body_attributes);

/* Ends the page that markup_page_begin started: `script` (JavaScript, written as it is,
 * run once the page is laid out; NULL for none), then </body></html>. */
void markup_page_end(FILE *out, const char *script);

#endif
