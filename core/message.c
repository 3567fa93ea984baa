#include "core/message.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"

/* Whether the character of `length` bytes at p moves a terminal rather than showing:
 * the C0 controls, DEL and the C1 controls (U+0080 to U+009F, CSI among them). */
static bool is_control(const unsigned char *p, size_t length)
{
    return (length == 1 && (p[0] < 0x20 || p[0] == 0x7F)) || (length == 2 && p[0] == 0xC2 && p[1] < 0xA0);
}

/* Whether the byte at p is written \xNN: it starts no well-formed UTF-8 character, or
 * one that is a control (a C1 control's two bytes are written one by one). */
static bool is_escaped(const unsigned char *p)
{
    size_t length = kl_utf8_length((const char *)p, SIZE_MAX);
    return length == 0 || is_control(p, length);
}

/* The bytes of the character at p as a message counts them: each escaped byte is a
 * character of its own (so that a subject cut to KL_MESSAGE_SUBJECT_CHARS characters
 * takes at most 4 bytes a character: a C1 control's two bytes are 8). */
static size_t char_bytes(const unsigned char *p)
{
    return is_escaped(p) ? 1 : kl_utf8_length((const char *)p, SIZE_MAX);
}

/* Writes text[0, end) so that a terminal shows it as it is: controls and bytes that are
 * not UTF-8 as \xNN. */
static void put_safe_part(FILE *out, const unsigned char *p, const unsigned char *end)
{
    for (size_t length; p < end; p += length) {
        length = char_bytes(p);
        if (is_escaped(p))
            fprintf(out, "\\x%02x", p[0]);
        else
            fwrite(p, 1, length, out);
    }
}

/* Writes text as put_safe_part does; when max_chars > 0 and the text is longer, only its
 * first and last characters, max_chars - 1 in all, around "…". */
static void put_safe(FILE *out, const char *text, size_t max_chars)
{
    const unsigned char *start = (const unsigned char *)text, *end = start + strlen(text);
    size_t chars = 0;
    for (const unsigned char *p = start; *p; p += char_bytes(p))
        chars++;
    if (max_chars == 0 || chars <= max_chars) {
        put_safe_part(out, start, end);
        return;
    }
    size_t head = (max_chars - 1) / 2, tail = max_chars - 1 - head;
    const unsigned char *head_end = start, *tail_start = start;
    for (size_t i = 0; i < head; i++)
        head_end += char_bytes(head_end);
    for (size_t i = 0; i < chars - tail; i++)
        tail_start += char_bytes(tail_start);
    put_safe_part(out, start, head_end);
    fputs("…", out);
    put_safe_part(out, tail_start, end);
}

void kl_message_write(FILE *out, const char *subject, const char *message)
{
    if (subject && *subject) {
        put_safe(out, subject, KL_MESSAGE_SUBJECT_CHARS);
        fputs(": ", out);
    }
    put_safe(out, message, 0);
}

void kl_message_line(char *out, size_t size, const char *subject, const char *message)
{
    char *line = NULL;
    size_t line_size = 0;
    FILE *stream = open_memstream(&line, &line_size);
    if (stream) {
        kl_message_write(stream, subject, message);
        fclose(stream);
    }
    snprintf(out, size, "%s", line ? line : "out of memory");
    free(line);
}
