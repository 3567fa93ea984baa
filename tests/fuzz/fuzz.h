/* Shared by the libFuzzer targets of tests/fuzz/: each fuzz_*.c defines
 * LLVMFuzzerTestOneInput, feeds the bytes to one parser of outside input and checks what
 * the parser answers, not only that it does not crash (FUZZ_CHECK aborts, which libFuzzer
 * reports as a crash and saves the input). */
#ifndef KLOTSKI_TESTS_FUZZ_H
#define KLOTSKI_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/database/format.h"
#include "query/db.h"

/* The input as a NUL-terminated string (malloc'd, so that ASan sees every overread). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Aborts with the failed condition when it is false. */
#define FUZZ_CHECK(condition)                                                              \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);  \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

/* For the targets that read the database, from their LLVMFuzzerInitialize: the one at
 * $KLOTSKI_DB (default data/klotski.db) opened read-only, or NULL after saying on stderr
 * what `target` does without it (`without`). */
static inline struct db *fuzz_database(const char *target, const char *without)
{
    const char *path = getenv("KLOTSKI_DB");
    struct db *db = db_open(path && *path ? path : KL_DB_DEFAULT_PATH, false);
    if (!db)
        fprintf(stderr, "%s: no database, %s\n", target, without);
    return db;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
