/* klotski.h: the Klotski (华容道) engine and database, for programs of your own.
 *
 * The one public header of libklotski (link with `pkg-config --cflags --libs klotski`).
 * A layout is named by its 36-bit code (klotski_code, SPEC.md of the project): plain
 * integers go in and out, no handle is needed for layouts, steps and symmetries.  The
 * database that klotski-build makes (data/klotski.db, installed as
 * PREFIX/share/klotski/klotski.db) is read through an opaque handle, klotski_db, as in
 * sqlite3.h: every call returns a result code (KLOTSKI_OK, ...), and the handle keeps an
 * English message for the last failure (klotski_errmsg).
 *
 * MAIN API      version, results, layouts (parse, format, id, short code, board, class,
 *               symmetries, steps), metrics, the database (open, records, solution,
 *               moves; each in any metric through its _in form; a group's members),
 *               the pack (open, min_steps, moves, solution, group), without SQLite
 * HELPER API    the SQL functions on a connection of your own, member walks over lists
 *               read on it, memory
 *
 * Thread safety: the functions on codes are pure and may be called from any number of
 * threads at once.  A klotski_db or a klotski_pack must be used by one thread at a time
 * (open one per thread); distinct handles are independent.
 *
 * Ownership: strings and arrays the library allocates (klotski_svg, klotski_solve) are
 * the caller's, freed with klotski_free; a member walk (klotski_members_open) is freed
 * with klotski_members_close.  Strings returned as const char * belong to the
 * library (static, or the handle's, valid until its next call or its close).
 *
 * NULL: a pointer argument may be NULL only where its description says so; any other
 * NULL (an output, a text, the handle) is answered with KLOTSKI_MISUSE and nothing
 * written, and so is a handle whose klotski_open failed by every call that reads the
 * database (klotski_errmsg, klotski_errcode, klotski_db_filename, klotski_db_connection
 * and klotski_close accept both), and a pack whose klotski_pack_open failed by every call
 * that reads the pack (klotski_pack_errmsg and klotski_pack_close accept both).
 *
 * Stability, the ABI of soname libklotski.so.1: the names, structs and values below keep
 * their meaning and their layout for as long as the soname is libklotski.so.1; later
 * 1.x versions only add.  A struct the caller allocates never grows: struct
 * klotski_class, klotski_step, klotski_layout, klotski_group and klotski_move are
 * version 1.0's, member for member.  A struct added since begins with `size_t size`,
 * which the caller sets to sizeof the struct as its own klotski.h declares it; the
 * library writes only the members that fit in that size and leaves the caller's memory
 * past it alone, so a program built against an older 1.x runs on a newer library, and
 * a newer program on an older library finds the newer members as it left them (test
 * klotski_libversion_number() to know which were written).  A size below the struct's
 * first version is KLOTSKI_MISUSE.  New members of a record therefore come in a new
 * sized struct, read by a new call (a _v2 of the old one), never in an old struct.  (Version 1.1.0 broke this:
 * it added four members to struct klotski_layout and struct klotski_group, and wrote
 * them past the end of a 1.0 program's structs; 1.2.0 restored their 1.0 layout and
 * moved those members to the sized struct klotski_layout_metrics and struct
 * klotski_group_metrics, read by the _v2 calls.)  The tests compare the built library with the ABI of every
 * 1.x release, kept in the project's lib/abi/, and fail on any change but additions. */
#ifndef KLOTSKI_H
#define KLOTSKI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define KLOTSKI_API __attribute__((visibility("default")))
#else
#define KLOTSKI_API
#endif

/* ===== MAIN API: version ============================================================ */

/* The version of this header; klotski_libversion() gives the library's, which may be
 * newer.  KLOTSKI_VERSION_NUMBER is major * 1000000 + minor * 1000 + patch. */
#define KLOTSKI_VERSION "1.2.0"
#define KLOTSKI_VERSION_NUMBER 1002000

/* Returns the library's version string ("1.2.0"), static: the version of the whole
 * project, which the klotski command (--version), the SQL extension (klotski_version())
 * and the Python module (klotski.__version__) also give.  1.1 added the metrics; 1.2
 * the sized structs of the layout's and group's metrics and the _v2 calls that read
 * them (see Stability above), klotski_errcode and KLOTSKI_MISUSE, a group's member
 * walks and the pack. */
KLOTSKI_API const char *klotski_libversion(void);

/* Returns the library's KLOTSKI_VERSION_NUMBER. */
KLOTSKI_API int klotski_libversion_number(void);

