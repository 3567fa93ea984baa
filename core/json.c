#include "core/json.h"

#include <stdint.h>

#include "core/utf8.h"

void kl_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const char *s = text; *s;) {
        unsigned char c = (unsigned char)*s;
        size_t length = kl_utf8_length(s, SIZE_MAX);
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c < 0x20 || c == 0x7F)
            fprintf(out, "\\u%04x", c);
        else if (length == 0)
            fputc('?', out);
        else
            fwrite(s, 1, length, out);
        s += length ? length : 1;
    }
    fputc('"', out);
}
