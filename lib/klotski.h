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
 *               moves; each in any metric through its _in form)
 * HELPER API    the SQL functions on a connection of your own, memory
 *
 * Thread safety: the functions on codes are pure and may be called from any number of
 * threads at once.  A klotski_db must be used by one thread at a time (open one per
 * thread); distinct handles are independent.
 *
 * Ownership: strings and arrays the library allocates (klotski_svg, klotski_solve) are
 * the caller's, freed with klotski_free.  Strings returned as const char * belong to the
 * library (static, or the handle's, valid until its next call or its close).
 *
 * Stability: the names, structs and values below are version 1's and keep their meaning;
 * later versions only add. */
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
#define KLOTSKI_VERSION "1.1.0"
#define KLOTSKI_VERSION_NUMBER 1001000

/* Returns the library's version string ("1.1.0": 1.1 added the metrics), static. */
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
 * code (4WVE1), an id (#4091296), a 20-digit grid (27732773144115510660), or a board
 * (text with a line break: 5 lines of K H V o . or of one letter or digit per piece,
 * BAAC/BAAC/DEEF/DGHF/I..J, also on one line as that, or a drawing as `klotski show` prints
 * it).  Classic names are the command's alone.
 * text: NUL-terminated.  code: receives the code.  message: NULL, or room for
 * KLOTSKI_MESSAGE_SIZE bytes, receiving on failure the command's error line without its
 * "klotski: " ("1A9BF0C01: not a layout code: unused low bits are not zero"; the input is
 * named "board" when it holds a line break, and cut when long).
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
 * (PREFIX: where this library is installed, PREFIX/lib).
 * *db receives a handle even on failure (NULL only when memory ran out), to read
 * klotski_errmsg from; close it in every case.
 * Returns KLOTSKI_OK, KLOTSKI_CANTOPEN (no such file; cannot open it), KLOTSKI_NOTADB
 * (no klotski database, or another format version: rebuild it) or KLOTSKI_NOMEM. */
KLOTSKI_API int klotski_open(const char *path, klotski_db **db);

/* Closes the handle and frees it; NULL is allowed.  Returns KLOTSKI_OK. */
KLOTSKI_API int klotski_close(klotski_db *db);

/* The message of the handle's last failure ("1A9BF0C01: not a layout code: ...",
 * "x.db: no database here; ..."), or "not an error" after a success; owned by the
 * handle, valid until its next call.  NULL gives "out of memory". */
KLOTSKI_API const char *klotski_errmsg(const klotski_db *db);

/* The path the handle opened (or tried to), owned by the handle. */
KLOTSKI_API const char *klotski_db_filename(const klotski_db *db);

#define KLOTSKI_NULL (-1) /* a NULL column in the records below */

/* A layout's row of the table layouts (schema/tables.sql of the project). */
struct klotski_layout {
    klotski_code code;
    int64_t group_id;
    int64_t group_index;      /* rank of the code among its group's codes */
    int min_steps;            /* steps to a solved layout; KLOTSKI_NULL: unsolvable */
    int min_solution_num;     /* solved layouts that close; KLOTSKI_NULL: unsolvable */
    int farthest_steps;       /* its eccentricity; KLOTSKI_NULL until the farthest phase */
    int64_t farthest_num;     /* layouts that far; KLOTSKI_NULL likewise */
    int64_t solution_num;     /* KLOTSKI_NULL likewise, or unsolvable */
    int min_straight_moves;   /* min_steps counted in straight moves (a piece moved in one
                                 direction); KLOTSKI_NULL: unsolvable */
    int min_unit_moves;       /* counted in unit moves (one cell); KLOTSKI_NULL: unsolvable */
};

/* A group's row of the table groups, with its class's name. */
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
    int max_min_straight_moves; /* KLOTSKI_NULL when unsolvable */
    int max_min_unit_moves;     /* KLOTSKI_NULL when unsolvable */
};

/* Reads the layout's record into *layout and, when group is not NULL, its group's into
 * *group.  Returns KLOTSKI_OK, KLOTSKI_INVALID (an illegal code), KLOTSKI_NOTFOUND (a
 * database without the row: only an incomplete one) or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_layout(klotski_db *db, klotski_code code, struct klotski_layout *layout,
                               struct klotski_group *group);

/* Reads the group named `name` ("5-4-1-1") into *group.  Returns KLOTSKI_OK,
 * KLOTSKI_NOTFOUND (no such group) or KLOTSKI_ERROR. */
KLOTSKI_API int klotski_group_named(klotski_db *db, const char *name, struct klotski_group *group);

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

/* ===== HELPER API =================================================================== */

struct sqlite3;

/* The handle's SQLite connection (read-only), to run SQL of your own on the database;
 * the SQL functions of klotski_sql_functions are registered on it.  Owned by the
 * handle: do not close it.  Same thread rules as the handle. */
KLOTSKI_API struct sqlite3 *klotski_db_connection(klotski_db *db);

/* Registers the SQL functions on a connection of your own (the loadable extension
 * klotski_sqlite.so registers the same ones): klotski_code(text), klotski_board(code),
 * klotski_short(code), klotski_id(code), klotski_mirror(code), klotski_class(code),
 * klotski_svg(code) and the table-valued klotski_steps(code), or klotski_steps(code,
 * metric) for the moves of a metric named as klotski_metric_parse reads it.  Returns
 * SQLite's result code (SQLITE_OK is 0). */
KLOTSKI_API int klotski_sql_functions(struct sqlite3 *connection);

/* Frees what the library allocated for the caller; NULL is allowed. */
KLOTSKI_API void klotski_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