/* ===== MAIN API: result codes ======================================================= */

#define KLOTSKI_OK 0         /* done */
#define KLOTSKI_INVALID 1    /* the input is no legal layout (or no group name, or an
                                argument out of range) */
#define KLOTSKI_NOTFOUND 2   /* the database has no such layout or group */
#define KLOTSKI_UNSOLVABLE 3 /* a solution was asked of a layout whose group holds no
                                solved layout */
#define KLOTSKI_CANTOPEN 4   /* no database file, or it cannot be opened */
#define KLOTSKI_NOTADB 5     /* the file is no klotski database, or of another format */
#define KLOTSKI_ERROR 6      /* the database failed mid-way (corrupt, I/O error) */
#define KLOTSKI_NOMEM 7      /* out of memory */
#define KLOTSKI_MISUSE 8     /* a call against this header's rules: a NULL where none is
                                allowed, a handle whose open failed, a sized struct's
                                size too small (1.2) */

/* Returns a short English description of a result code ("not a legal layout"), static;
 * "unknown result code" for others. */
KLOTSKI_API const char *klotski_errstr(int result);

/* ===== MAIN API: layouts ============================================================ */

typedef uint64_t klotski_code;

#define KLOTSKI_LAYOUT_COUNT 29334498u /* legal layouts; ids run from 0 below this */
#define KLOTSKI_CODE_SIZE 10           /* 9 hex digits and a NUL */
#define KLOTSKI_SHORT_CODE_SIZE 6      /* 5 characters and a NUL */
#define KLOTSKI_BOARD_SIZE 26          /* 5 lines of 4 characters and '\n', a NUL */
#define KLOTSKI_DRAWING_SIZE 573       /* 11 lines of 17 characters (UTF-8), a NUL */
#define KLOTSKI_CLASS_NAME_SIZE 16
#define KLOTSKI_GROUP_NAME_SIZE 32
#define KLOTSKI_MESSAGE_SIZE 256
#define KLOTSKI_MAX_STEPS 68           /* most steps any layout has */

/* Parses a layout as the klotski command takes it on its command line, in every form
 * that names no file: a code in hex, short form allowed (1A9BF0C00, 1a9bf0c), a short
 * code (4WVE1), an id (#4091296), a 20-digit grid (27732773144115510660), a board
 * (text with a line break: 5 lines of K H V o . or of one letter or digit per piece,
 * BAAC/BAAC/DEEF/DGHF/I..J, also on one line as that, or a drawing as `klotski show`
 * prints it), or a classic name (横刀立马; NAME#N for the Nth, by code, of a name's several
 * layouts), also typed in pinyin with or without blanks and tone marks, in any case
 * (hengdaolima, "héng dāo lì mǎ"; names that read alike: the shortest, as the command
 * takes them; a spelling that is also a code is the code).
 * text: NUL-terminated.  code: receives the code.  message: NULL, or room for
 * KLOTSKI_MESSAGE_SIZE bytes, receiving on failure the command's error line without its
 * "klotski: " ("1A9BF0C01: not a layout code: unused low bits are not zero"; for a name
 * that is none, the closest names: "横刀立: not a code, id, grid, board or classic name;
 * closest names: 横刀立马, 横骆驼", and for misspelt pinyin with their pinyin:
 * "hengdaolma: looks like a classic name in pinyin, but no name reads so; closest names:
 * 横刀立马 (héng dāo lì mǎ)"; a character that is no hex digit is named with its place,
 * "1A9BF0C0G: not a layout code: the 9th character, 'G', is not a hex digit"; a name of
 * several layouts lists them to pick from; the input is named "board"
 * when it holds a line break, and cut when long).  Thread-safe (the names' index is made
 * once, on first use).
 * Returns KLOTSKI_OK, or KLOTSKI_INVALID with *code untouched. */
KLOTSKI_API int klotski_parse(const char *text, klotski_code *code, char *message);

/* Checks that `code` is a legal layout.  Returns KLOTSKI_OK, or KLOTSKI_INVALID with the
 * reason in message (NULL or KLOTSKI_MESSAGE_SIZE bytes): "CODE: not a layout code:
 * REASON", or for a value above 36 bits "VALUE: not a layout code: more than 36 bits". */
KLOTSKI_API int klotski_check(klotski_code code, char *message);

/* Each function below takes a code and returns KLOTSKI_INVALID, its outputs untouched,
 * when the code is no legal layout (klotski_check says why), else KLOTSKI_OK. */

