#include "core/json.h"

#include <stdint.h>

#include "core/utf8.h"

/* Whether byte c may stand in a JSON string as it is, when it starts a well-formed
 * character: no quote, backslash or control byte. */
static int is_plain(unsigned char c)
{
    return c >= 0x20 && c != 0x7F && c != '"' && c != '\\';
}

void kl_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    /* Plain characters are written a run at a time: a call per character cost the
     * server's layout answer more than a third of its instructions. */
    const char *run = text, *s = text;
    for (;;) {
        unsigned char c = (unsigned char)*s;
        size_t length = c < 0x80 ? (c != 0) : kl_utf8_length(s, SIZE_MAX);
        if (length > 0 && is_plain(c)) {
            s += length;
            continue;
        }
        fwrite(run, 1, (size_t)(s - run), out);
        if (c == '\0')
            break;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c < 0x20 || c == 0x7F)
            fprintf(out, "\\u%04x", c);
        else
            fputc('?', out);
        run = ++s;
    }
    fputc('"', out);
}
