#include "query/input/step.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/moves.h"
#include "query/render/route.h"
#include "answer/report.h"

/* The slides without blanks and commas, in lower case: "down1right1". */
static void slides_key(const char *slides, char key[ROUTE_MOVES_TEXT_SIZE])
{
    size_t n = 0;
    for (; *slides && n + 1 < ROUTE_MOVES_TEXT_SIZE; slides++)
        if (!isspace((unsigned char)*slides) && *slides != ',')
            key[n++] = (char)tolower((unsigned char)*slides);
    key[n] = '\0';
}

/* Splits a step into its piece, row, column and the offset of its slides; false when the
 * text is not of that form. */
static bool split_step(const char *text, char *piece, int *row, int *col, int *slides)
{
    char r, c;
    *slides = 0;
    if (sscanf(text, " %c %c%d%c%d %n", piece, &r, row, &c, col, slides) != 5 || !*slides)
        return false;
    return strchr("KHVO", toupper((unsigned char)*piece)) && tolower((unsigned char)r) == 'r' &&
           tolower((unsigned char)c) == 'c' && isalpha((unsigned char)text[*slides]);
}

bool input_is_step(const char *text)
{
    char piece;
    int row, col, slides;
    return split_step(text, &piece, &row, &col, &slides);
}

int input_step(const char *where, const char *text, kl_code from, kl_code *to)
{
    char piece, wanted[ROUTE_MOVES_TEXT_SIZE], hex[KL_CODE_TEXT_SIZE];
    int row, col, slides;
    kl_code_format(from, hex);
    if (!split_step(text, &piece, &row, &col, &slides))
        return report(EXIT_BAD_INPUT, text, "%s: not a step: a step is written as moves prints it, e.g. o r4c2 down 1", where);
    slides_key(text + slides, wanted);
    kl_raw before;
    kl_code_to_raw(from, &before);
    struct kl_step steps[KL_MAX_STEPS];
    int count = kl_steps(before, steps);
    for (int s = 0; s < count; s++) {
        struct step_text t = route_step_text(before, steps[s]);
        char key[ROUTE_MOVES_TEXT_SIZE];
        slides_key(t.moves, key);
        if (toupper((unsigned char)t.piece) == toupper((unsigned char)piece) && t.row == row && t.col == col &&
            strcmp(key, wanted) == 0) {
            *to = kl_raw_to_code(kl_step_apply(before, steps[s]));
            return EXIT_ANSWERED;
        }
    }
    return report(EXIT_BAD_INPUT, text, "%s: not a step from %s (see klotski moves %s)", where, hex, hex);
}