/* The 9-digit upper-case hex form of the code ("1A9BF0C00") into buf. */
KLOTSKI_API int klotski_format(klotski_code code, char buf[KLOTSKI_CODE_SIZE]);

/* The layout's id: its rank among all legal codes in ascending order (0 to
 * KLOTSKI_LAYOUT_COUNT - 1). */
KLOTSKI_API int klotski_id(klotski_code code, uint32_t *id);

/* The code of id `id`; KLOTSKI_INVALID when id is not below KLOTSKI_LAYOUT_COUNT. */
KLOTSKI_API int klotski_from_id(int64_t id, klotski_code *code);

/* The 5-character short code ("4WVE1") into buf. */
KLOTSKI_API int klotski_short_code(klotski_code code, char buf[KLOTSKI_SHORT_CODE_SIZE]);

/* The board into buf: 5 lines of 4 characters, each ending in '\n' (K the 2x2, H a
 * horizontal piece, V a vertical one, o a 1x1, . empty); klotski_parse reads it back. */
KLOTSKI_API int klotski_board(klotski_code code, char buf[KLOTSKI_BOARD_SIZE]);

/* The drawing `klotski show` prints into buf: 11 lines, box-drawing characters when
 * utf8 is not 0, else + - |; klotski_parse reads it back. */
KLOTSKI_API int klotski_drawing(klotski_code code, int utf8, char buf[KLOTSKI_DRAWING_SIZE]);

/* A class: the layouts with the same piece counts. */
struct klotski_class {
    int jiang;                          /* horizontal and vertical pieces */
    int bing;                           /* 1x1 pieces */
    int style;                          /* horizontal pieces */
    char name[KLOTSKI_CLASS_NAME_SIZE]; /* "jiang-bing-style", e.g. "5-4-1" */
};

/* The layout's class into *out. */
KLOTSKI_API int klotski_class(klotski_code code, struct klotski_class *out);

/* The board's symmetries; each maps steps onto steps, so a layout and its images need
 * as many steps. */
enum klotski_symmetry {
    KLOTSKI_MIRROR = 0,  /* left-right */
    KLOTSKI_FLIP = 1,    /* up-down */
    KLOTSKI_TURN = 2     /* half a turn: both */
};

/* The code of the layout's image under `symmetry` into *out; KLOTSKI_INVALID also for
 * a symmetry not listed. */
KLOTSKI_API int klotski_image(klotski_code code, enum klotski_symmetry symmetry, klotski_code *out);

/* 1 when the layout is solved (the 2x2 over the exit, bottom middle), 0 when not;
 * KLOTSKI_INVALID is not returned here: an illegal code gives -1. */
KLOTSKI_API int klotski_is_solved(klotski_code code);

/* The piece shapes. */
enum klotski_piece {
    KLOTSKI_PIECE_SINGLE = 0,     /* 1x1, letter o */
    KLOTSKI_PIECE_HORIZONTAL = 1, /* 2 wide, letter H */
    KLOTSKI_PIECE_VERTICAL = 2,   /* 2 tall, letter V */
    KLOTSKI_PIECE_KING = 3        /* 2x2, letter K */
};

/* One step: one piece slides, through empty cells and round corners, to a new place.
 * Cells are addressed row * 4 + column, from 0 at the top left. */
struct klotski_step {
    int piece;         /* enum klotski_piece */
    int from;          /* the piece's top-left cell before the step */
    int to;            /* and after */
    int distance;      /* fewest one-cell slides that carry it there */
    klotski_code next; /* the layout after the step */
};

/* Every step from the layout, each resulting layout once, into out (room for
 * KLOTSKI_MAX_STEPS), in the order of the engine's generator; *count receives how many
 * (0 when no piece can move). */
KLOTSKI_API int klotski_steps(klotski_code code, struct klotski_step out[KLOTSKI_MAX_STEPS], int *count);

/* The ways of counting moves (the klotski command's --metric; the project's SPEC.md,
 * "Other ways to count").  Every unit move is a straight move and every straight move a
 * step, so the groups are the same under all three and only the distances grow.
 * Version 1.1.0 (KLOTSKI_VERSION_NUMBER 1001000) added the metrics and the calls that
 * take one (klotski_steps_in, klotski_moves_in, klotski_solve_in). */
enum klotski_metric {
    KLOTSKI_STEP = 0,     /* "step": one piece anywhere it can slide, round corners too */
    KLOTSKI_STRAIGHT = 1, /* "straight": one piece one or more cells in one direction */
    KLOTSKI_UNIT = 2      /* "unit": one piece one cell */
};

