/* What the C programs of tests/library/ share: CHECK, which counts a condition that does
 * not hold in `failures` and prints it as "FAIL CONDITION: details" (printf's arguments),
 * for the script to count.  Each program includes it once. */
#ifndef KLOTSKI_TESTS_LIBRARY_CHECK_H
#define KLOTSKI_TESTS_LIBRARY_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(condition, ...)                                                              \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            failures++;                                                                    \
            printf("FAIL %s: ", #condition);                                               \
            printf(__VA_ARGS__);                                                           \
            printf("\n");                                                                  \
        }                                                                                  \
    } while (0)

#endif
