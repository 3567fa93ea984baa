/* Fuzzes the GROUP and CLASS resolvers (query/input/input.h), which need the database:
 * the one at $KLOTSKI_DB (default data/klotski.db), opened read-only once.  The first
 * byte picks the resolver, the rest is the text.  A group found is the group its name
 * or its layout names; a class found is one of the 203.  Without a database the target
 * says so and fuzzes nothing. */
#include "tests/fuzz/fuzz.h"

#include "core/classes.h"
#include "query/input/input.h"

static struct db *db;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    db = fuzz_database("fuzz_group", "nothing to fuzz");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!db || size < 1)
        return 0;
    char *text = fuzz_text(data + 1, size - 1);
    if (data[0] & 1) {
        int64_t class_id;
        if (input_class(db, text, &class_id) == 0)
            FUZZ_CHECK(class_id >= 0 && class_id < KL_CLASS_COUNT);
    } else if (strcmp(text, "-") != 0) {
        struct kl_db_group_row group;
        if (input_group(db, text, &group) == 0) {
            FUZZ_CHECK(group.size > 0 && group.group_id >= 0);
            struct kl_db_group_row again;
            FUZZ_CHECK(db_group_named(db, group.name, &again) && again.group_id == group.group_id);
        }
    }
    free(text);
    return 0;
}