/* Returns the metric's name as the command's --metric takes it ("step", "straight",
 * "unit"), static; NULL for a number that is no metric. */
KLOTSKI_API const char *klotski_metric_name(int metric);

/* Reads a metric's name (exactly "step", "straight" or "unit") into *metric.  Returns
 * KLOTSKI_OK, or KLOTSKI_INVALID with *metric untouched and, when message is not NULL
 * (KLOTSKI_MESSAGE_SIZE bytes), the command's error line for it without "klotski: ":
 * "'NAME' is no metric (step, straight or unit)" (NAME cut at 64 bytes). */
KLOTSKI_API int klotski_metric_parse(const char *name, enum klotski_metric *metric, char *message);

/* The moves under `metric` from the layout: the steps of klotski_steps that are also
 * moves of that kind (a straight move keeps to one direction, a unit move is one cell),
 * in the same order, each resulting layout once, into out (room for KLOTSKI_MAX_STEPS);
 * *count receives how many.  klotski_steps(c, ...) is klotski_steps_in(c, KLOTSKI_STEP, ...).
 * Returns KLOTSKI_OK, or KLOTSKI_INVALID (outputs untouched) for an illegal code or a
 * metric not listed.  Pure and thread-safe. */
KLOTSKI_API int klotski_steps_in(klotski_code code, enum klotski_metric metric,
                                 struct klotski_step out[KLOTSKI_MAX_STEPS], int *count);

/* The board as one SVG document (as `klotski show --svg` draws it, without the caption
 * under the board), in *svg: a NUL-terminated string the caller frees with
 * klotski_free.  KLOTSKI_NOMEM when memory ran out. */
KLOTSKI_API int klotski_svg(klotski_code code, char **svg);

/* ===== MAIN API: the database ======================================================= */

typedef struct klotski_db klotski_db;

/* Opens the database read-only and checks its format.  path: the file, or NULL for the
 * klotski command's lookup order: $KLOTSKI_DB when set, else data/klotski.db in the
 * current folder when it exists, else the installed PREFIX/share/klotski/klotski.db
 * (PREFIX: where this library is installed, PREFIX/lib or a multiarch
 * PREFIX/lib/TRIPLET).
 * *db receives a handle even on failure (NULL only when memory ran out), to read
 * klotski_errmsg from; close it in every case.  Between calls the handle holds no lock
 * on the file (every statement is reset when a call returns), so a writer such as
 * `klotski-build --farthest` may work while it sits open.
 * Returns KLOTSKI_OK, KLOTSKI_CANTOPEN (no such file; cannot open it; a path of PATH_MAX
 * bytes or more, refused whole), KLOTSKI_NOTADB (no klotski database, or another format
 * version: rebuild it), KLOTSKI_NOMEM, or KLOTSKI_MISUSE when db is NULL. */
KLOTSKI_API int klotski_open(const char *path, klotski_db **db);

/* The places klotski_open(NULL, ...) looks at and does not find, in its order, up to
 * the one it takes, one line each ("$KLOTSKI_DB (not set)", or "$KLOTSKI_DB=PATH" alone,
 * since a set $KLOTSKI_DB is taken as it is; "data/klotski.db (in FOLDER)", then the
 * paths under the PREFIX this library is installed in, PREFIX/lib or, multiarch,
 * PREFIX/lib/TRIPLET): a database that is there ends the list before it.  Into buf (size
 * bytes, cut to fit, always NUL-terminated when size > 0; buf may be NULL when size is
 * 0), for an error that says where no database was found.  Returns the length of the whole list, as snprintf does.
 * Thread-safe (it reads the environment and the current folder). */
KLOTSKI_API size_t klotski_db_places(char *buf, size_t size);

/* Closes the handle and frees it; NULL is allowed.  Statements of the caller's own
 * still open on klotski_db_connection(db) do not keep the handle: it is freed at once,
 * and its connection closes when the caller finalizes the last of them (the rule of
 * sqlite3_close_v2), which is all such a statement may still be used for.  Returns
 * KLOTSKI_OK. */
KLOTSKI_API int klotski_close(klotski_db *db);

/* The message of the handle's last failure ("1A9BF0C01: not a layout code: ...",
 * "x.db: no database here; ..."), or "not an error" after a success; owned by the
 * handle, valid until its next call.  NULL gives "out of memory". */
KLOTSKI_API const char *klotski_errmsg(const klotski_db *db);

