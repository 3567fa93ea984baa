#include "core/text_distance.h"

#include <string.h>

#include "core/utf8.h"

size_t kl_text_code_points(const char *s, unsigned *out, size_t room)
{
    size_t n = 0, left = strlen(s);
    for (size_t length; left > 0 && n < room; s += length, left -= length)
        length = kl_utf8_decode(s, left, &out[n++]);
    return n;
}

size_t kl_text_distance_within(const unsigned *a, size_t na, const unsigned *b, size_t nb, size_t bound)
{
    const size_t beyond = bound + 1;
    if ((na > nb ? na - nb : nb - na) > bound)
        return beyond;
    size_t row[KL_TEXT_DISTANCE_MAX_CHARS + 1];
    for (size_t j = 0; j <= nb; j++)
        row[j] = j < beyond ? j : beyond;
    for (size_t i = 1; i <= na; i++) {
        size_t first = i > bound ? i - bound : 1, last = i + bound < nb ? i + bound : nb;
        size_t diagonal = row[first - 1];
        row[first - 1] = first == 1 && i < beyond ? i : beyond;
        size_t smallest = row[first - 1];
        for (size_t j = first; j <= last; j++) {
            size_t replace = diagonal + (a[i - 1] != b[j - 1]);
            size_t insert = row[j - 1] + 1, remove = row[j] + 1;
            size_t best = replace < insert ? replace : insert;
            best = best < remove ? best : remove;
            diagonal = row[j];
            row[j] = best < beyond ? best : beyond;
            smallest = row[j] < smallest ? row[j] : smallest;
        }
        if (smallest == beyond)
            return beyond;
    }
    return row[nb];
}

const char *kl_text_nearest(const char *typed, const char *const *words, size_t count, size_t bound)
{
    unsigned a[KL_TEXT_DISTANCE_MAX_CHARS], b[KL_TEXT_DISTANCE_MAX_CHARS];
    size_t na = kl_text_code_points(typed, a, KL_TEXT_DISTANCE_MAX_CHARS);
    const char *nearest = NULL;
    for (size_t i = 0; i < count; i++) {
        size_t nb = kl_text_code_points(words[i], b, KL_TEXT_DISTANCE_MAX_CHARS);
        size_t d = kl_text_distance_within(a, na, b, nb, bound);
        if (d <= bound) {
            nearest = words[i];
            bound = d ? d - 1 : 0;
            if (d == 0)
                break;
        }
    }
    return nearest;
}
