/* The C test of a group's member walk (klotski_members_*) and of classic names in
 * klotski_parse, from where a user calls them: compiled by e2e_library_c.sh against the
 * INSTALLED klotski.h and libklotski.so with pkg-config.  For each argument:
 *   a group name     every member, "member GROUP GROUP_INDEX CODE MIN_STEPS" (min_steps
 *                    "null" when unsolvable), then "count GROUP N" with klotski_members_count;
 *                    the script compares the lines with a scan of the layouts table by the
 *                    sqlite3 shell, ordered by code
 *   @TEXT            "parse TEXT CODE" or "error MESSAGE": klotski_parse of a layout, name or
 *                    pinyin, compared with the klotski command's answers
 * a group that fails to open prints "error MESSAGE".  Checked here, "FAIL what" when
 * wrong: the codes ascend (so group_index is the position), the helper API merges lists
 * made by hand and refuses a corrupt list, a wrong count and a list added after the walk
 * has stepped, an empty walk ends at once, and klotski_members_close(NULL) is allowed.  The database is $KLOTSKI_DB. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <klotski.h>

static int failures;

#define CHECK(condition, what)                                                             \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            failures++;                                                                    \
            printf("FAIL %s: %s\n", #condition, what);                                     \
        }                                                                                  \
    } while (0)

static void walk(klotski_db *db, const char *group)
{
    klotski_members *members;
    if (klotski_members_open(db, group, &members) != KLOTSKI_OK) {
        printf("error %s\n", klotski_errmsg(db));
        CHECK(members == NULL, group);
        return;
    }
    klotski_code code, previous = 0;
    int min_steps;
    long long index = 0;
    char text[KLOTSKI_CODE_SIZE];
    while (klotski_members_next(members, &code, &min_steps)) {
        CHECK(index == 0 || code > previous, group);
        klotski_format(code, text);
        if (min_steps == KLOTSKI_NULL)
            printf("member %s %lld %s null\n", group, index, text);
        else
            printf("member %s %lld %s %d\n", group, index, text, min_steps);
        previous = code;
        index++;
    }
    CHECK(klotski_members_next(members, &code, NULL) == 0, "a walk that ended stays ended");
    printf("count %s %lld\n", group, (long long)klotski_members_count(members));
    klotski_members_close(members);
}

/* The helper API on lists of one's own: two lists made by Python's zlib.compress of
 * their varints ("id list v1": the first id, then the gaps), {3, 5} at depth 7 and {1}
 * at depth 2, walk merged as ids 1, 3, 5; a corrupt list, wrong counts and a list added
 * once the walk has stepped are refused. */
static void check_helpers(void)
{
    static const unsigned char three_five[] = {0x78, 0xda, 0x63, 0x66, 0x02, 0x00, 0x00, 0x0a, 0x00, 0x06};
    static const unsigned char one[] = {0x78, 0xda, 0x63, 0x04, 0x00, 0x00, 0x02, 0x00, 0x02};
    static const unsigned char junk[] = "not zlib";
    klotski_members *members;
    klotski_code code, expected;
    int min_steps;
    CHECK(klotski_members_new(&members) == KLOTSKI_OK, "new");
    CHECK(klotski_members_next(members, &code, NULL) == 0, "an empty walk ends at once");
    klotski_members_close(members);
    CHECK(klotski_members_new(&members) == KLOTSKI_OK, "new");
    CHECK(klotski_members_add(members, 3, junk, sizeof junk, 2) == KLOTSKI_INVALID, "a corrupt list");
    CHECK(klotski_members_add(members, 7, three_five, sizeof three_five, 3) == KLOTSKI_INVALID, "a wrong count");
    CHECK(klotski_members_add(members, 3, junk, 0, -1) == KLOTSKI_INVALID, "a negative count");
    CHECK(klotski_members_add(members, 3, junk, 0, KLOTSKI_LAYOUT_COUNT + 1LL) == KLOTSKI_INVALID,
          "more members than layouts");
    CHECK(klotski_members_count(members) == 0, "refused lists add nothing");
    CHECK(klotski_members_add(members, 7, three_five, sizeof three_five, 2) == KLOTSKI_OK, "{3, 5}");
    CHECK(klotski_members_add(members, 2, one, sizeof one, 1) == KLOTSKI_OK, "{1}");
    CHECK(klotski_members_count(members) == 3, "three members");
    static const struct { int id, depth; } walked[] = {{1, 2}, {3, 7}, {5, 7}};
    for (int i = 0; i < 3; i++)
        CHECK(klotski_members_next(members, &code, &min_steps) == 1 && klotski_from_id(walked[i].id, &expected) == 0 &&
                  code == expected && min_steps == walked[i].depth, "the lists merged by id");
    CHECK(klotski_members_add(members, 2, one, sizeof one, 1) == KLOTSKI_INVALID, "a list after the walk stepped");
    CHECK(klotski_members_next(members, &code, NULL) == 0, "the walk ends after its members");
    klotski_members_close(members);
    klotski_members_close(NULL);
}

int main(int argc, char **argv)
{
    klotski_db *db;
    if (klotski_open(NULL, &db) != KLOTSKI_OK) {
        printf("cannot open: %s\n", klotski_errmsg(db));
        klotski_close(db);
        return 1;
    }
    check_helpers();
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '@') {
            klotski_code code;
            char message[KLOTSKI_MESSAGE_SIZE], text[KLOTSKI_CODE_SIZE];
            if (klotski_parse(argv[i] + 1, &code, message) == KLOTSKI_OK)
                printf("parse %s %s\n", argv[i] + 1, (klotski_format(code, text), text));
            else
                printf("error %s\n", message);
        } else {
            walk(db, argv[i]);
        }
    }
    klotski_close(db);
    printf("checks failed: %d\n", failures);
    return failures != 0;
}