/* The result code of the handle's last call, the one klotski_errmsg describes
 * (KLOTSKI_OK after a success); NULL gives KLOTSKI_NOMEM, as klotski_errmsg (1.2.0). */
KLOTSKI_API int klotski_errcode(const klotski_db *db);

/* The path the handle opened (or tried to), owned by the handle; NULL for NULL. */
KLOTSKI_API const char *klotski_db_filename(const klotski_db *db);

#define KLOTSKI_NULL (-1) /* a NULL column in the records below */

/* A layout's row of the table layouts (schema/tables.sql of the project), its columns
 * of version 1.0 (struct klotski_layout_metrics has the others). */
struct klotski_layout {
    klotski_code code;
    int64_t group_id;
    int64_t group_index;      /* rank of the code among its group's codes */
    int min_steps;            /* steps to a solved layout; KLOTSKI_NULL: unsolvable */
    int min_solution_num;     /* solved layouts that close; KLOTSKI_NULL: unsolvable */
    int farthest_steps;       /* its eccentricity; KLOTSKI_NULL until the farthest phase */
    int64_t farthest_num;     /* layouts that far; KLOTSKI_NULL likewise */
    int64_t solution_num;     /* KLOTSKI_NULL likewise, or unsolvable */
};

/* A group's row of the table groups, with its class's name: its columns of version 1.0
 * (struct klotski_group_metrics has the others). */
struct klotski_group {
    int64_t group_id;
    char name[KLOTSKI_GROUP_NAME_SIZE];        /* "5-4-1-1" */
    char class_name[KLOTSKI_CLASS_NAME_SIZE];  /* "5-4-1" */
    int64_t class_id;
    int64_t size;             /* layouts in the group */
    klotski_code min_code;    /* its smallest code */
    int64_t solved;           /* its solved layouts; 0: unsolvable group */
    int max_min_steps;        /* KLOTSKI_NULL when unsolvable */
    int64_t hardest_count;    /* layouts at max_min_steps; KLOTSKI_NULL when unsolvable */
    int diameter;             /* KLOTSKI_NULL until found */
    int radius;               /* KLOTSKI_NULL until found */
    int64_t peripheral_count; /* KLOTSKI_NULL until found */
    int64_t central_count;    /* KLOTSKI_NULL until found */
};

/* Reads the layout's record into *layout and, when group is not NULL, its group's into
 * *group.  Returns KLOTSKI_OK, KLOTSKI_INVALID (an illegal code), KLOTSKI_NOTFOUND (a
 * database without the row: only an incomplete one) or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_layout(klotski_db *db, klotski_code code, struct klotski_layout *layout,
                               struct klotski_group *group);

/* Reads the group named `name` ("5-4-1-1") into *group.  Returns KLOTSKI_OK,
 * KLOTSKI_NOTFOUND (no such group) or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_group_named(klotski_db *db, const char *name, struct klotski_group *group);

/* A layout's distances to solved in the other metrics (sized: see Stability above). */
struct klotski_layout_metrics {
    size_t size;              /* set by the caller: sizeof (struct klotski_layout_metrics) */
    int min_straight_moves;   /* min_steps counted in straight moves (a piece moved in one
                                 direction); KLOTSKI_NULL: unsolvable */
    int min_unit_moves;       /* counted in unit moves (one cell); KLOTSKI_NULL: unsolvable */
};

/* A group's largest distances to solved in the other metrics (sized likewise). */
struct klotski_group_metrics {
    size_t size;                /* set by the caller: sizeof (struct klotski_group_metrics) */
    int max_min_straight_moves; /* KLOTSKI_NULL when unsolvable */
    int max_min_unit_moves;     /* KLOTSKI_NULL when unsolvable */
};

/* klotski_layout with the members that version 1.0's structs cannot hold (1.2.0): reads
 * the layout's record into *layout and, each when not NULL, its distances in the other
 * metrics into *metrics, its group's record into *group and the group's largest
 * distances into *group_metrics, from one lookup of each row.  The sized structs' size
 * members are the caller's to set.  klotski_layout(db, c, l, g) is
 * klotski_layout_v2(db, c, l, NULL, g, NULL).  Returns as klotski_layout;
 * KLOTSKI_MISUSE also for a size below a sized struct's first version. */
KLOTSKI_API int klotski_layout_v2(klotski_db *db, klotski_code code, struct klotski_layout *layout,
                                  struct klotski_layout_metrics *metrics, struct klotski_group *group,
                                  struct klotski_group_metrics *group_metrics);

/* klotski_group_named with the group's largest distances in the other metrics into
 * *group_metrics when not NULL (1.2.0).  klotski_group_named(db, n, g) is
 * klotski_group_named_v2(db, n, g, NULL).  Returns as klotski_group_named;
 * KLOTSKI_MISUSE also for a size below the sized struct's first version. */
KLOTSKI_API int klotski_group_named_v2(klotski_db *db, const char *name, struct klotski_group *group,
                                       struct klotski_group_metrics *group_metrics);

/* A minimal-step solution: *route receives min_steps + 1 codes, from `code` to a solved
 * layout, each one step from the one before (free it with klotski_free), *count their
 * number.  Returns KLOTSKI_OK, KLOTSKI_INVALID, KLOTSKI_NOTFOUND, KLOTSKI_UNSOLVABLE,
 * KLOTSKI_NOMEM or KLOTSKI_ERROR (also for a database whose min_steps disagree). */
KLOTSKI_API int klotski_solve(klotski_db *db, klotski_code code, klotski_code **route, int *count);

/* A minimal solution counted in `metric`: as klotski_solve, each layout of *route one
 * move of that kind after the one before, and *count the layout's distance under the
 * metric (min_steps, min_straight_moves or min_unit_moves) plus one.
 * klotski_solve(db, c, ...) is klotski_solve_in(db, c, KLOTSKI_STEP, ...).  Returns as
 * klotski_solve; KLOTSKI_INVALID also for a metric not listed ("7 is no metric (step,
 * straight or unit)" in klotski_errmsg). */
KLOTSKI_API int klotski_solve_in(klotski_db *db, klotski_code code, enum klotski_metric metric,
                                 klotski_code **route, int *count);

/* What a move does to the distance to solved (counted in the metric of the call). */
enum klotski_change {
    KLOTSKI_OPTIMAL = -1,  /* one move closer */
    KLOTSKI_NEUTRAL = 0,   /* as far as before; every move of an unsolvable layout */
    KLOTSKI_BACKWARDS = 1  /* one move farther */
};

/* A move with its outcome, as `klotski moves` lists it. */
struct klotski_move {
    struct klotski_step step;
    int min_steps;            /* of step.next, in the metric of the call (klotski_moves:
                                 steps); KLOTSKI_NULL when unsolvable */
    int change;               /* enum klotski_change */
    int farthest_steps;       /* of step.next; KLOTSKI_NULL when not stored */
    int64_t farthest_num;     /* of step.next; KLOTSKI_NULL when not stored */
};

/* Every step from the layout with its outcome into out (room for KLOTSKI_MAX_STEPS),
 * best first: change ascending (optimal, neutral, backwards), ties by the resulting
 * code, as `klotski moves` orders them; *count receives how many.  Returns KLOTSKI_OK,
 * KLOTSKI_INVALID, KLOTSKI_NOTFOUND or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_moves(klotski_db *db, klotski_code code, struct klotski_move out[KLOTSKI_MAX_STEPS],
                              int *count);

/* The moves under `metric` (klotski_steps_in) from the layout with their outcomes in that
 * metric (min_steps of each move's layout counted in it, change by it), best first as
 * klotski_moves orders them, as `klotski --metric NAME moves` lists them.
 * klotski_moves(db, c, ...) is klotski_moves_in(db, c, KLOTSKI_STEP, ...).  Returns as
 * klotski_moves; KLOTSKI_INVALID also for a metric not listed. */
KLOTSKI_API int klotski_moves_in(klotski_db *db, klotski_code code, enum klotski_metric metric,
                                 struct klotski_move out[KLOTSKI_MAX_STEPS], int *count);

/* A walk over a group's members in code order, so that the n-th member has
 * group_index n (from 0), read from the database's stored member lists (the layers
 * table: one list per depth, decompressed; no scan of the layouts table).  The lists are
 * read whole when the walk opens: the walk holds no lock on the database, does not
 * depend on the handle after klotski_members_open returns (it may outlive it), and takes
 * 4 bytes a member.  One walk is one thread's at a time; distinct walks are independent. */
typedef struct klotski_members klotski_members;

/* Opens a walk over the members of the group named `group` ("2-6-1-0"); *members receives
 * it (NULL on failure), to be freed with klotski_members_close.  Returns KLOTSKI_OK,
 * KLOTSKI_NOTFOUND (no such group: "NAME: no such group" in klotski_errmsg),
 * KLOTSKI_NOMEM, or KLOTSKI_ERROR (the database failed, or a member list is corrupt). */
KLOTSKI_API int klotski_members_open(klotski_db *db, const char *group, klotski_members **members);

/* Steps the walk: the next member's code into *code and, when min_steps is not NULL, its
 * min_steps into *min_steps (KLOTSKI_NULL in an unsolvable group).  Returns 1 with a
 * member, 0 when the walk is over (its outputs untouched).  It allocates nothing and
 * cannot fail. */
KLOTSKI_API int klotski_members_next(klotski_members *members, klotski_code *code, int *min_steps);

/* How many members the walk has in all: the group's size. */
KLOTSKI_API int64_t klotski_members_count(const klotski_members *members);

/* Frees the walk; NULL is allowed. */
KLOTSKI_API void klotski_members_close(klotski_members *members);

/* ===== MAIN API: the pack =========================================================== */

/* The pack (`klotski pack FILE`, the format of schema/pack.md in the project): every
 * layout's min_steps modulo 3 and its group, each group's facts and the classic names in
 * about 5 MB, deflated in blocks.  A layout's exact min_steps is the length of a walk
 * that steps, each time, to the first neighbour whose value is one less (steps change
 * min_steps by at most one), so min_steps, the moves with their outcomes and a solution
 * come from it without SQLite and without the 674 MB database.  Version 1.2.0
 * (KLOTSKI_VERSION_NUMBER 1002000) added these calls.  Steps only: the pack holds no
 * distance in straight or unit moves.
 * Thread safety: as a klotski_db's (one thread at a time per handle); the handle keeps
 * the blocks it inflated, up to 7.3 MB. */
typedef struct klotski_pack klotski_pack;

/* Reads the pack file at `path` whole and checks it: its header, both checksums, its
 * index, groups and names.  *pack receives a handle even on failure (NULL only when
 * memory ran out), to read klotski_pack_errmsg from; close it in every case.
 * Returns KLOTSKI_OK, KLOTSKI_CANTOPEN (no such file; cannot read it), KLOTSKI_NOTADB (no
 * pack, or one of another format version), KLOTSKI_ERROR (a corrupt pack: a checksum,
 * the index or a chunk is wrong), KLOTSKI_NOMEM, or KLOTSKI_MISUSE (path or pack NULL;
 * *pack, when pack is not NULL, is then NULL). */
KLOTSKI_API int klotski_pack_open(const char *path, klotski_pack **pack);

/* Closes the handle and frees it; NULL is allowed.  Returns KLOTSKI_OK. */
KLOTSKI_API int klotski_pack_close(klotski_pack *pack);

/* The message of the handle's last failure ("x.pack: the pack is corrupt: content
 * checksum ..."), or "not an error" after a success; owned by the handle, valid until its
 * next call.  NULL gives "out of memory". */
KLOTSKI_API const char *klotski_pack_errmsg(const klotski_pack *pack);

/* The result code of the handle's last call, as klotski_errcode gives a database's
 * (KLOTSKI_OK after a success); NULL gives KLOTSKI_NOMEM.  Added after 1.2.0. */
KLOTSKI_API int klotski_pack_errcode(const klotski_pack *pack);

/* The layout's exact min_steps into *min_steps, KLOTSKI_NULL when it is unsolvable (its
 * group holds no solved layout).  Returns KLOTSKI_OK, KLOTSKI_INVALID (an illegal code)
 * or KLOTSKI_ERROR (a corrupt block; the walk went astray). */
KLOTSKI_API int klotski_pack_min_steps(klotski_pack *pack, klotski_code code, int *min_steps);

/* Every step from the layout with its outcome into out (room for KLOTSKI_MAX_STEPS),
 * best first, as klotski_moves gives them (min_steps of each step's layout, its change;
 * farthest_steps and farthest_num are KLOTSKI_NULL: the pack has none); *count receives
 * how many.  Returns KLOTSKI_OK, KLOTSKI_INVALID or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_pack_moves(klotski_pack *pack, klotski_code code, struct klotski_move out[KLOTSKI_MAX_STEPS],
                                   int *count);

/* A minimal-step solution, the same as klotski_solve's: *route receives min_steps + 1
 * codes, from `code` to a solved layout (free it with klotski_free), *count their number.
 * Returns KLOTSKI_OK, KLOTSKI_INVALID, KLOTSKI_UNSOLVABLE, KLOTSKI_NOMEM or
 * KLOTSKI_ERROR. */
KLOTSKI_API int klotski_pack_solve(klotski_pack *pack, klotski_code code, klotski_code **route, int *count);

/* The layout's group into *group, as klotski_layout_v2 gives it (diameter, radius and
 * their counts KLOTSKI_NULL where the database the pack came from had not found them),
 * and, when metrics is not NULL, its largest distances in straight and unit moves into
 * the sized struct *metrics (its size member the caller's to set).  Returns KLOTSKI_OK,
 * KLOTSKI_INVALID or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_pack_group(klotski_pack *pack, klotski_code code, struct klotski_group *group,
                                   struct klotski_group_metrics *metrics);

/* The layout's record into *layout, as klotski_layout gives it, with what the pack knows:
 * code, group_id and min_steps (KLOTSKI_NULL when unsolvable); the pack holds none of
 * the others, so group_index, min_solution_num, farthest_steps, farthest_num and
 * solution_num are KLOTSKI_NULL (for min_solution_num that does not mean unsolvable
 * here: look at min_steps); and, each when not NULL, its group's record into *group and
 * the group's largest distances into the sized struct *group_metrics, as
 * klotski_pack_group gives them.  So that a program written for klotski_layout
 * takes a pack where it reads only those fields.  Returns KLOTSKI_OK, KLOTSKI_INVALID (an
 * illegal code) or KLOTSKI_ERROR (a corrupt block); KLOTSKI_MISUSE for a NULL layout or
 * handle, or a size below the sized struct's first version. */
KLOTSKI_API int klotski_pack_layout(klotski_pack *pack, klotski_code code, struct klotski_layout *layout,
                                    struct klotski_group *group, struct klotski_group_metrics *group_metrics);

/* The group named `name` ("5-4-1-1") into *group, and *metrics as klotski_pack_group.
 * Returns KLOTSKI_OK, KLOTSKI_NOTFOUND (no such group) or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_pack_group_named(klotski_pack *pack, const char *name, struct klotski_group *group,
                                         struct klotski_group_metrics *metrics);

/* ===== HELPER API =================================================================== */

/* A walk over member lists read on a connection of your own (as the SQL function
 * klotski_members does): klotski_members_new makes an empty walk (KLOTSKI_OK or
 * KLOTSKI_NOMEM, *members NULL then); klotski_members_add adds one list, a BLOB of the
 * layers table (`bytes` bytes of "id list v1", schema/tables.sql of the project) holding
 * `count` members at min_steps `depth` (KLOTSKI_NULL: unsolvable), decoded here (the blob
 * is not kept).  klotski_members_add returns KLOTSKI_OK, KLOTSKI_NOMEM, or KLOTSKI_INVALID
 * (the walk is untouched) when the blob is corrupt or holds another count, when the
 * walk's members would pass KLOTSKI_LAYOUT_COUNT, or once the walk has stepped.  Then
 * klotski_members_next walks all the lists' members merged in code order. */
KLOTSKI_API int klotski_members_new(klotski_members **members);
KLOTSKI_API int klotski_members_add(klotski_members *members, int depth, const void *blob, size_t bytes,
                                    int64_t count);


struct sqlite3;

/* The handle's SQLite connection (read-only), to run SQL of your own on the database;
 * the SQL functions of klotski_sql_functions are registered on it.  Owned by the
 * handle: do not close it (klotski_close says what becomes of statements left open on
 * it).  Same thread rules as the handle.  NULL for NULL or a handle whose open failed. */
KLOTSKI_API struct sqlite3 *klotski_db_connection(klotski_db *db);

/* Registers the SQL functions on a connection of your own (the loadable extension
 * klotski_sqlite.so registers the same ones; its entry point is sqlite3_klotski_init):
 * klotski_code(text), klotski_int(text) (the
 * integer layouts.code holds), klotski_board(code), klotski_short(code), klotski_id(code),
 * klotski_mirror(code), klotski_class(code), klotski_svg(code), klotski_version() (the
 * library's version, 1.2.0), klotski_min_steps(code) (the layout's min_steps, read from
 * the connection's table layouts; NULL when unsolvable), and the table-valued
 * klotski_steps(code), or
 * klotski_steps(code, metric) for the moves of a metric named as klotski_metric_parse
 * reads it; its hidden column layout is the argument as given; and the table-valued
 * klotski_members(group), a group's members in code order read from the connection's
 * member lists.  Returns SQLite's result
 * code (SQLITE_OK is 0; SQLITE_MISUSE, 21, for NULL). */
KLOTSKI_API int klotski_sql_functions(struct sqlite3 *connection);

/* Frees what the library allocated for the caller; NULL is allowed. */
KLOTSKI_API void klotski_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
